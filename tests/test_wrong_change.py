"""A dealer's wrong change, and a miscount a player acted on (issue 25).

One big chip with no word is a call and the dealer gives the change (LA26 141): ``change: {seat,
given}`` says what was handed back. Too little or too much is the dealer error ``wrong_change``,
its difference kept in ``change_owed`` until ``correct_change`` puts it right (LA26 145): at
once, on ``notice`` when nobody saw it, or at the latest when the pot is counted out to be
pushed. Bad input is refused with LA26 141 or is a script error at its place.

A player who acted on a wrong count (``told``) may take the chips back at a cash table while
nobody has acted after (LA26 139); in a tournament the true amount binds (TDA24 49).

The property drives random hands with random overchips and random change, given right or wrong,
noticed or not: every card and chip stays accounted for after every event, the difference is
exactly what was given wrong until it is put right, a refusal changes nothing, and once the
hand is over no difference is left.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import examples
from test_engine_properties import MAX_EVENTS_PER_HAND, SETTINGS, Driver, Item, tables

from dealer_trainer import replay
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script, parse_script
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.rules.search import search

# seat 1 the button, 2 the small blind, 3 the big blind, 4 under the gun ... 6
CASH = {"seats": 6, "button": 1, "blinds": [2, 5], "stacks": 1000, "game": "cash"}
RAISE = {"act": {"seat": 4, "action": "raise", "amount": 25}}
#: seat 5 calls the 25 with one chip of 100: 75 change is due
OVERCHIP = {"act": {"seat": 5, "action": "call", "chips": [100]}}


def play(events: list[Any], *, auto: bool = False, **table: Any) -> dict[str, Any]:
    script = {
        "table": {**CASH, **table},
        "seed": 21,
        "events": ["shuffle", "cut", "post_blinds", "deal", *events],
    }
    return replay(script, auto_recover=auto)


def change(given: int, seat: int = 5, **extra: Any) -> dict[str, Any]:
    return {"change": {"seat": seat, "given": given, **extra}}


def fold(*seats: int) -> list[dict[str, Any]]:
    return [{"act": {"seat": seat, "action": "fold"}} for seat in seats]


def pot(result: dict[str, Any]) -> int:
    return sum(item["amount"] for item in result["pots"])


# --- the change made right, and wrong --------------------------------------------------------


def test_la26_141_the_right_change_is_nothing_to_say() -> None:
    result = play([RAISE, OVERCHIP, change(75)])
    assert result["irregularities"] == [] and result["rejected"] == []
    assert result["change_owed"] == {}
    assert pot(result) == 57 and result["seats"]["5"]["chips"] == 975


@pytest.mark.parametrize("ruleset", sorted(BUILTIN))
def test_la26_145_too_little_change_is_owed_to_the_player_until_put_right(ruleset: str) -> None:
    result = play([RAISE, OVERCHIP, change(65)], ruleset=ruleset)
    assert result["irregularities"] == [{"kind": "wrong_change", "rule": "LA26 145", "event": 6}]
    assert result["change_owed"] == {"5": 10}
    assert result["expected_next"] == ["correct_change"]
    assert pot(result) == 57 and result["seats"]["5"]["chips"] == 975  # the call stands at 25
    put_right = play([RAISE, OVERCHIP, change(65), "correct_change"], ruleset=ruleset)
    assert put_right["change_owed"] == {} and put_right["to_act"] == 6


def test_la26_145_too_much_change_is_owed_back_to_the_pot() -> None:
    result = play([RAISE, OVERCHIP, change(85)])
    assert result["change_owed"] == {"5": -10}
    assert [item["kind"] for item in result["irregularities"]] == ["wrong_change"]


def test_la26_145_no_change_at_all_is_a_wrong_change_of_everything_due() -> None:
    assert play([RAISE, OVERCHIP, change(0)])["change_owed"] == {"5": 75}


def test_la26_145_the_hand_waits_for_the_change_to_be_put_right() -> None:
    result = play([RAISE, OVERCHIP, change(65), *fold(6)])
    assert result["rejected"][0]["rule"] == "LA26 145"
    assert result["to_act"] == 6
    assert play([RAISE, OVERCHIP, change(65), *fold(6)], auto=True)["rejected"] == []


def test_la26_145_an_unnoticed_wrong_change_plays_on_until_the_floor_hears_of_it() -> None:
    events = [RAISE, OVERCHIP, change(85, unnoticed=True), *fold(6)]
    result = play(events)
    assert result["irregularities"] == [] and result["change_owed"] == {"5": -10}
    assert result["expected_next"] == ["act"]
    noticed = play([*events, "notice"])
    assert noticed["irregularities"] == [{"kind": "wrong_change", "rule": "LA26 145", "event": 8}]
    assert noticed["expected_next"] == ["correct_change"]
    assert play([*events, "notice", "correct_change"])["change_owed"] == {}


def test_la26_145_a_wrong_change_still_unnoticed_comes_to_light_as_the_pot_is_pushed() -> None:
    events = [RAISE, OVERCHIP, change(85, unnoticed=True), *fold(6, 1, 2, 3), "burn", "flop"]
    events += [
        {"act": {"seat": 4, "action": "check"}},
        {"act": {"seat": 5, "action": "bet", "amount": 50}},
    ]
    events += fold(4)
    result = play(events)
    assert result["hand_over"] and result["seats"]["5"]["won"] == 57
    assert result["irregularities"] == [{"kind": "wrong_change", "rule": "LA26 145", "event": 6}]
    assert result["expected_next"] == ["correct_change"]
    assert play([*events, "next_hand"])["rejected"][0]["rule"] == "LA26 145"
    done = play([*events, "correct_change", "next_hand"])
    assert done["change_owed"] == {} and done["state"] == "shuffling"


def test_la26_145_a_player_given_too_much_change_is_all_in_for_its_own_chips_only() -> None:
    events = [RAISE, OVERCHIP, change(85, unnoticed=True), *fold(6, 1, 2, 3), "burn", "flop"]
    events += [{"act": {"seat": 4, "action": "check"}}]
    result = play([*events, {"act": {"seat": 5, "action": "all_in"}}])
    assert result["change_owed"] == {"5": -10}
    assert pot(result) == 57 + 975  # its true stack, not the 985 in front of it


def test_the_change_of_a_splash_or_a_call_with_two_chips_is_change_too() -> None:
    call = {"act": {"seat": 5, "action": "call", "chips": [20, 20]}}
    assert play([RAISE, call, change(10)])["change_owed"] == {"5": 5}  # 15 back: 25 put in


# --- bad input --------------------------------------------------------------------------------


def test_la26_141_change_with_no_chip_pushed_out_beyond_the_bet_is_refused() -> None:
    exact = {"act": {"seat": 5, "action": "call", "chips": [25]}}
    for events in ([RAISE, change(5)], [RAISE, exact, change(5)]):
        result = play(events)
        assert [item["rule"] for item in result["rejected"]] == ["LA26 141"]
        assert result["change_owed"] == {} and result["irregularities"] == []


def test_la26_141_change_after_another_player_acted_or_twice_is_refused() -> None:
    late = play([RAISE, OVERCHIP, *fold(6), change(75)])
    assert [item["rule"] for item in late["rejected"]] == ["LA26 141"]
    twice = play([RAISE, OVERCHIP, change(75), change(75)])
    assert [item["rule"] for item in twice["rejected"]] == ["LA26 141"]


def test_la26_141_change_bigger_than_the_chip_is_refused() -> None:
    result = play([RAISE, OVERCHIP, change(150)])
    assert result["rejected"][0]["rule"] == "LA26 141"
    assert "pushed out 100" in result["rejected"][0]["reason"]


def test_change_needs_a_whole_number_of_zero_or_more_at_its_place() -> None:
    base = "table: {seats: 3}\nevents:\n"
    for line, message in (
        ("  - change: {seat: 2, given: -5}\n", "3:30: 'given' must be at least 0, not -5"),
        ("  - change: {seat: 2, given: lots}\n", "3:30: 'given' must be a whole number"),
        ("  - change: {seat: 2}\n", "3:5: change needs 'given'"),
    ):
        with pytest.raises(ScriptError) as caught:
            load_script(base + line, source="hand.yaml")
        assert message in str(caught.value), str(caught.value)


# --- a miscount acted on: taken back at a cash table, binding in a tournament ------------------

TOLD = {"act": {"seat": 5, "action": "call", "chips": [15], "told": 15}}


def test_la26_139_a_misinformed_player_takes_the_chips_back_while_nobody_acted_after() -> None:
    result = play([RAISE, TOLD, {"pull_back": {"seat": 5}}])
    assert result["rejected"] == [] and result["to_act"] == 5
    assert pot(result) == 32 and result["seats"]["5"]["chips"] == 1000
    assert pot(play([RAISE, TOLD, {"pull_back": {"seat": 5}}, *fold(5)])) == 32


def test_la26_69_once_another_player_acted_the_miscounted_call_stays_in() -> None:
    result = play([RAISE, TOLD, *fold(6), {"pull_back": {"seat": 5}}])
    assert [item["rule"] for item in result["rejected"]] == ["LA26 69"]
    assert pot(result) == 57


def test_tda24_49_in_a_tournament_the_true_amount_binds() -> None:
    result = play([RAISE, TOLD, {"pull_back": {"seat": 5}}], game="tournament")
    assert [item["rule"] for item in result["rejected"]] == ["TDA24 49"]
    assert pot(result) == 57 and result["to_act"] == 6


def test_a_call_told_the_right_figure_cannot_be_taken_back() -> None:
    right = {"act": {"seat": 5, "action": "call", "chips": [25], "told": 25}}
    result = play([RAISE, right, {"pull_back": {"seat": 5}}])
    assert [item["rule"] for item in result["rejected"]] == ["LA26 69"]


@pytest.mark.parametrize("words", ["wrong change", "short change", "dealer gave the wrong change"])
def test_the_rules_lookup_finds_the_wrong_change_rule(words: str) -> None:
    assert "LA26 145" in [hit.rule.cite for hit in search(words)[:5]]


# --- the property: every chip accounted for ---------------------------------------------------


class ChangeDriver(Driver):
    """A driver on a table of the game drawn: acts now and then push out chips beyond the bet,
    and the dealer gives change, right or wrong, noticed or not."""

    def __init__(self, script: dict[str, Any], data: st.DataObject, game: str) -> None:
        super().__init__(script, data)
        spec = dataclasses.replace(self.hand.spec, game=game)
        self.hand = Hand(dataclasses.replace(parse_script(script), table=spec), check=True)

    def overchip(self, item: Item) -> Item:
        """A call or bet as one oversized chip, now and then."""
        betting = self.hand.betting
        if not (isinstance(item, dict) and "act" in item) or betting is None:
            return item
        args = item["act"]
        seat = args["seat"]
        if args["action"] != "call" or self.data.draw(st.booleans()):
            return item
        owed = betting.current_bet - betting.bets[seat]
        if owed <= 0 or betting.stacks[seat] <= owed:
            return item
        chip = self.data.draw(st.integers(owed + 1, betting.stacks[seat]))
        return {"act": {"seat": seat, "action": "call", "chips": [chip]}}

    def change_item(self) -> Item:
        """The dealer's change to a random seat: any amount, noticed or not."""
        draw = self.data.draw
        seats = sorted(self.hand.change_due) or sorted(self.hand.table.stacks)
        seat = draw(st.sampled_from(seats))
        pushed, due = self.hand.change_due.get(seat, (50, 10))
        given = draw(st.one_of(st.just(due), st.integers(0, pushed + 5)))
        args: dict[str, Any] = {"seat": seat, "given": given}
        if draw(st.booleans()):
            args["unnoticed"] = True
        return {"change": args}


