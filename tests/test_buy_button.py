"""Buying the button (LA26 158; the house option ``buy_button``; issue 25): a cash game's seat
owing blinds that sits on the button or between it and the small blind posts a big blind live
and a small blind dead and has the button for the hand; everything else is refused with its
rule, and a plain ``post`` keeps its meaning."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

from dealer_trainer import replay
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.rules.search import search
from dealer_trainer.view import table_view
from tests.script_items import act

ROOT = Path(__file__).resolve().parent.parent
# seat 1 the button, seat 2 a new player left of it: seats 3 and 4 are the blinds
WSOP = {
    "seats": 6,
    "button": 1,
    "blinds": [1, 2],
    "stacks": 100,
    "game": "cash",
    "ruleset": "tda-2024",
    "owes": {2: "big"},
}
BUY = {"post": {"seat": 2, "buy_button": True}}


def script(events: list[Any], **table: Any) -> dict[str, Any]:
    return {"table": {**WSOP, **table}, "seed": 5, "events": ["shuffle", "cut", *events]}


def play(events: list[Any], **table: Any) -> dict[str, Any]:
    return replay(script(events, **table))


def hand_after(events: list[Any], **table: Any) -> Hand:
    loaded = load_script(script(events, **table))
    hand = Hand(loaded)
    for event in loaded.events:
        hand.handle(event)
    return hand


def chips(result: dict[str, Any], seat: int) -> int:
    return int(result["seats"][str(seat)]["chips"])


def refusal(result: dict[str, Any]) -> dict[str, Any]:
    (only,) = result["rejected"]
    return dict(only)


def house(tmp_path: Path, **options: str) -> str:
    path = tmp_path / "house.yaml"
    text = yaml.safe_dump({"name": "house", "base": "roberts", "options": options})
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- accepted: the buyer posts a big blind live and a small blind dead, and has the button ------


@pytest.mark.parametrize("owed", ["big", "both", "small"])
def test_la26_158_the_buyer_posts_a_big_blind_live_and_a_small_blind_dead(owed: str) -> None:
    result = play([BUY, "post_blinds", "deal"], owes={2: owed})
    assert not result["rejected"]
    assert chips(result, 2) == 97  # whatever it owed: 2 live and 1 dead
    assert result["pots"][0]["amount"] == 6
    assert result["button"] == 2
    assert result["seats"]["2"]["hole"]


def test_la26_158_the_dead_small_blind_is_in_nobodys_bet() -> None:
    # seat 5 under the gun, then 6, then the old button 1, then the buyer: unraised, it checks
    events = [BUY, "post_blinds", "deal", act(5, "call"), act(6, "call"), act(1, "call")]
    result = play(events)
    assert result["to_act"] == 2
    hand = hand_after(events)
    assert hand.betting is not None and hand.betting.bets[2] == 2
    assert play([*events, act(2, "check")])["to_act"] == 3


def test_la26_158_the_buyer_gets_the_last_card_the_old_button_the_one_before() -> None:
    hand = hand_after([BUY, "post_blinds"])
    firsts = []
    for _ in range(12):
        firsts.append(hand.seat_to_deal())
        hand.pitch_one()
    assert firsts == [3, 4, 5, 6, 1, 2] * 2


def test_la26_158_preflop_the_old_button_then_the_buyer_then_the_blinds() -> None:
    events = [BUY, "post_blinds", "deal"]
    seen = []
    for seat, action in ((5, "call"), (6, "call"), (1, "call"), (2, "check"), (3, "call")):
        seen.append(play(events)["to_act"])
        events.append(act(seat, action))
    seen.append(play(events)["to_act"])
    assert seen == [5, 6, 1, 2, 3, 4]


def test_la26_158_after_the_flop_the_buyer_acts_last_the_old_button_just_before() -> None:
    events = [BUY, "post_blinds", "deal"]
    events += [act(s, "call") for s in (5, 6, 1)] + [act(2, "check"), act(3, "call")]
    events += [act(4, "check"), "burn", "flop"]
    seen = []
    for seat in (3, 4, 5, 6, 1):
        seen.append(play(events)["to_act"])
        events.append(act(seat, "check"))
    seen.append(play(events)["to_act"])
    assert seen == [3, 4, 5, 6, 1, 2]


def test_la26_158_a_seat_owing_on_the_button_itself_buys_it() -> None:
    result = play(
        [{"post": {"seat": 1, "buy_button": True}}, "post_blinds", "deal"], owes={1: "big"}
    )
    assert not result["rejected"]
    assert chips(result, 1) == 97 and result["button"] == 1
    assert result["to_act"] == 4  # seats 2 and 3 are the blinds


def test_la26_158_a_buy_after_the_blinds_takes_them_again_with_the_buyer_in() -> None:
    result = play(["post_blinds", BUY, "deal"])
    assert not result["rejected"]
    assert chips(result, 2) == 97 and chips(result, 3) == 99 and chips(result, 4) == 98
    assert result["pots"][0]["amount"] == 6 and result["button"] == 2


def test_la26_158_an_amount_must_be_the_big_blind_and_the_small_blind() -> None:
    right = play([{"post": {"seat": 2, "buy_button": True, "amount": 3}}, "post_blinds"])
    assert not right["rejected"]
    wrong = play([{"post": {"seat": 2, "buy_button": True, "amount": 2}}, "post_blinds"])
    assert refusal(wrong) == {
        "event": 2,
        "name": "post",
        "reason": "seat 2 buys the button for 3 (2 live and 1 dead), not 2",
        "rule": "LA26 158",
    }


def test_la26_158_a_house_small_blind_made_live_still_sells_the_button_with_it_dead(
    tmp_path: Path,
) -> None:
    ruleset = house(tmp_path, buy_button="allowed", missed_small_blind="live")
    events = [BUY, "post_blinds", "deal", act(5, "call"), act(6, "call"), act(1, "call")]
    result = play(events, ruleset=ruleset, owes={2: "small"})
    assert not result["rejected"]
    assert chips(result, 2) == 97 and result["to_act"] == 2


def test_la26_158_the_button_moves_on_from_the_buyer_next_hand(tmp_path: Path) -> None:
    folds = [act(5, "fold"), act(6, "fold"), act(1, "fold"), act(2, "fold"), act(3, "fold")]
    events = [BUY, "post_blinds", "deal", *folds, "next_hand", "shuffle", "cut", "post_blinds"]
    moving = play(events, ruleset=house(tmp_path, buy_button="allowed"))
    dead = play(events)  # tda-2024: a dead button falls on the last small blind's seat
    for result in (moving, dead):
        assert not result["rejected"]
        assert result["button"] == 3
        assert chips(result, 4) == 100 + 6 - 2 - 1  # won the 6, posts the small blind now


def test_la26_158_a_misdeal_leaves_the_button_bought_and_posted() -> None:
    events = [BUY, "post_blinds", {"pitch": {"to": 4, "unnoticed": True}}, "deal"]
    events += [act(5, "raise", 6), "notice", "retrieve", "reshuffle", "cut", "deal"]
    result = play(events)
    assert not result["rejected"] and result["misdeals"] == 1
    assert chips(result, 2) == 97 and result["button"] == 2
    assert result["pots"][0]["amount"] == 6


def test_la26_158_the_table_view_puts_the_button_on_the_buyer() -> None:
    view = table_view(hand_after([BUY, "post_blinds", "deal"]))
    assert "button" in view.seat(2).roles
    assert "button" not in view.seat(1).roles


# --- refused, with the rule, and nothing changed ------------------------------------------------


def _unchanged(result: dict[str, Any]) -> None:
    assert result["button"] == 1
    assert chips(result, 2) == 100
    assert not result["seats"]["2"]["hole"]


def test_rrop_bld_5_roberts_sells_no_button() -> None:
    result = play([BUY, "post_blinds", "deal"], ruleset="roberts")
    assert refusal(result)["rule"] == "RRoP-BLD 5"
    assert "does not sell the button (roberts: buy_button none)" in refusal(result)["reason"]
    _unchanged(result)


def test_la26_158_a_plain_post_between_the_button_and_the_blinds_is_still_refused() -> None:
    result = play([{"post": {"seat": 2}}, "post_blinds", "deal"])
    assert refusal(result)["rule"] == "LA26 158"
    assert refusal(result)["reason"].endswith(
        "it waits until the button has gone by, or buys the button"
    )
    _unchanged(result)


def test_la26_158_a_seat_the_blinds_have_not_passed_posts_without_buying() -> None:
    result = play(
        [{"post": {"seat": 5, "buy_button": True}}, "post_blinds", "deal"], owes={5: "big"}
    )
    assert refusal(result)["rule"] == "LA26 158"
    assert "not on the button or between it and the small blind" in refusal(result)["reason"]
    assert chips(result, 5) == 100 and result["button"] == 1


def test_la26_158_no_button_to_buy_heads_up() -> None:
    result = play([BUY, "post_blinds", "deal"], seats={1: 100, 2: 100, 3: 100})
    assert "fewer than three players" in refusal(result)["reason"]
    _unchanged(result)


def test_la26_158_the_button_is_sold_once_a_hand() -> None:
    events = [BUY, {"post": {"seat": 3, "buy_button": True}}, "post_blinds", "deal"]
    result = play(events, owes={2: "big", 3: "big"})
    assert refusal(result)["reason"] == "seat 2 has bought the button this hand: it is sold once"
    assert result["button"] == 2 and chips(result, 3) == 100


def test_la26_158_a_seat_between_the_old_button_and_the_buyer_still_waits() -> None:
    events = [{"post": {"seat": 3, "buy_button": True}}, {"post": {"seat": 2}}, "post_blinds"]
    result = play(events, owes={2: "big", 3: "big"})
    assert "between the button and the small blind" in refusal(result)["reason"]
    assert result["button"] == 3 and chips(result, 2) == 100


def test_la26_158_no_buy_once_a_straddle_is_in() -> None:
    events = ["post_blinds", {"straddle": {"seat": 5}}, BUY, "deal"]
    result = play(events)
    assert "before a straddle is posted" in refusal(result)["reason"]
    _unchanged(result)


# a 4-8 limit game with kill pots: seat 1 the button, seat 2 owing left of it, 3 and 4 blinds
KILL_TABLE = {"structure": "limit", "blinds": [2, 4], "bets": [4, 8], "stacks": 200}


def test_la26_206_the_button_is_sold_with_the_kill_out_of_the_blinds() -> None:
    events = ["post_blinds", {"kill_blind": {"seat": 5}}, BUY, "deal"]
    result = play(events, **KILL_TABLE)
    assert result["rejected"] == [] and result["button"] == 2
    assert 200 - chips(result, 5) == 8  # the kill stays posted
    assert 200 - chips(result, 2) == 4 + 2  # the buy: a big blind live, a small blind dead


def test_la26_206_no_button_sold_with_the_kill_in_a_blind() -> None:
    result = play(["post_blinds", {"kill_blind": {"seat": 4}}, BUY, "deal"], **KILL_TABLE)
    assert [r["event"] for r in result["rejected"]] == [4]
    assert "LA26 206" in result["rejected"][0]["reason"]
    assert chips(result, 2) == 200 and result["button"] == 1
    bought = play(["post_blinds", BUY, {"kill_blind": {"seat": 4}}, "deal"], **KILL_TABLE)
    assert [r["event"] for r in bought["rejected"]] == [4]
    assert "LA26 206" in bought["rejected"][0]["reason"]


def test_la26_158_a_buy_the_stack_cannot_cover_is_refused() -> None:
    result = play([BUY, "post_blinds"], seats={1: 100, 2: 2, 3: 100, 4: 100, 5: 100})
    assert "less than the 3 it owes" in refusal(result)["reason"]
    assert result["button"] == 1 and chips(result, 2) == 2


def test_tda24_30_a_tournament_sells_no_button() -> None:
    result = play([BUY, "post_blinds"], game="tournament", owes={})
    assert refusal(result)["rule"] == "TDA24 30"


def test_la26_158_a_buy_once_the_deal_has_begun_waits_for_the_next_hand() -> None:
    result = play(["post_blinds", "pitch", BUY])
    assert "the deal has begun" in refusal(result)["reason"]
    assert result["button"] == 1 and chips(result, 2) == 100


def test_la26_158_the_floor_does_not_move_a_bought_button_back() -> None:
    result = play([BUY, "post_blinds", "deal", {"wrong_button": {"seat": 1}}])
    assert refusal(result)["rule"] == "LA26 158"
    assert "bought the button this hand" in refusal(result)["reason"]
    assert result["button"] == 2 and chips(result, 2) == 97 and not result["misdeals"]


def test_a_buy_button_that_is_not_true_or_false_is_a_script_error_at_its_place(
    tmp_path: Path,
) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(
        "table: {seats: 6, game: cash, ruleset: tda-2024, owes: {2: big}}\n"
        "events:\n  - post: {seat: 2, buy_button: 1}\n",
        encoding="utf-8",
    )
    with pytest.raises(ScriptError) as caught:
        load_script(path)
    assert str(caught.value).endswith("hand.yaml:3:33: 'buy_button' must be true or false")


# --- the docs and the lookup --------------------------------------------------------------------


def test_the_engine_docs_buy_the_button_example_plays_as_written() -> None:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", text, flags=re.S) if "buy_button" in b]
    result = replay(block)
    assert not result["rejected"]
    assert result["button"] == 2 and result["to_act"] == 2
    assert result["pots"][0]["amount"] == 10


@pytest.mark.parametrize("words", ["buy the button", "bought the button", "post behind the button"])
def test_the_lookup_finds_la26_158_first_for_buying_the_button(words: str) -> None:
    assert search(words)[0].rule.cite == "LA26 158"


# --- every chip and card accounted for, the button bought -----------------------------------


@settings(max_examples=examples(40), deadline=None)
@given(
    button=st.integers(1, 6),
    on_button=st.booleans(),
    owed=st.sampled_from(["big", "both", "small"]),
    late=st.booleans(),
    ruleset=st.sampled_from(["tda-2024", "moving"]),
    words=st.lists(st.sampled_from(["fold", "call", "check", "raise"]), max_size=40),
)
def test_la26_158_a_bought_button_keeps_every_chip_and_card_through_the_next_hand(
    tmp_path_factory: pytest.TempPathFactory,
    button: int,
    on_button: bool,
    owed: str,
    late: bool,
    ruleset: str,
    words: list[str],
) -> None:
    buyer = button if on_button else button % 6 + 1
    if ruleset == "moving":  # a moving button: a house on roberts that sells the button
        ruleset = house(tmp_path_factory.mktemp("house"), buy_button="allowed")
    post = {"post": {"seat": buyer, "buy_button": True}}
    events = ["post_blinds", post] if late else [post, "post_blinds"]
    table = {**WSOP, "button": button, "owes": {buyer: owed}, "ruleset": ruleset}
    loaded = load_script(script(events, **table))
    with Hand(loaded) as hand:
        total = sum(hand.table.stacks.values())
        for event in loaded.events:
            assert hand.handle(event).outcome == "accepted"
        assert hand.table.button == buyer and hand.order[-1] == buyer
        assert hand.betting is not None and hand.betting.dead >= 1
        steps = iter(words)
        for _ in range(200):  # the hand played out: random actions, the dealer's steps
            if hand.hand_over or hand.awarded:
                break
            expected = hand.expected_next()
            if "act" in expected and hand.to_act is not None:
                step: Any = _action(hand, next(steps, "call"))
            elif hand.state == "showdown":
                shown = hand.shown | hand.mucked
                step = {"show": {"seat": next(s for s in hand.showing_order() if s not in shown)}}
            else:
                step = expected[0]
            more = load_script({"table": table, "events": [step]}).events[0]
            verdict = hand.handle(more)
            assert verdict.outcome == "accepted", (step, verdict.reason)
            hand.audit()  # every card in one place, no chip made or lost
        assert hand.awarded and sum(hand.table.stacks.values()) == total
        next_hand = load_script({"table": table, "events": ["next_hand"]}).events[0]
        assert hand.handle(next_hand).outcome == "accepted"
        hand.audit()
        assert hand.table.button != buyer and not hand.owing


def _action(hand: Hand, word: str) -> dict[str, Any]:
    betting, seat = hand.betting, hand.to_act
    assert betting is not None and seat is not None
    legal = {action.value for action in betting.legal_actions(seat)}
    if word == "raise" and "raise" in legal:
        return act(seat, "raise", betting.min_raise_to())
    if word == "raise" and "bet" in legal:
        return act(seat, "bet", betting.min_raise_to())
    if word == "check" and "check" not in legal:
        word = "call"
    if word == "call" and "call" not in legal:
        word = "check"
    return act(seat, word)
