"""``dealer-trainer review``: the questions due for a trainee, asked as the quiz asks them.

Which items are due is the progress store's spaced-repetition schedule
(:mod:`dealer_trainer.training.review`); the items last missed come first. The trainee's weak
drill skills come first as **drills due**, each with the command that starts its drill
(:func:`dealer_trainer.training.skills.trainee_drills_due`): they are the per-skill figures
alone, never an item nor a review card.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from dealer_trainer.cli.quiz import add_common

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from dealer_trainer.cli.prompts import Prompter
    from dealer_trainer.training.skills import DrillDue

__all__ = ["configure", "run"]


def configure(review: argparse.ArgumentParser) -> None:
    """``review`` and its options."""
    review.description = (
        "Ask again the scenarios your spaced-repetition schedule says are due, the ones "
        "you missed first. Answers are saved as they are given and reschedule each item."
    )
    review.add_argument(
        "--length", help="at most this many questions (a number, or 'all'; default all due)"
    )
    add_common(review)


def run(args: argparse.Namespace, prompter: Prompter | None = None) -> int:
    """``dealer-trainer review``: the due items, missed ones first."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.quiz import NO_TERMINAL, ask_all, entries
    from dealer_trainer.cli.session import setup, store_for

    picks, trainee = setup(args, prompter, NO_TERMINAL)
    # the engine and the scenarios load after the first prompt (the trainee's name): start-up
    from dealer_trainer.training.quiz import Quiz, parse_length
    from dealer_trainer.training.review import due_entries
    from dealer_trainer.training.skills import trainee_drills_due

    with store_for(args) as store:
        bank, limit = entries(args), parse_length(args.length, None)
        due = store.due(trainee)
        drills = trainee_drills_due(store, trainee)
        chosen = due_entries(due, bank)[:limit]
        if not chosen:
            return _nothing_due(trainee, len(due), store.next_due(trainee), args.json, drills)
        if not args.json:
            _tell_drills_due(drills)
        review = Quiz(trainee, chosen, mode="review", seed=args.seed, store=store)
        return ask_all(args, picks, review)


def _tell_drills_due(drills: Sequence[DrillDue]) -> None:
    """The drills due (the weak skills), each with the command that starts it."""
    if not drills:
        return
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import echo

    echo("Drills due (weak skills, below 90% right over 3 answers or more):")
    for drill in drills:
        echo(f"  Drill due: {drill.words}; start it: {drill.command}")
    echo("")


def _nothing_due(
    trainee: str,
    others: int,
    next_due: datetime | None,
    as_json: bool,
    drills: Sequence[DrillDue] = (),
) -> int:
    """Say that no bank question is due (and when the next item is), and the drills due;
    exit 0."""
    # start-up: the command imports only what it runs, when it runs
    from datetime import UTC, datetime

    if as_json:
        found = {"trainee": trainee, "mode": "review", "asked": 0, "due": 0}
        print(json.dumps({**found, "drills_due": [drill.to_dict() for drill in drills]}))
        return 0
    _tell_drills_due(drills)
    message = f"Nothing is due for review for {trainee}"
    if others:  # due, but not a bank question (a drill item, or a scenario since removed)
        message += f" among the bank's questions ({others} other item(s) due)"
    if next_due is not None and next_due > datetime.now(UTC):
        wait = next_due - datetime.now(UTC)
        hours, seconds = divmod(int(wait.total_seconds()), 3600)
        when = f"{hours} h {seconds // 60} min" if hours else f"{max(seconds // 60, 1)} min"
        message += f"; the next item is due in {when}"
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import echo

    echo(message + ". Take a quiz meanwhile: dealer-trainer quiz")
    return 0
