"""Buying the button (LA26 158; the house option ``buy_button``; issue 25): the first player
left of the button, a cash game's seat owing blinds that the blinds have passed, posts a big blind
live and a small blind dead and is the hand's one blind; the seats due the blinds post nothing,
the button stays, and on the next hand the button is the buyer's, the blinds the two seats after
it. Everything else is refused with its rule, and a plain ``post`` keeps its meaning."""

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
from dealer_trainer.scenario.facts import FACTS
from dealer_trainer.view import table_view
from tests.script_items import act

ROOT = Path(__file__).resolve().parent.parent
# seat 1 the button, seat 2 a new player left of it: seats 3 and 4 would be the blinds
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
# everyone folds to the buyer, who wins the 3 it put in
FOLDS = [act(seat, "fold") for seat in (3, 4, 5, 6, 1)]


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


# --- this hand: the buyer is the one blind, the button stays ------------------------------------


@pytest.mark.parametrize("owed", ["big", "both", "small"])
def test_la26_158_the_buyer_posts_a_big_blind_live_and_a_small_blind_dead(owed: str) -> None:
    result = play([BUY, "post_blinds", "deal"], owes={2: owed})
    assert not result["rejected"]
    assert chips(result, 2) == 97  # whatever it owed: 2 live and 1 dead
    assert result["pots"][0]["amount"] == 3
    assert result["button"] == 1  # the button does not move this hand
    assert result["seats"]["2"]["hole"]


def test_la26_158_the_seats_due_the_blinds_post_nothing_this_hand() -> None:
    result = play([BUY, "post_blinds", "deal"])
    assert chips(result, 3) == 100 and chips(result, 4) == 100


def test_la26_158_the_buyer_is_the_big_blind_its_small_blind_dead_in_nobodys_bet() -> None:
    hand = hand_after([BUY, "post_blinds", "deal"])
    betting = hand.betting
    assert betting is not None
    assert betting.blinds == (None, 2)  # a dead small blind, the buyer the big blind
    assert betting.bets[2] == 2 and betting.dead == 1
    assert betting.bets[3] == betting.bets[4] == 0
    assert betting.current_bet == 2


def test_la26_158_a_buy_after_the_blinds_takes_them_back_from_the_seats_due_them() -> None:
    result = play(["post_blinds", BUY, "deal"])
    assert not result["rejected"]
    assert chips(result, 2) == 97 and chips(result, 3) == 100 and chips(result, 4) == 100
    assert result["pots"][0]["amount"] == 3 and result["button"] == 1


def test_la26_158_the_buyer_gets_the_first_card() -> None:
    hand = hand_after([BUY, "post_blinds"])
    firsts = []
    for _ in range(12):
        firsts.append(hand.seat_to_deal())
        hand.pitch_one()
    assert firsts == [2, 3, 4, 5, 6, 1] * 2


def _turns(events: list[Any], seats: tuple[int, ...], action: str) -> list[int | None]:
    """Whose turn it is before each of ``seats`` takes ``action`` in order, and after the last
    (``events`` grows with the actions)."""
    seen = []
    for seat in seats:
        seen.append(play(events)["to_act"])
        events.append(act(seat, action))
    seen.append(play(events)["to_act"])
    return seen


def test_la26_158_preflop_the_action_starts_left_of_the_buyer_who_acts_last() -> None:
    events = [BUY, "post_blinds", "deal"]
    assert _turns(events, (3, 4, 5, 6, 1), "call") == [3, 4, 5, 6, 1, 2]
    # unraised, the buyer's live big blind gives it the option: it checks and the round is over
    done = play([*events, act(2, "check")])
    assert not done["rejected"] and done["expected_next"] == ["burn"]


def test_la26_158_the_buyer_may_raise_its_option() -> None:
    events = [BUY, "post_blinds", "deal", *[act(s, "call") for s in (3, 4, 5, 6, 1)]]
    result = play([*events, act(2, "raise", 4)])
    assert not result["rejected"] and result["to_act"] == 3