def _expected_gap(hand: Hand, item: Item) -> dict[int, int]:
    """What the difference should become if this change is accepted."""
    gaps = dict(hand.change_gaps)
    assert isinstance(item, dict)
    args = item["change"]
    seat = args["seat"]
    _, due = hand.change_due[seat]
    if args["given"] != due:
        gaps[seat] = gaps.get(seat, 0) + args["given"] - due
    return gaps


@settings(SETTINGS, max_examples=examples(40))
@given(tables(), st.sampled_from(("cash", "tournament")), st.integers(0, 2**32), st.data())
def test_la26_145_wrong_change_every_card_and_chip_accounted_for_until_put_right(
    table: dict[str, Any], game: str, seed: int, data: st.DataObject
) -> None:
    driver = ChangeDriver({"table": table, "seed": seed, "events": []}, data, game)
    hand = driver.hand
    made: list[str] = []
    for _ in range(MAX_EVENTS_PER_HAND):
        if hand.hand_over and not hand.recovery.pending:
            break
        if hand.change_unseen and data.draw(st.integers(0, 3)) == 0:
            verdict = driver.send_checked("notice")
            made.append(f"notice {verdict.outcome}")
        odds = 1 if hand.change_due else 5  # change right after an overchip, mostly
        if not hand.recovery.pending and data.draw(st.integers(0, odds)) == 0:
            item = driver.change_item()
            before = dict(hand.change_gaps)
            expected = (
                _expected_gap(hand, item) if item["change"]["seat"] in hand.change_due else None  # type: ignore[index]
            )
            verdict = driver.send_checked(item, ruled=True)
            made.append(f"change {verdict.outcome}")
            if verdict.outcome == "accepted":
                args = item["change"]  # type: ignore[index]
                wrong = hand.change_gaps != before
                assert hand.change_gaps == expected
                if wrong and not args.get("unnoticed"):
                    assert hand.expected_next() == ["correct_change"]
                assert wrong or not hand.recovery.pending
            else:
                assert expected is None or verdict.rule == "LA26 141"
        if hand.recovery.pending and hand.expected_next() == ["correct_change"]:
            owed = dict(hand.change_gaps)
            seat = hand.recovery.pending[0].seat
            assert driver.send_checked("correct_change").outcome == "accepted"
            assert hand.change_gaps == {s: g for s, g in owed.items() if s != seat}
            continue
        if hand.hand_over:
            continue
        item = driver.overchip(driver.legal_item())
        verdict = driver.send_checked(item)
        assert verdict.outcome == "accepted", (item, verdict.reason, verdict.rule)
    event(f"change events: {sorted(set(made))}")
    assert hand.hand_over and not hand.change_gaps and not hand.change_unseen
    driver.check_award()


def test_a_misdeal_returns_every_bet_and_the_wrong_change_with_it() -> None:
    events = [RAISE, OVERCHIP, change(85, unnoticed=True), {"foul_deck": {"found": "duplicate"}}]
    result = play(events)
    assert result["misdeals"] == 1 and result["change_owed"] == {}
    assert result["expected_next"] == ["retrieve"]
