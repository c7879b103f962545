"""The scenarios trainers upload to a room, as the store keeps them: the ``room_scenarios``
table (one row per room and scenario id, with its catalogue line: topic, difficulty, family,
computed once when it is uploaded) and the ``upload_texts`` table (each uploaded text once,
under its SHA-256, never changed: a run names the texts it asks by digest, so starting a
quiz copies no text and a replaced upload leaves the runs that drew it as they were)::

    kept = save_room_scenario(store, room_id=room.id, scenario_id="x", yaml=text,
                              uploaded_by=boss.id, topic="misdeal", difficulty=2,
                              family=None, limit=MAX_ROOM_SCENARIOS)   # False: room full
    lines = room_scenario_lines(store, room.id)     # what a quiz start reads: no text
    texts = upload_texts(store, [line.digest])      # digest -> YAML, for the items asked

Statements use ``?`` placeholders and work on SQLite and PostgreSQL.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.store.adapters import now as _now

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "RoomScenario",
    "RoomScenarioLine",
    "count_room_scenarios",
    "delete_room_scenario",
    "keep_upload_text",
    "room_scenario",
    "room_scenario_lines",
    "room_scenarios",
    "save_room_scenario",
    "set_room_scenario_line",
    "text_digest",
    "upload_texts",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomScenario:
    """A scenario a trainer uploaded to the room: its id and its YAML text."""

    room_id: int
    scenario_id: str
    yaml: str
    uploaded_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomScenarioLine:
    """An uploaded scenario's line of the room's catalogue: what a quiz draws by, and the
    digest its text is kept under. ``topic`` is None for one kept before lines were (its
    text must be read once to fill it in: :func:`set_room_scenario_line`)."""

    scenario_id: str
    digest: str
    topic: str | None
    difficulty: int | None
    family: str | None


def text_digest(text: str) -> str:
    """The key a text is kept under: its SHA-256, in hexadecimal."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _keep_text(store: Store, text: str) -> str:
    digest = text_digest(text)
    store._db.execute(
        "INSERT INTO upload_texts (digest, yaml) VALUES (?, ?) ON CONFLICT (digest) DO NOTHING",
        (digest, text),
    )
    return digest


def keep_upload_text(store: Store, text: str) -> str:
    """Keep ``text`` (a house ruleset a run names) once; its digest. Read first: a text kept
    already costs no write."""
    digest = text_digest(text)
    with store._reading("read a kept text"):
        found = store._db.execute("SELECT 1 FROM upload_texts WHERE digest = ?", (digest,))
    if not found:
        with store._writing("keep a text"):
            _keep_text(store, text)
    return digest


def upload_texts(store: Store, digests: Iterable[str]) -> dict[str, str]:
    """The kept texts of ``digests`` (one missing is left out)."""
    wanted = sorted(set(digests))
    if not wanted:
        return {}
    marks = ", ".join("?" for _ in wanted)
    with store._reading("read the uploaded texts"):
        rows = store._db.execute(
            f"SELECT digest, yaml FROM upload_texts WHERE digest IN ({marks})", tuple(wanted)
        )
    return {str(digest): str(text) for digest, text in rows}


def count_room_scenarios(store: Store, room_id: int) -> int:
    """How many scenarios the room keeps."""
    with store._reading("count the room's scenarios"):
        rows = store._db.execute(
            "SELECT COUNT(*) FROM room_scenarios WHERE room_id = ?", (room_id,)
        )
    return int(rows[0][0])


