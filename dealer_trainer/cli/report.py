"""``dealer-trainer report``: how the room is doing, trainee by trainee and topic by topic.

::

    dealer-trainer report [--trainee NAME] [--since DATE] [--json | --csv] [--db TARGET]
    dealer-trainer report --items [--room NAME] [--since DATE] [--json | --csv] [--db TARGET]

Text by default (one block per trainee: a row per topic, then the weakest topics; then, apart
from the items, each trainee's drill answers per skill and kind), one JSON object with
``--json`` (the drills under ``skills``), one CSV row per trainee and topic with ``--csv``
(items only). A store with no
answers (or none since ``--since``) is said plainly, exit 0; an unknown ``--trainee`` is refused
with the known names, exit 1; a ``--since`` that is not a date, exit 2. Reading never creates a
store: a ``--db`` that names no store is refused, exit 2. ``--items`` is the item analysis
(:mod:`dealer_trainer.cli.report_items`).

Names and other text from the store reach the terminal with their control characters escaped;
a CSV cell that starts with ``= + - @`` gets a leading ``'`` so that no spreadsheet runs it.

Dates and times given and shown are local (the room's clock); JSON and CSV carry UTC.
Cheap to import: the top imports only ``argparse``, ``sys``, the errors,
:mod:`dealer_trainer.safetext` and :mod:`dealer_trainer.cli.render`; the store, the report and
the rest are imported when run.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from dealer_trainer.cli.render import Painter, columns, echo, plural, print_json
from dealer_trainer.errors import NotFound, UsageError
from dealer_trainer.safetext import csv_cell, excerpt, printable

if TYPE_CHECKING:
    from datetime import datetime

    from dealer_trainer.report import Report, TopicStats, TraineeReport, TraineeSkills

__all__ = ["configure", "parse_since", "run", "unknown_trainee"]


def unknown_trainee(name: str, known: list[str], target: str) -> NotFound:
    """A ``--trainee`` the store does not know; ``known`` are the names it does know."""
    # start-up: the command imports only what it runs, when it runs
    import difflib

    close = tuple(printable(c) for c in difflib.get_close_matches(name, known, n=3, cutoff=0.5))
    listing = (
        f"known trainees: {printable(', '.join(known))}"
        if known
        else "no trainee has answered anything yet"
    )
    return NotFound(
        f"no trainee named {excerpt(name)} in the progress store at {printable(target)}",
        suggestions=close,
        after=f" ({listing})",
    )


def configure(report: argparse.ArgumentParser) -> None:
    """``report [--trainee NAME] [--since DATE] [--json | --csv] [--db TARGET]``."""
    report.description = (
        "Sum up the answers kept in the progress store: per trainee and topic the answers, "
        "the right ones, the accuracy and when the topic was last seen, each trainee's "
        "weakest topics, and the room's totals."
    )
    report.add_argument(
        "--trainee", metavar="NAME", help="only this trainee (default: every trainee)"
    )
    report.add_argument(
        "--since",
        metavar="DATE",
        help=(
            "only answers given on or after this local date (YYYY-MM-DD) or date and time "
            "(ISO 8601, e.g. 2024-05-01T18:00)"
        ),
    )
    form = report.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print one JSON object")
    form.add_argument(
        "--csv", action="store_true", help="print CSV: a header, then one row per trainee and topic"
    )
    report.add_argument(
        "--items",
        action="store_true",
        help=(
            "item analysis instead: per item the answers, the share right (p), the "
            "discrimination (corrected point-biserial) and its flags; per form, KR-20"
        ),
    )
    report.add_argument(
        "--room",
        metavar="NAME",
        help="with --items: only this training room's answers (default: the whole store)",
    )
    report.add_argument(
        "--db",
        metavar="TARGET",
        help=(
            "the progress store: an SQLite file, or a postgresql:// URL or key=value string "
            "(default: $DEALER_TRAINER_DB, else the file in your data folder)"
        ),
    )


def parse_since(text: str) -> datetime:
    """``--since``: a date (its first moment, local time) or an ISO date and time (local
    time unless it names its offset); an aware datetime. A moment at the edge of the calendar
    that no clock can hold in UTC (0001-01-01 east of Greenwich, 9999-12-31 west of it) is the
    first or the last moment there is: every answer, or none."""
    # start-up: the command imports only what it runs, when it runs
    from datetime import UTC, date, datetime

    value = text.strip()
    try:
        if len(value) == 10:
            day = date.fromisoformat(value)
            moment = datetime(day.year, day.month, day.day)
        else:
            moment = datetime.fromisoformat(value)
    except ValueError:
        raise UsageError(
            f"--since: {excerpt(text)} is not a date; write YYYY-MM-DD (2024-05-01) or a date and "
            "time (2024-05-01T18:00)"
        ) from None
    try:
        aware = moment.astimezone() if moment.tzinfo is None else moment
        aware.astimezone(UTC)  # every later step works in UTC
    except (OverflowError, ValueError):
        edge = datetime.min if moment.year == datetime.min.year else datetime.max
        return edge.replace(tzinfo=UTC)
    return aware


def run(args: argparse.Namespace) -> int:
    """Print the report; return the exit code."""
    if args.items or args.room is not None:
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.cli.report_items import run_items

        return run_items(args)
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.report import report_from_totals, skill_report

    since = None if args.since is None else parse_since(args.since)
    trainee = None if args.trainee is None else args.trainee.strip()
    totals, figures, target = _read(args.db, trainee, since)
    report = report_from_totals(totals, since=since)
    drills = skill_report(figures)
    if args.json:
        skills = [entry.to_dict() for entry in drills]
        print_json({"store": target, "trainee": trainee, **report.to_dict(), "skills": skills})
    elif args.csv:
        _write_csv(report)
    else:
        _write_text(report, drills, target=target, trainee=trainee, since=args.since)
    return 0


def _read(
    db: str | None, trainee: str | None, since: datetime | None
) -> tuple[list[Any], dict[str, Any], str]:
    """The totals per trainee and topic asked for (added up by the database), the drill
    figures per trainee, skill and kind, and the store's name for messages. Nothing is
    created: a store named by ``--db`` or the environment that does not exist is an error;
    the default store not made yet (nobody has answered on this computer) is an empty one."""
    # start-up: the command imports only what it runs, when it runs
    import os

    from dealer_trainer.store.reports import topic_totals
    from dealer_trainer.store.skills import skills_by_trainee
    from dealer_trainer.training.progress import ENV_VAR, NoStore, default_target, open_store

    try:
        with open_store(db, create=False) as store:
            if trainee is not None:
                known = store.trainees()
                if trainee not in known:
                    raise unknown_trainee(trainee, known, store.target)
            totals = topic_totals(store, trainee=trainee, since=since)
            figures = skills_by_trainee(store, trainee=trainee, since=since)
            return totals, figures, store.target
    except NoStore:
        if db is not None or os.environ.get(ENV_VAR, "").strip():
            raise
    target = default_target()
    if trainee is not None:
        raise unknown_trainee(trainee, [], target)
    return [], {}, target


def _write_csv(report: Report) -> None:
    """One row per trainee and topic; no cell a spreadsheet would run as a formula."""
    # start-up: the command imports only what it runs, when it runs
    import csv

    from dealer_trainer.report import ROW_FIELDS

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(ROW_FIELDS)
    writer.writerows([csv_cell(cell) for cell in row] for row in report.rows())


# --- text ---------------------------------------------------------------------------------------


def _local(when: datetime | None) -> str:
    return "-" if when is None else when.astimezone().strftime("%Y-%m-%d %H:%M")


def _write_text(
    report: Report,
    drills: tuple[TraineeSkills, ...],
    *,
    target: str,
    trainee: str | None,
    since: str | None,
) -> None:
    paint = Painter()
    target = printable(target)
    since_words = f" since {printable(since.strip())}" if since else ""
    if report.empty:
        who = f" from {printable(trainee)}" if trainee else ""
        items = " to items" if drills else ""
        echo(f"No answers{items}{who}{since_words} in the progress store at {target}.")
        _write_drills(paint, drills, since_words)
        return
    room = report.room
    echo(
        f"{paint('Progress', 'bold')}{since_words}: {plural(room.trainees, 'trainee')}, "
        f"{plural(room.answered, 'answer')}, {room.correct} right "
        f"({_painted_percent(paint, room.accuracy)}), last answer {_local(room.last_seen)}"
    )
    echo(paint(f"store: {target}", "dim"))
    width = max([len("topic"), *(len(printable(line.topic)) for line in room.topics)])
    seen = width + 49 <= columns(width + 49)  # the last-seen column only where there is room
    for entry in report.trainees:
        echo()
        _trainee_block(paint, entry, width, seen)
    if len(report.trainees) > 1:
        echo()
        echo(paint("The room, by topic", "bold"))
        echo("\n".join(_table(paint, room.topics, width, seen)))
    _write_drills(paint, drills, since_words)


def _write_drills(paint: Painter, drills: tuple[TraineeSkills, ...], since_words: str) -> None:
    """Each trainee's drill answers per skill, then per kind (kept apart from the items)."""
    if not drills:
        return
    echo()
    echo(paint("Drills per skill", "bold") + f"{since_words} (kept apart from the items)")
    width = max(len(printable(line.title)) + 2 for entry in drills for line in entry.lines)
    header = f"  {'skill':<{width}}  {'answered':>8}  {'correct':>7}  {'accuracy':>8}  mean s"
    for entry in drills:
        echo()
        rows = [paint(printable(entry.trainee), "bold"), paint(header, "dim")]
        for line in entry.lines:
            title = printable(line.title) if not line.kind else "  " + printable(line.title)
            mean = "-" if line.mean_seconds is None else f"{line.mean_seconds:.1f}"
            weak = f"  {paint('weak', 'yellow')}" if line.weak else ""
            percent = _painted_percent(paint, line.percent / 100, 8)
            rows.append(
                f"  {title:<{width}}  {line.answered:>8}  {line.correct:>7}  {percent}"
                f"  {mean:>6}{weak}"
            )
        echo("\n".join(rows))


