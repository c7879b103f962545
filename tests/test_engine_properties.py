"""Property tests of the whole engine: random tables, random legal hands, random wrong events.

A :class:`Hand` built with ``check=True`` audits the 52 cards and the chip total after every
event (and raises :class:`InvariantError` otherwise). These tests drive it with:

* random *legal* hands (every structure, 2 to 10 seats, short and deep stacks, one to three
  hands through ``next_hand``): every event must be accepted and no exception may escape;
* random *wrong* events injected at random points: each one is either accepted or rejected,
  and a rejected one leaves the hand exactly as it was.

Events are written as script items (``{act: {seat: 4, action: raise, amount: 8}}``) and read
through :func:`parse_script`, so everything sent to the engine is something a script can say.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st
from strategies import examples, stakes

from dealer_trainer.betting import Action, Betting
from dealer_trainer.cards import STANDARD_DECK
from dealer_trainer.engine import snapshot
from dealer_trainer.errors import Rejected
from dealer_trainer.handscript import EVENT_ARGS, RULESETS, parse_script
from dealer_trainer.procedure.hand import Hand, Verdict
from dealer_trainer.procedure.script import OWED
from dealer_trainer.showdown import build_pots

Item = str | dict[str, dict[str, Any]]

#: no hand of hold'em at ten seats needs more events than this; a hand still open after it is stuck
#: the dealer's card moves: out of turn they are dealer errors, not rejected events (a dropped
#: stub is a dealer error wherever cards are still to come)
CARD_MOVES = frozenset({"pitch", "burn", "flop", "turn", "river", "drop_stub"})
#: events that are dealer (or player) errors whenever the engine takes them: a killed hand, a
#: push, a flashed card, a foul or short deck; tests/test_irregularity_properties.py makes them
FLOOR_ERRORS = frozenset(
    {"kill", "push", "flash", "foul_deck", "short_deck", "wrong_button", "hidden_hand"}
    # chips and hands at the table (issue 25): tests/test_chip_conduct_properties.py makes them
    | {"splash", "knocked_over", "hidden_chip", "one_player"}
    # the dealer's change for an oversized chip: tests/test_wrong_change.py makes it
    | {"change"}
)
MAX_EVENTS_PER_HAND = 400
#: a random (wrong) event is injected before a legal one with probability 1 / INJECT_ONE_IN
INJECT_ONE_IN = 3

#: random hands per test: about 40 ms each (the wrong events' test 65 ms) under the "ci" profile
SETTINGS = settings(
    max_examples=examples(100),
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
#: seconds each (-m "not slow" leaves them out of a quick loop; CI runs them)
pytestmark = pytest.mark.slow

STACKS = st.one_of(
    st.integers(1, 50),  # short: may post a blind all-in or be all-in at once
    st.integers(51, 400),
    st.integers(401, 20_000),  # deep
)


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """A ``table:`` section: 2-10 seats, random button, blinds, structure and stacks."""
    count = draw(st.integers(2, 10))
    if draw(st.booleans()):
        seats = sorted(
            draw(st.lists(st.integers(1, 10), min_size=count, max_size=count, unique=True))
        )
    else:
        seats = list(range(1, count + 1))
    table: dict[str, Any]
    if seats == list(range(1, count + 1)) and draw(st.integers(0, 3)) == 0:
        table = {"seats": count, "stacks": draw(STACKS)}  # every seat the same stack
    else:
        stacks = draw(st.lists(STACKS, min_size=count, max_size=count))
        table = {"seats": dict(zip(seats, stacks, strict=True))}
    table["button"] = draw(st.sampled_from(seats))
    table.update(draw(stakes()))
    table["ruleset"] = draw(st.sampled_from(RULESETS))
    if table["ruleset"] in ("roberts", "tda-2024") and draw(st.integers(0, 3)) == 0:
        # a cash game's seats owing blinds: they sit out until they post, buy the button (a
        # WSOP cash game, LA26 158) or the big blind reaches them (issue 25)
        if table["ruleset"] == "tda-2024":
            table["game"] = "cash"
        owed = st.sampled_from(OWED)
        table["owes"] = draw(st.dictionaries(st.sampled_from(seats), owed, max_size=2))
        if draw(st.booleans()):  # often the seat left of the button, which may buy the button
            ring = sorted(seats)
            left = ring[(ring.index(table["button"]) + 1) % len(ring)]
            table["owes"][left] = draw(owed)
    return table


@st.composite
def scripts(draw: st.DrawFn) -> dict[str, Any]:
    """A script with no events (they are sent one by one); sometimes a stacked deck."""
    script: dict[str, Any] = {
        "table": draw(tables()),
        "seed": draw(st.integers(0, 2**32)),
        "events": [],
    }
    if draw(st.integers(0, 3)) == 0:
        names = draw(st.permutations([str(card) for card in STANDARD_DECK]))
        script["deck"] = names[: draw(st.integers(0, 52))]
    return script


class Driver:
    """Sends script items to a hand one by one, numbering them as a script would."""

    def __init__(self, script: dict[str, Any], data: st.DataObject) -> None:
        self.table = script["table"]
        self.data = data
        self.hand = Hand(parse_script(script), check=True)
        self.start_total = sum(self.hand.table.stacks.values())
        self.sent = 0
        note(f"script: {script}")

    def send(self, item: Item) -> Verdict:
        parsed = parse_script({"table": self.table, "events": [item]}).events[0]
        verdict = self.hand.handle(dataclasses.replace(parsed, index=self.sent))
        note(f"{self.sent:>3} {item} -> {verdict.outcome} {verdict.reason}")
        self.sent += 1
        return verdict

    def send_checked(self, item: Item, *, ruled: bool = False) -> Verdict:
        """Send ``item``: a refused event leaves the table exactly as it was (and, ``ruled``,
        names its rule); every invariant holds after it."""
        before = snapshot(self.hand)
        verdict = self.send(item)
        if verdict.outcome == "rejected":
            assert verdict.rule or not ruled, (item, verdict.reason)
            after = snapshot(self.hand)
            for key in ("seats", "pots", "stub", "board", "burns", "to_act", "state", "button"):
                assert after[key] == before[key], (item, key)
        self.check_invariants()
        return verdict

    # --- a legal next event -----------------------------------------------------------------

    def legal_item(self) -> Item:
        """A random event among those the procedure allows now, with legal arguments."""
        hand, draw = self.hand, self.data.draw
        expected = hand.expected_next()
        assert expected, f"the hand is stuck in {hand.state}: no event is allowed"
        if hand.state == "showdown":
            return self._showdown_item()
        if hand.state == "dealing":
            return draw(st.sampled_from(["pitch", "deal", *self._owing_deals()]))
        if (optional := self._cash_blinds_item()) is not None:
            return optional
        if "act" in expected:
            return self._act_item()
        name = draw(st.sampled_from(expected))
        if name == "cut" and draw(st.booleans()):
            return {"cut": {"at": draw(st.integers(1, len(hand.table.stub) - 1))}}
        return name

    def _cash_blinds_item(self) -> Item | None:
        """Now and then a player's option of a cash game (issue 25): a seat owing blinds
        posts them before the first card, or the blinds chop when everyone else has folded."""
        hand, draw = self.hand, self.data.draw
        options: list[Item] = []
        if hand.state in ("shuffling", "cutting", "blinds", "dealing"):
            options += [{"post": {"seat": seat}} for seat in sorted(hand.owing)]
            # the button bought from a seat the blinds have passed (LA26 158)
            options += [{"post": {"seat": s, "buy_button": True}} for s in sorted(hand.owing)]
        elif hand.state == "preflop":
            options.append("chop")
        if hand.state in ("preflop", "flop", "turn", "river") and hand.owing_dealt_unruled():
            options.append("notice")  # a seat owing dealt in comes to light (LA26 161)
        if not options or draw(st.integers(0, 2)) != 0:
            return None
        item = draw(st.sampled_from(options))
        event = parse_script({"table": self.table, "events": [item]}).events[0]
        if event.name == "notice":
            return item
        check = hand.verify_post if event.name == "post" else hand.verify_chop
        try:
            check(event)
        except Rejected:
            return None
        return item

    def _owing_deals(self) -> list[Item]:
        """The dealer's error of LA26 161: the round dealt with a seat in that owes blinds."""
        hand, items = self.hand, []
        for seat in sorted(hand.owing) if not hand.dealt else ():
            item: Item = {"deal": {"seat": seat}}
            try:
                hand.verify_deal(parse_script({"table": self.table, "events": [item]}).events[0])
            except Rejected:
                continue
            items.append(item)
        return items

    def _act_item(self) -> Item:
        betting = self.hand.betting
        assert betting is not None and betting.to_act is not None
        seat = betting.to_act
        draw = self.data.draw
        legal = betting.legal_actions(seat)
        if barred := self.hand.barred(seat):  # a pulled-back bet (TDA24 46-B; LA26 138)
            legal = [action for action in legal if action not in barred]
        if (held := self.hand.bound_actions(seat)) is not None:  # a binding conditional
            legal = [action for action in legal if action in held]
        assert legal, f"seat {seat} is to act but has no legal action"
        action = draw(st.sampled_from(legal))
        args: dict[str, Any] = {"seat": seat, "action": action.value}
        bet, total = betting.bets[seat], betting.bets[seat] + betting.stacks[seat]
        if action in (Action.BET, Action.RAISE):
            low, high = betting.min_raise_to(), betting.max_raise_to()
            assert low <= high, f"min raise {low} above max raise {high}"
            args["amount"] = draw(st.integers(low, high))
        elif draw(st.booleans()):  # the optional amount, when it is the seat's total after it
            after = {
                Action.FOLD: bet,
                Action.CHECK: bet,
                Action.CALL: min(betting.current_bet, total),
                Action.ALL_IN: total,
            }[action]
            if after >= 1:
                args["amount"] = after
        return {"act": args}

    def _showdown_item(self) -> Item:
        hand = self.hand
        assert hand.betting is not None
        choices: list[tuple[str, int]] = []
        # after an all-in, TDA24 16 tables every hand: a muck is then refused, not legal
        may_muck = not hand.hands_must_be_tabled()
        for seat in hand.betting.live:
            if seat in hand.mucked:
                continue
            if seat not in hand.shown:
                choices.append(("show", seat))
                if may_muck and seat not in hand.ordered:  # ordered tabled: TDA24 17-A
                    choices.append(("muck", seat))
            if seat not in hand.declared:
                choices.append(("declare_board", seat))
        assert choices, "the showdown is not settled but nobody can show, declare or muck"
        name, seat = self.data.draw(st.sampled_from(choices))
        return {name: {"seat": seat}}

    # --- a random, possibly wrong, event ----------------------------------------------------

    def random_item(self) -> Item:
        """Any event but the dealer's card moves and the floor errors, with random arguments
        (seats of the table, folded or not). A card moved at the wrong time is a dealer error
        the engine accepts as an irregularity: tests/test_irregularity_properties.py mixes those
        in.
        """
        draw = self.data.draw
        name = draw(st.sampled_from(sorted(set(EVENT_ARGS) - CARD_MOVES - FLOOR_ERRORS)))
        allowed = EVENT_ARGS[name]
        args: dict[str, Any] = {}
        if "seat" in allowed:
            args["seat"] = draw(st.sampled_from(sorted(self.hand.table.stacks)))
        if "action" in allowed:
            args["action"] = draw(st.sampled_from([action.value for action in Action]))
        if "amount" in allowed and draw(st.booleans()):
            args["amount"] = draw(st.one_of(st.integers(1, 40), st.integers(1, self.start_total)))
        if "at" in allowed and draw(st.booleans()):
            args["at"] = draw(st.integers(1, 51))
        if "cards" in allowed and draw(st.booleans()):
            args["cards"] = draw(st.integers(1, 10))
        if "out_of_turn" in allowed and draw(st.booleans()):
            args["out_of_turn"] = True  # held by the floor, then binding or void (TDA24 53-A)
        if "of" in allowed:  # count, see_hand: the stack to count, the hand asked for (issue 25)
            args["of"] = draw(st.sampled_from(sorted(self.hand.table.stacks)))
        if "to" in allowed:  # show_one: the player shown the cards (issue 25)
            args["to"] = draw(st.sampled_from(sorted(self.hand.table.stacks)))
        return {name: args} if args else name

    # --- the invariants ---------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Cards and chips, checked independently of ``check=True``."""
        hand = self.hand
        hand.table.audit()
        result = snapshot(hand)
        places = [
            *result["stub"],
            *result["board"],
            *result["burns"],
            *result["muck"],
            *result["set_aside"],
        ]
        for info in result["seats"].values():
            places.extend(info["hole"])
        assert Counter(places) == Counter(str(card) for card in STANDARD_DECK)
        behind = sum(hand.chips(seat) for seat in hand.table.stacks)
        in_pot = hand.betting.pot if hand.betting is not None and not hand.awarded else 0
        assert behind + in_pot == self.start_total
        assert all(info["chips"] >= 0 for info in result["seats"].values())

    def check_award(self) -> None:
        """Once the hand is over: every chip is behind again and the pots went to their winners."""
        hand = self.hand
        result = snapshot(hand)
        assert result["hand_over"]
        assert sum(info["chips"] for info in result["seats"].values()) == self.start_total
        assert sum(hand.table.stacks.values()) == self.start_total
        pots = result["pots"]
        won = sum(info["won"] for info in result["seats"].values())
        assert won == sum(pot["amount"] for pot in pots)
        betting = hand.betting
        assert betting is not None
        # dead money (a dead small blind made up, issue 25) goes to the pot too
        _, uncalled = build_pots(betting.contributed, betting.folded, hand.order, betting.dead)
        put_in = sum(betting.contributed.values()) + betting.dead
        assert won == put_in - sum(uncalled.values())
        for pot in pots:
            assert set(pot["winners"]) <= set(pot["eligible"])
            assert pot["winners"] or pot["amount"] == 0
        winners = {seat for pot in pots for seat in pot["winners"]}
        assert {int(s) for s, info in result["seats"].items() if info["won"]} <= winners
        assert result["to_act"] is None


