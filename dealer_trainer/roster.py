"""A roster: the names of the people a trainer invites, from a CSV file.

Either one name a line, or a table whose header row has a ``name`` column (any case; other
columns are ignored)::

    Ana Lima                    name,shift
    Bo Chen                     Ana Lima,evening
                                Bo Chen,morning

Blank lines are skipped. A roster is read whole or not at all: every bad line (a name that
will not do, a name twice, more than one cell with no ``name`` header) is reported with its
line number, so the trainer mends the file and sends it again.
"""

from __future__ import annotations

import csv
import io

from dealer_trainer.accounts import MAX_INVITES, name_problem
from dealer_trainer.errors import UsageError

__all__ = ["MAX_ROSTER_BYTES", "read_roster"]

#: the largest roster file read (100 names of 60 characters, with room for other columns)
MAX_ROSTER_BYTES = 64 * 1024
#: bad lines listed before "and N more"
_SHOWN = 20


def _decode(data: bytes) -> str:
    if len(data) > MAX_ROSTER_BYTES:
        raise UsageError(f"the roster is larger than {MAX_ROSTER_BYTES // 1024} KB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError("the roster is not UTF-8 text: save it as CSV (UTF-8)") from None


def read_roster(data: bytes) -> list[str]:
    """The names of a roster file, in its order; a :class:`UsageError` listing every bad
    line (``line 4: ...``) when there is one."""
    reader = csv.reader(io.StringIO(_decode(data), newline=""), skipinitialspace=True)
    rows: list[tuple[int, list[str]]] = []
    ended = 0  # the line the last row ended on: a row starts on the next one
    try:
        for row in reader:
            cells = [cell.strip() for cell in row]
            if any(cells):
                rows.append((ended + 1, cells))
            ended = reader.line_num
    except csv.Error as exc:
        raise UsageError(f"the roster is not CSV: line {reader.line_num}: {exc}") from None
    column: int | None = None
    if rows:
        header = [cell.casefold() for cell in rows[0][1]]
        if "name" in header:
            column = header.index("name")
            rows = rows[1:]
    names: list[str] = []
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for line, row in rows:
        if column is None:
            cells = [cell for cell in row if cell]
            if len(cells) > 1:
                problems.append(
                    f"line {line}: {len(cells)} cells; put one name a line, or head the "
                    "file with a row naming a 'name' column"
                )
                continue
            name = cells[0]
        else:
            name = row[column] if column < len(row) else ""
        problem = name_problem(name)
        if problem:
            problems.append(f"line {line}: {problem}")
            continue
        key = name.casefold()
        if key in first_line:
            problems.append(f"line {line}: {name} is already on line {first_line[key]}")
            continue
        first_line[key] = line
        names.append(name)
    if problems:
        more = len(problems) - _SHOWN
        shown = "; ".join(problems[:_SHOWN]) + (f"; and {more} more" if more > 0 else "")
        raise UsageError(f"the roster has {len(problems)} bad line(s): {shown}")
    if not names:
        raise UsageError("the roster holds no names")
    if len(names) > MAX_INVITES:
        raise UsageError(
            f"the roster holds {len(names)} names: at most {MAX_INVITES} at once, split it in two"
        )
    return names
