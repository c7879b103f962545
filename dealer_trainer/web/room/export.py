"""The room's answers as CSV (every text cell made safe for a spreadsheet) or JSON, as a
download; each export is logged with who asked."""

from __future__ import annotations

from collections.abc import Iterator

from flask import Response, request, stream_with_context

from dealer_trainer.accounts import Room
from dealer_trainer.exports import csv_pieces, json_pieces
from dealer_trainer.store import roomdata
from dealer_trainer.training.exam import graded
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.room.common import _log_text, _trainer_room, bp, log
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import get_store

__all__ = ["csv_text", "export_csv", "export_json"]


def _filename(room: Room, suffix: str) -> str:
    safe = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in room.name).strip("-")
    return f"room-{room.id}-{safe[:40] or 'answers'}-answers.{suffix}"


def csv_text(rows: list[roomdata.ExportRow]) -> str:
    """The answers as CSV, every text cell made safe for a spreadsheet (no formula runs)."""
    return "".join(csv_pieces(rows))


def _export(room: Room, kind: str, body: Iterator[str], mimetype: str) -> Response:
    """The export streamed a row at a time (a room of any size in constant memory)."""
    log.info(
        "export: room %d as %s by %s from %s",
        room.id,
        kind,
        _log_text(current_person().name),
        request.remote_addr,
    )
    response = Response(stream_with_context(body), mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{_filename(room, kind)}"'
    return response


def _export_rows(room_id: int) -> Iterator[roomdata.ExportRow]:
    """The room's answers, then its exam answers (graded, naming their attempt), read as the
    response is sent: the store is the one of the context the stream runs in (the request's
    own is closed by then)."""
    yield from roomdata.iter_export_rows(get_store(), room_id)
    yield from graded.export_rows(get_store(), room_id)


@bp.route("/<int:room_id>/export.csv")
@policy(Access.TRAINER_OF_ROOM)
def export_csv(room_id: int) -> Response:
    room = _trainer_room(room_id)
    return _export(room, "csv", csv_pieces(_export_rows(room.id)), "text/csv")


@bp.route("/<int:room_id>/export.json")
@policy(Access.TRAINER_OF_ROOM)
def export_json(room_id: int) -> Response:
    room = _trainer_room(room_id)
    about = {"id": room.id, "name": room.name, "ruleset": room.ruleset}
    return _export(room, "json", json_pieces(about, _export_rows(room.id)), "application/json")
