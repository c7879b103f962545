"""``dealer-trainer exam take BLUEPRINT``: an exam sat in the terminal (docs/exams.md).

The attempt is drawn and kept in the progress store when it starts, with its deadline: the
store keeps the clock. Each item is shown as a quiz's is (the table, the question, numbered
options), and each answer is saved the moment it is given; nothing is said of whether it is
right. In a terminal, the items are answered in order, then a last menu submits or goes back
to change any answer; with ``--answers FILE`` (``-``: standard input), one line per item as a
quiz's, and the attempt is submitted when the lines run out (an empty file answers nothing:
a score of 0). Time running out submits what was answered. After the submit: the score, then
the full feedback per item.

An attempt left open (Ctrl-C, a closed terminal) is resumed by the next ``exam take`` of the
same exam and trainee, within its time; one whose time is up is submitted first.

Exit codes: 0 passed; 1 failed; 2 bad input (a blueprint or an answer line that cannot be
used); 3 refused (no attempt left in the validity period); 130 Ctrl-C (every answer given is
kept, and the attempt stays open until its time is up).
"""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.cli import on_ctrl_c
from dealer_trainer.errors import EXIT_INTERRUPTED, UsageError
from dealer_trainer.safetext import printable

if TYPE_CHECKING:
    from dealer_trainer.cli.picks import Picks
    from dealer_trainer.cli.prompts import Prompter
    from dealer_trainer.cli.render import Painter
    from dealer_trainer.store import Store
    from dealer_trainer.store.exams import StoredAttempt
    from dealer_trainer.training.exam.attempts import Reviewed
    from dealer_trainer.training.quiz import Item

__all__ = ["FAILED", "PASSED", "configure_take", "take"]

PASSED, FAILED = 0, 1
NO_TERMINAL = (
    "the exam asks its items in a terminal, and there is none here.\n"
    "To answer without one, give the answers, one line per item: the number of the option "
    "you pick, the step numbers in order (e.g. '3 1 2'), or the number asked (e.g. '125'):\n"
    "  dealer-trainer exam take tda-style-dealer --trainee NAME --answers FILE\n"
    "(the items are printed with numbered options; --seed fixes the draw; when the lines run "
    "out the attempt is submitted)"
)
_HOW = {"order": "Put the steps in order", "type": "Type the number"}


