"""Property test for the table itself (issue 25): on random tables, the floor finds the button out
of place (``wrong_button`` with any seat), a hand hidden from view (``hidden_hand``), and a new
deck is brought in (``deck_change``, for a random reason after random minutes in play) at random
moments of random hands. Each is accepted or refused; a refused one changes nothing (a player's
request for a new deck is honoured only in a cash game after two hours, LA26 79, TDA24 26); a
misdeal is recovered and the hand dealt again from the corrected button; every card and chip
stays accounted for after every event through the end of the hand.

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

from dealer_trainer.procedure.events import DECK_REASONS
from dealer_trainer.procedure.table_errors import DECK_REQUEST_MINUTES

pytestmark = pytest.mark.slow


def table_item(driver: Driver) -> Item:
    draw = driver.data.draw
    kind = draw(st.sampled_from(["deck_change", "wrong_button", "hidden_hand"]))
    if kind == "deck_change":
        reason = draw(st.sampled_from([None, *DECK_REASONS]))
        if reason is None:
            return kind
        minutes = draw(st.none() | st.integers(0, 300))
        args: dict[str, Any] = {"reason": reason}
        if minutes is not None:
            args["minutes"] = minutes
        return {kind: args}
    return {kind: {"seat": draw(st.sampled_from(sorted(driver.hand.table.stacks)))}}


def _is_deck_change(item: Item) -> bool:
    return item == "deck_change" or (isinstance(item, dict) and "deck_change" in item)


def _check_deck_change(driver: Driver, item: Item, outcome: str, rule: str | None) -> None:
    """Between hands a new deck comes in for the room's schedule, a foul or damaged deck, or
    (a cash game only) a player's request after two hours in play; anything else is refused
    with its rule."""
    args = item["deck_change"] if isinstance(item, dict) else {}
    if driver.hand.recovery.pending:  # a misdeal's steps come first, with their own rule
        assert outcome == "rejected", item
        return
    between = driver.hand.state in ("shuffling", "hand_over")
    if args.get("reason") != "request":
        allowed = between
    else:
        minutes = args.get("minutes")
        cash = driver.hand.spec.game == "cash"
        allowed = between and cash and minutes is not None and minutes >= DECK_REQUEST_MINUTES
        if between and not cash:
            assert rule == "TDA24 26", (item, outcome, rule)
    if outcome == "rejected" and rule != "TDA24 26":
        assert rule == "LA26 79", (item, rule)
    if not between:
        assert outcome == "rejected", item  # the hand keeps the deck in play
    else:
        assert (outcome == "accepted") == allowed, (item, outcome, rule)


@settings(SETTINGS, max_examples=examples(40))
@given(tables(), st.integers(0, 2**32), st.data())
def test_a_misplaced_button_and_a_deck_change_keep_every_card_and_chip_accounted_for(
    table: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    driver = Driver({"table": table, "seed": seed, "events": []}, data)
    hand = driver.hand
    for _ in range(data.draw(st.integers(0, 2))):  # before the hand: a new deck, a button moved
        item = table_item(driver)
        verdict = driver.send_checked(item, ruled=True)
        if _is_deck_change(item):
            _check_deck_change(driver, item, verdict.outcome, verdict.rule)
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
            elif _is_deck_change(item):
                _check_deck_change(driver, item, verdict.outcome, verdict.rule)
            continue
        # the misdeal's steps (bring back, shuffle, cut) while they are due, else a legal event
        item = hand.expected_next()[0] if hand.recovery.pending else driver.legal_item()
        verdict = driver.send_checked(item, ruled=True)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    event(f"redeals after a misplaced button: {min(redeals, 2)}")
    assert hand.hand_over
    driver.check_award()