def test_la26_158_after_the_flop_the_buyer_left_of_the_button_speaks_first() -> None:
    events = [BUY, "post_blinds", "deal", *[act(s, "call") for s in (3, 4, 5, 6, 1)]]
    events += [act(2, "check"), "burn", "flop"]
    assert _turns(events, (2, 3, 4, 5, 6), "check") == [2, 3, 4, 5, 6, 1]


def test_la26_158_after_the_flop_with_the_buyer_folded_the_next_live_seat_speaks_first() -> None:
    dropped = [BUY, "post_blinds", "deal", act(3, "raise", 4)]
    dropped += [act(s, "call") for s in (4, 5, 6, 1)] + [act(2, "fold"), "burn", "flop"]
    assert play(dropped)["to_act"] == 3


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
    events = [BUY, "post_blinds", "deal", *[act(s, "call") for s in (3, 4, 5, 6, 1)]]
    result = play(events, ruleset=ruleset, owes={2: "small"})
    assert not result["rejected"]
    assert chips(result, 2) == 97 and result["to_act"] == 2


def test_la26_158_a_seat_owing_left_of_the_buyer_comes_in_with_a_plain_post() -> None:
    events = [BUY, {"post": {"seat": 3}}, "post_blinds", "deal"]
    result = play(events, owes={2: "big", 3: "big"})
    assert not result["rejected"]
    assert chips(result, 2) == 97 and chips(result, 3) == 98 and result["to_act"] == 3


# --- the next hand: the button is the buyer's ----------------------------------------------------


@pytest.mark.parametrize("button_rule", ["moving", "dead"])
def test_la26_158_next_hand_the_buyer_has_the_button_the_next_two_the_blinds(
    tmp_path: Path, button_rule: str
) -> None:
    # roberts moves the button; tda-2024 has a dead button (its next blinds from this hand's)
    ruleset = house(tmp_path, buy_button="allowed") if button_rule == "moving" else "tda-2024"
    events = [BUY, "post_blinds", "deal", *FOLDS, "next_hand", "shuffle", "cut", "post_blinds"]
    result = play(events, ruleset=ruleset)
    assert not result["rejected"]
    assert result["button"] == 2
    assert chips(result, 2) == 100  # won its own 3 back, posts nothing now
    assert chips(result, 3) == 99 and chips(result, 4) == 98  # the small and the big blind
    hand = hand_after(events, ruleset=ruleset)
    assert hand.betting is not None and hand.betting.blinds == (3, 4)
    assert hand.table.button == 2 and hand.order[0] == 3


@pytest.mark.parametrize("button_rule", ["moving", "dead"])
def test_la26_158_the_hand_after_next_moves_on_as_always(tmp_path: Path, button_rule: str) -> None:
    ruleset = house(tmp_path, buy_button="allowed") if button_rule == "moving" else "tda-2024"
    walk = [act(seat, "fold") for seat in (5, 6, 1, 2, 3)]  # the big blind, seat 4, wins
    events = [BUY, "post_blinds", "deal", *FOLDS, "next_hand", "shuffle", "cut", "post_blinds"]
    events += ["deal", *walk, "next_hand", "shuffle", "cut", "post_blinds"]
    hand = hand_after(events, ruleset=ruleset)
    assert hand.table.button == 3
    assert hand.betting is not None and hand.betting.blinds == (4, 5)


@pytest.mark.parametrize("button_rule", ["moving", "dead"])
def test_la26_158_the_next_button_fact_is_the_buyers_seat_once_the_hand_is_over(
    tmp_path: Path, button_rule: str
) -> None:
    ruleset = house(tmp_path, buy_button="allowed") if button_rule == "moving" else "tda-2024"
    hand = hand_after([BUY, "post_blinds", "deal", *FOLDS], ruleset=ruleset)
    assert hand.state == "hand_over" and hand.table.button == 1
    assert FACTS["next_button"][1](hand) == 2
    plain = hand_after(["post_blinds", "deal", *[act(s, "fold") for s in (5, 6, 1, 3)]])
    assert FACTS["next_button"][1](plain) == 3  # no buy: the button moves on as always


