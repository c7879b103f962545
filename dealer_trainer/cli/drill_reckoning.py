"""``dealer-trainer drill money`` and ``drill hands``: typed answers, each timed.

``money`` asks the chips a dealer counts (to call, the minimum raise, the pots, the rake ...),
``hands`` who wins a showdown; the answers are the engine's (:mod:`dealer_trainer.training.
drill.reckoning`). In a terminal each answer is typed at a prompt that asks again after a
non-number or a negative one; ``--answers FILE`` (``-``: standard input) gives one answer a
line, and a line that is no answer stops with an error naming the file and line (exit 2).
Ctrl-C, ``--items N`` or the end of the answers ends the drill with a summary (``--json``).
``--print N`` prints N items with their answers without asking them (``--json``: a list).

Who is training (``--trainee``, else asked in a terminal, else the name remembered) has each
answer kept in the progress store (``--db``) as it is judged, per skill and kind, never as an
item. With no name at all (answers from a file, no ``--trainee``, none remembered) and no
``--db`` the drill runs as it always did and keeps nothing, and says so; ``--print`` keeps
nothing.

:func:`configure` adds the two subcommands to ``drill``'s parser; :func:`run` runs one.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import TYPE_CHECKING, Any

from dealer_trainer.cli import on_ctrl_c
from dealer_trainer.errors import UsageError

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from dealer_trainer.cli.picks import Picks
    from dealer_trainer.cli.render import Painter
    from dealer_trainer.store import Store
    from dealer_trainer.training.drill.reckoning import Answered, Reckoning

__all__ = ["configure", "run"]

NO_TERMINAL = (
    "the drill asks its questions in a terminal, and there is none here. Without one, give "
    "the answers with --answers FILE (or --answers - for standard input): one answer a line"
)
_HELP = {
    "money": "money math: to call, the minimum raise, pot-limit, side pots, the odd chip, rake",
    "hands": "read the hands: name the winner or winners of a showdown",
}
_PROMPT = {
    "money": "Your answer (a number; for pots, each pot from the main pot out):",
    "hands": "The winning seat or seats:",
}


def configure(sub: Any) -> None:
    """Add ``money`` and ``hands`` to ``drill``'s subcommands (``sub``: its subparsers)."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.session import add_trainee_options
    from dealer_trainer.rules.rulesets import builtin_names

    for name, summary in _HELP.items():
        parser = sub.add_parser(name, help=summary, description=summary)
        parser.add_argument("--seed", type=int, metavar="N", help="deal the same items again")
        if name == "money":
            parser.add_argument(
                "--ruleset",
                default="roberts",
                metavar="NAME",
                help=f"{builtin_names()} or a house ruleset file (YAML), whose rake the rake "
                "items use; default: roberts",
            )
        parser.add_argument("--items", type=int, metavar="N", help="stop after N items")
        parser.add_argument(
            "--answers",
            metavar="FILE",
            help="read the answers from FILE ('-': standard input), one a line",
        )
        parser.add_argument(
            "--print",
            type=int,
            metavar="N",
            dest="print_items",
            help="print N items with their answers without asking them (nothing is kept)",
        )
        add_trainee_options(parser, subcommand=True)
        parser.add_argument(
            "--json",
            action="store_true",
            help="with --answers, print only the summary as one JSON object; with --print, "
            "the items as a JSON list",
        )


def run(args: argparse.Namespace) -> int:
    """Run ``drill money`` or ``drill hands``; return the exit code."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.picks import Picks
    from dealer_trainer.cli.render import Painter, print_json
    from dealer_trainer.training.drill.reckoning import Reckoning

    drill = args.drill_mode
    for option in ("items", "print_items"):
        value = getattr(args, option)
        if value is not None and value < 1:
            flag = "--" + option.replace("print_items", "print")
            raise UsageError(f"{flag} must be at least 1, not {value}")
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    ruleset = _ruleset(args) if drill == "money" else None
    if args.print_items is not None:
        return _print(drill, args.print_items, seed, ruleset, as_json=args.json)
    if args.json and args.answers is None:
        raise UsageError("--json needs --answers or --print: the JSON output is for scripts")
    picks = Picks(args.answers, None, NO_TERMINAL)
    trainee = _trainee(args, picks)
    paint = Painter()
    with _store(args, trainee) as store:
        reckoning = Reckoning(drill, seed, ruleset, store=store, trainee=trainee or "")
        if not args.json:
            ends = "Ctrl-C ends it" if args.answers is None else "the end of the answers ends it"
            kept = (
                f"kept per skill for {trainee}"
                if trainee
                else "not kept (--trainee NAME keeps them)"
            )
            _echo(
                paint(f"{drill.capitalize()} drill", "bold")
                + f": seed {seed}; your answers are {kept}; {ends}."
            )
        _ask(args, reckoning, picks, paint)
    summary = {**reckoning.summary(), "trainee": trainee}
    if args.json:
        print_json(summary)
    else:
        _show_summary(summary, paint)
    return 0


def _trainee(args: argparse.Namespace, picks: Picks) -> str | None:
    """Who is training: given, asked in a terminal, or remembered; None (nothing kept) when
    there is no name at all and no ``--db`` asks for the answers to be kept."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.session import remembered_trainee, trainee_for

    wanted = args.trainee is not None or args.db is not None or picks.prompter is not None
    if not wanted and remembered_trainee() is None:
        return None
    return trainee_for(args, picks.prompter)