def _painted_percent(paint: Painter, accuracy: float, pad: int = 0) -> str:
    text = f"{round(accuracy * 100)}%".rjust(pad)
    colour = "green" if accuracy >= 0.8 else "yellow" if accuracy >= 0.6 else "red"
    return paint(text, colour)


def _trainee_block(paint: Painter, entry: TraineeReport, width: int, seen: bool) -> None:
    lines = [
        f"{paint(printable(entry.trainee), 'bold')}: {plural(entry.answered, 'answer')}, "
        f"{entry.correct} right ({_painted_percent(paint, entry.accuracy)}), "
        f"last seen {_local(entry.last_seen)}",
        *_table(paint, entry.topics, width, seen),
    ]
    if entry.weakest:
        weak = ", ".join(
            f"{printable(line.topic)} ({_painted_percent(paint, line.accuracy)})"
            for line in entry.weakest
        )
        lines.append(f"  {paint('weakest:', 'yellow')} {weak}")
    else:
        lines.append("  weakest: none, every topic answered right so far")
    echo("\n".join(lines))  # one write a block: a room of thousands prints at once


def _table(paint: Painter, lines: tuple[TopicStats, ...], width: int, seen: bool) -> list[str]:
    """The table's lines (``seen``: with the last-seen column)."""
    header = f"  {'topic':<{width}}  {'answered':>8}  {'correct':>7}  {'accuracy':>8}"
    return [
        paint(header + ("  last seen" if seen else ""), "dim"),
        *(
            f"  {printable(line.topic):<{width}}  {line.answered:>8}  {line.correct:>7}  "
            f"{_painted_percent(paint, line.accuracy, 8)}"
            + (f"  {_local(line.last_seen)}" if seen else "")
            for line in lines
        ),
    ]