def save_room_scenario(
    store: Store,
    *,
    room_id: int,
    scenario_id: str,
    yaml: str,
    uploaded_by: int | None,
    topic: str | None = None,
    difficulty: int | None = None,
    family: str | None = None,
    limit: int | None = None,
) -> bool:
    """Keep a checked scenario's YAML for the room with its catalogue line (replacing the
    room's own scenario of that id). False, and nothing kept, when the id is new and the room
    keeps ``limit`` scenarios already (counted in the same transaction)."""
    with store._writing("keep a scenario"):
        if limit is not None:
            rows = store._db.execute(
                "SELECT COUNT(*), SUM(CASE WHEN scenario_id = ? THEN 1 ELSE 0 END)"
                " FROM room_scenarios WHERE room_id = ?",
                (scenario_id, room_id),
            )
            count, same = int(rows[0][0]), int(rows[0][1] or 0)
            if not same and count >= limit:
                return False
        digest = _keep_text(store, yaml)
        store._db.execute(
            "INSERT INTO room_scenarios (room_id, scenario_id, yaml, uploaded_by, uploaded_at,"
            " digest, topic, difficulty, family) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (room_id, scenario_id) DO UPDATE SET"
            " yaml = excluded.yaml, uploaded_by = excluded.uploaded_by,"
            " uploaded_at = excluded.uploaded_at, digest = excluded.digest,"
            " topic = excluded.topic, difficulty = excluded.difficulty, family = excluded.family",
            (
                room_id,
                scenario_id,
                yaml,
                uploaded_by,
                store._to_db_time(_now()),
                digest,
                topic,
                difficulty,
                family,
            ),
        )
    return True


def room_scenario_lines(store: Store, room_id: int) -> list[RoomScenarioLine]:
    """The room's uploaded scenarios as catalogue lines, by id (no text is read)."""
    with store._reading("read the room's scenarios"):
        rows = store._db.execute(
            "SELECT scenario_id, digest, topic, difficulty, family FROM room_scenarios"
            " WHERE room_id = ? ORDER BY scenario_id",
            (room_id,),
        )
    return [
        RoomScenarioLine(
            scenario_id=str(ident),
            digest=str(digest),
            topic=None if topic is None else str(topic),
            difficulty=None if difficulty is None else int(difficulty),
            family=None if family is None else str(family),
        )
        for ident, digest, topic, difficulty, family in rows
    ]


def set_room_scenario_line(
    store: Store, *, digest: str, topic: str, difficulty: int, family: str | None
) -> None:
    """Fill in the catalogue line of every upload of that text kept without one."""
    with store._writing("keep a scenario's line"):
        store._db.execute(
            "UPDATE room_scenarios SET topic = ?, difficulty = ?, family = ?"
            " WHERE digest = ? AND topic IS NULL",
            (topic, difficulty, family, digest),
        )


def _room_scenario(store: Store, row: tuple[Any, ...]) -> RoomScenario:
    room_id, scenario_id, text, uploaded_at = row
    return RoomScenario(
        room_id=int(room_id),
        scenario_id=str(scenario_id),
        yaml=str(text),
        uploaded_at=store._from_db_time(uploaded_at),
    )


_SCENARIOS = "SELECT room_id, scenario_id, yaml, uploaded_at FROM room_scenarios"


def room_scenarios(store: Store, room_id: int) -> list[RoomScenario]:
    """The room's uploaded scenarios with their text, by id."""
    with store._reading("read the room's scenarios"):
        rows = store._db.execute(_SCENARIOS + " WHERE room_id = ? ORDER BY scenario_id", (room_id,))
    return [_room_scenario(store, row) for row in rows]


def room_scenario(store: Store, *, room_id: int, scenario_id: str) -> RoomScenario | None:
    """One uploaded scenario of that room (None: none of that id, or another room's)."""
    with store._reading("read a scenario"):
        rows = store._db.execute(
            _SCENARIOS + " WHERE room_id = ? AND scenario_id = ?", (room_id, scenario_id)
        )
    return _room_scenario(store, rows[0]) if rows else None


def delete_room_scenario(store: Store, *, room_id: int, scenario_id: str) -> bool:
    """Remove one of the room's uploaded scenarios; whether there was one. Its text stays
    kept for the runs that drew it."""
    with store._writing("remove a scenario"):
        rows = store._db.execute(
            "SELECT id FROM room_scenarios WHERE room_id = ? AND scenario_id = ?",
            (room_id, scenario_id),
        )
        if rows:
            store._db.execute("DELETE FROM room_scenarios WHERE id = ?", (int(rows[0][0]),))
    return bool(rows)
