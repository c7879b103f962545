"""Differential test: our engine and PokerKit settle the same no-limit hands the same way.

For several hundred random no-limit hold'em hands (2-9 players on random seats of a 10-seat
table, the button on a random seat, blinds 1/2, random stacks from 3 to 400, a random stacked
deck), both engines are driven through the same hand: the same hole cards in the same physical
order, the same burns and board cards, the same player decisions. After every decision both
must agree on whose turn it is; at the end both must agree on every seat's final stack.

How the two are kept in step:

* Ours is a live :class:`~dealer_trainer.procedure.hand.Hand` (``check=True``, so the card and
  chip invariants are proved after every event), fed one :class:`Event` at a time; every event
  must be accepted. PokerKit's state automates antes, blinds, bet collection, showing, hand
  killing and chip pushing/pulling, but not the cards: hole cards, burns and board cards are
  dealt explicitly from our deck order. PokerKit's player index ``i`` is our ``order[i]`` (the
  seats clockwise from the left of the button; heads-up index 0 is the big blind, index 1
  the button, who posts the small blind), and PokerKit deals hole cards one at a time in index
  order, exactly our pitch order.
* Player decisions are drawn from ``Betting.legal_actions`` of the seat to act, with random
  legal amounts between ``min_raise_to()`` and ``max_raise_to()``.

Where the rules legitimately differ, the generator avoids the situation instead of bending
our rules. It refuses a decision PokerKit would not allow (and counts the refusal), then draws
again; a check or call is always legal in both:

* **Short all-in reopening.** Ours follows TDA24 47-A: an all-in short of a full raise does not
  reopen the raising for seats that have already acted, including an all-in just over the big
  blind preflop or an all-in under-bet after checks. PokerKit treats the first short all-in of
  a round (when no full bet or raise has been made yet) as reopening. Raises that only
  PokerKit allows cannot be chosen (they are not in our legal actions); they are counted.
* **Folding when checking is free.** Ours accepts it (a fold is always a legal decision);
  PokerKit refuses it. Such folds are not chosen (counted).
* **A short big blind.** We require calling the full big blind even when the big blind posted
  less; PokerKit lets the others call only what the big blind posted. Stacks start at 3 or
  more, so the small and big blinds are always posted in full and this never arises.
* **Odd chips.** Ours settles each pot separately and gives its odd chips one at a time to
  the winners in dealing order, starting left of the button (TDA24 20). PokerKit gives a pot's
  whole remainder to its first winner, and it forms its pots only after the losing hands are
  killed, so a main pot and side pots won by the same players become one pot (and, e.g., two
  odd chips of 49 and 129 split two ways become an even split of 838). When our pots hold odd
  chips, the seats that split them are compared up to those odd chips (their total exactly);
  every other seat is compared exactly. About one hand in two hundred needs this.

A failure names the seed, the table and the events played; ``play_both(seed)`` replays it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from pokerkit import Automation, NoLimitTexasHoldem, State

from dealer_trainer.betting import Action, Betting
from dealer_trainer.cards import STANDARD_DECK
from dealer_trainer.handscript import Event, parse_script
from dealer_trainer.procedure.hand import Hand

#: the number of random hands compared
HANDS = 400
SEEDS = range(HANDS)

#: PokerKit's automations: everything but the cards and the players' decisions
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

#: the dealer's event in each procedure state that waits for the dealer
DEALER_EVENT = {
    "blinds": "post_blinds",
    "dealing": "deal",
    "flop_burn": "burn",
    "flop_deal": "flop",
    "turn_burn": "burn",
    "turn_deal": "turn",
    "river_burn": "burn",
    "river_deal": "river",
}
BETTING_STATES = frozenset({"preflop", "flop", "turn", "river"})

#: how often each kind of decision is drawn (before legality)
WEIGHTS = {
    Action.FOLD: 2,
    Action.CHECK: 5,
    Action.CALL: 5,
    Action.BET: 3,
    Action.RAISE: 2,
    Action.ALL_IN: 1,
}


@dataclass
class Outcome:
    """What one compared hand did, for the failure message and the coverage test."""

    seed: int
    table: dict[str, Any]
    events: list[str] = field(default_factory=list)
    ours: dict[int, int] = field(default_factory=dict)
    theirs: dict[int, int] = field(default_factory=dict)
    skips: Counter[str] = field(default_factory=Counter)
    showdown: bool = False
    side_pots: bool = False
    all_in: bool = False
    odd_chips_differ: bool = False

    def describe(self) -> str:
        lines = [f"seed {self.seed}: table {self.table}", "events:"]
        lines += [f"  {i}: {text}" for i, text in enumerate(self.events)]
        lines.append(f"ours:     {self.ours}")
        lines.append(f"pokerkit: {self.theirs}")
        return "\n".join(lines)


class Mismatch(AssertionError):
    """The two engines disagree (or ours refused an event)."""


def random_table(rng: random.Random) -> tuple[dict[int, int], int]:
    """Seats (on a 10-seat table) with stacks, and the button."""
    players = rng.randint(2, 9)
    seats = sorted(rng.sample(range(1, 11), players))
    stacks: dict[int, int] = {}
    for seat in seats:
        kind = rng.random()
        if kind < 0.3:
            stacks[seat] = rng.randint(3, 30)  # short: all-ins and side pots
        elif kind < 0.8:
            stacks[seat] = rng.randint(31, 200)
        else:
            stacks[seat] = rng.randint(201, 400)
    return stacks, rng.choice(seats)


def pick_amount(rng: random.Random, low: int, high: int) -> int:
    """A bet or raise total from ``low`` to ``high``, mostly small."""
    if high <= low:
        return low
    roll = rng.random()
    if roll < 0.5:
        return low
    if roll < 0.9:
        return rng.randint(low, min(high, 3 * low))
    return rng.randint(low, high)


def pokerkit_allows(state: State, action: Action, amount: int | None, total: int, bet: int) -> bool:
    """Whether PokerKit allows our ``action`` (to ``amount``) now.

    ``total`` is the seat's bet plus its stack, ``bet`` the current bet to call.
    """
    if action is Action.FOLD:
        return bool(state.can_fold())
    if (
        action is Action.CHECK
        or action is Action.CALL
        or (action is Action.ALL_IN and total <= bet)
    ):
        return bool(state.can_check_or_call())
    return bool(state.can_complete_bet_or_raise_to(total if action is Action.ALL_IN else amount))


def pokerkit_apply(state: State, action: Action, amount: int | None, total: int, bet: int) -> None:
    """Mirror our ``action`` in PokerKit (``total`` and ``bet`` as before the action)."""
    if action is Action.FOLD:
        state.fold()
    elif (
        action is Action.CHECK
        or action is Action.CALL
        or (action is Action.ALL_IN and total <= bet)
    ):
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(total if action is Action.ALL_IN else amount)


def choose_decision(
    rng: random.Random, state: State, betting: Betting, seat: int, outcome: Outcome
) -> tuple[Action, int | None]:
    """A random decision legal in our engine and allowed by PokerKit."""
    legal = betting.legal_actions(seat)
    if (
        Action.BET not in legal and Action.RAISE not in legal
    ) and state.can_complete_bet_or_raise_to():
        outcome.skips["raise allowed only by pokerkit"] += 1
    for _ in range(20):
        action = rng.choices(legal, weights=[WEIGHTS[a] for a in legal])[0]
        amount: int | None = None
        if action in (Action.BET, Action.RAISE):
            amount = pick_amount(rng, betting.min_raise_to(), betting.max_raise_to())
        total = betting.bets[seat] + betting.stacks[seat]
        if pokerkit_allows(state, action, amount, total, betting.current_bet):
            return action, amount
        outcome.skips[f"{action.value} refused by pokerkit"] += 1
    passive = Action.CHECK if Action.CHECK in legal else Action.CALL
    return passive, None


def odd_chips(hand: Hand) -> tuple[set[int], int]:
    """The seats that split a pot with odd chips, and how many odd chips there were in all."""
    seats: set[int] = set()
    count = 0
    for pot in hand.pots:
        odd = pot.amount % len(pot.winners) if pot.winners else 0
        if odd:
            seats.update(pot.winners)
            count += odd
    return seats, count


@cache
def play_both(seed: int) -> Outcome:
    """Play hand ``seed`` in both engines; raise :class:`Mismatch` if they disagree."""
    rng = random.Random(seed)
    stacks, button = random_table(rng)
    deck = [str(card) for card in STANDARD_DECK]
    rng.shuffle(deck)
    table = {"seats": dict(stacks), "button": button, "blinds": [1, 2]}
    outcome = Outcome(seed, table)
    mapping = {"table": table, "deck": deck, "events": []}
    with Hand(parse_script(mapping), check=True) as hand:
        try:
            _play(rng, hand, deck, outcome)
        except Mismatch as exc:
            raise Mismatch(f"{exc}\n{outcome.describe()}") from None
        except ValueError as exc:  # PokerKit refused to follow
            raise Mismatch(f"PokerKit refused the last event: {exc}\n{outcome.describe()}") from exc
    return outcome


def _play(rng: random.Random, hand: Hand, deck: list[str], outcome: Outcome) -> None:
    index = 0

    def feed(event: Event) -> None:
        nonlocal index
        outcome.events.append(event.describe())
        verdict = hand.handle(event)
        if verdict.outcome != "accepted":
            raise Mismatch(
                f"our engine rejected event {index} ({event.describe()}): {verdict.reason}"
            )
        index += 1

    feed(Event(name="post_blinds", index=index))
    order = hand.order
    betting = hand.betting
    assert betting is not None
    seat_of = dict(enumerate(order))
    starting = dict(hand.spec.stacks)
    state = NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        True,  # ante trimming
        0,  # no antes
        (1, 2),
        2,  # the minimum bet: the big blind
        tuple(starting[seat] for seat in order),
        len(order),
    )
    cards = iter(deck)

    while not hand.hand_over:
        name = hand.state
        if name in BETTING_STATES:
            seat = betting.to_act
            actor = state.actor_index
            if seat is None or actor is None or seat_of[actor] != seat:
                their = None if actor is None else seat_of[actor]
                raise Mismatch(f"in {name}: our seat to act is {seat}, PokerKit's is {their}")
            total, bet = betting.bets[seat] + betting.stacks[seat], betting.current_bet
            action, amount = choose_decision(rng, state, betting, seat, outcome)
            feed(Event(name="act", index=index, seat=seat, action=action, amount=amount))
            pokerkit_apply(state, action, amount, total, bet)
            if betting.all_in:
                outcome.all_in = True
        elif name in DEALER_EVENT:
            event = DEALER_EVENT[name]
            if state.actor_index is not None:
                raise Mismatch(f"our betting is over ({name}) but PokerKit waits for a decision")
            if event == "deal":
                feed(Event(name="deal", index=index))
                for _ in range(2 * len(order)):  # in index order, one card at a time
                    state.deal_hole(next(cards))
            elif event == "burn":
                feed(Event(name="burn", index=index))
                state.burn_card(next(cards))
            else:
                count = 3 if event == "flop" else 1
                feed(Event(name=event, index=index))
                state.deal_board("".join(next(cards) for _ in range(count)))
        elif name == "showdown":
            outcome.showdown = True
            for seat in hand.showing_order():
                if not hand.hand_over:
                    feed(Event(name="show", index=index, seat=seat))
        else:
            raise Mismatch(f"unexpected procedure state {name!r}")

    if state.status:
        raise Mismatch("our hand is over but PokerKit's is not")
    outcome.side_pots = len(hand.pots) > 1
    outcome.ours = {seat: hand.chips(seat) for seat in order}
    outcome.theirs = {seat_of[i]: stack for i, stack in enumerate(state.stacks)}
    if outcome.ours == outcome.theirs:
        return
    splitters, odd = odd_chips(hand)
    if not odd:
        raise Mismatch("the final stacks differ")
    # PokerKit may place odd chips elsewhere among the seats that split (module docstring).
    outcome.odd_chips_differ = True
    for seat in order:
        ours, theirs = outcome.ours[seat], outcome.theirs[seat]
        if seat not in splitters and ours != theirs:
            raise Mismatch(f"the final stacks differ at seat {seat}, which split no odd chips")
        if abs(ours - theirs) > odd:
            raise Mismatch(f"seat {seat}'s final stacks differ by more than the {odd} odd chip(s)")
    if sum(outcome.ours[s] for s in splitters) != sum(outcome.theirs[s] for s in splitters):
        raise Mismatch("the seats that split pots end with different totals")


@pytest.mark.parametrize("seed", SEEDS)
def test_final_stacks_agree_with_pokerkit_no_limit(seed: int) -> None:
    """Same cards, same decisions: the same seat to act throughout, the same final stacks."""
    play_both(seed)


def test_differential_hands_reach_all_ins_side_pots_and_showdowns() -> None:
    """The random hands exercise what the comparison is for, and few decisions are refused."""
    outcomes = [play_both(seed) for seed in SEEDS]
    assert sum(o.showdown for o in outcomes) >= HANDS // 5
    assert sum(o.all_in for o in outcomes) >= HANDS // 5
    assert sum(o.side_pots for o in outcomes) >= HANDS // 20
    decisions = sum(e.startswith("act") for o in outcomes for e in o.events)
    skips: Counter[str] = Counter()
    for o in outcomes:
        skips.update(o.skips)
    refused = sum(n for kind, n in skips.items() if "refused" in kind)
    assert refused < decisions // 4, skips
