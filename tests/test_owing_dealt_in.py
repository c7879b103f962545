"""A seat owing blinds dealt in by the dealer's mistake (issue 25; LA26 161): ``deal: {seat}``.

The player has seen the cards when the floor hears of it (``notice``): a hand that has not
acted with chips is dead; one that has plays on live. The seat posted nothing, so either way
it still owes on the next hand. Bad input is refused with the rule or at file:line:col.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.view import table_view
from tests.script_items import act

# seat 1 the button; seat 3 owes a big blind and sits out, so seats 1 and 2 post the blinds
THREE = {"seats": 3, "button": 1, "blinds": [1, 2], "stacks": 100, "game": "cash"}


def play(events: list[Any], **table: Any) -> dict[str, Any]:
    table = {**THREE, "owes": {3: "big"}, **table}
    if isinstance(table["seats"], dict):  # stacks seat by seat
        del table["stacks"]
    return replay({"table": table, "seed": 7, "events": ["shuffle", "cut", *events]})


def kinds(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(found["kind"], found["rule"]) for found in result["irregularities"]]


def seat(result: dict[str, Any], number: int) -> dict[str, Any]:
    return dict(result["seats"][str(number)])


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_la26_161_a_seat_owing_dealt_in_that_looked_before_acting_has_a_dead_hand(
    ruleset: str,
) -> None:
    result = play(["post_blinds", {"deal": {"seat": 3}}, "notice"], ruleset=ruleset)
    assert result["rejected"] == []
    assert kinds(result) == [("owing_dealt_in", "LA26 161")]
    assert seat(result, 3)["folded"] and not seat(result, 3)["hole"]
    assert seat(result, 3)["chips"] == 100  # it posted nothing and put nothing in
    assert result["to_act"] == 1


def test_la26_161_the_round_dealt_with_the_seat_in_gives_it_two_cards_and_no_blind() -> None:
    result = play(["post_blinds", {"deal": {"seat": 3}}])
    assert result["irregularities"] == []  # nothing is ruled until the floor hears of it
    assert len(seat(result, 3)["hole"]) == 2
    assert seat(result, 3)["chips"] == 100
    assert result["to_act"] == 3  # first to act, after the big blind


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_la26_161_a_seat_owing_dealt_in_that_acted_with_chips_plays_live(ruleset: str) -> None:
    result = play(["post_blinds", {"deal": {"seat": 3}}, act(3, "call"), "notice"], ruleset=ruleset)
    assert result["rejected"] == []
    assert kinds(result) == [("owing_dealt_in", "LA26 161")]
    assert len(seat(result, 3)["hole"]) == 2 and not seat(result, 3)["folded"]
    assert seat(result, 3)["chips"] == 98


def test_la26_161_the_seat_dealt_in_by_mistake_still_owes_on_the_next_hand() -> None:
    # roberts: a moving button passes the seat owing by; it sits out until it posts
    events = ["post_blinds", {"deal": {"seat": 3}}, act(3, "call"), "notice"]
    events += [act(1, "fold"), act(2, "fold"), "next_hand", "shuffle", "cut", "post_blinds"]
    result = play([*events, "deal"], ruleset="roberts")
    assert result["rejected"] == []
    assert not seat(result, 3)["hole"]  # still owing: dealt no cards
    # a post is still due from it: refused here only for its place (button on 2, seat 3 before
    # the small blind), not as a seat owing nothing
    posted = play([*events, {"post": {"seat": 3}}], ruleset="roberts")
    assert "between the button and the small blind" in posted["rejected"][-1]["reason"]


def test_la26_161_a_plain_deal_still_leaves_the_seat_owing_out() -> None:
    result = play(["post_blinds", "deal"])
    assert not seat(result, 3)["hole"] and result["irregularities"] == []


@pytest.mark.parametrize(
    ("events", "table", "words", "rule"),
    [
        (["post_blinds", "pitch", {"deal": {"seat": 3}}], {}, "the deal has begun", "LA26 161"),
        (["post_blinds", {"deal": {"seat": 2}}], {}, "seat 2 owes no blind", "LA26 161"),
        ([{"post": {"seat": 3}}, "post_blinds", {"deal": {"seat": 3}}], {}, "owes no blind",
         "LA26 161"),
        (["post_blinds", {"deal": {"seat": 2}}], {"owes": {}, "game": "tournament",
                                                  "ruleset": "tda-2024"},
         "a tournament owes no blinds", "TDA24 30"),
    ],
)  # fmt: skip
def test_la26_161_a_deal_with_a_seat_that_owes_nothing_is_refused_with_its_rule(
    events: list[Any], table: dict[str, Any], words: str, rule: str
) -> None:
    result = play(events, **table)
    refused = result["rejected"][-1]
    assert words in refused["reason"] and refused["rule"] == rule


def test_la26_161_a_deal_naming_an_empty_seat_is_a_script_error_at_its_place(
    tmp_path: Path,
) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(
        "table: {seats: 3, button: 1, blinds: [1, 2], game: cash, owes: {3: big}}\n"
        "events:\n  - post_blinds\n  - deal: {seat: 5}\n"
    )
    with pytest.raises(ScriptError, match=r"hand\.yaml:4:\d+: seat 5 has no player"):
        load_script(path)


def test_la26_161_the_table_view_names_the_seat_dealt_in_while_owing() -> None:
    events = ["shuffle", "cut", "post_blinds", {"deal": {"seat": 3}}]
    script = load_script({"table": {**THREE, "owes": {3: "big"}}, "seed": 7, "events": events})
    hand = Hand(script)
    for event in script.events:
        hand.handle(event)
    assert table_view(hand).seat(3).roles == ("owes, dealt in",)


# --- found by the engine's properties (every chip accounted for) ------------------------------


def test_a_seat_that_posted_is_counted_once_when_another_owing_seat_is_dealt_in() -> None:
    table = {"seats": 5, "button": 1, "stacks": 100, "owes": {3: "big", 5: "big"}}
    result = play([{"post": {"seat": 3}}, "post_blinds", {"deal": {"seat": 5}}], **table)
    assert result["rejected"] == []
    assert len(seat(result, 3)["hole"]) == 2 and len(seat(result, 5)["hole"]) == 2
    assert seat(result, 3)["chips"] == 98 and seat(result, 5)["chips"] == 100  # 3 posted its big


def test_rrop_bld_6_a_seat_cannot_post_what_it_owes_without_the_ante_too() -> None:
    table = {"seats": {1: 5, 2: 5, 3: 1}, "blinds": [1, 1], "ante": 1, "ruleset": "roberts"}
    result = play([{"post": {"seat": 3}}, "post_blinds"], **table)
    assert [rejected["rule"] for rejected in result["rejected"]] == ["RRoP-BLD 6"]
    assert seat(result, 3)["chips"] == 1
