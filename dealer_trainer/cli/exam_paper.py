"""``dealer-trainer exam print`` and ``exam record``: paper exams (docs/exams.md, "Paper
exams")::

    dealer-trainer exam print tda-style-dealer --seed 7 --out form.pdf --key-out key.pdf
    dealer-trainer exam record tda-style-dealer --seed 7 --trainee Ana --answers "1:B 2:A ..."

``print`` writes a fixed form: the attempt ``--seed`` draws (the items and the order of their
options, lettered), and, with ``--key-out``, its answer key in a file of its own. The key is an
option of ``print``, not a command of its own, so the form and its key come from one draw,
written at once; the same seed prints the same form and key again later.

``record`` keys in the answers written on a form: it draws the same attempt, checks every
answer against the form (a position outside it, or a letter that is no option, is bad input
with its place, and nothing is kept), then starts the attempt under the exam's attempt limit,
keeps the answers and submits it: an attempt like any other (``exam results``, certificates),
dated ``--sat-on`` (the day the paper was sat; default today).

Exit codes: ``print`` 0 written, 2 bad input; ``record`` 0 passed, 1 not passed, 2 bad input,
3 refused (no attempt left in the validity period).
"""

from __future__ import annotations

import argparse
import re
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import printable

if TYPE_CHECKING:
    from dealer_trainer.training.exam.paper import PaperForm

__all__ = ["SUBCOMMANDS", "configure", "run"]

#: a day as --sat-on takes it
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)
#: the subcommands of ``exam`` this module runs
SUBCOMMANDS = ("print", "record")
#: the largest answers file read
MAX_ANSWERS_BYTES = 64 * 1024
#: seeds are below this (as the seeds an attempt draws when none is given)
SEEDS = 2**31


