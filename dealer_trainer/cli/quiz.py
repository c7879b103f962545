"""``dealer-trainer quiz``: questions at a table, with feedback (``review`` asks the same way).

In a terminal every setting missing from the flags is asked with questionary (name, topics,
difficulty, ruleset, length); each question draws the table as the dealer sees it, asks, and
answers at once: right or wrong, the right answer, the recovery as numbered steps, the
explanation and the cited rule. Each answer is saved the moment it is given, so Ctrl-C loses
nothing already answered; the summary follows (score per topic, time, misses).

Without a terminal the answers come from ``--answers FILE`` (or ``--answers -``: standard
input), one line per question: the number of the option picked, the step numbers in order
(``3 1 2``) for an order question, the number itself (``125``) for a number question. The
questions are printed with numbered options; ``--json`` prints the summary as JSON.

The session itself (choosing, grading, keeping the answers, the summary) is
:mod:`dealer_trainer.training.quiz`; this module only shows it and takes the answers.
questionary is imported only when a prompt is shown (see :mod:`dealer_trainer.cli.prompts`).
"""

# The imports inside functions are for start-up: the command registry imports this module to
# run the command, and what a subcommand needs (the engine, the store, questionary) is loaded
# only when that subcommand runs (tests/test_rules_cli.py, tests/test_quiz_cli.py).

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_trainer.cli import on_ctrl_c
from dealer_trainer.cli.session import add_trainee_options
from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import printable

if TYPE_CHECKING:
    from dealer_trainer.cli.picks import Picks
    from dealer_trainer.cli.prompts import Prompter
    from dealer_trainer.cli.render import Painter
    from dealer_trainer.training.quiz import Entry, Feedback, Item, Quiz, Selection
    from dealer_trainer.training.summary import Summary

__all__ = ["NO_TERMINAL", "add_common", "ask_all", "configure", "entries", "run"]

DEFAULT_LENGTH = 10
#: the hint under a question that is not one option picked, by how it is answered
_HOW = {"order": "Put the steps in order", "type": "Type the number"}
NO_TERMINAL = (
    "the quiz asks its questions in a terminal, and there is none here.\n"
    "To answer without one, give the answers, one line per question: the number of the option "
    "you pick, the step numbers in order (e.g. '3 1 2'), or the number asked (e.g. '125'):\n"
    "  dealer-trainer quiz --trainee NAME --answers FILE\n"
    "  printf '1\\n2\\n' | dealer-trainer quiz --trainee NAME --length 2 --seed 7 --answers -\n"
    "(the questions are printed with numbered options; --seed fixes their order)"
)


def add_common(parser: argparse.ArgumentParser) -> None:
    """The options ``quiz`` and ``review`` share."""
    add_trainee_options(parser)
    parser.add_argument(
        "--answers",
        metavar="FILE",
        help=(
            "answer without a terminal: one line per question, the option's number (the step "
            "numbers in order, e.g. '3 1 2'; or the number asked); '-' reads standard input"
        ),
    )
    parser.add_argument(
        "--bank", metavar="DIR", help="ask the scenarios in this folder (default: the shipped bank)"
    )
    parser.add_argument(
        "--seed", type=int, help="fix the order of the questions and of their options"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the summary as one JSON object at the end"
    )


