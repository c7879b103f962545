"""Property test for chips pulled back, counts on request and conditional statements (issue 25):
on random tables of either game and either ``conditional`` option, random ``pull_back``,
``count`` and ``conditional`` events by random seats at random moments are
accepted or refused; a refusal changes nothing; a prior bet pulled back facing a raise leaves
the player no fold on that turn; and every card and chip stays accounted for after every event
through the end of the hand.

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

pytestmark = pytest.mark.slow


class ChipDriver(Driver):
    """A driver on a table of the game drawn, sending chip and count events now and then."""

    def __init__(self, script: dict[str, Any], data: st.DataObject, game: str) -> None:
        super().__init__(script, data)
        base = BUILTIN[script["table"].get("ruleset", "roberts")]
        conditional = data.draw(st.sampled_from(("binding", "not_binding")))
        house = dataclasses.replace(base, name="our-room", conditional=conditional)
        spec = dataclasses.replace(self.hand.spec, game=game, ruleset=house)
        self.hand = Hand(dataclasses.replace(parse_script(script), table=spec), check=True)

    def chip_item(self) -> Item:
        """A pull_back or a count by a random seat (of a random seat), legal or not."""
        draw = self.data.draw
        seats = sorted(self.hand.table.stacks)
        betting = self.hand.betting
        if betting is not None and betting.to_act is not None and draw(st.booleans()):
            seats = [betting.to_act]  # the seat to act: the one most often allowed
        seat = draw(st.sampled_from(seats))
        kind = draw(st.sampled_from(("pull_back", "count", "conditional")))
        if kind == "pull_back":
            return {"pull_back": {"seat": seat}}
        if kind == "conditional":
            action = draw(st.sampled_from([action.value for action in Action]))
            return {"conditional": {"seat": seat, "action": action}}
        return {
            "count": {"seat": seat, "of": draw(st.sampled_from(sorted(self.hand.table.stacks)))}
        }


@settings(SETTINGS, max_examples=examples(40))
@given(tables(), st.sampled_from(("cash", "tournament")), st.integers(0, 2**32), st.data())
def test_chips_and_counts_every_card_and_chip_accounted_for_and_a_refusal_changes_nothing(
    table: dict[str, Any], game: str, seed: int, data: st.DataObject
) -> None:
    driver = ChipDriver({"table": table, "seed": seed, "events": []}, data, game)
    hand = driver.hand
    accepted: list[str] = []
    for _ in range(MAX_EVENTS_PER_HAND):
        if hand.hand_over:
            break
        if data.draw(st.integers(0, 3)) == 0:
            item = driver.chip_item()
            if driver.send_checked(item).outcome == "accepted":
                accepted.append(next(iter(item)) if isinstance(item, dict) else item)
        item = driver.legal_item()
        if isinstance(item, dict) and "act" in item and data.draw(st.booleans()):
            item["act"]["told"] = data.draw(st.integers(1, driver.start_total))  # a miscount
        verdict = driver.send_checked(item)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    event(f"chip events accepted: {sorted(set(accepted))}")
    assert hand.hand_over
    driver.check_award()