def configure(sub: Any) -> None:
    """Add ``print`` and ``record`` to the subparsers ``sub`` of ``exam``."""
    printing = sub.add_parser(
        "print",
        help="print a fixed form of an exam as a PDF, and its answer key apart",
        description=(
            "Write the exam form the seed draws (the same items and option order as an "
            "attempt with that seed) as a PDF: each table drawn, each question with lettered "
            "options and a box for the answer. --key-out writes its answer key (the right "
            "letters and the rule cited) to a second PDF: the key is an option of print, not "
            "a command of its own, so the form and its key come from one draw; the same seed "
            "prints them again. Exit 0 written, 2 bad input."
        ),
    )
    _common(printing)
    printing.add_argument(
        "--out", required=True, metavar="FILE.pdf", help="the form's PDF (a regular file)"
    )
    printing.add_argument(
        "--key-out", metavar="KEY.pdf", help="the answer key's PDF (a regular file, not --out)"
    )
    record = sub.add_parser(
        "record",
        help="record a paper exam: the answers written on a printed form",
        description=(
            "Record the answers written on the form printed with --seed as a submitted "
            "attempt, under the exam's attempt limit: graded, kept, listed by exam results, "
            "certified when passed. Answers are POSITION:ANSWER pairs, like '1:B 2:A 3:CAB "
            "4:125' (an order question's letters in order; a number question's number); an "
            "item left out was left blank. The attempt is dated --sat-on (default today). "
            "Exit 0 passed, 1 not passed, 2 bad input (a position outside the form, a letter "
            "that is no option, a malformed or future --sat-on), 3 no attempt left."
        ),
    )
    _common(record)
    record.add_argument("--trainee", required=True, metavar="NAME", help="who sat the exam")
    given = record.add_mutually_exclusive_group(required=True)
    given.add_argument("--answers", metavar="PAIRS", help="the answers, like '1:B 2:A 3:CAB'")
    given.add_argument(
        "--answers-file",
        metavar="FILE",
        help="the answers in a file: pairs separated by spaces or new lines, '#' a comment",
    )
    record.add_argument(
        "--db",
        metavar="TARGET",
        help=(
            "the progress store: an SQLite file, or a postgresql:// URL or key=value string "
            "(default: $DEALER_TRAINER_DB, else the file in your data folder)"
        ),
    )
    record.add_argument(
        "--sat-on",
        metavar="YYYY-MM-DD",
        help=(
            "the day the paper was sat (default: today): the attempt, its attempt limit and "
            "its certificate's dates follow it"
        ),
    )
    record.add_argument("--json", action="store_true", help="print the result as one JSON object")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "blueprint", metavar="BLUEPRINT", help="a blueprint file, or a shipped exam's id"
    )
    parser.add_argument(
        "--seed",
        type=int,
        required=True,
        help="the form's seed: the same seed, the same items and option order",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``exam print`` or ``exam record``; the exit code."""
    if not 0 <= args.seed < SEEDS:
        raise UsageError(f"--seed: a form's seed is a whole number from 0 to {SEEDS - 1}")
    if args.exam_command == "print":
        return _print(args)
    return _record(args)


def _tables(form: PaperForm) -> list[list[str]]:
    """Each item's table drawn as the terminal draws it (no colour)."""
    # start-up: the drawing is loaded only when a form is printed
    from dealer_trainer.cli.render import Painter
    from dealer_trainer.cli.table_view import draw_table

    plain = Painter(enabled=False)
    return [draw_table(paper.table, plain, paper.hidden) for paper in form.items]


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` atomically, readable by its owner only (the key is a secret; a form is
    as good as one to whoever can draw it again): the temporary file is made 0600 and renamed
    into place."""
    # start-up: the file helpers only when a file is written
    from dealer_trainer.cli.files import write_atomically

    try:
        write_atomically(path, data)
    except OSError as exc:
        raise UsageError(f"cannot write {printable(str(path))}: {exc.strerror}") from None


def _print(args: argparse.Namespace) -> int:
    # start-up: the PDF (fpdf2), the exam and the bank load only when a form is printed
    from dealer_trainer.cli.files import check_replaceable
    from dealer_trainer.cli.render import echo
    from dealer_trainer.exam_pdf import render_form, render_key
    from dealer_trainer.training.exam.attempts import load_exam
    from dealer_trainer.training.exam.paper import paper_form, paper_key

    out = Path(args.out)
    key_out = None if args.key_out is None else Path(args.key_out)
    check_replaceable(out, "--out")
    if key_out is not None:
        check_replaceable(key_out, "--key-out")
        if key_out.resolve() == out.resolve():
            raise UsageError("--key-out: the key goes to a file of its own, not the form's")
    form = paper_form(load_exam(args.blueprint), args.seed)
    _write(out, render_form(form, _tables(form)))
    echo(
        printable(
            f"{out}: the form of {form.exam_id} with seed {form.seed} (form code {form.code}), "
            f"{len(form.items)} items"
        )
    )
    if key_out is not None:
        _write(key_out, render_key(form, paper_key(form)))
        echo(printable(f"{key_out}: its answer key (form code {form.code})"))
    return 0


def sat_at(text: str | None, now: datetime) -> datetime:
    """When a paper attempt was sat: ``now`` (an aware time) for no ``--sat-on`` or today,
    else the day ``text`` names (``YYYY-MM-DD``) at ``now``'s time of day on its clock. A
    malformed date, or a day after ``now``'s, is a :class:`UsageError`."""
    if text is None:
        return now
    shown = printable(text)
    if not _DATE.fullmatch(text):
        raise UsageError(f"--sat-on: {shown!r} is not a date written YYYY-MM-DD")
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--sat-on: {shown!r} is not a date of the calendar") from None
    today = now.date()
    if day > today:
        raise UsageError(f"--sat-on: {day} is in the future (today is {today})")
    return now if day == today else datetime.combine(day, now.timetz())


def _answers_text(args: argparse.Namespace) -> tuple[str, str]:
    """The answers keyed in, and where they come from (for the messages)."""
    if args.answers is not None:
        return args.answers, "--answers"
    # start-up: the file reader only for an answers file
    from dealer_trainer.yamlio import read_bytes

    path = Path(args.answers_file)
    if not path.is_file():
        raise UsageError(f"--answers-file: no such file: {printable(str(path))}")
    data = read_bytes(path, "answers file", limit=MAX_ANSWERS_BYTES)
    try:
        return data.decode("utf-8"), printable(str(path))
    except UnicodeDecodeError:
        raise UsageError(f"{printable(str(path))}: not UTF-8 text") from None


def _record(args: argparse.Namespace) -> int:
    # start-up: the exam, the bank and the store load only when answers are recorded
    from dealer_trainer.cli.render import echo, print_json
    from dealer_trainer.cli.session import NAME_LIMIT, store_for
    from dealer_trainer.training.exam.attempts import finish, load_exam, save_answer, start
    from dealer_trainer.training.exam.paper import paper_form, read_answers

    trainee = args.trainee.strip()
    if not trainee or len(trainee) > NAME_LIMIT or not trainee.isprintable():
        raise UsageError(
            f"--trainee: name who sat the exam, at most {NAME_LIMIT} printable characters"
        )
    at = sat_at(args.sat_on, datetime.now().astimezone())
    exam = load_exam(args.blueprint)
    form = paper_form(exam, args.seed)
    text, source = _answers_text(args)
    answers = read_answers(text, form, source)  # every answer checked before anything is kept
    with store_for(args) as store:
        found = start(store, exam, trainee=trainee, seed=args.seed, now=at)
        for position, given in sorted(answers.items()):
            save_answer(store, found, position, given, now=at)
        done = finish(store, found, now=at)
    result = {
        "attempt": done.id,
        "trainee": done.trainee,
        "exam": done.exam_id,
        "form_code": form.code,
        "items": done.items,
        "answered": len(answers),
        "right": done.right,
        "score_percent": done.score_percent,
        "passed": done.passed,
    }
    if args.json:
        print_json(result)
    else:
        verdict = "PASSED" if done.passed else "NOT PASSED"
        echo(
            printable(
                f"attempt {done.id}: {done.trainee} at {done.exam_id} (form seed {form.seed}, "
                f"code {form.code}): {len(answers)} of {done.items} answered, {done.right} "
                f"right ({done.score_percent}%): {verdict}"
            )
        )
    return 0 if done.passed else 1
