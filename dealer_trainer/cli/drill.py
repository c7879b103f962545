"""``dealer-trainer drill``: endless practice as the dealer, on hands the engine deals itself.

Each point draws the table, says what happened since the last one (the players' moves, a
dealer error the drill made), and offers the dealer's possible moves; the engine judges the
pick. In a terminal the moves are a questionary list and Ctrl-C ends the drill; for scripts
and tests, ``--answers FILE`` (``-``: standard input) gives the picks one per line, as the
number of the option in the order printed, and the end of the file ends the drill. Either
way the drill ends with a summary (``--json``: one JSON object), exit 0.

Only the standard library and :mod:`dealer_trainer.errors` are imported at the top: the
engine, the drill and the prompts are imported when the command runs.
"""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, Any

from dealer_trainer.cli import on_ctrl_c
from dealer_trainer.errors import UsageError

if TYPE_CHECKING:
    from dealer_trainer.cli.picks import Picks
    from dealer_trainer.cli.prompts import Prompter
    from dealer_trainer.cli.render import Painter
    from dealer_trainer.training.drill.session import Drill, Judgement, Point, Summary

__all__ = ["configure", "run"]

NO_TERMINAL = (
    "the drill asks its questions in a terminal, and there is none here. Without one, give "
    "the picks with --answers FILE (or --answers - for standard input): one option number per "
    "line, counting from 1 in the order the options are printed"
)
PROMPT = "Your move:"


def echo(*texts: str) -> None:
    """:func:`dealer_trainer.cli.render.echo`, imported when first used."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import echo as wrapped

    wrapped(*texts)


def configure(parser: argparse.ArgumentParser) -> None:
    """``drill`` and its options."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.session import add_trainee_options
    from dealer_trainer.rules.rulesets import builtin_names

    parser.description = (
        "Endless practice as the dealer. The engine deals hand after hand at a table it "
        "chooses and plays the players; at each point you pick the dealer's next move among "
        "the right ones and tempting wrong ones, and the engine judges it. Now and then the "
        "drill makes a dealer error itself (--rate) and you pick the recovery, step by step. "
        "Ctrl-C (or the end of --answers) ends it with a summary. 'drill money' and 'drill "
        "hands' drill the chips and the showdown instead: see their --help."
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=0.25,
        metavar="R",
        help=(
            "how often the drill makes a dealer error where one can happen (the deal, the flop, "
            "the turn, the river), from 0 (never) to 1 (every time); default 0.25"
        ),
    )
    parser.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="deal the same drill again: the same seed and the same picks give the same hands",
    )
    parser.add_argument(
        "--ruleset",
        default="roberts",
        metavar="NAME",
        help=f"the rulebook that judges the recoveries: {builtin_names()} or a house ruleset "
        "file (YAML); default: roberts",
    )
    parser.add_argument(
        "--points",
        type=int,
        metavar="N",
        help="stop after N points (default: go on until Ctrl-C or the end of --answers)",
    )
    parser.add_argument(
        "--answers",
        metavar="FILE",
        help=(
            "read the picks from FILE ('-': standard input), one option number per line, "
            "counting from 1 in the order printed; for scripts and tests, no terminal needed"
        ),
    )
    add_trainee_options(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help="print only the summary, as one JSON object (with --answers)",
    )
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli import drill_reckoning

    modes = parser.add_subparsers(dest="drill_mode", metavar="DRILL")
    drill_reckoning.configure(modes)


def run(args: argparse.Namespace, prompter: Prompter | None = None) -> int:
    """Run a drill; return the exit code (0 when it ends by Ctrl-C, --points or end of input)."""
    if getattr(args, "drill_mode", None) is not None:  # drill money, drill hands
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.cli import drill_reckoning

        return drill_reckoning.run(args)
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import Painter, print_json
    from dealer_trainer.cli.session import setup, store_for
    from dealer_trainer.rules.rulesets import builtin_names, resolve
    from dealer_trainer.training.drill.session import Drill

    if not 0.0 <= args.rate <= 1.0:
        raise UsageError(f"--rate must be from 0 to 1, not {args.rate:g}")
    if args.points is not None and args.points < 1:
        raise UsageError(f"--points must be at least 1, not {args.points}")
    try:
        ruleset = resolve(args.ruleset)
    except KeyError:
        known = f"the drill knows {builtin_names(' and ')}, or a house ruleset file (YAML)"
        raise UsageError(f"--ruleset {args.ruleset!r}: {known}") from None
    if args.json and args.answers is None:
        raise UsageError("--json needs --answers: the JSON summary is for scripts")
    picks, trainee = setup(args, prompter, NO_TERMINAL)
    paint = Painter()
    with (
        store_for(args) as store,
        Drill(args.seed, args.rate, ruleset, store=store, trainee=trainee) as drill,
    ):
        if not args.json:
            _opening(drill, paint, interactive=args.answers is None)
        log: list[dict[str, Any]] = []
        _practise(args, drill, picks, paint, log)
        summary = drill.summary()
    if args.json:
        print_json({**summary.to_dict(), "trainee": trainee, "picks": log})
    else:
        _show_summary(summary, paint, args.ruleset)
    return 0