def test_la26_158_a_misdeal_leaves_the_buy_posted_and_the_button_where_it_was() -> None:
    events = [BUY, "post_blinds", {"pitch": {"to": 4, "unnoticed": True}}, "deal"]
    events += [act(3, "raise", 6), "notice", "retrieve", "reshuffle", "cut", "deal"]
    result = play(events)
    assert not result["rejected"] and result["misdeals"] == 1
    assert chips(result, 2) == 97 and chips(result, 3) == 100 and result["button"] == 1
    assert result["pots"][0]["amount"] == 3 and result["to_act"] == 3


def test_la26_158_the_table_view_keeps_the_button_and_names_the_buyer_the_big_blind() -> None:
    view = table_view(hand_after([BUY, "post_blinds", "deal"]))
    assert "button" in view.seat(1).roles
    assert "big blind" in view.seat(2).roles and "button" not in view.seat(2).roles
    assert not {"small blind", "big blind"} & {*view.seat(3).roles, *view.seat(4).roles}


# --- refused, with the rule, and nothing changed ------------------------------------------------


def _unchanged(result: dict[str, Any]) -> None:
    assert result["button"] == 1
    assert chips(result, 2) == 100
    assert not result["seats"]["2"]["hole"]
    assert chips(result, 3) == 99 and chips(result, 4) == 98  # the blinds where they were


def test_rrop_bld_5_roberts_sells_no_button() -> None:
    result = play([BUY, "post_blinds", "deal"], ruleset="roberts")
    assert refusal(result)["rule"] == "RRoP-BLD 5"
    assert "does not sell the button (roberts: buy_button none)" in refusal(result)["reason"]
    _unchanged(result)


def test_la26_158_missed_blinds_between_the_button_and_the_blinds_are_still_refused() -> None:
    result = play([{"post": {"seat": 2}}, "post_blinds", "deal"], owes={2: "both"})
    assert refusal(result)["rule"] == "LA26 158"
    assert refusal(result)["reason"].endswith(
        "it waits until the button has gone by, or buys the button"
    )
    _unchanged(result)


def test_la26_158_a_new_player_behind_the_button_may_post_a_big_blind_alone() -> None:
    """LA26 158's other way in: a big blind alone from the seat the blinds passed. The blinds
    stay where they fell without it, it is dealt in where it sits, and on the next hand the
    dead button passes it (to the seat that posted the small blind)."""
    calls = [act(seat, "call") for seat in (5, 6, 1)]
    result = play([{"post": {"seat": 2}}, "post_blinds", "deal", *calls])
    assert result["rejected"] == []
    assert 100 - chips(result, 2) == 2 and 100 - chips(result, 3) == 1
    assert 100 - chips(result, 4) == 2  # the blinds where they fell without seat 2
    assert result["to_act"] == 2  # after the button; its live big blind keeps the option
    folds = [act(seat, "fold") for seat in (5, 6, 1, 2, 3)]
    after = play([{"post": {"seat": 2}}, "post_blinds", "deal", *folds, "next_hand"])
    assert after["rejected"] == [] and after["button"] == 3


def test_rrop_bld_5_roberts_takes_no_big_blind_behind_the_button() -> None:
    result = play([{"post": {"seat": 2}}, "post_blinds", "deal"], ruleset="roberts")
    assert refusal(result)["rule"] == "RRoP-BLD 5"
    _unchanged(result)


def test_la26_158_a_seat_the_blinds_have_not_passed_posts_without_buying() -> None:
    result = play(
        [{"post": {"seat": 5, "buy_button": True}}, "post_blinds", "deal"], owes={5: "big"}
    )
    assert refusal(result)["rule"] == "LA26 158"
    assert "not between the button and the small blind" in refusal(result)["reason"]
    assert chips(result, 5) == 100 and result["button"] == 1


def test_la26_158_the_seat_on_the_button_does_not_buy_it() -> None:
    result = play(
        [{"post": {"seat": 1, "buy_button": True}}, "post_blinds", "deal"], owes={1: "big"}
    )
    assert refusal(result)["reason"] == (
        "seat 1 is on the button, but only the first player left of the button (seat 2, the "
        "small blind's seat) may buy it: seat 1 waits for the button"
    )
    assert chips(result, 1) == 100 and result["button"] == 1


