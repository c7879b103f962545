"""Property test for the table itself (issue 25): on random tables, the floor finds the button out
of place (``wrong_button`` with any seat), a hand hidden from view (``hidden_hand``), and a new
deck is brought in (``deck_change``) at random moments of random hands. Each is accepted or
refused; a refused one changes nothing; a misdeal is recovered and the hand dealt again from the
corrected button; every card and chip stays accounted for after every event through the end of
the hand.

The hands are driven by ``tests/test_engine_properties.py``'s :class:`Driver` (a ``Hand`` built
with ``check=True`` audits the cards and the chip total after every event too).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import examples
from test_engine_properties import MAX_EVENTS_PER_HAND, SETTINGS, Driver, Item, tables

pytestmark = pytest.mark.slow


def table_item(driver: Driver) -> Item:
    draw = driver.data.draw
    kind = draw(st.sampled_from(["deck_change", "wrong_button", "hidden_hand"]))
    if kind == "deck_change":
        return kind
    return {kind: {"seat": draw(st.sampled_from(sorted(driver.hand.table.stacks)))}}


@settings(SETTINGS, max_examples=examples(40))
@given(tables(), st.integers(0, 2**32), st.data())
def test_a_misplaced_button_and_a_deck_change_keep_every_card_and_chip_accounted_for(
    table: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    driver = Driver({"table": table, "seed": seed, "events": []}, data)
    hand = driver.hand
    for _ in range(data.draw(st.integers(0, 2))):  # before the hand: a new deck, a button moved
        driver.send_checked(table_item(driver), ruled=True)
    redeals = injected = 0
    for _ in range(MAX_EVENTS_PER_HAND):
        if hand.hand_over:
            break
        if injected < 6 and data.draw(st.integers(0, 7)) == 0:
            injected += 1
            misdeals = hand.misdeals
            item = table_item(driver)
            verdict = driver.send_checked(item, ruled=True)
            if hand.misdeals > misdeals:  # put right: the button is where the floor said
                assert isinstance(item, dict) and hand.table.button == item["wrong_button"]["seat"]
                redeals += 1
            elif verdict.outcome == "accepted" and item == "deck_change":
                assert hand.state in ("shuffling", "hand_over")
            continue
        # the misdeal's steps (bring back, shuffle, cut) while they are due, else a legal event
        item = hand.expected_next()[0] if hand.recovery.pending else driver.legal_item()
        verdict = driver.send_checked(item, ruled=True)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    event(f"redeals after a misplaced button: {min(redeals, 2)}")
    assert hand.hand_over
    driver.check_award()
