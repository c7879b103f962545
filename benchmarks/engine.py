"""Hands per second: ``dealer_trainer`` against PokerKit, and against the floor, on two workloads.

Both workloads: 6 players, blinds 1/2, stacks 200, a fresh shuffle every hand, everyone checks
or calls to the showdown (the big blind checks its option), every hand shown down.

* ``normal``: one hand-script mapping per hand (``seed: i``; shuffle, cut, post_blinds, deal,
  the preflop calls, burn, flop, checks, burn, turn, checks, burn, river, checks, a show for each
  seat), already parsed (no YAML text), passed to :func:`dealer_trainer.replay`. The mappings
  are built before the clock starts; checking them is part of ``replay`` and is timed.
* ``errors``: the same hands, but every third one holds a dealer error and its recovery (roberts
  rules), the eight errors of :data:`ERRORS` in turn; for half of the error hands the script
  spells the recovery steps out, for the other half the engine performs them
  (``auto_recover=True``). Every script is checked into a ``HandScript``
  (:func:`dealer_trainer.handscript.parse_script`) before the clock starts: only
  :func:`dealer_trainer.engine.play` and :func:`~dealer_trainer.engine.snapshot` are timed.
  The checking is timed on its own as well, to give the rate with it (comparable to ``normal``).
* the floor: the same 6-player hand copied, shuffled, cut and dealt with plain lists (a fresh
  deck each hand, two hole cards each, three burns and five board cards) and no judging at all:
  the least any dealing engine does. Each workload's rate is set against it as well.
* PokerKit: ``NoLimitTexasHoldem.create_state`` with every automation but the players'
  decisions (PokerKit shuffles its own deck per state), then ``check_or_call()`` until the hand
  is over. PokerKit knows no dealer errors: both workloads are set against this one PokerKit
  measurement.

Ours and PokerKit alternate in rounds of ``--hands`` hands each (after a short warm-up), and
each rate is the median over the rounds, so drift in the machine's speed hits both alike. The
goals, on each workload: ours at 25 times PokerKit's rate or more, and at 1/30 of the floor's.

    python benchmarks/engine.py                    # both workloads, 5 rounds of 300 hands each
    python benchmarks/engine.py --workload errors --hands 300 --rounds 3 --json
    python benchmarks/engine.py --profile --workload errors   # ours under cProfile
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from importlib.metadata import version
from typing import Any

from pokerkit import Automation, NoLimitTexasHoldem

from dealer_trainer import replay
from dealer_trainer.cards import STANDARD_DECK, Card, cut, shuffle
from dealer_trainer.engine import play, snapshot
from dealer_trainer.handscript import HandScript, parse_script

PLAYERS = 6
BUTTON = 1
BLINDS = (1, 2)
STACK = 200
GOAL = 25.0  # ours / PokerKit
FLOOR_GOAL = 30.0  # the floor / ours, at most
WORKLOADS = ("normal", "errors")
ERROR_EVERY = 3  # in the errors workload, every third hand holds a dealer error

POKERKIT_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


@dataclass(frozen=True, slots=True)
class DealerError:
    """One dealer error of the errors workload: what the engine must record for it."""

    name: str
    kinds: tuple[str, ...]  # the irregularity kinds, in order
    misdeals: int = 0


#: the dealer errors of the errors workload, in the order the error hands take them
ERRORS = (
    DealerError("exposed_hole_card", ("exposed_hole_card",)),  # the fourth card: replaced
    DealerError("exposed_first_card", ("exposed_hole_card", "misdeal"), misdeals=1),  # redealt
    DealerError("extra_card", ("extra_card",)),
    DealerError("premature_flop", ("premature_flop",)),
    DealerError("premature_turn", ("premature_turn",)),
    DealerError("premature_river", ("premature_river",)),
    DealerError("four_card_flop", ("flop_too_many_cards",)),
    DealerError("boxed_card", ("boxed_card",)),
)


@dataclass(frozen=True, slots=True)
class _Step:
    """A recovery step: written in the script, or left to ``auto_recover``."""

    name: str


def _act(seat: int, action: str) -> dict[str, Any]:
    return {"act": {"seat": seat, "action": action}}


def _events(error: str | None) -> list[Any]:
    """The events of a check-or-call hand, with ``error`` and its recovery (roberts) in it."""
    seats = list(range(1, PLAYERS + 1))
    order = [*seats[BUTTON:], *seats[:BUTTON]]  # clockwise from the left of the button
    small, big = order[0], order[1]
    checks = [_act(seat, "check") for seat in order]
    deal: list[Any] = ["deal"]
    preflop = [*(_act(seat, "call") for seat in [*order[2:], small]), _act(big, "check")]
    flop: list[Any] = ["burn", "flop", *checks]
    turn: list[Any] = ["burn", "turn", *checks]
    river: list[Any] = ["burn", "river", *checks]
    if error == "exposed_hole_card":  # the fourth card off: the deal goes on, then replace
        deal = ["pitch", "pitch", "pitch", {"pitch": {"exposed": True}}, "deal", _Step("replace")]
        flop = ["flop", *checks]  # the exposed card is the flop's burn
    elif error == "exposed_first_card":  # misdeal, redeal
        redeal = [_Step("retrieve"), _Step("reshuffle"), _Step("cut")]
        deal = [{"pitch": {"exposed": True}}, *redeal, "deal"]
    elif error == "extra_card":  # back on top of the stub: the flop's burn takes it
        deal = ["deal", "pitch", _Step("retrieve")]
    elif error == "premature_flop":  # the big blind's option unused
        preflop = preflop[:-1]
        flop = [
            *("burn", "flop", _Step("retrieve"), _act(big, "check")),
            *(_Step("reshuffle"), _Step("cut"), "flop", *checks),  # no burn
        ]
    elif error == "premature_turn":  # two checks into the flop betting
        flop = ["burn", "flop", *checks[:2]]
        turn = [
            *("burn", "turn", _Step("set_aside"), *checks[2:]),
            *("burn", "turn", *checks, _Step("reshuffle"), _Step("cut")),
        ]
        river = ["river", *checks]  # no burn
    elif error == "premature_river":  # one check into the turn betting
        turn = ["burn", "turn", checks[0], "burn", "river", _Step("set_aside"), *checks[1:]]
        river = [_Step("reshuffle"), _Step("cut"), "river", *checks]  # no burn
    elif error == "four_card_flop":
        flop = [
            *("burn", {"flop": {"cards": 4}}, _Step("retrieve"), _Step("reshuffle")),
            *(_Step("cut"), "flop", *checks),  # no burn
        ]
    elif error == "boxed_card":  # the third card off is face up in the deck
        deal = ["pitch", "pitch", {"pitch": {"boxed": True}}, _Step("replace"), "deal"]
    elif error is not None:
        raise ValueError(f"unknown dealer error: {error}")
    showdown = [{"show": {"seat": seat}} for seat in order]
    return ["shuffle", "cut", "post_blinds", *deal, *preflop, *flop, *turn, *river, *showdown]


def script(seed: int, error: str | None = None, *, auto: bool = False) -> dict[str, Any]:
    """The hand-script mapping of hand ``seed``: everyone checks or calls to the showdown.

    ``error`` puts that dealer error (a name in :data:`ERRORS`) and its recovery in the hand;
    with ``auto`` the script leaves the recovery steps out, for ``auto_recover`` to perform.
    """
    events: list[Any] = []
    for event in _events(error):
        if isinstance(event, _Step):
            if not auto:
                events.append(event.name)
        else:
            events.append(event)
    return {
        "table": {"seats": PLAYERS, "button": BUTTON, "blinds": list(BLINDS), "stacks": STACK},
        "seed": seed,
        "events": events,
    }


@dataclass(frozen=True, slots=True)
class ErrorHand:
    """One hand of the errors workload: its mapping, checked script and how it is replayed."""

    mapping: dict[str, Any]
    script: HandScript
    error: DealerError | None
    auto: bool


def error_hands(hands: int) -> list[ErrorHand]:
    """The errors workload: every :data:`ERROR_EVERY`-th hand holds the next dealer error.

    The error hands take :data:`ERRORS` in turn; one round of them spells the recovery out,
    the next leaves it to ``auto_recover``, and so on.
    """
    result: list[ErrorHand] = []
    for seed in range(hands):
        error: DealerError | None = None
        auto = False
        if seed % ERROR_EVERY == ERROR_EVERY - 1:
            number = seed // ERROR_EVERY
            error = ERRORS[number % len(ERRORS)]
            auto = (number // len(ERRORS)) % 2 == 1
        mapping = script(seed, error.name if error else None, auto=auto)
        result.append(ErrorHand(mapping, parse_script(mapping), error, auto))
    return result


def verify(workload: list[ErrorHand]) -> None:
    """Prove (untimed, auditing cards and chips after every event) each hand runs as meant."""
    for item in workload:
        hand = play(item.script, auto_recover=item.auto, check=True)
        kinds = tuple(irregularity.kind for irregularity in hand.irregularities)
        expected = item.error.kinds if item.error else ()
        misdeals = item.error.misdeals if item.error else 0
        if not hand.hand_over or hand.rejected or kinds != expected or hand.misdeals != misdeals:
            raise RuntimeError(
                f"hand {item.mapping['seed']} ({item.error.name if item.error else 'normal'}, "
                f"auto_recover={item.auto}): state {hand.state}, irregularities {kinds} "
                f"(expected {expected}), misdeals {hand.misdeals}, rejected {hand.rejected}"
            )


def run_ours(scripts: list[dict[str, Any]]) -> float:
    """The normal workload: replay every script mapping; return the seconds taken."""
    gc.collect()
    start = time.perf_counter()
    for mapping in scripts:
        result = replay(mapping)
        if not result["hand_over"]:  # cheap: proves every hand ran to the end
            raise RuntimeError(f"hand {mapping['seed']} did not finish: {result['rejected']}")
    return time.perf_counter() - start


def run_errors(workload: list[ErrorHand]) -> float:
    """The errors workload: play and snapshot every checked script; return the seconds taken."""
    gc.collect()
    start = time.perf_counter()
    for item in workload:
        result = snapshot(play(item.script, auto_recover=item.auto))
        if not result["hand_over"]:  # cheap: proves every hand ran to the end
            raise RuntimeError(f"hand {item.mapping['seed']} did not finish: {result['rejected']}")
    return time.perf_counter() - start


def run_parse(workload: list[ErrorHand]) -> float:
    """Check every mapping of the errors workload again; return the seconds taken."""
    gc.collect()
    start = time.perf_counter()
    for item in workload:
        parse_script(dict(item.mapping))  # as load_script does for a mapping
    return time.perf_counter() - start


def run_pokerkit(hands: int) -> float:
    """Play ``hands`` check-or-call hands in PokerKit; return the seconds taken."""
    gc.collect()
    start = time.perf_counter()
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            POKERKIT_AUTOMATIONS,
            True,  # ante trimming
            0,  # no antes
            BLINDS,
            BLINDS[1],  # the minimum bet
            STACK,
            PLAYERS,
        )
        while state.status:
            state.check_or_call()
    return time.perf_counter() - start


def run_floor(hands: int) -> float:
    """Copy, shuffle, cut and deal ``hands`` times the same 6-player hand, judging nothing (the
    floor under any dealing engine); return the seconds taken."""
    seats = list(range(1, PLAYERS + 1))
    order = [*seats[BUTTON:], *seats[:BUTTON]]
    gc.collect()
    start = time.perf_counter()
    for seed in range(hands):
        rng = random.Random(seed)
        deck = list(STANDARD_DECK)
        shuffle(deck, rng)
        deck = cut(deck, rng.randint(4, len(deck) - 4))
        holes: dict[int, list[Card]] = {seat: [] for seat in seats}
        for index in range(2 * PLAYERS):
            holes[order[index % PLAYERS]].append(deck.pop(0))
        burns: list[Card] = []
        board: list[Card] = []
        for count in (3, 1, 1):
            burns.append(deck.pop(0))
            board.extend(deck[:count])
            del deck[:count]
    return time.perf_counter() - start


def _rates(hands: int, seconds: list[float]) -> tuple[float, list[float]]:
    rates = [hands / taken for taken in seconds]
    return statistics.median(rates), [round(rate, 1) for rate in rates]


def measure(hands: int, rounds: int, warmup: int, workloads: tuple[str, ...]) -> dict[str, Any]:
    """Alternate rounds of ours (each workload) and PokerKit; the median rates and the ratios."""
    normal = [script(i) for i in range(hands)] if "normal" in workloads else []
    errors = error_hands(hands) if "errors" in workloads else []
    verify(errors)
    if normal:
        run_ours([script(i) for i in range(warmup)])
    if errors:
        run_errors(error_hands(warmup))
    run_pokerkit(warmup)
    run_floor(warmup)
    timings: dict[str, list[float]] = {
        "normal": [],
        "errors": [],
        "parse": [],
        "pokerkit": [],
        "floor": [],
    }
    for _ in range(rounds):
        if normal:
            timings["normal"].append(run_ours(normal))
        if errors:
            timings["errors"].append(run_errors(errors))
            timings["parse"].append(run_parse(errors))
        timings["pokerkit"].append(run_pokerkit(hands))
        timings["floor"].append(run_floor(hands))
    theirs_rate, theirs_rounds = _rates(hands, timings["pokerkit"])
    floor_rate, floor_rounds = _rates(hands, timings["floor"])

    def verdict(rate: float) -> dict[str, Any]:
        return {
            "ratio": round(rate / theirs_rate, 2),
            "meets_goal": rate / theirs_rate >= GOAL,
            "floor_ratio": round(floor_rate / rate, 1),
            "meets_floor_goal": floor_rate / rate <= FLOOR_GOAL,
        }

    result: dict[str, Any] = {
        "hands_per_round": hands,
        "rounds": rounds,
        "goal_ratio": GOAL,
        "pokerkit_hands_per_second": round(theirs_rate, 1),
        "pokerkit_rounds": theirs_rounds,
        "floor_goal": FLOOR_GOAL,
        "floor_hands_per_second": round(floor_rate, 1),
        "floor_rounds": floor_rounds,
        "workloads": {},
        "python": platform.python_version(),
        "pokerkit": version("pokerkit"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()}",
    }
    base = (
        f"{PLAYERS} players, blinds {BLINDS[0]}/{BLINDS[1]}, stacks {STACK}, "
        "check or call to the showdown, a fresh shuffle each hand"
    )
    if normal:
        rate, per_round = _rates(hands, timings["normal"])
        result["workloads"]["normal"] = {
            "workload": base,
            "timed": "replay(mapping): checking the script, play, snapshot",
            "ours_hands_per_second": round(rate, 1),
            **verdict(rate),
            "ours_rounds": per_round,
        }
    if errors:
        rate, per_round = _rates(hands, timings["errors"])
        with_parse = statistics.median(
            hands / (play_time + parse_time)
            for play_time, parse_time in zip(timings["errors"], timings["parse"], strict=True)
        )
        mix = Counter(item.error.name for item in errors if item.error)
        result["workloads"]["errors"] = {
            "workload": (
                f"{base}; one hand in {ERROR_EVERY} holds a dealer error and its recovery "
                "(roberts), half spelled out in the script, half by auto_recover"
            ),
            "timed": "play(HandScript) and snapshot; the scripts are checked before the clock",
            "error_hands": sum(mix.values()),
            "auto_recover_hands": sum(1 for item in errors if item.auto),
            "error_mix": {error.name: mix[error.name] for error in ERRORS},
            "ours_hands_per_second": round(rate, 1),
            **verdict(rate),
            "ours_rounds": per_round,
            "parse_microseconds_per_hand": round(
                statistics.median(timings["parse"]) / hands * 1e6, 1
            ),
            "ours_with_parse_hands_per_second": round(with_parse, 1),
            "ratio_with_parse": round(with_parse / theirs_rate, 2),
        }
    return result


def profile(workload: str, hands: int, top: int = 25) -> None:
    """Run ``hands`` hands of ours under cProfile; print the top entries by cumulative time."""
    run: Callable[[], float]
    if workload == "normal":
        scripts = [script(i) for i in range(hands)]
        run_ours(scripts[: min(50, hands)])  # warm the imports and caches first
        run = partial(run_ours, scripts)
    else:
        errors = error_hands(hands)
        run_errors(errors[: min(50, hands)])
        run = partial(run_errors, errors)
    profiler = cProfile.Profile()
    profiler.enable()
    run()
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout).strip_dirs()
    print(f"ours, {workload} workload, {hands} hands under cProfile (profiling slows it down)")
    stats.sort_stats(pstats.SortKey.CUMULATIVE).print_stats(top)
    stats.sort_stats(pstats.SortKey.TIME).print_stats(15)  # where the time itself is spent


def report(result: dict[str, Any]) -> str:
    goal = result["goal_ratio"]
    lines = [
        f"{result['rounds']} rounds of {result['hands_per_round']} hands each (median rates); "
        f"Python {result['python']}, PokerKit {result['pokerkit']}, {result['machine']}",
        f"pokerkit:        {result['pokerkit_hands_per_second']:>8.1f} hands/s  "
        f"{result['pokerkit_rounds']}",
        f"floor:         {result['floor_hands_per_second']:>10.1f} hands/s  "
        f"{result['floor_rounds']}  (copy, shuffle, cut and deal the hand; no judging)",
    ]
    for name, item in result["workloads"].items():
        verdict = "meets" if item["meets_goal"] else "misses"
        lines += ["", f"{name}: {item['workload']}"]
        if name == "errors":
            lines.append(
                f"  error hands: {item['error_hands']} ({item['auto_recover_hands']} by "
                f"auto_recover): {item['error_mix']}"
            )
        lines += [
            f"  timed: {item['timed']}",
            f"  ours:          {item['ours_hands_per_second']:>8.1f} hands/s  "
            f"{item['ours_rounds']}",
            f"  ratio ours/pokerkit: {item['ratio']:.2f} ({verdict} the goal of {goal:.0f}x)",
            f"  the floor is {item['floor_ratio']:.1f}x ours "
            f"({'meets' if item['meets_floor_goal'] else 'misses'} the goal of at most "
            f"{result['floor_goal']:.0f}x)",
        ]
        if name == "errors":
            lines += [
                f"  with the checking timed too ({item['parse_microseconds_per_hand']:.0f} µs a "
                f"hand): {item['ours_with_parse_hands_per_second']:.1f} hands/s, ratio "
                f"{item['ratio_with_parse']:.2f}"
            ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=300, help="hands per round (default 300)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each (default 5)")
    parser.add_argument("--warmup", type=int, default=100, help="warm-up hands (default 100)")
    parser.add_argument(
        "--workload",
        choices=[*WORKLOADS, "all"],
        default="all",
        help="normal, errors, or all (both; the default)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="profile ours instead (each workload chosen): the top 25 by cumulative time, "
        "the top 15 by own time",
    )
    args = parser.parse_args(argv)
    if args.hands < 1 or args.rounds < 1 or args.warmup < 0:
        parser.error("--hands and --rounds must be positive, --warmup not negative")
    workloads = WORKLOADS if args.workload == "all" else (args.workload,)
    if "errors" in workloads and args.hands < ERROR_EVERY:
        parser.error(f"the errors workload needs --hands {ERROR_EVERY} or more")
    if args.profile:
        for workload in workloads:
            profile(workload, args.hands)
        return 0
    result = measure(args.hands, args.rounds, args.warmup, workloads)
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
