"""A point's options: the dealer events the engine allows now, and tempting wrong ones.

The right options are the engine's ``expected_next()`` less the players' events; the wrong
ones are two or three the engine would refuse now, the most tempting first: the other
rulebook's recovery step, the steps of this recovery out of turn, the next street, dealing on
after an error. Each is worded as the dealer would say it here and now.

In the unannounced modes every point also offers the floor (:func:`floor_option`, always
last); and where an untold error is waiting to be spotted, the options are the moves of the
procedure only (:func:`unspotted_options`): a recovery step on offer would give the error away.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dealer_trainer.procedure.events import DEALER_EVENTS, PLAYER_EVENTS
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.machine import EVENTS_BY_STATE
from dealer_trainer.procedure.rulings import WAITS
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.training.drill.modes import FLOOR, FLOOR_WORDS
from dealer_trainer.training.labels import label

__all__ = ["Option", "dealer_events", "floor_option", "options", "unspotted_options"]

#: the dealer's moves of the procedure itself, no recovery step among them
_PROCEDURE = (
    "shuffle",
    "cut",
    "post_blinds",
    "pitch",
    "deal",
    "burn",
    "flop",
    "turn",
    "river",
    "next_hand",
)

#: per state, the wrong moves that tempt a dealer there (each offered only if the engine
#: would refuse it now)
_TEMPTING: dict[str, tuple[str, ...]] = {
    "shuffling": ("cut", "post_blinds", "deal", "burn"),
    "cutting": ("post_blinds", "deal", "burn", "shuffle"),
    "blinds": ("deal", "pitch", "cut", "burn"),
    "dealing": ("burn", "flop", "post_blinds", "next_hand"),
    "flop_burn": ("turn", "deal", "river", "next_hand"),
    "flop_deal": ("burn", "turn", "river", "deal"),
    "turn_burn": ("turn", "river", "flop", "next_hand"),
    "turn_deal": ("burn", "river", "flop", "next_hand"),
    "river_burn": ("river", "turn", "next_hand", "flop"),
    "river_deal": ("burn", "next_hand", "turn", "flop"),
    "hand_over": ("shuffle", "post_blinds", "burn", "deal"),
}
#: how many wrong options a point offers at most, and at least (when there are enough)
_WRONG = (2, 3)


@dataclass(frozen=True, slots=True)
class Option:
    """One choice at a point: a dealer event, worded as the dealer would say it."""

    event: str
    label: str


def dealer_events(hand: Hand) -> list[str]:
    """The dealer events the engine allows now (``expected_next()`` less the players')."""
    return [name for name in hand.expected_next() if name not in PLAYER_EVENTS]


def options(
    hand: Hand, allowed: list[str], rng: random.Random, other: Ruleset
) -> tuple[Option, ...]:
    """The allowed events and a few refused ones, shuffled and worded (``other`` is the other
    rulebook, whose recovery steps tempt)."""
    wrong: list[str] = []
    for name in _tempting(hand, other):
        if name not in allowed and name not in wrong and hand.refuses(name):
            wrong.append(name)
    pool = wrong[:5]
    count = min(len(pool), rng.randint(*_WRONG))
    picked = rng.sample(pool, count)
    names = [*allowed, *picked]
    rng.shuffle(names)
    found: list[Option] = []
    labels: set[str] = set()
    for name in names:
        words = label(name, hand)
        if words in labels:
            words = f"{words} ({name})"
        labels.add(words)
        found.append(Option(name, words))
    return tuple(found)


def floor_option() -> Option:
    """ "Floor! Something is wrong": stop the hand (not a dealer event; the drill judges it)."""
    return Option(FLOOR, FLOOR_WORDS)


def unspotted_options(hand: Hand, allowed: list[str], rng: random.Random) -> tuple[Option, ...]:
    """The options where an untold error waits to be spotted: the moves a dealer would make
    next as if nothing were wrong (:func:`_going_on`, and any move of the procedure the engine
    still allows), other moves of the procedure up to as many as an ordinary point offers,
    shuffled, and the floor last.
    Every one but the floor goes on past the error."""
    going_on = list(dict.fromkeys([*_going_on(hand), *(n for n in allowed if n in _PROCEDURE)]))
    more = [
        name
        for name in dict.fromkeys([*_TEMPTING.get(hand.state, ()), *_PROCEDURE])
        if name not in going_on
    ][:5]
    # as many moves as an ordinary point offers (the right ones and two or three wrong): the
    # number of options gives nothing away
    want = rng.randint(*_WRONG) + (2 if "pitch" in going_on else 1)
    found: list[Option] = []
    labels: set[str] = set()
    for name in [*going_on, *rng.sample(more, len(more))]:
        words = label(name, hand)
        if words in labels:
            continue
        labels.add(words)
        found.append(Option(name, words))
    kept = found[: max(want, len(going_on))]
    rng.shuffle(kept)
    return (*kept, floor_option())


def _going_on(hand: Hand) -> tuple[str, ...]:
    """What the dealer would do next if nothing were wrong: deal on while cards are due, else
    the next street (its burn and its cards), else the next hand."""
    if hand.state == "dealing" or hand.dealt < 2 * len(hand.order):
        return ("pitch", "deal")
    board = len(hand.table.board)
    if board == 0:
        return ("burn", "flop")
    if board == 3:
        return ("burn", "turn")
    if board == 4:
        return ("burn", "river")
    return ("next_hand",)


def _tempting(hand: Hand, other: Ruleset) -> list[str]:
    """The wrong moves that tempt most here, best first, then every other dealer event."""
    names: list[str] = []
    if hand.recoveries:
        recovery = hand.recoveries[0]
        steps = recovery.situation.outcome(other).steps
        names += [step for step in steps if step not in WAITS]
        names += [step for step in recovery.steps if step not in WAITS]
        names += [name for name in EVENTS_BY_STATE[hand.state] if name not in PLAYER_EVENTS]
        names.append("deal")
        names = [name for name in names if name != "shuffle"]  # an alias of reshuffle
    names += _TEMPTING.get(hand.state, ())
    names += DEALER_EVENTS
    return list(dict.fromkeys(names))
