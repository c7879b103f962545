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

from dealer_trainer.betting import Action
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
        args: dict[str, Any] = {}
        if self.data.draw(st.booleans()):  # two or three runs (runs absent: two)
            args["runs"] = self.data.draw(st.sampled_from((2, 3)))
        if self.data.draw(st.booleans()):
            args["declined"] = True
        return {"run_twice": args} if args else "run_twice"

    def all_in_item(self) -> Item | None:
        """Often, the player to act moves all in (a board is run only with a player all in)."""
        betting = self.hand.betting
        if betting is None or betting.to_act is None or "act" not in self.hand.expected_next():
            return None
        if Action.ALL_IN not in betting.legal_actions(betting.to_act):
            return None
        if self.hand.barred(betting.to_act) or self.hand.bound_actions(betting.to_act):
            return None
        return {"act": {"seat": betting.to_act, "action": "all_in"}}


@settings(SETTINGS, max_examples=examples(40))
@given(
    tables(),
    st.sampled_from(("none", "full", "half")),
    st.sampled_from(("none", "twice", "allowed")),
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


@settings(SETTINGS, max_examples=examples(40))
@given(tables(), st.sampled_from((3, 2)), st.integers(0, 2**32), st.data())
def test_la26_187_a_board_run_two_or_three_times_shares_every_pot_and_every_card(
    table: dict[str, Any], runs: int, seed: int, data: st.DataObject
) -> None:
    """A house that runs it up to three times, players moving all in: once the players agree,
    every card stays accounted for (the later boards beside the first), every chip is paid
    out, and each board's share of each pot is equal to the others' up to the odd chips, which
    go one each to the first boards first (LA26 187); each later board is five cards, sharing
    what was out at the agreement (LA26 213)."""
    driver = PotsDriver(
        {"table": table, "seed": seed, "events": []}, data, "none", "allowed", "none"
    )
    hand = driver.hand
    for _ in range(MAX_EVENTS_PER_HAND):
        if hand.hand_over:
            break
        if hand.runs == 1 and hand.betting is not None and hand.betting.betting_over:
            driver.send_checked({"run_twice": {"runs": runs}})
        item = driver.all_in_item() if data.draw(st.integers(0, 3)) else None
        item = item or driver.legal_item()
        verdict = driver.send_checked(item)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    assert hand.hand_over
    driver.check_award()
    event(f"runs agreed: {hand.runs}; boards dealt: {len(hand.run_pots)}")
    if not hand.run_pots:  # agreed, but the hand ended without a showdown
        return
    assert len(hand.run_pots) == hand.runs == runs
    shared = hand.table.board[: hand.run_from]
    for later in hand.later_runs:
        assert len(shared) + len(later) == 5
    new_cards = [card for run in hand.later_runs for card in run]
    assert len(set(new_cards)) == len(new_cards) == len(hand.table.set_aside)
    for number, pot in enumerate(hand.pots):
        shares = [pots[number] for pots in hand.run_pots]
        amounts = [share.amount for share in shares]
        assert sum(amounts) == pot.amount
        assert amounts == sorted(amounts, reverse=True)
        assert amounts[0] - amounts[-1] <= 1
        assert all(set(share.winners) <= set(pot.eligible) for share in shares)
        assert set(pot.winners) == {seat for share in shares for seat in share.winners}


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
