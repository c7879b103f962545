"""``dealer-trainer report --items``: the item analysis of the answers kept (docs/item-analysis.md).

::

    dealer-trainer report --items [--room NAME] [--since DATE] [--json | --csv] [--db TARGET]

Per item (quiz, review and exam answers; drill steps are not items): its answers, the share
right (p), the discrimination (corrected point-biserial, r) and its flags, flagged items first;
per form, KR-20. ``--room`` reads one training room's answers and marks the items retired from
its exams; without it, the whole store. Text by default, one JSON object with ``--json``, one
CSV row per item with ``--csv``. No answers to analyse is said plainly, exit 0; an unknown
``--room``, exit 1; ``--trainee`` (item analysis is about the items, not one person), exit 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from dealer_trainer.cli.render import Painter, echo, plural, print_json
from dealer_trainer.errors import NotFound, UsageError
from dealer_trainer.safetext import csv_cell, excerpt, printable

if TYPE_CHECKING:
    from datetime import datetime

    from dealer_trainer.training.itemreport import ItemReport

__all__ = ["ITEM_FIELDS", "run_items"]

#: the CSV columns of ``--items --csv``
ITEM_FIELDS = ("item", "topic", "answers", "right", "p", "discrimination", "flags", "retired")


def run_items(args: argparse.Namespace) -> int:
    """Print the item analysis; return the exit code."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.report import parse_since

    if not args.items:
        raise UsageError("--room goes with --items (the item analysis of a room's answers)")
    if args.trainee is not None:
        raise UsageError(
            "--items analyses the items over everyone's answers: it takes no --trainee "
            "(leave it out, or use --room NAME)"
        )
    since = None if args.since is None else parse_since(args.since)
    room = None if args.room is None else args.room.strip()
    report, target = _read(args.db, room, since)
    if args.json:
        print_json({"store": target, "room": room, **report.to_dict()})
    elif args.csv:
        _write_csv(report)
    else:
        _write_text(report, target=target, room=room, since=args.since)
    return 0


def _read(db: str | None, room: str | None, since: datetime | None) -> tuple[ItemReport, str]:
    """The item analysis asked for and the store's name; nothing is created (as the report)."""
    # start-up: the command imports only what it runs, when it runs
    import os

    from dealer_trainer.store.people import room_by_name, rooms
    from dealer_trainer.training.itemreport import ItemReport, item_report
    from dealer_trainer.training.progress import ENV_VAR, NoStore, default_target, open_store

    try:
        with open_store(db, create=False) as store:
            room_id = None
            if room is not None:
                found = room_by_name(store, room)
                if found is None:
                    raise _unknown_room(room, [r.name for r in rooms(store)], store.target)
                room_id = found.id
            return item_report(store, room_id=room_id, since=since), store.target
    except NoStore:
        if db is not None or os.environ.get(ENV_VAR, "").strip():
            raise
    target = default_target()
    if room is not None:
        raise _unknown_room(room, [], target)
    return ItemReport(sittings=0, items=(), forms=()), target


def _unknown_room(name: str, known: list[str], target: str) -> NotFound:
    # start-up: the command imports only what it runs, when it runs
    import difflib

    close = tuple(printable(c) for c in difflib.get_close_matches(name, known, n=3, cutoff=0.5))
    listing = f"rooms: {printable(', '.join(known))}" if known else "the store has no rooms"
    return NotFound(
        f"no room named {excerpt(name)} in the progress store at {printable(target)}",
        suggestions=close,
        after=f" ({listing}; leave --room out for the whole store)",
    )


def _write_csv(report: ItemReport) -> None:
    """One row per item; no cell a spreadsheet would run as a formula."""
    # start-up: the command imports only what it runs, when it runs
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(ITEM_FIELDS)
    for line in report.items:
        stat = line.stat
        cells = (
            stat.item,
            line.topic,
            stat.answers,
            stat.right,
            round(stat.p, 4),
            "" if stat.discrimination is None else round(stat.discrimination, 4),
            " ".join(flag.value for flag in stat.flags),
            "" if line.retired is None else line.retired.reason,
        )
        writer.writerow([csv_cell(cell) for cell in cells])


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _write_text(report: ItemReport, *, target: str, room: str | None, since: str | None) -> None:
    paint = Painter()
    where = f"room {printable(room)}" if room is not None else "the whole store"
    since_words = f" since {printable(since.strip())}" if since else ""
    if not report.items:
        echo(
            f"No quiz, review or exam answers{since_words} to analyse in {where} "
            f"(progress store at {printable(target)})."
        )
        return
    echo(
        f"{paint('Item analysis', 'bold')} of {where}{since_words}: "
        f"{plural(report.sittings, 'sitting')}, {plural(len(report.items), 'item')}, "
        f"{report.flagged} flagged"
    )
    echo(paint(f"store: {printable(target)}", "dim"))
    echo()
    item_width = max(len("item"), *(len(printable(line.stat.item)) for line in report.items))
    topic_width = max(len("topic"), *(len(printable(line.topic)) for line in report.items))
    lines = [
        paint(
            f"  {'item':<{item_width}}  {'topic':<{topic_width}}  {'answers':>7}  "
            f"{'p':>5}  {'r':>5}  flags",
            "dim",
        )
    ]
    for line in report.items:
        stat = line.stat
        flags = ", ".join(flag.value for flag in stat.flags)
        retired = "" if line.retired is None else " [retired]"
        lines.append(
            f"  {printable(stat.item):<{item_width}}  {printable(line.topic):<{topic_width}}  "
            f"{stat.answers:>7}  {stat.p:>5.2f}  {_figure(stat.discrimination):>5}  "
            + (paint(flags, "yellow") if flags else "-")
            + retired
        )
    echo("\n".join(lines))  # one write: a bank of hundreds prints at once
    echo()
    echo(paint("Reliability (KR-20) per form", "bold"))
    form_width = max(len("form"), *(len(printable(form.form)) for form in report.forms))
    rows = [paint(f"  {'form':<{form_width}}  {'sittings':>8}  {'KR-20':>5}", "dim")]
    for form in report.forms:
        basis = "" if form.kr20 is None else f"  (by {form.basis.value})"
        rows.append(
            f"  {printable(form.form):<{form_width}}  {form.sittings:>8}  "
            f"{_figure(form.kr20):>5}{basis}"
        )
    echo("\n".join(rows))
    echo(paint("p: share right; r: corrected point-biserial; see docs/item-analysis.md", "dim"))
