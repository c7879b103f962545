"""Rulings an audit of the engine against the rulebooks found wrong (issue 13), each proved on
a stacked deck and named after its rule."""

from __future__ import annotations

from typing import Any

from dealer_trainer.engine import replay

#: a royal flush on the board (Ts Js Qs Ks As): every hand plays the board
ROYAL_BOARD_DECK = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "Ts", "Js", "Qs", "9c", "Ks"]
ROYAL_BOARD_DECK += ["2d", "As"]


def _checked_to_the_river(ruleset: str, showdown: list[Any]) -> dict[str, Any]:
    checks = [{"act": {"seat": seat, "action": "check"}} for seat in (2, 3, 1)]
    events: list[Any] = [
        "post_blinds",
        "deal",
        {"act": {"seat": 1, "action": "call"}},
        {"act": {"seat": 2, "action": "call"}},
        {"act": {"seat": 3, "action": "check"}},
        *("burn", "flop", *checks, "burn", "turn", *checks, "burn", "river", *checks),
        *showdown,
    ]
    table = {"seats": 3, "button": 1, "blinds": [1, 2], "ruleset": ruleset}
    return replay({"table": table, "deck": ROYAL_BOARD_DECK, "events": events})


def test_rrop_he6_the_last_player_declares_the_board_then_mucks_and_keeps_a_share() -> None:
    result = _checked_to_the_river(
        "roberts",
        [
            {"show": {"seat": 2}},
            {"show": {"seat": 1}},
            {"declare_board": {"seat": 3}},
            {"muck": {"seat": 3}},
        ],
    )
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert result["irregularities"] == []
    assert [pot["winners"] for pot in result["pots"]] == [[2, 3, 1]]


def test_rrop_he6_a_declaration_alone_does_not_end_the_showdown_before_the_muck() -> None:
    result = _checked_to_the_river(
        "roberts",
        [{"show": {"seat": 2}}, {"show": {"seat": 1}}, {"declare_board": {"seat": 3}}],
    )
    assert result["state"] == "showdown"
    assert result["hand_over"] is False
    assert "muck" in result["expected_next"]


def test_tda24_19_declaring_the_board_and_mucking_forfeits_the_claim() -> None:
    result = _checked_to_the_river(
        "tda-2024",
        [
            {"show": {"seat": 2}},
            {"show": {"seat": 1}},
            {"declare_board": {"seat": 3}},
            {"muck": {"seat": 3}},
        ],
    )
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert [pot["winners"] for pot in result["pots"]] == [[2, 1]]
    assert [i["kind"] for i in result["irregularities"]] == ["board_not_declared"]
