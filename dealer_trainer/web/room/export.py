"""The room's answers as CSV (every text cell made safe for a spreadsheet) or JSON, as a
download; each export is logged with who asked."""

from __future__ import annotations

import csv
import io
import json

from flask import Response, make_response, request

from dealer_trainer import roomdata
from dealer_trainer.accounts import Room
from dealer_trainer.safetext import csv_cell
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
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(roomdata.EXPORT_FIELDS)
    for row in rows:
        values = row.to_dict()
        writer.writerow([csv_cell(values[name]) for name in roomdata.EXPORT_FIELDS])
    return out.getvalue()


def _export(room: Room, kind: str, body: str, mimetype: str) -> Response:
    log.info(
        "export: room %d as %s by %s from %s",
        room.id,
        kind,
        _log_text(current_person().name),
        request.remote_addr,
    )
    response = make_response(body)
    response.mimetype = mimetype
    response.headers["Content-Disposition"] = f'attachment; filename="{_filename(room, kind)}"'
    return response


@bp.route("/<int:room_id>/export.csv")
@policy(Access.TRAINER_OF_ROOM)
def export_csv(room_id: int) -> Response:
    room = _trainer_room(room_id)
    rows = roomdata.export_rows(get_store(), room.id)
    return _export(room, "csv", csv_text(rows), "text/csv")


@bp.route("/<int:room_id>/export.json")
@policy(Access.TRAINER_OF_ROOM)
def export_json(room_id: int) -> Response:
    room = _trainer_room(room_id)
    rows = roomdata.export_rows(get_store(), room.id)
    body = json.dumps(
        {
            "room": {"id": room.id, "name": room.name, "ruleset": room.ruleset},
            "answers": [row.to_dict() for row in rows],
        },
        ensure_ascii=False,
        indent=1,
    )
    return _export(room, "json", body, "application/json")
