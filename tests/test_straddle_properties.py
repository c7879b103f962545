"""Property test for straddles and a verbal "raise" with nothing more (issue 25): on random cash
tables under every straddle option, random straddles (in turn, out of turn, of any size, at any
moment) are accepted or refused, a refused one changes nothing, and every card and chip stays
accounted for after every event through the end of the hand.

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

from dealer_trainer.betting import Action
from dealer_trainer.handscript import parse_script
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.stakes import STRADDLE_PLACES

pytestmark = pytest.mark.slow


class StraddleDriver(Driver):
    """A driver on a cash table whose house allows the straddles of ``place``."""

    def __init__(self, script: dict[str, Any], data: st.DataObject, place: str) -> None:
        super().__init__(script, data)
        base = BUILTIN[script["table"].get("ruleset", "roberts")]
        house = dataclasses.replace(base, name="our-room", straddle=place, game="cash")
        spec = dataclasses.replace(self.hand.spec, ruleset=house, game="cash")
        self.hand = Hand(dataclasses.replace(parse_script(script), table=spec), check=True)

    def straddle_item(self) -> Item:
        draw = self.data.draw
        seats = sorted(self.hand.table.stacks)
        betting = self.hand.betting
        if betting is not None and draw(st.booleans()):  # a seat that may well be allowed
            order = betting.order
            last = betting.straddles[-1][0] if betting.straddles else betting.blinds[1]
            seats = [order[(order.index(last) + 1) % len(order)], order[-1]]
        args: dict[str, Any] = {"seat": draw(st.sampled_from(seats))}
        if draw(st.booleans()):
            args["amount"] = draw(st.integers(1, 3 * self.hand.spec.stakes.big_blind * 4))
        return {"straddle": args}

    def raise_words(self, item: Item) -> Item:
        """A legal bet or raise said with no amount and no chips ("raise!"), sometimes."""
        if not isinstance(item, dict) or "act" not in item:
            return item
        args = item["act"]
        if args["action"] in (Action.BET.value, Action.RAISE.value) and self.data.draw(
            st.booleans()
        ):
            return {"act": {"seat": args["seat"], "action": args["action"], "said": "raise"}}
        return item


@settings(SETTINGS, max_examples=examples(40))
@given(tables(), st.sampled_from(STRADDLE_PLACES), st.integers(0, 2**32), st.data())
def test_straddles_every_card_and_chip_accounted_for_and_a_refusal_changes_nothing(
    table: dict[str, Any], place: str, seed: int, data: st.DataObject
) -> None:
    driver = StraddleDriver({"table": table, "seed": seed, "events": []}, data, place)
    hand = driver.hand
    for item in ("shuffle", "cut", "post_blinds"):
        assert driver.send_checked(item).outcome == "accepted"
    for _ in range(data.draw(st.integers(0, 3))):
        driver.send_checked(driver.straddle_item())
    posted = list(hand.betting.straddles) if hand.betting is not None else []
    event(f"straddles posted: {len(posted)}")
    for _ in range(MAX_EVENTS_PER_HAND):
        if hand.hand_over:
            break
        begun = hand.state != "dealing" or hand.dealt > 0
        if begun and data.draw(st.integers(0, 9)) == 0:  # a straddle once the deal has begun
            assert driver.send_checked(driver.straddle_item()).outcome == "rejected"
        item = driver.raise_words(driver.legal_item())
        verdict = driver.send_checked(item)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    assert hand.hand_over
    driver.check_award()
    for seat, amount in posted:  # each straddle stayed in the pot it was posted to
        assert hand.betting is not None and hand.betting.contributed[seat] >= amount