def _store(args: argparse.Namespace, trainee: str | None) -> AbstractContextManager[Store | None]:
    """The progress store the answers go to (``--db``, else the default one); none without a
    trainee."""
    # start-up: the command imports only what it runs, when it runs
    from contextlib import nullcontext

    from dealer_trainer.cli.session import store_for

    return nullcontext() if trainee is None else store_for(args)


def _ruleset(args: argparse.Namespace) -> Any:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.rules.rulesets import builtin_names, resolve

    try:
        return resolve(args.ruleset)
    except KeyError:
        known = f"the drill knows {builtin_names(' and ')}, or a house ruleset file (YAML)"
        raise UsageError(f"--ruleset {args.ruleset!r}: {known}") from None


def _print(drill: str, count: int, seed: int, ruleset: Any, *, as_json: bool) -> int:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import print_json
    from dealer_trainer.training.drill.hands import hands_items
    from dealer_trainer.training.drill.money import money_items

    items = money_items(count, seed, ruleset) if drill == "money" else hands_items(count, seed)
    dicts = [item.to_dict() for item in items]
    if as_json:
        print_json(dicts)
        return 0
    for number, item in enumerate(dicts, 1):
        _echo(f"{number}. [{item['kind']}] {item['question']}")
        _echo(f"   answer: {_answer_words(item['answer'])}")
    return 0


def _answer_words(answer: Any) -> str:
    if isinstance(answer, dict):
        return "seats " + ", ".join(map(str, answer["winners"]))
    if isinstance(answer, list):
        return "; ".join(
            f"{pot['amount']} (seats {', '.join(map(str, pot['eligible']))})" for pot in answer
        )
    return str(answer)


@on_ctrl_c(exit_code=0, say=None)  # Ctrl-C is the drill's normal end: the summary follows
def _ask(args: argparse.Namespace, reckoning: Reckoning, picks: Picks, paint: Painter) -> int:
    """Item after item until --items, the end of the answers or Ctrl-C."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.training.drill.reckoning import answer_problem

    drill = reckoning.drill
    while args.items is None or len(reckoning.answers) < args.items:
        item = reckoning.item()
        if not args.json:
            _echo()
            _echo(paint(f"item {len(reckoning.answers) + 1} · {item.kind}", "bold"))
            _echo(item.question)
        started = time.monotonic()
        if picks.lines is not None:
            text = picks.lines.next()
            if text is None:
                break
            problem = answer_problem(text, drill)
            if problem is not None:
                raise UsageError(f"{picks.lines.where}: {problem}")
            if not args.json:
                _echo(f"{_PROMPT[drill]} {text}")
        else:
            assert picks.prompter is not None
            text = picks.prompter.text(
                _PROMPT[drill], "", lambda typed: answer_problem(typed, drill)
            )
        answered = reckoning.answer(item, text, time.monotonic() - started)
        if not args.json:
            _show_answer(answered, paint)
    return 0


def _show_answer(answered: Answered, paint: Painter) -> None:
    took = f" ({answered.seconds:.1f} s)"
    if answered.correct:
        _echo(paint("Right.", "green") + took)
        return
    right = " ".join(map(str, answered.expected))
    _echo(paint("Wrong:", "red") + f" the answer is {right}{took}")
    _echo(f"  rule {answered.rule}")


def _show_summary(summary: dict[str, Any], paint: Painter) -> None:
    _echo()
    count = summary["items"]
    percent = f"{summary['accuracy']:.0%}" if count else "-"
    mean = f", {summary['mean_seconds']:.1f} s an answer" if count else ""
    _echo(
        paint("Drill over", "bold") + f": {count} item{'s' * (count != 1)}, "
        f"{summary['right']} right ({percent}){mean}."
    )
    for kind, figures in summary["kinds"].items():
        _echo(f"  {kind}: {figures['right']} of {figures['asked']}")
    _echo(f"The same items again: --seed {summary['seed']}")


def _echo(*texts: str) -> None:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import echo

    echo(*texts)
