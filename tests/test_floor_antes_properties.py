"""Property test for antes (issue 18): every chip accounted for after every event, antes and
the big blind ante included, on random tables and random legal hands.

The hands are driven by ``tests/test_engine_properties.py``'s :class:`Driver` (a ``Hand`` built
with ``check=True`` audits the cards and the chip total after every event too).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples
from test_engine_properties import MAX_EVENTS_PER_HAND, SETTINGS, Driver, tables

from dealer_trainer.engine import snapshot
from dealer_trainer.showdown import build_pots

pytestmark = pytest.mark.slow


@st.composite
def ante_scripts(draw: st.DrawFn) -> dict[str, Any]:
    """A script with a per-seat ante, a big blind ante, or both (no events: sent one by one)."""
    table = draw(tables())
    kind = draw(st.sampled_from(["ante", "big_blind_ante", "both"]))
    if kind in ("ante", "both"):
        table["ante"] = draw(st.integers(1, 60))
    if kind in ("big_blind_ante", "both"):
        table["big_blind_ante"] = draw(st.integers(1, 200))
    return {"table": table, "seed": draw(st.integers(0, 2**32)), "events": []}


def check_award(driver: Driver) -> None:
    """Once the hand is over: every chip behind again, the antes won with the pots."""
    hand = driver.hand
    result = snapshot(hand)
    assert result["hand_over"]
    assert sum(info["chips"] for info in result["seats"].values()) == driver.start_total
    betting = hand.betting
    assert betting is not None
    won = sum(info["won"] for info in result["seats"].values())
    _, uncalled = build_pots(betting.contributed, betting.folded, hand.order, betting.dead)
    assert won == betting.pot - sum(uncalled.values())
    assert won == sum(pot["amount"] for pot in result["pots"])
    # every ante chip went into the pot: the per-seat antes with the seat's chips put in, the
    # big blind ante as dead money, beside the dead small blinds a cash game's seats made up
    # (RRoP-BLD 6; LA26 160: the tables drawn may have seats owing blinds), or a seat that
    # bought the button (LA26 158: a small blind dead)
    made_up = sum(1 for what in hand.posting.values() if what in ("both", "small", "button"))
    assert betting.dead <= hand.spec.stakes.big_blind_ante + made_up * hand.spec.stakes.small_blind
    assert sum(betting.antes.values()) <= betting.pot


@settings(SETTINGS, max_examples=examples(60))
@given(ante_scripts(), st.integers(1, 2), st.data())
def test_antes_every_chip_accounted_for_after_every_event(
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
            assert hand.hand_over
            check_award(driver)
            if number == hands or "next_hand" not in hand.expected_next():
                break
            assert driver.send("next_hand").outcome == "accepted"
            driver.check_invariants()
        assert not hand.rejected
