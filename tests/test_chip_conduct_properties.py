"""Property test for chips and hands at the table (issue 25): on random tables under either
``one_player`` option, chips splashed into the pot (``splash``, with or without its amount, by any
seat), a stack knocked over (``knocked_over``), a big chip hidden (``hidden_chip``, of any size)
and a second person helping play a hand (``one_player``) come at random moments of random hands.
Each is accepted or refused with a rule; a refused one changes nothing; a splash accepted is the
seat's action; and every card and chip stays accounted for after every event through the end of
the hand.

The hands are driven by ``tests/test_engine_properties.py``'s :class:`Driver` (a ``Hand`` built
with ``check=True`` audits the cards and the chip total after every event too).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import examples
from test_engine_properties import MAX_EVENTS_PER_HAND, SETTINGS, Driver, Item, tables

from dealer_trainer.handscript import parse_script
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.rules.rulesets import BUILTIN

pytestmark = pytest.mark.slow

KINDS = ("splash", "knocked_over", "hidden_chip", "one_player")


class ConductDriver(Driver):
    """A driver under a house that warns or kills a hand helped by someone else."""

    def __init__(self, script: dict[str, Any], data: st.DataObject) -> None:
        super().__init__(script, data)
        base = BUILTIN[script["table"].get("ruleset", "roberts")]
        one_player = data.draw(st.sampled_from(("warning", "dead")))
        house = dataclasses.replace(base, name="our-room", one_player=one_player)
        spec = dataclasses.replace(self.hand.spec, ruleset=house)
        self.hand = Hand(dataclasses.replace(parse_script(script), table=spec), check=True)

    def conduct_item(self) -> Item:
        """One of the four events, by a random seat (most often the seat to act)."""
        draw = self.data.draw
        seats = sorted(self.hand.table.stacks)
        betting = self.hand.betting
        if betting is not None and betting.to_act is not None and draw(st.booleans()):
            seats = [betting.to_act]
        args: dict[str, Any] = {"seat": draw(st.sampled_from(seats))}
        kind = draw(st.sampled_from(KINDS))
        if kind == "splash" and betting is not None and draw(st.booleans()):
            to_call = betting.current_bet - betting.bets.get(args["seat"], 0)
            args["chips"] = [max(to_call, 1)]  # one chip of the call: a call (or a small bet)
        elif kind == "splash" and draw(st.integers(0, 3)):
            chips = st.integers(1, max(2, self.start_total // 4))
            args["chips"] = draw(st.lists(chips, min_size=1, max_size=4))
        if kind == "hidden_chip" and draw(st.booleans()):
            args["amount"] = draw(st.integers(1, self.start_total))
        return {kind: args}


@settings(SETTINGS, max_examples=examples(40))
@given(tables(), st.integers(0, 2**32), st.data())
def test_splashes_stacks_hidden_chips_and_helpers_keep_every_card_and_chip_accounted_for(
    table: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    driver = ConductDriver({"table": table, "seed": seed, "events": []}, data)
    hand = driver.hand
    accepted: set[str] = set()
    for _ in range(MAX_EVENTS_PER_HAND):
        if hand.hand_over:
            break
        if data.draw(st.integers(0, 3)) == 0:
            item = driver.conduct_item()
            if driver.send_checked(item, ruled=True).outcome == "accepted":
                accepted.add(next(iter(item)))
            if hand.hand_over:
                break
        item = hand.expected_next()[0] if hand.recovery.pending else driver.legal_item()
        verdict = driver.send_checked(item, ruled=True)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    event(f"accepted: {sorted(accepted)}")
    assert hand.hand_over
    driver.check_award()
