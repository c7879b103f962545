"""Property test for showing hands (issue 25): on random tables, players ask to see hands
(``see_hand`` of any seat) and show cards to one player (``show_one`` to any seat) at random
moments of random hands, the showdown and the awarded pot included. Each is accepted or refused
with its rule; a refused one changes nothing; every card and chip stays accounted for after
every event, and the pots still go to hands eligible for them.

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


def showing_item(driver: Driver) -> Item:
    draw = driver.data.draw
    seats = sorted(driver.hand.table.stacks)
    kind = draw(st.sampled_from(["see_hand", "show_one"]))
    other = "of" if kind == "see_hand" else "to"
    return {kind: {"seat": draw(st.sampled_from(seats)), other: draw(st.sampled_from(seats))}}


@settings(SETTINGS, max_examples=examples(40))
@given(tables(), st.integers(0, 2**32), st.data())
def test_requests_to_see_a_hand_and_cards_shown_to_one_keep_every_card_and_chip_accounted_for(
    table: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    driver = Driver({"table": table, "seed": seed, "events": []}, data)
    hand = driver.hand
    accepted = injected = 0
    for _ in range(MAX_EVENTS_PER_HAND):
        if hand.hand_over:
            break
        if injected < 8 and data.draw(st.integers(0, 5)) == 0:
            injected += 1
            accepted += driver.send_checked(showing_item(driver), ruled=True).outcome == "accepted"
            continue
        item = hand.expected_next()[0] if hand.recovery.pending else driver.legal_item()
        verdict = driver.send_checked(item, ruled=True)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    assert hand.hand_over
    for _ in range(data.draw(st.integers(0, 3))):  # asked for once the pot is awarded
        accepted += driver.send_checked(showing_item(driver), ruled=True).outcome == "accepted"
    event(f"showing events accepted: {min(accepted, 2)}")
    driver.check_award()