@on_ctrl_c(exit_code=0, say=None)  # Ctrl-C is the drill's normal end: the summary follows
def _practise(
    args: argparse.Namespace,
    drill: Drill,
    picks: Picks,
    paint: Painter,
    log: list[dict[str, Any]],
) -> int:
    """Point after point until --points, the end of the answers or Ctrl-C."""
    quiet = args.json
    while args.points is None or drill.summary().points < args.points:
        point = drill.point()
        if not quiet:
            _show_point(point, drill, paint, numbered=args.answers is not None)
        started = time.monotonic()
        value = picks.one(
            PROMPT, [(str(i), option.label) for i, option in enumerate(point.options)]
        )
        if value is None:
            break
        index = int(value)
        option = point.options[index]
        if args.answers is not None and not quiet:
            echo(f"> {index + 1}. {option.label}")
        judgement = drill.choose(option, time.monotonic() - started)
        log.append(_logged(point, judgement))
        if not quiet:
            _show_judgement(judgement, paint)
    return 0


# --- what the trainee sees ------------------------------------------------------------------------


def _opening(drill: Drill, paint: Painter, *, interactive: bool) -> None:
    ends = "Ctrl-C ends it" if interactive else "the end of the answers ends it"
    echo(
        paint("Dealer drill", "bold")
        + f": {drill.ruleset.name} rules, error rate {drill.rate:g}, seed {drill.seed} "
        f"(--seed {drill.seed} deals it again). You are the dealer; {ends}."
    )


def _show_point(point: Point, drill: Drill, paint: Painter, *, numbered: bool) -> None:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.table_view import draw_table
    from dealer_trainer.training.drill.session import situation_title
    from dealer_trainer.view import hand_facts

    echo()
    echo(paint(f"point {point.number} · hand {point.hand_number}", "bold"))
    for line in point.lines:
        echo(f"  · {line}")
    echo(*draw_table(hand_facts(point.hand, point.exposed), paint))
    if point.situation is not None:
        echo(paint(f"Recovery under way: {situation_title(point.situation)}", "yellow"))
    if numbered:
        echo(PROMPT)
        for i, option in enumerate(point.options, 1):
            echo(f"  {i}. {option.label}")


def _show_judgement(judgement: Judgement, paint: Painter) -> None:
    if judgement.correct:
        echo(paint("Right.", "green"))
        return
    echo(paint("Wrong:", "red") + f" {judgement.said}")
    if judgement.rule is not None:
        title = f": {judgement.rule_title}" if judgement.rule_title else ""
        echo(f"  rule {judgement.rule}{title}")
    echo(f"  the right move: {judgement.right.label}")


def _show_summary(summary: Summary, paint: Painter, ruleset: str) -> None:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.render import plural
    from dealer_trainer.training.drill.session import situation_title

    echo()
    percent = f"{summary.accuracy:.0%}" if summary.points else "-"
    echo(
        paint("Drill over", "bold") + f": {plural(summary.points, 'point')}, "
        f"{summary.right} right ({percent}), {plural(summary.hands, 'hand')} dealt."
    )
    if summary.errors:
        echo("Dealer errors met:")
        for name, count in summary.errors.items():
            echo(f"  {count}x {situation_title(name)} ({name})")
    if summary.misses:
        echo("Misses:")
        for miss in summary.misses:
            rule = f" ({miss.rule})" if miss.rule else ""
            echo(
                f"  point {miss.point}, {miss.item}: you picked {miss.given!r}; "
                f"right: {miss.expected!r}{rule}"
            )
    echo(f"The same drill again: --seed {summary.seed} --ruleset {ruleset}")


def _logged(point: Point, judgement: Judgement) -> dict[str, Any]:
    return {
        "point": point.number,
        "hand": point.hand_number,
        "item": judgement.item,
        "topic": judgement.topic,
        "options": [option.label for option in point.options],
        "given": judgement.given.label,
        "expected": judgement.right.label,
        "correct": judgement.correct,
        "reason": judgement.reason,
        "said": judgement.said,
        "rule": judgement.rule,
    }