def test_la26_158_only_the_first_player_left_of_the_button_buys_it() -> None:
    events = [{"post": {"seat": 3, "buy_button": True}}, "post_blinds", "deal"]
    result = play(events, owes={2: "big", 3: "big"})
    assert "only the first player left of the button (seat 2" in refusal(result)["reason"]
    assert result["button"] == 1 and chips(result, 3) == 100


def test_la26_158_no_button_to_buy_heads_up() -> None:
    result = play([BUY, "post_blinds", "deal"], seats={1: 100, 2: 100, 3: 100})
    assert "fewer than three players" in refusal(result)["reason"]
    assert result["button"] == 1 and chips(result, 2) == 100


def test_la26_158_the_button_is_sold_once_a_hand() -> None:
    events = [BUY, {"post": {"seat": 3, "buy_button": True}}, "post_blinds", "deal"]
    result = play(events, owes={2: "big", 3: "big"})
    assert refusal(result)["reason"] == "seat 2 has bought the button this hand: it is sold once"
    assert result["button"] == 1 and chips(result, 3) == 100


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
    assert result["rejected"] == [] and result["button"] == 1
    assert 200 - chips(result, 5) == 8  # the kill stays posted
    assert 200 - chips(result, 2) == 4 + 2  # the buy: a big blind live, a small blind dead
    assert chips(result, 3) == chips(result, 4) == 200  # no other blind


def test_la26_206_no_button_sold_with_the_kill_in_a_blind() -> None:
    result = play(["post_blinds", {"kill_blind": {"seat": 4}}, BUY, "deal"], **KILL_TABLE)
    assert [r["event"] for r in result["rejected"]] == [4]
    assert "LA26 206" in result["rejected"][0]["reason"]
    assert chips(result, 2) == 200 and result["button"] == 1
    # once bought, the buyer is the one blind: no kill from it
    bought = play(["post_blinds", BUY, {"kill_blind": {"seat": 2}}, "deal"], **KILL_TABLE)
    assert [r["event"] for r in bought["rejected"]] == [4]
    assert "LA26 206" in bought["rejected"][0]["reason"]
    assert 200 - chips(bought, 2) == 4 + 2


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


def test_la26_158_the_floor_does_not_move_a_button_that_was_bought() -> None:
    result = play([BUY, "post_blinds", "deal", {"wrong_button": {"seat": 6}}])
    assert refusal(result)["rule"] == "LA26 158"
    assert refusal(result)["reason"] == (
        "seat 2 bought the button from where it stands: it stays there until the hand is over, "
        "and goes to the buyer next hand"
    )
    assert result["button"] == 1 and chips(result, 2) == 97 and not result["misdeals"]


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
    assert result["button"] == 1 and result["to_act"] == 2
    assert result["pots"][0]["amount"] == 11


@pytest.mark.parametrize("words", ["buy the button", "bought the button", "post behind the button"])
def test_the_lookup_finds_la26_158_first_for_buying_the_button(words: str) -> None:
    assert search(words)[0].rule.cite == "LA26 158"


# --- every chip and card accounted for, the button bought -----------------------------------


@settings(max_examples=examples(40), deadline=None)
@given(
    button=st.integers(1, 6),
    owed=st.sampled_from(["big", "both", "small"]),
    late=st.booleans(),
    ruleset=st.sampled_from(["tda-2024", "moving"]),
    words=st.lists(st.sampled_from(["fold", "call", "check", "raise"]), max_size=40),
)
def test_la26_158_a_bought_button_keeps_every_chip_and_card_through_the_next_hand(
    tmp_path_factory: pytest.TempPathFactory,
    button: int,
    owed: str,
    late: bool,
    ruleset: str,
    words: list[str],
) -> None:
    buyer = button % 6 + 1  # the first player left of the button
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
        assert hand.table.button == button and hand.order[0] == buyer
        assert hand.betting is not None and hand.betting.blinds == (None, buyer)
        assert hand.betting.dead >= 1
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
        assert not hand.owing
        if all(hand.table.stacks.values()):  # nobody broke: as if the buyer posted both blinds
            assert hand.table.button == buyer
            assert hand.blind_positions() == (buyer % 6 + 1, (buyer + 1) % 6 + 1)


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
