"""A room's export as text, written a row at a time: CSV (every cell safe for a spreadsheet:
no formula runs) and JSON (the same text ``json.dumps(..., indent=1)`` writes), each a
generator of pieces that a web response streams, so a room of any size is exported in
constant memory::

    rows = roomdata.iter_export_rows(store, room.id)
    Response(csv_pieces(rows), mimetype="text/csv")
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from typing import Any

from dealer_trainer.safetext import csv_cell
from dealer_trainer.store.roomdata import EXPORT_FIELDS, ExportRow

__all__ = ["csv_pieces", "json_pieces"]


def csv_pieces(rows: Iterable[ExportRow]) -> Iterator[str]:
    """The header, then one CSV line per answer, every text cell made safe for a
    spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out)

    def line(cells: Iterable[object]) -> str:
        out.seek(0)
        out.truncate()
        writer.writerow(cells)
        return out.getvalue()

    yield line(EXPORT_FIELDS)
    for row in rows:
        values = row.to_dict()
        yield line(csv_cell(values[name]) for name in EXPORT_FIELDS)


def json_pieces(room: dict[str, Any], rows: Iterable[ExportRow]) -> Iterator[str]:
    """``{"room": room, "answers": [...]}`` as ``json.dumps(indent=1, ensure_ascii=False)``
    writes it, an answer at a time."""
    head = json.dumps({"room": room}, ensure_ascii=False, indent=1)
    yield head[: -len("\n}")] + ',\n "answers": ['
    first = True
    for row in rows:
        text = json.dumps(row.to_dict(), ensure_ascii=False, indent=1).replace("\n", "\n  ")
        yield ("\n  " if first else ",\n  ") + text
        first = False
    yield "]\n}" if first else "\n ]\n}"
