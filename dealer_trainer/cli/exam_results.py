"""``dealer-trainer exam list`` and ``exam results``: the exams there are, and the attempts
kept in the progress store (docs/exams.md).

``list`` shows the shipped blueprints, and with ``--room NAME`` the blueprints uploaded to that
room. ``results`` lists every attempt (``--trainee NAME``: theirs), as text, ``--json`` (one
array of rows) or ``--csv``; each row carries ``attempt``, ``trainee``, ``exam``,
``score_percent``, ``passed`` and ``certificate`` (null until certificates are kept: see
:func:`_certificate`).
"""

from __future__ import annotations

import argparse
import csv
import sys
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import csv_cell, printable

if TYPE_CHECKING:
    from dealer_trainer.store import Store
    from dealer_trainer.store.exams import StoredAttempt

__all__ = ["RESULT_FIELDS", "configure_list", "configure_results", "list_exams", "results"]

#: the columns of ``exam results --csv``, and the keys of each ``--json`` row
RESULT_FIELDS = (
    "attempt",
    "trainee",
    "exam",
    "title",
    "room",
    "started_at",
    "submitted_at",
    "items",
    "right",
    "score_percent",
    "passed",
    "certificate",
)


def configure_list(parser: argparse.ArgumentParser) -> None:
    """``exam list`` and its options."""
    parser.description = (
        "The exams there are: the blueprints shipped in the package, and with --room those "
        "uploaded to a training room."
    )
    parser.add_argument("--room", metavar="NAME", help="also the blueprints of this room")
    parser.add_argument("--db", metavar="TARGET", help="the progress store (as for quiz)")
    parser.add_argument("--json", action="store_true", help="print one JSON array")


def configure_results(parser: argparse.ArgumentParser) -> None:
    """``exam results`` and its options."""
    parser.description = (
        "Every exam attempt kept in the progress store, oldest first: the trainee, the exam, "
        "the score, whether it passed, and its certificate."
    )
    parser.add_argument("--trainee", metavar="NAME", help="only this trainee's attempts")
    parser.add_argument("--db", metavar="TARGET", help="the progress store (as for quiz)")
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print one JSON array of rows")
    shape.add_argument("--csv", action="store_true", help="print CSV with a header line")


def list_exams(args: argparse.Namespace) -> int:
    """``dealer-trainer exam list``."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import echo, print_json
    from dealer_trainer.training.exam.attempts import shipped_exams

    rows: list[dict[str, Any]] = [
        {
            "id": exam.blueprint.id,
            "title": exam.blueprint.title,
            "where": "shipped",
            "items": exam.blueprint.items,
            "time_limit": exam.blueprint.time_limit_text,
            "pass_mark": exam.blueprint.pass_mark,
            "attempts": exam.blueprint.attempts,
            "valid_for": str(exam.blueprint.valid_for),
        }
        for exam in shipped_exams()
    ]
    if args.room is not None:
        rows += _room_rows(args)
    if args.json:
        print_json(rows)
        return 0
    for row in rows:
        details = (
            f"{row['items']} items, {row['time_limit']}, pass mark {row['pass_mark']}%, "
            f"{row['attempts']} attempt(s), valid for {row['valid_for']}"
            if row["items"] is not None
            else "(does not read with this version)"
        )
        echo(printable(f"{row['id']}  {row['title']}  [{row['where']}]  {details}"))
    return 0


def _room_rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.session import store_for
    from dealer_trainer.errors import ScriptError
    from dealer_trainer.store import exam_rooms, people
    from dealer_trainer.training.exam.attempts import exam_from_text

    rows: list[dict[str, Any]] = []
    with store_for(args) as store:
        room = people.room_by_name(store, args.room)
        if room is None:
            raise UsageError(f"--room: no training room named {printable(args.room)!r}")
        for kept in exam_rooms.room_exams(store, room.id):
            text = exam_rooms.blueprint_text(store, kept.digest) or ""
            try:
                blueprint = exam_from_text(text, f"{kept.exam_id}.yaml").blueprint
            except ScriptError:
                blueprint = None
            rows.append(
                {
                    "id": kept.exam_id,
                    "title": kept.title,
                    "where": f"room {room.name}",
                    "items": None if blueprint is None else blueprint.items,
                    "time_limit": None if blueprint is None else blueprint.time_limit_text,
                    "pass_mark": None if blueprint is None else blueprint.pass_mark,
                    "attempts": None if blueprint is None else blueprint.attempts,
                    "valid_for": None if blueprint is None else str(blueprint.valid_for),
                }
            )
    return rows


def _certificate(store: Store, found: StoredAttempt) -> str | None:
    """The id of the certificate a passed attempt earned, as printed (None: none)."""
    # start-up: the parser of every exam command is built from this module; the store loads
    # only when results are read
    from dealer_trainer.store.certificates import of_attempt, shown_id

    earned = of_attempt(store, found.id)
    return None if earned is None else shown_id(earned.id)


def _row(store: Store, found: StoredAttempt, rooms: dict[int, str]) -> dict[str, Any]:
    return {
        "attempt": found.id,
        "trainee": found.trainee,
        "exam": found.exam_id,
        "title": found.title,
        "room": None if found.room_id is None else rooms.get(found.room_id),
        "started_at": found.started_at.isoformat(),
        "submitted_at": None if found.submitted_at is None else found.submitted_at.isoformat(),
        "items": found.items,
        "right": found.right,
        "score_percent": found.score_percent,
        "passed": found.passed,
        "certificate": _certificate(store, found),
    }


def results(args: argparse.Namespace) -> int:
    """``dealer-trainer exam results``."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import echo, print_json
    from dealer_trainer.cli.session import store_for
    from dealer_trainer.store import exams as stored
    from dealer_trainer.store import people
    from dealer_trainer.training.exam.attempts import settle

    with store_for(args) as store:
        rooms = {room.id: room.name for room in people.rooms(store)}
        found = stored.results(store, trainee=args.trainee)
        found = [settle(store, attempt) for attempt in found]  # time up: submitted now
        rows = [_row(store, attempt, rooms) for attempt in found]
    if args.json:
        print_json(rows)
    elif args.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(RESULT_FIELDS)
        for row in rows:  # a name that looks like a formula is not run by a spreadsheet
            writer.writerow(csv_cell(row[name]) for name in RESULT_FIELDS)
    else:
        if not rows:
            whose = f" for {printable(args.trainee)}" if args.trainee else ""
            echo(f"no exam attempt kept{whose}")
        for row in rows:
            if row["submitted_at"] is None:
                state = "in progress"
            else:
                verdict = "passed" if row["passed"] else "not passed"
                state = f"{row['right']}/{row['items']} ({row['score_percent']}%) {verdict}"
            echo(
                printable(
                    f"#{row['attempt']}  {row['trainee']}  {row['exam']}  "
                    f"{row['started_at'][:16].replace('T', ' ')}  {state}"
                )
            )
    return 0
