"""Straddles and a table's game (issue 25): who may straddle under each house option, the
preflop order of action and the straddler's option, the straddle in the minimum-raise,
pot-limit and limit-cap arithmetic, and each refusal with its rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from dealer_trainer import replay
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.rules.search import search
from dealer_trainer.training.drill.session import Drill
from dealer_trainer.view import table_view
from tests.script_items import act

# seat 1 the button, 2 the small blind, 3 the big blind, 4 under the gun
SIX = {"seats": 6, "button": 1, "blinds": [1, 2], "stacks": 200}


def play(events: list[Any], *, folder: Path | None = None, **table: Any) -> dict[str, Any]:
    script = {"table": {**SIX, **table}, "seed": 5, "events": ["shuffle", "cut", *events]}
    if folder is None:
        return replay(script)
    path = folder / "hand.yaml"
    path.write_text(yaml.safe_dump(script), encoding="utf-8")
    return replay(path)


def house(folder: Path, straddle: str, *, base: str = "roberts", game: str = "cash") -> str:
    (folder / "house.yaml").write_text(
        f"name: our-room\nbase: {base}\noptions: {{straddle: {straddle}, game: {game}}}\n",
        encoding="utf-8",
    )
    return "house.yaml"


def straddle(seat: int, amount: int | None = None) -> dict[str, Any]:
    args: dict[str, Any] = {"seat": seat}
    if amount is not None:
        args["amount"] = amount
    return {"straddle": args}


def chips_in(result: dict[str, Any], seat: int, stack: int = 200) -> int:
    return stack - int(result["seats"][str(seat)]["chips"])


# --- the order of action and the straddler's option ------------------------------------------


def test_rrop_bld4_utg_straddle_the_action_starts_left_of_the_straddler() -> None:
    result = play(["post_blinds", straddle(4), "deal"])
    assert result["rejected"] == []
    assert chips_in(result, 4) == 4
    assert result["to_act"] == 5


def test_rrop_bld4_the_straddler_acts_last_and_may_raise_when_called_around() -> None:
    calls = [act(seat, "call") for seat in (5, 6, 1, 2, 3)]
    result = play(["post_blinds", straddle(4), "deal", *calls])
    assert result["rejected"] == []
    assert result["to_act"] == 4  # the option: the round is not over
    raised = play(["post_blinds", straddle(4), "deal", *calls, act(4, "raise", 12)])
    assert raised["rejected"] == []
    assert raised["to_act"] == 5
    checked = play(["post_blinds", straddle(4), "deal", *calls, act(4, "check")])
    assert checked["rejected"] == [] and checked["state"] == "flop_burn"


def test_rrop_bld4_the_big_blind_faces_the_straddle_and_must_call_it() -> None:
    result = play(["post_blinds", straddle(4), "deal", *[act(s, "fold") for s in (5, 6, 1, 2)]])
    assert result["to_act"] == 3
    refused = play(
        [
            "post_blinds",
            straddle(4),
            "deal",
            *[act(s, "fold") for s in (5, 6, 1, 2)],
            act(3, "check"),
        ]
    )
    assert [r["event"] for r in refused["rejected"]] == [9]


# --- the arithmetic ---------------------------------------------------------------------------


def test_la26_22_the_smallest_raise_after_a_straddle_is_twice_the_straddle() -> None:
    short = play(["post_blinds", straddle(4), "deal", act(5, "raise", 7)])
    assert [r["event"] for r in short["rejected"]] == [5]
    assert short["rejected"][0]["rule"] == "RRoP No-Limit 3"
    full = play(["post_blinds", straddle(4), "deal", act(5, "raise", 8)])
    assert full["rejected"] == []


def test_la26_174_after_the_flop_the_smallest_bet_is_the_big_blind_again() -> None:
    preflop = [act(seat, "call") for seat in (5, 6, 1, 2, 3)] + [act(4, "check")]
    result = play(["post_blinds", straddle(4), "deal", *preflop, "burn", "flop", act(2, "bet", 2)])
    assert result["rejected"] == []


def test_pot_limit_the_straddle_is_in_the_pot_for_the_largest_raise() -> None:
    # blinds 1 + 2 + straddle 4 = 7; seat 5 calls 4 (11) and raises the pot: to 15
    over = play(["post_blinds", straddle(4), "deal", act(5, "raise", 16)], structure="pot-limit")
    assert [r["rule"] for r in over["rejected"]] == ["RRoP limits"]
    most = play(["post_blinds", straddle(4), "deal", act(5, "raise", 15)], structure="pot-limit")
    assert most["rejected"] == []


def test_la26_130_in_limit_the_straddle_counts_as_no_bet_toward_the_cap() -> None:
    # limit 2/4: the big blind is the bet; the straddle (4) is not counted, so three raises
    # follow it (6, 8, 10) and the fourth is refused at the cap
    raises = [act(5, "raise", 6), act(6, "raise", 8), act(1, "raise", 10)]
    capped = play(
        ["post_blinds", straddle(4), "deal", *raises, act(2, "raise", 12)], structure="limit"
    )
    assert [r["event"] for r in capped["rejected"]] == [8]
    assert capped["rejected"][0]["rule"] == "RRoP limits"
    allowed = play(["post_blinds", straddle(4), "deal", *raises], structure="limit")
    assert allowed["rejected"] == []


def test_a_re_straddle_from_the_seat_left_of_the_straddle_doubles_it_again() -> None:
    result = play(["post_blinds", straddle(4), straddle(5, 8), "deal", act(6, "raise", 15)])
    assert [r["event"] for r in result["rejected"]] == [6]  # the smallest raise is to 16
    ok = play(["post_blinds", straddle(4), straddle(5), "deal", act(6, "raise", 16)])
    assert ok["rejected"] == [] and chips_in(ok, 5) == 8


# --- where the house allows which straddle ----------------------------------------------------


def test_la26_22_mississippi_a_button_straddle_puts_the_small_blind_first(
    tmp_path: Path,
) -> None:
    ruleset = house(tmp_path, "button")
    result = play(["post_blinds", straddle(1), "deal"], folder=tmp_path, ruleset=ruleset)
    assert result["rejected"] == []
    assert result["to_act"] == 2
    calls = [act(seat, "call") for seat in (2, 3, 4, 5, 6)]
    around = play(["post_blinds", straddle(1), "deal", *calls], folder=tmp_path, ruleset=ruleset)
    assert around["to_act"] == 1  # the button straddler's option comes last


def test_after_a_button_straddle_no_second_straddle_comes_from_under_the_gun(
    tmp_path: Path,
) -> None:
    ruleset = house(tmp_path, "button")
    result = play(["post_blinds", straddle(1), straddle(4)], folder=tmp_path, ruleset=ruleset)
    assert [r["event"] for r in result["rejected"]] == [4]
    assert "is a blind" in result["rejected"][0]["reason"]
    assert chips_in(result, 4) == 0


def test_la26_22_no_button_straddle_in_a_limit_game(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "button")
    result = play(["post_blinds", straddle(1)], folder=tmp_path, ruleset=ruleset, structure="limit")
    assert len(result["rejected"]) == 1
    assert "limit" in result["rejected"][0]["reason"]


def test_an_any_seat_straddle_acts_last_after_the_players_before_it(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "any")
    result = play(["post_blinds", straddle(5), "deal"], folder=tmp_path, ruleset=ruleset)
    assert result["rejected"] == [] and result["to_act"] == 6
    calls = [act(seat, "call") for seat in (6, 1, 2, 3, 4)]
    around = play(["post_blinds", straddle(5), "deal", *calls], folder=tmp_path, ruleset=ruleset)
    assert around["rejected"] == [] and around["to_act"] == 5


def test_rrop_bld4_roberts_allows_only_the_under_the_gun_straddle() -> None:
    result = play(["post_blinds", straddle(1)])
    assert [r["rule"] for r in result["rejected"]] == ["RRoP-BLD 4"]
    assert "under the gun (seat 4)" in result["rejected"][0]["reason"]


def test_a_house_with_no_straddle_refuses_one_with_its_rule(tmp_path: Path) -> None:
    ruleset = house(tmp_path, "none")
    result = play(["post_blinds", straddle(4)], folder=tmp_path, ruleset=ruleset)
    assert [r["rule"] for r in result["rejected"]] == ["RRoP-BLD 4"]
    assert "option straddle: none" in result["rejected"][0]["reason"]


def test_a_tournament_table_refuses_a_straddle() -> None:
    tda = play(["post_blinds", straddle(4)], ruleset="tda-2024")  # tda-2024 plays tournaments
    assert [r["rule"] for r in tda["rejected"]] == ["LA26 22"]
    assert "tournament" in tda["rejected"][0]["reason"]
    roberts = play(["post_blinds", straddle(4)], game="tournament")
    assert [r["rule"] for r in roberts["rejected"]] == ["RRoP-BLD 4"]
    cash = play(["post_blinds", straddle(1), "deal"], ruleset="tda-2024", game="cash")
    assert cash["rejected"] == [] and cash["to_act"] == 2  # LA26 22: the button may straddle


# --- refusals: out of turn, too late, the wrong size ------------------------------------------


def test_a_second_straddle_out_of_turn_is_refused_and_changes_nothing() -> None:
    result = play(["post_blinds", straddle(4), straddle(6), "deal"])
    assert [r["event"] for r in result["rejected"]] == [4]
    assert "seat 5" in result["rejected"][0]["reason"]
    assert chips_in(result, 6) == 0 and result["to_act"] == 5


@pytest.mark.parametrize(
    ("events", "words"),
    [
        (["post_blinds", "pitch", straddle(4)], "before the first card"),
        (["post_blinds", "deal", straddle(4)], "straddle is not the next step"),
        (["post_blinds", straddle(4, 5)], "not 5"),
        (["post_blinds", straddle(3)], "blind cannot straddle"),
        ([straddle(4)], "straddle is not the next step"),
    ],
)
def test_a_straddle_at_the_wrong_time_or_size_is_refused(events: list[Any], words: str) -> None:
    result = play(events)
    assert len(result["rejected"]) == 1
    assert words in result["rejected"][0]["reason"]


def test_a_short_stack_cannot_straddle() -> None:
    result = play(["post_blinds", straddle(4)], seats={1: 200, 2: 200, 3: 200, 4: 3})
    assert "less than the straddle" in result["rejected"][0]["reason"]


def test_a_misdeal_keeps_the_straddle_posted_like_the_blinds() -> None:
    result = play(
        [
            "post_blinds",
            straddle(4),
            {"pitch": {"exposed": True}},
            "retrieve",
            "reshuffle",
            "cut",
            "deal",
            act(5, "call"),
        ]
    )
    assert result["rejected"] == [] and result["misdeals"] == 1
    assert chips_in(result, 4) == 4 and chips_in(result, 5) == 4


# --- the table's game in the script -------------------------------------------------------------


def test_the_game_defaults_to_the_rulesets_own() -> None:
    assert load_script({"table": SIX, "events": []}).table.game == "cash"
    tda = load_script({"table": {**SIX, "ruleset": "tda-2024"}, "events": []})
    assert tda.table.game == "tournament"


def test_an_unknown_game_is_refused_with_its_place() -> None:
    text = "table:\n  seats: 3\n  game: casino\nevents: []\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where == "hand.yaml:3:9"
    assert "did you mean 'cash'" in str(caught.value)


def test_a_straddle_without_a_seat_is_refused_with_its_place() -> None:
    text = "table: {seats: 3}\nevents:\n  - post_blinds\n  - straddle: {amount: 4}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where == "hand.yaml:4:5"
    assert "straddle needs 'seat'" in str(caught.value)


# --- the rules lookup finds them by a floor person's words -----------------------------------


@pytest.mark.parametrize(
    ("words", "wanted"),
    [
        ("straddle", {"RRoP-BLD-4", "LA26-22"}),
        ("mississippi", {"LA26-22"}),
        ("who acts first with a straddle", {"RRoP-BLD-4", "LA26-22"}),
        ("min raise after a straddle", {"LA26-22", "LA26-174"}),
        ("raise no amount", {"RRoP-Betting-8", "TDA24-51-A"}),
        ("he just said raise", {"RRoP-Betting-8", "TDA24-51-A"}),
    ],
)
def test_the_rules_lookup_finds_the_straddle_and_verbal_raise_rules(
    words: str, wanted: set[str]
) -> None:
    top = [hit.rule.id for hit in search(words, limit=3)]
    assert wanted & set(top), top


# --- the drill puts a straddle on the table now and then --------------------------------------


def _drill_lines(ruleset: str, hands: int) -> list[str]:
    """What a drill played right at rate 0 tells over ``hands`` hands."""
    told: list[str] = []
    with Drill(seed=3, rate=0.0, ruleset=ruleset) as drill:
        while drill.summary().hands <= hands:
            point = drill.point()
            told.extend(point.lines)
            drill.choose(next(o for o in point.options if o.event in point.allowed))
    return told


def test_the_drill_deals_hands_with_a_straddle_where_the_house_allows_one() -> None:
    told = _drill_lines("roberts", 30)
    straddles = [line for line in told if "straddles" in line]
    assert straddles, "no straddle in 30 hands"
    # never where the game allows none: tda-2024 plays a tournament
    assert not any("straddles" in line for line in _drill_lines("tda-2024", 15))


def test_the_table_view_names_the_straddler() -> None:
    script = {"table": SIX, "seed": 5, "events": ["shuffle", "cut", "post_blinds", straddle(4)]}
    hand = Hand(load_script(script))
    for event in load_script(script).events:
        hand.handle(event)
    view = table_view(hand)
    assert view.seat(4).roles == ("straddle",)
    assert view.seat(4).chips == 196


# --- how many straddles a hand may hold (the house's re_straddle) ------------------------------


def test_la26_22_a_game_under_a_ten_big_blind_has_one_straddle_and_no_re_straddle() -> None:
    result = play(
        ["post_blinds", straddle(4), straddle(5), "deal"], ruleset="tda-2024", game="cash"
    )
    assert [r["event"] for r in result["rejected"]] == [4]
    assert result["rejected"][0]["rule"] == "LA26 22"
    assert "at most 1" in result["rejected"][0]["reason"]
    assert chips_in(result, 5) == 0 and result["to_act"] == 5  # left of the one straddle


def test_la26_22_a_five_ten_game_has_one_re_straddle_and_no_third() -> None:
    big = {"blinds": [5, 10], "stacks": 1000, "seats": 8}
    events = ["post_blinds", straddle(4), straddle(5), straddle(6), "deal"]
    result = play(events, ruleset="tda-2024", game="cash", **big)
    assert [r["event"] for r in result["rejected"]] == [5]
    assert "at most 2" in result["rejected"][0]["reason"]
    assert chips_in(result, 5, 1000) == 40 and chips_in(result, 6, 1000) == 0
    assert result["to_act"] == 6  # left of the re-straddle


def test_roberts_sets_no_number_of_re_straddles() -> None:
    events = ["post_blinds", straddle(4), straddle(5), straddle(6), "deal"]
    result = play(events, seats=8)
    assert result["rejected"] == [] and chips_in(result, 6) == 16 and result["to_act"] == 7


@pytest.mark.parametrize(("option", "allowed"), [("none", 1), ("one", 2), ("unlimited", 3)])
def test_a_house_sets_how_many_straddles_a_hand_may_hold(
    tmp_path: Path, option: str, allowed: int
) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: our-room\nbase: roberts\noptions: {re_straddle: " + option + "}\n",
        encoding="utf-8",
    )
    events = ["post_blinds", straddle(4), straddle(5), straddle(6), "deal"]
    result = play(events, folder=tmp_path, ruleset="house.yaml", seats=8)
    assert len(result["rejected"]) == 3 - allowed
    assert all(r["rule"] == "RRoP-BLD 4" for r in result["rejected"])
