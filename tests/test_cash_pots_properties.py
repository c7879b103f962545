"""Property test for a cash game's pots (issue 25): on random cash tables under every kill
option, random kill blinds (any seat, any size, at any moment, in any structure), requests to
run the board twice (agreed or declined, at any moment) and rabbit hunting are accepted or
refused; a refusal changes nothing, and every card and chip stays accounted for after every
event through the end of the hand.

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


class PotsDriver(Driver):
    """A driver on a cash table whose house plays ``kill`` pots and allows what is drawn."""

    def __init__(
        self, script: dict[str, Any], data: st.DataObject, kill: str, twice: str, rabbit: str
    ) -> None:
        super().__init__(script, data)
        base = BUILTIN[script["table"].get("ruleset", "roberts")]
        house = dataclasses.replace(
            base, name="our-room", kill=kill, run_it_twice=twice, rabbit_hunt=rabbit, game="cash"
        )
        spec = dataclasses.replace(self.hand.spec, ruleset=house, game="cash")
        self.hand = Hand(dataclasses.replace(parse_script(script), table=spec), check=True)

    def kill_item(self) -> Item:
        draw = self.data.draw
        args: dict[str, Any] = {"seat": draw(st.sampled_from(sorted(self.hand.table.stacks)))}
        if draw(st.booleans()):
            args["amount"] = draw(st.integers(1, 3 * self.hand.spec.stakes.big_blind))
        return {"kill_blind": args}

    def twice_item(self) -> Item:
        if self.data.draw(st.booleans()):
            return "run_twice"
        return {"run_twice": {"declined": True}}


@settings(SETTINGS, max_examples=examples(40))
@given(
    tables(),
    st.sampled_from(("none", "full", "half")),
    st.sampled_from(("none", "allowed")),
    st.sampled_from(("none", "allowed")),
    st.integers(0, 2**32),
    st.data(),
)
def test_cash_pots_every_card_and_chip_accounted_for_and_a_refusal_changes_nothing(
    table: dict[str, Any], kill: str, twice: str, rabbit: str, seed: int, data: st.DataObject
) -> None:
    driver = PotsDriver({"table": table, "seed": seed, "events": []}, data, kill, twice, rabbit)
    hand = driver.hand
    for item in ("shuffle", "cut", "post_blinds"):
        assert driver.send_checked(item).outcome == "accepted"
    for _ in range(data.draw(st.integers(0, 2))):
        driver.send_checked(driver.kill_item())
    killed = hand.kill_blind
    event(f"kill posted: {killed is not None}")
    for _ in range(MAX_EVENTS_PER_HAND):
        if hand.hand_over:
            break
        if data.draw(st.integers(0, 4)) == 0:
            verdict = driver.send_checked(driver.twice_item())
            event(f"run twice: {verdict.outcome}")
        if hand.dealt and data.draw(st.integers(0, 9)) == 0:  # a kill once the deal has begun
            assert driver.send_checked(driver.kill_item()).outcome == "rejected"
        item = driver.legal_item()
        verdict = driver.send_checked(item)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    assert hand.hand_over
    driver.check_award()
    verdict = driver.send_checked("rabbit")
    assert verdict.outcome == ("accepted" if rabbit == "allowed" else "rejected")
    if killed is not None:  # the kill blind stayed in the pot it was posted to
        assert hand.betting is not None and hand.betting.contributed[killed[0]] >= killed[1]


def _sole_winner(hand: Hand) -> int | None:
    winners = [seat for seat, won in hand.won.items() if won > 0]
    return winners[0] if hand.awarded and len(winners) == 1 else None


@settings(SETTINGS, max_examples=examples(30))
@given(tables(), st.sampled_from(("none", "full", "half")), st.integers(0, 2**32), st.data())
def test_la26_195_the_kill_falls_due_after_two_pots_in_a_row_the_second_a_full_bet_over_blinds(
    table: dict[str, Any], kill: str, seed: int, data: st.DataObject
) -> None:
    """Hand after hand of one script, ``kill_due`` is the seat that won this pot and the one
    before it whole, the second holding a full bet beyond the blinds, and only at a limit cash
    table whose house plays kill pots; the seat owed is carried into the next hand."""
    driver = PotsDriver({"table": table, "seed": seed, "events": []}, data, kill, "none", "none")
    hand = driver.hand
    stakes = hand.spec.stakes
    plays = kill != "none" and stakes.structure.value == "limit"
    full_bet = stakes.small_bet or stakes.big_blind
    run: tuple[int, int] | None = None
    for number in range(data.draw(st.integers(1, 4))):
        if number:
            owed = hand.kill_due()
            if driver.send_checked("next_hand").outcome != "accepted":
                break  # fewer than two players with chips
            assert hand.kill_due() == owed
        for _ in range(MAX_EVENTS_PER_HAND):
            if hand.hand_over:
                break
            item = driver.legal_item()
            assert driver.send_checked(item).outcome == "accepted", item
        winner = _sole_winner(hand)
        if winner is None:
            run = None
        else:
            run = (winner, run[1] + 1 if run is not None and run[0] == winner else 1)
        beyond = sum(pot.amount for pot in hand.pots) - stakes.small_blind - stakes.big_blind
        due = run[0] if plays and run is not None and run[1] >= 2 and beyond >= full_bet else None
        assert hand.kill_due() == due, (run, beyond)
        event(f"a kill due: {due is not None}")