def configure_take(take_parser: argparse.ArgumentParser) -> None:
    """``exam take`` and its options."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.session import add_trainee_options

    take_parser.description = (
        "Sit an exam: its items drawn at random as the blueprint says, timed by the store, "
        "answers saved as given, no feedback until the end. Exit 0 passed, 1 failed, 2 bad "
        "input, 3 no attempt left."
    )
    take_parser.add_argument(
        "blueprint", metavar="BLUEPRINT", help="a blueprint file, or a shipped exam's id"
    )
    add_trainee_options(take_parser)
    take_parser.add_argument(
        "--seed", type=int, help="fix the draw (the items and the order of their options)"
    )
    take_parser.add_argument(
        "--answers",
        metavar="FILE",
        help=(
            "answer without a terminal: one line per item, the option's number (the step "
            "numbers in order, e.g. '3 1 2'; or the number asked); '-' reads standard input"
        ),
    )
    take_parser.add_argument(
        "--json", action="store_true", help="print the result and its feedback as one JSON object"
    )


class _Screen:
    """Writes the exam to standard output (nothing with ``--json``)."""

    def __init__(self, paint: Painter, quiet: bool) -> None:
        self.paint = paint
        self.quiet = quiet

    def say(self, text: str = "") -> None:
        if not self.quiet:
            # start-up: the command imports only what it runs, when it runs
            from dealer_trainer.cli.render import echo

            echo(text)

    def item(self, item: Item, position: int, total: int, left: str, numbered: bool) -> None:
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.cli.table_view import draw_table
        from dealer_trainer.view import table_facts

        scenario = item.scenario
        self.say()
        self.say(
            self.paint(f"Item {position} of {total}", "bold")
            + f"  {'*' * scenario.difficulty} · {scenario.ruleset.name} · {left}"
        )
        for line in draw_table(table_facts(item.proved), self.paint, item.hidden):
            self.say(f"  {line}")
        self.say()
        self.say(item.ask)
        how = _HOW.get(scenario.question.form.answered)
        if how is not None:
            self.say(self.paint(f"{how}.", "dim"))
        if numbered:
            for number, option in enumerate(item.options, 1):
                self.say(f"  {number}. {option.label}")

    def result(self, done: StoredAttempt, rows: list[Reviewed]) -> None:
        paint = self.paint
        verdict = paint("PASSED", "green") if done.passed else paint("NOT PASSED", "red")
        self.say()
        self.say(
            paint(f"{done.title}: {done.right} of {done.items} right", "bold")
            + f" ({done.score_percent}%): {verdict}"
        )
        for row in rows:
            self.say()
            title = row.item.scenario.title if row.item is not None else "(no longer in the bank)"
            mark = paint("right", "green") if row.correct else paint("wrong", "red")
            if row.given is None:
                mark = paint("not answered", "red")
            self.say(f"{row.position}. {title}: {mark}")
            shown = row.feedback or row.key
            if shown is None:
                continue
            if row.feedback is not None and not row.correct:
                self.say(f"   You answered: {row.feedback.given}")
            if row.key is not None:
                self.say(f"   The right answer: {paint(row.key.expected, 'bold')}")
            for number, step in enumerate(shown.steps, 1):
                self.say(f"     {number}. {step}")
            self.say(f"   Why: {shown.explain}")
            if shown.rule:
                title = f" ({shown.rule_title})" if shown.rule_title else ""
                self.say(paint(f"   Rule {shown.rule}{title}", "cyan"))


def _left(found: StoredAttempt, now: datetime) -> str:
    seconds = max(0, int((found.deadline - now).total_seconds()))
    minutes, seconds = divmod(seconds, 60)
    return f"{minutes} min {seconds:02d} s left"


def _pick(picks: Picks, item: Item) -> list[str] | None:
    """The answer to ``item`` (None: the answer lines ran out)."""
    choices = [(option.value, option.label) for option in item.options]
    if item.ordered:
        return picks.order(choices)
    if item.typed:
        typed = picks.number(f"Your answer (a number of {item.unit}):", item.unit)
        return None if typed is None else [typed]
    one = picks.one("Your answer:", choices)
    return None if one is None else [one]


def _words(item: Item, given: tuple[str, ...]) -> str:
    labels = {option.value: option.label for option in item.options}
    return "; ".join(labels.get(value, value) for value in given)


class _Sitting:
    """One attempt taken at the terminal."""

    def __init__(self, store: Store, found: StoredAttempt, picks: Picks, screen: _Screen) -> None:
        self.store = store
        self.found = found
        self.picks = picks
        self.screen = screen

    def ask(self, position: int) -> bool:
        """Ask the item at ``position`` and keep the answer; False when there is no more to
        ask (the lines ran out, or time is up)."""
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.store.adapters import now
        from dealer_trainer.store.exams import AttemptRefused
        from dealer_trainer.training.exam.attempts import asked, save_answer

        item = asked(self.found, position, store=self.store)
        at = now()
        if at >= self.found.deadline:
            self.screen.say("Time is up.")
            return False
        numbered = self.picks.prompter is None
        self.screen.item(item, position, self.found.items, _left(self.found, at), numbered)
        given = _pick(self.picks, item)
        if given is None:
            return False
        if self.picks.line is not None:
            self.screen.say(f"> {self.picks.line}")
        try:
            save_answer(self.store, self.found, position, given)
        except AttemptRefused as exc:
            self.screen.say(f"Not saved: {exc}")
            return False
        return True

    @on_ctrl_c(say="interrupted; every answer given is kept: 'exam take' again resumes it")
    def run(self) -> int:
        """Ask the items; 0, or 130 after Ctrl-C (the attempt is left open)."""
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.store.exams import attempt_answers

        # answer lines answer every item in turn (an attempt resumed: again, replacing what
        # was kept); in a terminal, a resumed attempt asks only what is unanswered
        done: set[int] = set()
        if self.picks.prompter is not None:
            done = {kept.position for kept in attempt_answers(self.store, self.found.id)}
        for position in range(1, self.found.items + 1):
            if position not in done and not self.ask(position):
                return 0
        if self.picks.prompter is not None:
            self.review_menu(self.picks.prompter)
        return 0

    def review_menu(self, prompter: Prompter) -> None:
        """The last menu: submit, or change an answer (then back here)."""
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.store.exams import attempt_answers
        from dealer_trainer.training.exam.attempts import asked

        while True:
            kept = attempt_answers(self.store, self.found.id)
            given = {answer.position: answer.answer for answer in kept}
            choices = [("submit", "Submit my answers (no change after this)")]
            for position in range(1, self.found.items + 1):
                answer = given.get(position)
                item = asked(self.found, position, store=self.store)
                shown = "not answered" if answer is None else _words(item, answer)
                choices.append((str(position), f"Change item {position}: {shown[:60]}"))
            picked = prompter.select("Submit, or change an answer?", choices, "submit")
            if picked == "submit" or not self.ask(int(picked)):
                return


def _result_json(done: StoredAttempt, rows: list[Reviewed]) -> dict[str, Any]:
    return {
        "attempt": done.id,
        "trainee": done.trainee,
        "exam": done.exam_id,
        "title": done.title,
        "items": done.items,
        "right": done.right,
        "score_percent": done.score_percent,
        "passed": done.passed,
        "started_at": done.started_at.isoformat(),
        "submitted_at": None if done.submitted_at is None else done.submitted_at.isoformat(),
        "feedback": [
            {
                "position": row.position,
                "item": None if row.item is None else row.item.scenario.id,
                "answered": row.given is not None,
                "correct": row.correct,
                "given": None if row.feedback is None else row.feedback.given,
                "expected": None if row.key is None else row.key.expected,
                "rule": None if row.key is None else row.key.rule,
                "explain": None if row.key is None else row.key.explain,
            }
            for row in rows
        ],
    }


def take(args: argparse.Namespace, prompter: Prompter | None = None) -> int:
    """``dealer-trainer exam take``."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import Painter, print_json
    from dealer_trainer.cli.session import setup, store_for
    from dealer_trainer.store import exams as stored
    from dealer_trainer.training.exam.attempts import finish, load_exam, review, settle, start

    exam = load_exam(args.blueprint)
    picks, trainee = setup(args, prompter, NO_TERMINAL)
    screen = _Screen(Painter(), quiet=args.json)
    with store_for(args) as store:
        found = stored.open_attempt(store, trainee=trainee, exam_id=exam.blueprint.id)
        if found is not None and found.room_id is not None:
            found = None  # one sat in a training room goes on there, not here
        if found is not None:
            found = settle(store, found)
        if found is None or found.submitted:
            found = start(store, exam, trainee=trainee, seed=args.seed)
            screen.say(
                f"{printable(exam.blueprint.title)}: {found.items} items, "
                f"{exam.blueprint.time_limit_text}, pass mark {exam.blueprint.pass_mark}%. "
                f"Attempt {found.id} for {printable(trainee)}; no feedback until you submit."
            )
        else:
            if args.seed is not None and args.seed != found.seed:
                raise UsageError(
                    f"attempt {found.id} at {exam.blueprint.id!r} is still open (drawn with seed "
                    f"{found.seed}); finish it first: run without --seed to resume it"
                )
            started = f"{found.started_at:%Y-%m-%d %H:%M} UTC"
            screen.say(f"Resuming attempt {found.id}, started {started}.")
        if _Sitting(store, found, picks, screen).run() != 0:
            return EXIT_INTERRUPTED  # the attempt stays open, its answers kept
        done = settle(store, found)
        if not done.submitted:
            done = finish(store, done)
        rows = review(store, done)
    if args.json:
        print_json(_result_json(done, rows))
    else:
        screen.result(done, rows)
    return PASSED if done.passed else FAILED
