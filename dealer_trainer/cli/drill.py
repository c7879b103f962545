"""``dealer-trainer drill``: endless practice as the dealer, on hands the engine deals itself.

Each point draws the table, says what happened since the last one (the players' moves, a
dealer error the drill made), and offers the dealer's possible moves; the engine judges the
pick. In a terminal the moves are a questionary list and Ctrl-C ends the drill; for scripts
and tests, ``--answers FILE`` (``-``: standard input) gives the picks one per line, as the
number of the option in the order printed, and the end of the file ends the drill. Either
way the drill ends with a summary (``--json``: one JSON object), exit 0.

``--mode`` picks how the drill treats its own dealer errors
(:mod:`dealer_trainer.training.drill.modes`): told (learn, the default; guided adds the rule to
look at) or untold (practice, table-ready), where every point offers "Floor! Something is
wrong" (in --answers: its number, or ``floor``).

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
        "--mode",
        default="learn",
        choices=("learn", "guided", "practice", "table-ready"),
        help=(
            "learn (default): the drill tells each dealer error it makes; guided: and names the "
            "rule to look at during a recovery; practice: about 12%% of hands hold an untold "
            "error, call the floor when you see it; table-ready: about 25%%, every decision timed"
        ),
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=None,
        metavar="R",
        help=(
            "how often the drill makes a dealer error, from 0 (never) to 1: in learn and guided "
            "the chance at each moment where one can happen (the deal, the flop, the turn, the "
            "river; default 0.25), in practice and table-ready the share of hands (default 0.12 "
            "and 0.25); overrides the mode's rate"
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

    if args.rate is not None and not 0.0 <= args.rate <= 1.0:
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
        Drill(args.seed, args.rate, ruleset, store=store, trainee=trainee, mode=args.mode) as drill,
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
        value = _pick(picks, point)
        if value is None:
            break
        index = int(value)
        option = point.options[index]
        if args.answers is not None and not quiet:
            echo(f"> {index + 1}. {option.label}")
        judgement = drill.choose(option, time.monotonic() - started)
        log.append(_logged(point, judgement))
        if not quiet:
            _show_judgement(judgement, paint, timed=drill.spec.timed)
    return 0


def _pick(picks: Picks, point: Point) -> str | None:
    """The option picked (its index as text); None when the answers have run out. Where the
    floor is offered, the key ``f`` picks it in the list, and in an answers file the line
    ``floor`` (or ``f``)."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.training.drill.modes import FLOOR

    choices = [(str(i), option.label) for i, option in enumerate(point.options)]
    floor = next((i for i, o in enumerate(point.options) if o.event == FLOOR), None)
    if floor is None:
        return picks.one(PROMPT, choices)
    if picks.lines is None:
        return picks.one(PROMPT, choices, keys={"f": (str(floor), "floor")})
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.answers import option_numbers

    line = picks.lines.next()
    if line is None:
        return None
    if line.lower() in ("floor", "f"):
        return str(floor)
    where = picks.lines.where
    numbers = option_numbers(line, len(choices), where)
    if len(numbers) != 1:
        raise UsageError(f"{where}: {line!r}: give one option number (1 to {len(choices)})")
    return str(numbers[0] - 1)


# --- what the trainee sees ------------------------------------------------------------------------


def _opening(drill: Drill, paint: Painter, *, interactive: bool) -> None:
    ends = "Ctrl-C ends it" if interactive else "the end of the answers ends it"
    spec = drill.spec
    per = " of hands" if spec.per_hand else ""
    mode = "" if spec.mode == "learn" else f"{spec.mode} mode, "
    echo(
        paint("Dealer drill", "bold")
        + f": {mode}{drill.ruleset.name} rules, error rate {drill.rate:g}{per}, seed "
        f"{drill.seed} (--seed {drill.seed} deals it again). You are the dealer; {ends}."
    )
    if mode:
        echo(f"{spec.mode.capitalize()}: {spec.says}.")


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
    if point.hint is not None:
        echo(paint(f"Hint: {point.hint}", "cyan"))
    if numbered:
        echo(PROMPT)
        for i, option in enumerate(point.options, 1):
            echo(f"  {i}. {option.label}")


def _show_judgement(judgement: Judgement, paint: Painter, *, timed: bool = False) -> None:
    if timed and judgement.seconds is not None:
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.training.drill.pace import TARGETS

        target = TARGETS[judgement.kind]
        echo(f"  {judgement.seconds:.1f} s: {judgement.speed} (target {target:g} s)")
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
    if summary.mode in ("practice", "table-ready"):
        echo(
            f"Untold errors: {summary.spotted} spotted, {len(summary.missed_errors)} gone on "
            f"past; {plural(len(summary.false_alarms), 'false alarm')}."
        )
        for missed in summary.missed_errors:
            echo(f"  point {missed.point}: {missed.title} ({missed.rule})")
    if summary.skills:
        echo("Skills:")
        for skill, found in summary.skills.items():
            weak = " (weak)" if found.weak else ""
            echo(f"  {skill}: {found.right}/{found.attempts} ({found.accuracy:.0%}){weak}")
    timed = {k: n for k, n in summary.speeds.items() if k != "untimed" and n}
    if timed:  # every mode: each decision against its target (fast <= 60%, slow > 150%)
        echo(
            "Speed: "
            + ", ".join(f"{n} {k}" for k, n in timed.items())
            + " (against each decision's target: fast at 60% of it or less, slow above 150%)."
        )
    again = "" if summary.mode == "learn" else f" --mode {summary.mode}"
    echo(f"The same drill again: --seed {summary.seed} --ruleset {ruleset}{again}")


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
        "kind": str(judgement.kind),
        "skill": judgement.skill,
        "seconds": judgement.seconds,
        "speed": str(judgement.speed),
        "false_alarm": judgement.false_alarm,
        "missed_error": judgement.missed_error,
    }
