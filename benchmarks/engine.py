"""Hands per second: ``dealer_trainer.replay`` against PokerKit on the same workload.

The workload: 6 players, blinds 1/2, stacks 200, a fresh shuffle every hand, everyone checks or
calls to the showdown (the big blind checks its option), every hand shown down.

* Ours: one hand-script mapping per hand (``seed: i``; shuffle, cut, post_blinds, deal, the
  preflop calls, burn, flop, checks, burn, turn, checks, burn, river, checks, a show for each
  seat), already parsed (no YAML text), passed to :func:`dealer_trainer.replay`. The mappings
  are built before the clock starts; checking them is part of ``replay`` and is timed.
* PokerKit: ``NoLimitTexasHoldem.create_state`` with every automation but the players'
  decisions (PokerKit shuffles its own deck per state), then ``check_or_call()`` until the hand
  is over.

The two alternate in rounds of ``--hands`` hands each (after a short warm-up), and each rate is
the median over the rounds, so drift in the machine's speed hits both alike. The goal is ours
at 20 times PokerKit's rate or more.

    python benchmarks/engine.py                 # 5 rounds of 300 hands each
    python benchmarks/engine.py --hands 300 --rounds 3 --json
    python benchmarks/engine.py --profile       # ours under cProfile: the top 25 entries
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import platform
import pstats
import statistics
import sys
import time
from importlib.metadata import version
from typing import Any

from pokerkit import Automation, NoLimitTexasHoldem

from dealer_trainer import replay

PLAYERS = 6
BLINDS = (1, 2)
STACK = 200
GOAL = 20.0  # ours / PokerKit

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


def _act(seat: int, action: str) -> dict[str, Any]:
    return {"act": {"seat": seat, "action": action}}


def script(seed: int) -> dict[str, Any]:
    """The hand-script mapping of hand ``seed``: everyone checks or calls to the showdown."""
    seats = list(range(1, PLAYERS + 1))
    button = 1
    order = [*seats[button:], *seats[:button]]  # clockwise from the left of the button
    small, big = order[0], order[1]
    preflop = [*order[2:], small]
    events: list[Any] = ["shuffle", "cut", "post_blinds", "deal"]
    events += [_act(seat, "call") for seat in preflop]
    events.append(_act(big, "check"))
    for street in ("flop", "turn", "river"):
        events += ["burn", street]
        events += [_act(seat, "check") for seat in order]
    events += [{"show": {"seat": seat}} for seat in order]
    return {
        "table": {"seats": PLAYERS, "button": button, "blinds": list(BLINDS), "stacks": STACK},
        "seed": seed,
        "events": events,
    }


def run_ours(scripts: list[dict[str, Any]]) -> float:
    """Replay every script; return the seconds taken."""
    gc.collect()
    start = time.perf_counter()
    for mapping in scripts:
        result = replay(mapping)
        if not result["hand_over"]:  # cheap: proves every hand ran to the end
            raise RuntimeError(f"hand {mapping['seed']} did not finish: {result['rejected']}")
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


def measure(hands: int, rounds: int, warmup: int) -> dict[str, Any]:
    """Alternate rounds of ours and PokerKit; the median rates and the ratio."""
    scripts = [script(i) for i in range(hands)]
    run_ours([script(i) for i in range(warmup)])
    run_pokerkit(warmup)
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(rounds):
        ours.append(hands / run_ours(scripts))
        theirs.append(hands / run_pokerkit(hands))
    ours_rate = statistics.median(ours)
    theirs_rate = statistics.median(theirs)
    return {
        "workload": (
            f"{PLAYERS} players, blinds {BLINDS[0]}/{BLINDS[1]}, stacks {STACK}, "
            "check or call to the showdown, a fresh shuffle each hand"
        ),
        "hands_per_round": hands,
        "rounds": rounds,
        "ours_hands_per_second": round(ours_rate, 1),
        "pokerkit_hands_per_second": round(theirs_rate, 1),
        "ratio": round(ours_rate / theirs_rate, 2),
        "goal_ratio": GOAL,
        "ours_rounds": [round(rate, 1) for rate in ours],
        "pokerkit_rounds": [round(rate, 1) for rate in theirs],
        "python": platform.python_version(),
        "pokerkit": version("pokerkit"),
    }


def profile(hands: int, top: int = 25) -> None:
    """Replay ``hands`` hands of ours under cProfile; print the top entries by cumulative time."""
    scripts = [script(i) for i in range(hands)]
    run_ours(scripts[: min(50, hands)])  # warm the imports and caches first
    profiler = cProfile.Profile()
    profiler.enable()
    run_ours(scripts)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout).strip_dirs()
    print(f"ours, {hands} hands under cProfile (profiling slows it several times)")
    stats.sort_stats(pstats.SortKey.CUMULATIVE).print_stats(top)
    stats.sort_stats(pstats.SortKey.TIME).print_stats(15)  # where the time itself is spent


def report(result: dict[str, Any]) -> str:
    verdict = "meets" if result["ratio"] >= result["goal_ratio"] else "misses"
    return "\n".join(
        [
            f"workload: {result['workload']}",
            f"{result['rounds']} rounds of {result['hands_per_round']} hands each (median rates)",
            f"ours:     {result['ours_hands_per_second']:>10.1f} hands/s  {result['ours_rounds']}",
            f"pokerkit: {result['pokerkit_hands_per_second']:>10.1f} hands/s  "
            f"{result['pokerkit_rounds']}",
            f"ratio ours/pokerkit: {result['ratio']:.2f} "
            f"({verdict} the goal of {result['goal_ratio']:.0f}x)",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=300, help="hands per round (default 300)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each (default 5)")
    parser.add_argument("--warmup", type=int, default=100, help="warm-up hands (default 100)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="profile ours instead: the top 25 by cumulative time, the top 15 by own time",
    )
    args = parser.parse_args(argv)
    if args.hands < 1 or args.rounds < 1 or args.warmup < 0:
        parser.error("--hands and --rounds must be positive, --warmup not negative")
    if args.profile:
        profile(args.hands)
        return 0
    result = measure(args.hands, args.rounds, args.warmup)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