def configure(quiz: argparse.ArgumentParser) -> None:
    """``quiz`` and its options."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.rules.rulesets import builtin_names

    quiz.description = (
        "Questions on the scenario bank: each shows the table as the dealer sees it, asks "
        "what to do or what is true, and gives the ruling at once with its rule. Settings "
        "not given as flags are asked. Answers are saved as they are given; Ctrl-C stops "
        "with a summary."
    )
    quiz.add_argument(
        "--topic",
        action="append",
        metavar="TOPIC",
        help="only this topic (repeatable; 'all' for every topic; see 'dealer-trainer rules list')",
    )
    quiz.add_argument(
        "--difficulty", choices=("1", "2", "3", "any"), help="only this level (1 easy .. 3 hard)"
    )
    quiz.add_argument(
        "--ruleset", help=f"only scenarios under this ruleset ({builtin_names(', ')}, any)"
    )
    quiz.add_argument(
        "--length",
        help=f"how many questions (a number, or 'all'; default {DEFAULT_LENGTH})",
    )
    add_common(quiz)


# --- the settings -----------------------------------------------------------------------------


def _selection(
    args: argparse.Namespace, prompter: Prompter | None, entries: list[Entry]
) -> Selection:
    # start-up: the command imports only what it runs, when it runs
    from collections import Counter

    from dealer_trainer.rules.topics import TOPICS
    from dealer_trainer.training.quiz import Selection, bank_rulesets, parse_length, parse_topics

    topics = parse_topics(args.topic)
    difficulty = args.difficulty
    ruleset = args.ruleset
    rulesets = bank_rulesets(entries, ruleset)
    length = parse_length(args.length, DEFAULT_LENGTH)
    if prompter is not None:
        counts = Counter(entry.topic for entry in entries)
        if topics is None:
            offered = [
                (t.slug, f"{t.title} ({counts[t.slug]})") for t in TOPICS if t.slug in counts
            ]
            topics = tuple(
                prompter.checkbox(
                    "Topics (space to pick, enter when done; none picked = all):", offered, []
                )
            )
        if difficulty is None:
            difficulty = prompter.select(
                "Difficulty:",
                [("any", "any level"), ("1", "easy"), ("2", "medium"), ("3", "hard")],
                "any",
            )
        if ruleset is None:
            ruleset = prompter.select(
                "Rulebook:", [("any", "any"), *((name, name) for name in rulesets)], "any"
            )
        if args.length is None:
            picked = prompter.select(
                "How many questions:",
                [("5", "five"), ("10", "ten"), ("20", "twenty"), ("all", "all that match")],
                str(DEFAULT_LENGTH),
            )
            length = parse_length(picked, DEFAULT_LENGTH)
    return Selection(
        topics=topics or (),
        difficulty=None if difficulty in (None, "any") else int(difficulty),
        ruleset=None if ruleset in (None, "any") else ruleset,
        length=length,
    )


# --- showing ----------------------------------------------------------------------------------


class _Screen:
    """Writes the quiz to the terminal (or to standard output without one)."""

    def __init__(self, paint: Painter, quiet: bool) -> None:
        self.paint = paint
        self.quiet = quiet

    def say(self, text: str = "") -> None:
        if not self.quiet:
            # start-up: the command imports only what it runs, when it runs
            from dealer_trainer.cli.render import echo

            echo(text)

    def question(self, item: Item, number: int, total: int, numbered: bool) -> None:
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.cli.table_view import draw_table
        from dealer_trainer.view import table_facts

        scenario = item.scenario
        paint = self.paint
        level = "*" * scenario.difficulty
        self.say()
        # the title and the topic come with the feedback: either may name the answer
        self.say(
            paint(f"Question {number} of {total}", "bold") + f"  {level} · {scenario.ruleset.name}"
        )
        for line in draw_table(table_facts(item.proved), paint, item.hidden):
            self.say(f"  {line}")
        self.say()
        self.say(item.ask)
        how = _HOW.get(item.scenario.question.form.answered)
        if how is not None:
            self.say(paint(f"{how}.", "dim"))
        for number_, option in enumerate(item.options, 1):  # a prompt lists them itself
            if numbered:
                self.say(f"  {number_}. {option.label}")

    def feedback(self, feedback: Feedback) -> None:
        paint = self.paint
        if feedback.title:
            self.say(
                paint(feedback.title, "bold") + (f"  ({feedback.topic})" if feedback.topic else "")
            )
        if feedback.correct:
            self.say(paint("Right.", "green") + f" {feedback.expected}")
        else:
            self.say(paint("Not quite.", "red") + f" You answered: {feedback.given}")
            self.say(f"The right answer: {paint(feedback.expected, 'bold')}")
        if feedback.steps:
            self.say("The recovery:")
            for number, step in enumerate(feedback.steps, 1):
                self.say(f"  {number}. {step}")
        self.say(f"Why: {feedback.explain}")
        if feedback.rule:
            title = f" ({feedback.rule_title})" if feedback.rule_title else ""
            self.say(paint(f"Rule {feedback.rule}{title}", "cyan"))
            if feedback.rule_text:
                self.say(f"  {feedback.rule_text}")

    def summary(self, summary: Summary) -> None:
        paint = self.paint
        minutes, seconds = divmod(round(summary.seconds), 60)
        self.say()
        heading = "Review" if summary.mode == "review" else "Quiz"
        if summary.stopped:
            heading += f" stopped after {summary.asked} of {summary.planned} questions"
        self.say(paint(f"{heading}: {summary.right} of {summary.asked} right", "bold"))
        self.say(f"time: {minutes} min {seconds:02d} s")
        for score in summary.topics:
            self.say(f"  {score.title:<40} {score.right}/{score.asked}")
        if summary.misses:
            self.say("missed:")
            for miss in summary.misses:
                rule = f" [{miss.rule}]" if miss.rule else ""
                self.say(f"  {miss.item}: {miss.expected}{rule}")
        if summary.asked:
            self.say(f"{summary.asked} answer(s) saved for {printable(summary.trainee)}.")


# --- running ----------------------------------------------------------------------------------


def entries(args: argparse.Namespace) -> list[Entry]:
    """The bank's scenarios (``--bank``, else the shipped one); those left out are said."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.scenario import bank_dir
    from dealer_trainer.training.quiz import catalogue

    folder = Path(args.bank) if args.bank else bank_dir()
    if not folder.is_dir():
        from dealer_trainer.cli.files import what_is  # start-up: only for this refusal

        what = what_is(folder) or ("a file" if folder.exists() else None)
        why = "nothing is there" if what is None else f"it is {what}"
        raise UsageError(f"--bank: {printable(str(folder))} is not a folder: {why}")
    found, problems = catalogue(folder)
    for problem in problems:
        print(f"dealer-trainer: left out: {problem}", file=sys.stderr)
    return found


