"""Showing hands (issue 25): asking to see a called hand (RRoP-SD 5; TDA24 18) and show one,
show all (RRoP-SD 6; LA26 148), in the engine."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script
from dealer_trainer.rules.search import search
from tests.script_items import act

# seat 1 the button (K-K), 2 the small blind (A-A), 3 the big blind (7-2); the board
# 9c Tc 4h Jd 2h: seat 2 has the best hand, seat 1 the second best
DECK = ["As", "2c", "Kh", "Ad", "7d", "Kd", "3s", "9c", "Tc", "4h", "5s", "Jd", "6s", "2h"]
TABLE = {"seats": 3, "button": 1, "blinds": [1, 2], "stacks": 100}
BOOKS = ("roberts", "tda-2024")


def see(seat: int, of: int) -> dict[str, Any]:
    return {"see_hand": {"seat": seat, "of": of}}


def show_one(seat: int, to: int) -> dict[str, Any]:
    return {"show_one": {"seat": seat, "to": to}}


def round_checked() -> list[dict[str, Any]]:
    return [act(2, "check"), act(3, "check"), act(1, "check")]


PREFLOP = ["post_blinds", "deal", act(1, "call"), act(2, "call"), act(3, "check")]
TO_RIVER = [
    *PREFLOP,
    "burn",
    "flop",
    *round_checked(),
    "burn",
    "turn",
    *round_checked(),
    "burn",
    "river",
]
#: the button bets the river, the small blind calls, the big blind folds: pot 26
RIVER = [act(2, "check"), act(3, "check"), act(1, "bet", 10), act(2, "call"), act(3, "fold")]
#: the button shows K-K and the small blind mucks A-A: the button takes the pot
BUTTON_WINS = [*TO_RIVER, *RIVER, {"show": {"seat": 1}}, {"muck": {"seat": 2}}]


def play(events: list[Any], ruleset: str = "roberts", **table: Any) -> dict[str, Any]:
    return replay({"table": {**TABLE, "ruleset": ruleset, **table}, "deck": DECK, "events": events})


def kinds(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(item["kind"], item["rule"]) for item in result["irregularities"]]


def refusal(result: dict[str, Any]) -> tuple[str, str]:
    assert len(result["rejected"]) == 1, result["rejected"]
    return result["rejected"][0]["reason"], result["rejected"][0]["rule"]


def chips(result: dict[str, Any]) -> dict[str, int]:
    return {seat: int(info["chips"]) for seat, info in result["seats"].items()}


# --- asking to see a called hand ----------------------------------------------------------------


def test_rrop_sd_5_the_winner_asks_to_see_a_mucked_hand_and_the_better_hand_takes_the_pot() -> None:
    before = play(BUTTON_WINS)
    assert chips(before) == {"1": 114, "2": 88, "3": 98}
    result = play([*BUTTON_WINS, see(1, 2)])
    assert result["rejected"] == []
    assert kinds(result) == [("hand_seen", "RRoP-SD 5")]
    # both hands are live: the small blind's aces, back from the muck, beat the kings
    assert chips(result) == {"1": 88, "2": 114, "3": 98}
    assert result["seats"]["2"]["shown"] and not result["seats"]["2"]["mucked"]
    assert len(result["seats"]["2"]["hole"]) == 2


def test_rrop_sd_5_another_player_asks_to_see_a_mucked_hand_and_it_stays_dead() -> None:
    result = play([*BUTTON_WINS, see(3, 2)])
    assert result["rejected"] == []
    assert kinds(result) == [("hand_seen", "RRoP-SD 5")]
    assert chips(result) == {"1": 114, "2": 88, "3": 98}
    assert result["seats"]["2"]["mucked"]


def test_rrop_sd_5_a_hand_still_held_at_the_showdown_is_tabled_and_keeps_its_claim() -> None:
    result = play([*TO_RIVER, *RIVER, see(3, 1), {"show": {"seat": 2}}])
    assert kinds(result) == [("hand_seen", "RRoP-SD 5")]
    assert result["seats"]["1"]["shown"]
    assert chips(result) == {"1": 88, "2": 114, "3": 98}


@pytest.mark.parametrize(("ruleset", "rule"), [("roberts", "RRoP-SD 5"), ("tda-2024", "TDA24 18")])
def test_the_river_caller_may_see_the_last_aggressors_hand_under_both_rulebooks(
    ruleset: str, rule: str
) -> None:
    result = play([*TO_RIVER, *RIVER, see(2, 1)], ruleset)
    assert result["rejected"] == []
    assert kinds(result) == [("hand_seen", rule)]
    assert result["seats"]["1"]["shown"]
    assert result["state"] == "showdown"  # the caller still has to show or muck


def test_tda24_18_a_player_with_no_cards_left_has_no_right_to_see_a_hand() -> None:
    result = play([*BUTTON_WINS, see(3, 2)], "tda-2024")
    reason, rule = refusal(result)
    assert rule == "TDA24 18" and "no cards left" in reason
    assert chips(result) == chips(play(BUTTON_WINS, "tda-2024"))


def test_tda24_18_only_the_last_aggressors_hand_may_be_asked_for() -> None:
    result = play([*BUTTON_WINS, see(1, 2)], "tda-2024")
    reason, rule = refusal(result)
    assert rule == "TDA24 18" and "last aggressor" in reason
    assert chips(result) == {"1": 114, "2": 88, "3": 98}


@pytest.mark.parametrize(("ruleset", "rule"), [("roberts", "RRoP-SD 5"), ("tda-2024", "TDA24 18")])
def test_a_hand_folded_during_the_betting_was_not_called_and_cannot_be_seen(
    ruleset: str, rule: str
) -> None:
    result = play([*TO_RIVER, *RIVER, see(2, 3)], ruleset)
    reason, cited = refusal(result)
    assert cited == rule and "not called" in reason


def test_a_hand_won_without_a_showdown_was_not_called() -> None:
    events = [*PREFLOP, "burn", "flop", act(2, "bet", 2), act(3, "fold"), act(1, "fold")]
    reason, rule = refusal(play([*events, see(1, 2)]))
    assert rule == "RRoP-SD 5" and "not called" in reason


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (see(2, 2), "its own hand"),
        (see(1, 1), "its own hand"),
        (see(2, 5), "not dealt in"),
    ],
)
def test_a_request_that_cannot_be_is_refused_with_the_rule_and_changes_nothing(
    bad: dict[str, Any], words: str
) -> None:
    result = play([*TO_RIVER, *RIVER, bad])
    reason, rule = refusal(result)
    assert rule == "RRoP-SD 5" and words in reason
    assert result["irregularities"] == []


def test_a_hand_is_asked_for_at_the_showdown_not_during_the_betting() -> None:
    reason, rule = refusal(play([*TO_RIVER, act(2, "check"), see(3, 1)]))
    assert rule == "RRoP-SD 5" and "showdown" in reason


def test_a_request_after_the_pot_is_pushed_comes_too_late() -> None:
    reason, rule = refusal(play([*BUTTON_WINS, {"push": {"seat": 1}}, see(1, 2)]))
    assert rule == "RRoP-SD 5" and "pushed" in reason


def test_a_tabled_hand_is_face_up_already() -> None:
    reason, _ = refusal(play([*BUTTON_WINS, see(2, 1)]))
    assert "face up already" in reason


def test_a_house_of_robert_s_rules_may_take_the_tda_s_river_caller_rule(tmp_path: Any) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "name: our-room\nbase: roberts\noptions: {see_hand: river_caller}\n", encoding="utf-8"
    )
    result = play([*BUTTON_WINS, see(3, 2)], str(house))
    assert refusal(result)[1] == "TDA24 18"


# --- show one, show all -----------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "rule"), [("roberts", "RRoP-SD 6"), ("tda-2024", "LA26 148")])
def test_cards_shown_to_a_player_who_can_still_bet_are_shown_to_the_table_at_once(
    ruleset: str, rule: str
) -> None:
    events = ["post_blinds", "deal", show_one(3, 1)]
    result = play(events, ruleset)
    assert result["rejected"] == []
    assert kinds(result) == [("shown_to_one", rule)]
    # shown to all already: nothing more for the table to ask for
    after = play([*events, act(1, "call"), act(2, "call"), act(3, "check"), see(2, 3)], ruleset)
    assert refusal(after)[1] in ("RRoP-SD 5", "TDA24 18")


@pytest.mark.parametrize(("ruleset", "rule"), [("roberts", "RRoP-SD 6"), ("tda-2024", "LA26 148")])
def test_cards_shown_to_a_player_who_folded_are_the_tables_once_the_betting_is_over(
    ruleset: str, rule: str
) -> None:
    events = [*TO_RIVER, act(2, "check"), act(3, "fold"), show_one(2, 3)]
    during = play([*events, see(1, 2)], ruleset)
    reason, cited = refusal(during)
    assert cited == rule and "betting is over" in reason
    result = play([*events, act(1, "check"), see(1, 2), {"muck": {"seat": 1}}], ruleset)
    assert result["rejected"] == []
    assert kinds(result) == [("shown_to_one", rule), ("shown_to_one", rule)]
    # face up at the showdown, the hand is tabled and the aces take the pot of 6
    assert result["seats"]["2"]["shown"]
    assert chips(result) == {"1": 98, "2": 104, "3": 98}


def test_la26_148_the_table_may_see_cards_shown_to_one_even_where_tda_refuses_a_request() -> None:
    # the big blind folded: under TDA24 18 it has no right to see a hand, but the cards the
    # small blind showed it are the whole table's once the betting is over
    events = [*TO_RIVER, act(2, "check"), act(3, "fold"), show_one(2, 3), act(1, "check")]
    result = play([*events, see(3, 2)], "tda-2024")
    assert result["rejected"] == []
    assert kinds(result)[-1] == ("shown_to_one", "LA26 148")


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (show_one(2, 2), "no other player"),
        (show_one(2, 7), "no other player"),
        (show_one(3, 1), "no live hand"),
    ],
)
def test_a_show_to_one_that_cannot_be_is_refused_with_the_rule(
    bad: dict[str, Any], words: str
) -> None:
    result = play([*TO_RIVER, act(2, "check"), act(3, "fold"), bad])
    reason, rule = refusal(result)
    assert rule == "RRoP-SD 6" and words in reason


def test_see_hand_without_of_is_a_script_error_at_its_place() -> None:
    text = (
        "table: {seats: 3, button: 1, blinds: [1, 2]}\n"
        "events:\n  - shuffle\n  - see_hand: {seat: 2}\n"
    )
    with pytest.raises(ScriptError) as caught:
        load_script(text)
    assert str(caught.value).startswith("4:")


# --- the rules lookup ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "rule"),
    [
        ("show one show all", "RRoP-SD-6"),
        ("he showed his buddy his cards", "RRoP-SD-6"),
        ("iwtsth", "RRoP-SD-5"),
        ("let me see that hand", "RRoP-SD-5"),
        ("see a mucked hand", "RRoP-SD-5"),
    ],
)
def test_the_rules_lookup_finds_the_showing_rules_by_a_floor_persons_words(
    words: str, rule: str
) -> None:
    assert rule in [hit.rule.id for hit in search(words, limit=3)]


def test_la26_147_a_house_on_wsop_rules_lets_no_player_simply_ask_to_see_a_hand(
    tmp_path: Any,
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "name: our-room\nbase: tda-2024\noptions: {see_hand: floor_only, game: cash}\n",
        encoding="utf-8",
    )
    reason, rule = refusal(play([*TO_RIVER, *RIVER, see(2, 1)], str(house)))
    assert rule == "LA26 147" and "collusion" in reason
    # cards shown to one player are still the table's once the betting is over (LA26 148)
    events = [*TO_RIVER, act(2, "check"), act(3, "fold"), show_one(2, 3), act(1, "check")]
    result = play([*events, see(1, 2)], str(house))
    assert result["rejected"] == []
    assert kinds(result)[-1] == ("shown_to_one", "LA26 148")