def _state(hand: Hand) -> dict[str, Any]:
    """Everything a rejected event must leave alone: the result and the engine's internals."""
    state = snapshot(hand)
    del state["rejected"]
    betting = hand.betting
    state["internals"] = {
        "betting": None
        if betting is None
        else {name: copy.deepcopy(getattr(betting, name)) for name in Betting.__slots__},
        "rng": hand.rng.getstate(),
        "dealt": hand.dealt,
        "order": hand.order,
        "shown": set(hand.shown),
        "mucked": set(hand.mucked),
        "declared": set(hand.declared),
        "awarded": hand.awarded,
        "stacks": dict(hand.table.stacks),
        "holes": {seat: list(cards) for seat, cards in hand.table.holes.items()},
    }
    return state


@SETTINGS
@given(scripts(), st.integers(1, 3), st.data())
def test_every_card_accounted_for_and_chips_constant_after_every_event(
    script: dict[str, Any], hands: int, data: st.DataObject
) -> None:
    driver = Driver(script, data)
    with driver.hand as hand:
        driver.check_invariants()
        for number in range(1, hands + 1):
            for _ in range(MAX_EVENTS_PER_HAND):
                if hand.hand_over:
                    break
                item = driver.legal_item()
                verdict = driver.send(item)
                assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
                driver.check_invariants()
            assert hand.hand_over, f"hand {number} not over after {MAX_EVENTS_PER_HAND} events"
            showdown = bool(hand.shown | hand.mucked | hand.declared)
            ending = "showdown" if showdown else f"{len(hand.table.board)}-card board"
            event(f"hand {number} ended at the {ending}")
            event(f"{len(hand.order)} players")
            driver.check_award()
            if number == hands or "next_hand" not in hand.expected_next():
                break
            verdict = driver.send("next_hand")
            assert verdict.outcome == "accepted", (verdict.reason, verdict.rule)
            driver.check_invariants()
        assert not hand.rejected


