"""The table itself (issue 25): the button found out of place (RRoP-MD(g), TDA24 34-A), a new deck
brought in between hands (LA26 79), and the rules lookup finding the button, deck, cards-in-view
and clock rules by a floor person's words."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_trainer import replay
from dealer_trainer.engine import play as play_hand
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script
from dealer_trainer.rules.search import search
from dealer_trainer.scenario.facts import FACTS
from dealer_trainer.training.drill.session import Drill
from tests.script_items import act

# seat 1 the button, 2 the small blind, 3 the big blind, 4 under the gun
SIX = {"seats": 6, "button": 1, "blinds": [1, 2], "stacks": 200}
DEAL = ["shuffle", "cut", "post_blinds", "deal"]
MISDEAL = ["retrieve", "reshuffle", "cut"]


def play(events: list[Any], **table: Any) -> dict[str, Any]:
    return replay({"table": {**SIX, **table}, "seed": 7, "events": events})


def wrong_button(seat: int) -> dict[str, Any]:
    return {"wrong_button": {"seat": seat}}


def kinds(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(item["kind"], item["rule"]) for item in result["irregularities"]]


def chips_in(result: dict[str, Any], seat: int) -> int:
    return 200 - int(result["seats"][str(seat)]["chips"])


# --- the button out of place -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("roberts", "RRoP-MD(g)"), ("tda-2024", "TDA24 34-A")]
)
def test_a_misplaced_button_found_after_one_call_is_a_misdeal_with_the_button_put_right(
    ruleset: str, rule: str
) -> None:
    result = play([*DEAL, act(4, "call"), wrong_button(2)], ruleset=ruleset)
    assert result["rejected"] == []
    assert kinds(result) == [("wrong_button", rule), ("misdeal", rule)]
    assert result["misdeals"] == 1
    assert result["button"] == 2
    assert result["expected_next"] == ["retrieve"]
    # the call went back, and the blinds are posted again from the corrected button
    assert chips_in(result, 4) == 2 and chips_in(result, 3) == 1 and chips_in(result, 2) == 0


def test_after_the_redeal_the_action_starts_left_of_the_corrected_big_blind() -> None:
    result = play([*DEAL, wrong_button(2), *MISDEAL, "deal"])
    assert result["rejected"] == []
    assert result["to_act"] == 5
    assert sum(len(seat["hole"]) for seat in result["seats"].values()) == 12


def test_rrop_md_g_two_folds_close_the_window_under_roberts_but_not_under_tda() -> None:
    folds = [*DEAL, act(4, "fold"), act(5, "fold"), wrong_button(2)]
    roberts = play(folds)
    assert kinds(roberts) == [("wrong_button", "RRoP-MD(g)")]
    assert roberts["misdeals"] == 0 and roberts["button"] == 1 and roberts["to_act"] == 6
    tda = play(folds, ruleset="tda-2024")
    assert kinds(tda) == [("wrong_button", "TDA24 34-A"), ("misdeal", "TDA24 34-A")]


def test_tda24_34a_after_substantial_action_the_hand_plays_on_the_button_not_moved_back() -> None:
    calls = [act(seat, "call") for seat in (4, 5, 6, 1, 2)]
    events = [*DEAL, *calls, act(3, "check"), "burn", "flop", wrong_button(6)]
    result = play(events, ruleset="tda-2024")
    assert result["rejected"] == []
    assert kinds(result) == [("wrong_button", "TDA24 34-A")]
    assert result["misdeals"] == 0 and result["state"] == "flop"
    # the hand ends; the next hand's button moves on from seat 1, not from seat 6
    folds = [act(seat, "fold") for seat in (2, 3, 4, 5, 6)]
    over = play([*events, *folds, "next_hand"], ruleset="tda-2024")
    assert over["rejected"] == [] and over["button"] == 2


def test_a_misplaced_button_found_before_the_blinds_is_simply_moved() -> None:
    result = play(["shuffle", "cut", wrong_button(3), "post_blinds", "deal"])
    assert result["rejected"] == [] and result["irregularities"] == []
    assert result["button"] == 3 and result["to_act"] == 6


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("roberts", "RRoP-MD(g)"), ("tda-2024", "TDA24 34-A")]
)
def test_the_seat_that_has_the_button_already_is_refused_with_the_rule(
    ruleset: str, rule: str
) -> None:
    result = play([*DEAL, act(4, "call"), wrong_button(1)], ruleset=ruleset)
    assert [(item["event"], item["rule"]) for item in result["rejected"]] == [(5, rule)]
    assert "already" in result["rejected"][0]["reason"]
    assert result["irregularities"] == [] and result["button"] == 1


def test_a_wrong_button_to_an_empty_seat_is_refused_with_its_place() -> None:
    text = "table: {seats: {1: 100, 2: 100, 4: 100}}\nevents:\n  - wrong_button: {seat: 3}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where is not None and caught.value.where.startswith("hand.yaml:3:")
    assert "seat 3 has no player" in str(caught.value)


def test_a_wrong_button_without_a_seat_is_refused_with_its_place() -> None:
    text = "table: {seats: 3}\nevents:\n  - post_blinds\n  - wrong_button: {}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where == "hand.yaml:4:5"
    assert "wrong_button needs 'seat'" in str(caught.value)


# --- hole cards off the table ------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "rule"), [("roberts", "RRoP-DEAL 2"), ("tda-2024", "LA26 75")])
def test_cards_off_the_table_before_substantial_action_the_hand_stays_live(
    ruleset: str, rule: str
) -> None:
    result = play([*DEAL, {"hidden_hand": {"seat": 4}}], ruleset=ruleset)
    assert result["rejected"] == [] and kinds(result) == [("hidden_hand", rule)]
    assert result["to_act"] == 4 and len(result["seats"]["4"]["hole"]) == 2


def test_la26_75_a_hand_hidden_through_substantial_action_is_dead_under_tda_only() -> None:
    events = [
        *DEAL,
        act(4, "call"),
        act(5, "raise", 6),
        act(6, "call"),
        {"hidden_hand": {"seat": 1}},
    ]
    tda = play(events, ruleset="tda-2024")
    assert kinds(tda) == [("hidden_hand", "LA26 75")]
    assert tda["seats"]["1"]["folded"] and tda["to_act"] == 2
    assert chips_in(tda, 4) == 2  # the chips a dead hand put in stay in the pot
    roberts = play(events)
    assert kinds(roberts) == [("hidden_hand", "RRoP-DEAL 2")]
    assert not roberts["seats"]["1"]["folded"] and roberts["to_act"] == 1


def test_a_hidden_hand_of_a_seat_with_no_live_hand_is_refused_with_the_rule() -> None:
    result = play([*DEAL, act(4, "fold"), {"hidden_hand": {"seat": 4}}], ruleset="tda-2024")
    assert [item["rule"] for item in result["rejected"]] == ["LA26 75"]


# --- a new deck --------------------------------------------------------------------------------


def test_la26_79_a_new_deck_before_the_hand_must_be_shuffled_before_the_blinds() -> None:
    result = play(["deck_change", "post_blinds", "shuffle"])
    assert [item["rule"] for item in result["rejected"]] == ["TDA24 23"]
    assert result["state"] == "cutting" and result["irregularities"] == []


def test_la26_79_a_new_deck_between_hands_then_the_next_hand_is_shuffled() -> None:
    folds = [act(seat, "fold") for seat in (4, 5, 6, 1, 2)]
    result = play([*DEAL, *folds, "deck_change", "next_hand"])
    assert result["rejected"] == []
    assert result["expected_next"] == ["shuffle"]
    assert len(result["stub"]) == 52


@pytest.mark.parametrize("moment", [["shuffle"], DEAL, [*DEAL, act(4, "call")]])
def test_la26_79_a_deck_change_during_a_hand_is_refused_with_its_rule(moment: list[Any]) -> None:
    result = play([*moment, "deck_change"])
    assert [item["rule"] for item in result["rejected"]] == ["LA26 79"]
    assert "between hands" in result["rejected"][0]["reason"]


def test_a_deck_change_is_never_expected() -> None:
    assert "deck_change" not in play([])["expected_next"]


def _between_hands(change: Any, **table: Any) -> dict[str, Any]:
    folds = [act(seat, "fold") for seat in (4, 5, 6, 1, 2)]
    return play([*DEAL, *folds, change, "next_hand"], **table)


def deck_change(reason: str, minutes: int | None = None) -> dict[str, Any]:
    args: dict[str, Any] = {"reason": reason}
    if minutes is not None:
        args["minutes"] = minutes
    return {"deck_change": args}


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
@pytest.mark.parametrize(
    ("minutes", "refused"), [(None, True), (0, True), (119, True), (120, False), (300, False)]
)
def test_la26_79_a_cash_player_asks_for_a_new_setup_after_two_hours_in_play(
    ruleset: str, minutes: int | None, refused: bool
) -> None:
    result = _between_hands(deck_change("request", minutes), ruleset=ruleset, game="cash")
    assert [item["rule"] for item in result["rejected"]] == (["LA26 79"] if refused else [])
    assert result["expected_next"] == ["shuffle"] and result["irregularities"] == []


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
@pytest.mark.parametrize("minutes", [None, 30, 300])
def test_tda24_26_a_tournament_player_never_gets_a_new_deck_on_request(
    ruleset: str, minutes: int | None
) -> None:
    result = _between_hands(deck_change("request", minutes), ruleset=ruleset, game="tournament")
    assert [item["rule"] for item in result["rejected"]] == ["TDA24 26"]
    assert "cannot ask" in result["rejected"][0]["reason"]


@pytest.mark.parametrize("game", ["cash", "tournament"])
@pytest.mark.parametrize("reason", ["schedule", "foul", "damaged"])
def test_la26_79_tda24_26_a_scheduled_foul_or_damaged_deck_changes_at_any_time_between_hands(
    game: str, reason: str
) -> None:
    result = _between_hands(deck_change(reason, 10), game=game)
    assert result["rejected"] == [] and result["expected_next"] == ["shuffle"]
    assert len(result["stub"]) == 52


def test_a_deck_change_for_any_reason_during_a_hand_is_refused_with_la26_79() -> None:
    for reason in ("request", "schedule", "foul", "damaged"):
        result = play([*DEAL, deck_change(reason, 300)])
        assert [item["rule"] for item in result["rejected"]] == ["LA26 79"], reason


def test_the_new_deck_fact_counts_only_a_deck_change_the_rules_allow() -> None:
    """``new_deck`` (a fact a question may ask) is true once a deck change was accepted."""
    folds = [act(seat, "fold") for seat in (4, 5, 6, 1, 2)]
    for change, new in [
        (deck_change("damaged", 20), True),
        (deck_change("request", 150), True),
        (deck_change("request", 30), False),
    ]:
        script = {"table": SIX, "seed": 7, "events": [*DEAL, *folds, change, "next_hand"]}
        assert FACTS["new_deck"][1](play_hand(script)) is new, change


def test_a_deck_change_names_a_known_reason_and_whole_minutes_at_their_place() -> None:
    text = "table: {seats: 2}\nevents:\n  - deck_change: {reason: requets}\n"
    with pytest.raises(
        ScriptError,
        match=r"3:27: unknown deck-change reason 'requets' "
        r"\(did you mean 'request'\?\)",
    ):
        load_script(text)
    text = "table: {seats: 2}\nevents:\n  - deck_change: {reason: request, minutes: -5}\n"
    with pytest.raises(ScriptError, match=r"3:45: 'minutes' must be at least 0, not -5"):
        load_script(text)
    script = load_script("table: {seats: 2}\nevents: [{deck_change: {reason: damaged}}]")
    assert script.events[0].reason == "damaged" and script.events[0].minutes is None


# --- the rules lookup finds them by a floor person's words -------------------------------------


@pytest.mark.parametrize(
    ("words", "wanted"),
    [
        ("button moved", {"TDA24-34-A", "RRoP-MD-g"}),
        ("wrong button", {"TDA24-34-A", "RRoP-MD-g"}),
        ("deck change", {"LA26-79", "TDA24-26"}),
        ("new deck", {"LA26-79", "TDA24-26"}),
        ("cards off the table", {"LA26-75", "RRoP-DEAL-2"}),
        ("one player to a hand", {"LA26-20"}),
        ("clock", {"TDA24-29", "LA26-85"}),
        ("time bank", {"TDA24-29", "LA26-85"}),
    ],
)
def test_the_rules_lookup_finds_the_table_rules(words: str, wanted: set[str]) -> None:
    top = [hit.rule.id for hit in search(words, limit=3)]
    assert wanted & set(top), top


# --- the drill: a misplaced button to put right -------------------------------------------------


def test_the_drill_has_the_floor_find_a_misplaced_button_and_the_trainee_puts_it_right() -> None:
    from test_drill import _right  # start-up: the drill tests' own right pick

    drill = Drill(11, 0.5, "tda-2024")
    found = []
    while drill.summary().hands <= 60:
        point = drill.point()
        if any("button belongs" in line for line in point.lines):
            found.append(point)
        drill.choose(_right(point))
        drill.hand.audit()
    drill.close()
    assert found
    assert all(point.situation == "wrong_button" for point in found)
    assert all(point.allowed == ("retrieve",) for point in found)


def test_a_misplaced_button_put_right_at_a_table_with_a_seat_owing_blinds_does_not_crash() -> None:
    # found by the property test: a seat owing blinds and not dealt in made the blinds posted
    # again from the corrected button fail; the blinds are posted again among the seats dealt in
    table = {"seats": 4, "button": 1, "blinds": [1, 2], "stacks": 200, "owes": {4: "big"}}
    result = replay(
        {"table": table, "seed": 7, "events": [*DEAL, wrong_button(2)]}, auto_recover=True
    )
    assert result["rejected"] == []
    assert kinds(result)[0] == ("wrong_button", "RRoP-MD(g)")
    assert result["button"] == 2


# --- a new deck in place of a foul one (LA26 79) ---------------------------------------------

FOUL = [*DEAL, {"foul_deck": {"found": "duplicate"}}]


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_la26_79_after_a_duplicate_card_a_new_deck_comes_in_before_the_reshuffle(
    ruleset: str,
) -> None:
    result = play([*FOUL, "retrieve", deck_change("foul"), "reshuffle", "cut"], ruleset=ruleset)
    assert result["rejected"] == []
    assert result["expected_next"] == ["pitch", "deal"]
    assert len(result["stub"]) == 52
    script = load_script(
        {"table": SIX, "seed": 7, "events": [*FOUL, "retrieve", deck_change("foul")]}
    )
    assert FACTS["new_deck"][1](play_hand(script)) is True


def test_the_foul_decks_recovery_is_the_same_with_or_without_the_new_deck() -> None:
    without = play([*FOUL, *MISDEAL])
    assert without["rejected"] == [] and without["expected_next"] == ["pitch", "deal"]


def test_the_new_deck_comes_after_the_retrieve_and_before_the_reshuffle_only() -> None:
    """Before the cards are retrieved, or once the old deck is shuffled again, the recovery's
    own step is due and the deck change is refused with the recovery's rule."""
    early = play([*FOUL, deck_change("foul")])
    late = play([*FOUL, "retrieve", "reshuffle", deck_change("foul")])
    for result in (early, late):
        assert [item["rule"] for item in result["rejected"]] == ["RRoP-IR 4"]
        assert "not the recovery step due" in result["rejected"][0]["reason"]