def run(args: argparse.Namespace, prompter: Prompter | None = None) -> int:
    """``dealer-trainer quiz``."""
    # start-up: the command imports only what it runs, when it runs
    import random

    from dealer_trainer.cli.session import setup, store_for

    picks, trainee = setup(args, prompter, NO_TERMINAL)
    # the engine and the scenarios load after the first prompt (the trainee's name) is asked:
    # start-up, the prompt on screen at once
    from dealer_trainer.training.quiz import Quiz, select

    bank = entries(args)
    chosen = select(bank, _selection(args, picks.prompter, bank), random.Random(args.seed))
    if not chosen:
        raise UsageError("no scenario matches these settings; widen the topics or the level")
    with store_for(args) as store:
        return ask_all(args, picks, Quiz(trainee, chosen, seed=args.seed, store=store))


def ask_all(args: argparse.Namespace, picks: Picks, quiz: Quiz) -> int:
    """Ask the questions of ``quiz`` (a quiz or a review), then sum up; exit 0, or 130 after
    Ctrl-C."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import Painter, print_json

    screen = _Screen(Painter(), quiet=args.json)
    try:
        code = _ask(quiz, screen, picks)
    finally:
        summary = quiz.finish()
    if args.json:
        print_json(summary.to_dict())
    else:
        screen.summary(summary)
    return code


@on_ctrl_c(say="interrupted; every answer given is saved")
def _ask(quiz: Quiz, screen: _Screen, picks: Picks) -> int:
    warned = 0
    for number, item in enumerate(quiz.items(), 1):
        for problem in quiz.skipped[warned:]:  # a scenario the engine could not prove
            print(f"dealer-trainer: not asked: {problem}", file=sys.stderr)
        warned = len(quiz.skipped)
        screen.question(item, number, quiz.planned, numbered=picks.prompter is None)
        shown = time.monotonic()
        choices = [(option.value, option.label) for option in item.options]
        if item.ordered:
            given = picks.order(choices)
        elif item.typed:
            typed = picks.number(f"Your answer (a number of {item.unit}):", item.unit)
            given = None if typed is None else [typed]
        else:
            one = picks.one("Your answer:", choices)
            given = None if one is None else [one]
        if given is None:  # the answers ran out: stop here, with what was answered
            return 0
        if picks.line is not None:
            screen.say(f"> {picks.line}")
        screen.feedback(quiz.answer(item, given, time.monotonic() - shown))
    for problem in quiz.skipped[warned:]:
        print(f"dealer-trainer: not asked: {problem}", file=sys.stderr)
    return 0