@SETTINGS
@given(scripts(), st.integers(1, 2), st.data())
def test_random_wrong_events_are_rejected_and_change_nothing(
    script: dict[str, Any], hands: int, data: st.DataObject
) -> None:
    driver = Driver(script, data)
    played = 1
    with driver.hand as hand:
        for _ in range(2 * hands * MAX_EVENTS_PER_HAND):
            if hand.hand_over and played >= hands:
                break
            inject = data.draw(st.integers(0, INJECT_ONE_IN - 1)) == 0
            item = driver.random_item() if inject else None
            if item is not None:
                before, rejected = _state(hand), len(hand.rejected)
                over = hand.hand_over
                verdict = driver.send(item)
                if verdict.outcome == "rejected":
                    assert verdict.reason
                    assert len(hand.rejected) == rejected + 1
                    assert hand.rejected[-1].reason == verdict.reason
                    assert _state(hand) == before, item
                else:
                    assert verdict.outcome == "accepted", verdict
                    if over and not hand.hand_over:  # an injected next_hand
                        played += 1
            elif hand.hand_over:
                verdict = driver.send("next_hand")
                assert verdict.outcome == "accepted", (verdict.reason, verdict.rule)
                played += 1
            else:
                item = driver.legal_item()
                verdict = driver.send(item)
                assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
            driver.check_invariants()
            if hand.hand_over:
                driver.check_award()
                if "next_hand" not in hand.expected_next():
                    break
