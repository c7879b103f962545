"""A cash game's blinds (issue 25): blinds owed on return (the big blind live, the small blind
dead), a new player posting or waiting for the big blind, nobody dealt in on the button or
between it and the blinds, a tournament owing nothing, and the blinds chopped only when
everyone else folds, each refusal with its rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer import replay
from dealer_trainer.betting import Action
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.rules.search import search
from dealer_trainer.training.drill.session import Drill
from dealer_trainer.view import table_view
from tests.script_items import act

# seat 1 the button; seats owing sit out, so the blinds fall among the others
SIX = {"seats": 6, "button": 1, "blinds": [1, 2], "stacks": 100, "game": "cash"}


def play(events: list[Any], **table: Any) -> dict[str, Any]:
    script = {"table": {**SIX, **table}, "seed": 5, "events": ["shuffle", "cut", *events]}
    return replay(script)


def chips(result: dict[str, Any], seat: int) -> int:
    return int(result["seats"][str(seat)]["chips"])


def dealt(result: dict[str, Any], seat: int) -> bool:
    return bool(result["seats"][str(seat)]["hole"]) or bool(result["seats"][str(seat)]["folded"])


def rejected(result: dict[str, Any]) -> list[dict[str, Any]]:
    return list(result["rejected"])


# --- blinds owed on return: the big blind live, the small blind dead -------------------------


def test_missed_both_blinds_posts_the_big_live_and_the_small_dead() -> None:
    result = play([{"post": {"seat": 4}}, "post_blinds", "deal"], owes={4: "both"})
    assert not rejected(result)
    assert chips(result, 4) == 97  # 2 live + 1 dead
    assert result["pots"][0]["amount"] == 6  # the two blinds, the live 2 and the dead 1
    assert dealt(result, 4)


def test_the_live_part_counts_as_the_posters_bet_and_keeps_its_option() -> None:
    # seats 2 and 3 are the blinds, 4 is under the gun with a live 2 in: it may check
    events = [{"post": {"seat": 4}}, "post_blinds", "deal", act(4, "check")]
    result = play(events, owes={4: "both"})
    assert not rejected(result)
    assert result["to_act"] == 5


def test_the_live_poster_is_not_done_until_it_acts_on_its_option() -> None:
    events = [{"post": {"seat": 5}}, "post_blinds", "deal", act(4, "call"), act(5, "raise", 6)]
    result = play(events, owes={5: "big"})
    assert not rejected(result)
    assert chips(result, 5) == 94


def test_the_dead_small_blind_is_in_nobodys_bet() -> None:
    events = [{"post": {"seat": 6}}, "post_blinds", "deal", act(4, "call"), act(5, "call")]
    result = play(events, owes={6: "small"})
    assert not rejected(result)
    assert result["to_act"] == 6  # the dead 1 does not count: seat 6 owes the 2 to call
    events.append(act(6, "call"))
    result = play(events, owes={6: "small"})
    assert chips(result, 6) == 97


def test_a_seat_owing_that_does_not_post_sits_out() -> None:
    result = play(["post_blinds", "deal"], owes={5: "both"})
    assert not dealt(result, 5)
    assert chips(result, 5) == 100


# --- waiting for the big blind, and never between the button and the blinds ------------------


def test_a_new_player_waiting_gets_in_when_the_big_blind_reaches_it() -> None:
    # button 1, small blind 2; seat 3 waits and the big blind comes round to it
    result = play(["post_blinds", "deal"], owes={3: "big"})
    assert dealt(result, 3)
    assert chips(result, 3) == 98  # the big blind, nothing more
    assert result["to_act"] == 4


def test_a_new_player_between_the_button_and_the_small_blind_is_refused() -> None:
    result = play([{"post": {"seat": 2}}, "post_blinds", "deal"], owes={2: "big"})
    (refusal,) = rejected(result)
    assert refusal["rule"] == "RRoP-BLD 5"
    assert "between the button" in refusal["reason"]
    assert not dealt(result, 2)


def test_a_new_player_on_the_button_is_refused_under_the_live_action_rule() -> None:
    result = play(
        [{"post": {"seat": 1}}, "post_blinds", "deal"], owes={1: "big"}, ruleset="tda-2024"
    )
    (refusal,) = rejected(result)
    assert refusal["rule"] == "LA26 158"


def test_the_moving_button_passes_a_seat_owing_by() -> None:
    # seat 2 waits: 3 and 4 have the blinds; next hand the button goes to 3, not to seat 2
    events = ["post_blinds", "deal", act(5, "fold"), act(6, "fold"), act(1, "fold")]
    events += [act(3, "fold"), "next_hand"]
    result = play(events, owes={2: "big"})
    assert not rejected(result)
    assert result["button"] == 3


def test_a_post_from_a_seat_owing_nothing_is_refused_with_the_rule() -> None:
    result = play([{"post": {"seat": 4}}, "post_blinds"])
    (refusal,) = rejected(result)
    assert refusal["rule"] == "RRoP-BLD 6"


def test_a_post_the_stack_cannot_cover_is_refused() -> None:
    result = play([{"post": {"seat": 4}}, "post_blinds"], owes={4: "both"}, stacks=2)
    (refusal,) = rejected(result)
    assert "less than the 3" in refusal["reason"]


def test_a_tournament_owes_no_blinds_and_says_where(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(
        "table: {seats: 6, game: tournament, owes: {4: both}}\nevents: [shuffle]\n",
        encoding="utf-8",
    )
    with pytest.raises(ScriptError) as caught:
        load_script(path)
    assert "TDA24 30" in str(caught.value)
    assert "hand.yaml:1:" in str(caught.value)


def test_an_owed_value_not_known_is_refused_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text("table: {seats: 6, owes: {4: dead}}\nevents: [shuffle]\n", encoding="utf-8")
    with pytest.raises(ScriptError) as caught:
        load_script(path)
    assert "expected one of: big, both, small" in str(caught.value)
    assert "hand.yaml:1:" in str(caught.value)


# --- chopping the blinds -----------------------------------------------------------------------


FOLD_TO_BLINDS = ["post_blinds", "deal", act(4, "fold"), act(5, "fold"), act(6, "fold")]


def test_the_blinds_chop_when_everyone_else_folds() -> None:
    result = play([*FOLD_TO_BLINDS, act(1, "fold"), "chop"])
    assert not rejected(result)
    assert result["hand_over"]
    assert all(chips(result, seat) == 100 for seat in range(1, 7))


def test_no_chop_while_another_player_is_in() -> None:
    result = play([*FOLD_TO_BLINDS, act(1, "call"), "chop"])
    (refusal,) = rejected(result)
    assert refusal["rule"] == "LA26 71"
    assert not result["hand_over"]


def test_no_chop_in_a_tournament() -> None:
    result = play([*FOLD_TO_BLINDS, act(1, "fold"), "chop"], game="tournament")
    (refusal,) = rejected(result)
    assert "tournament" in refusal["reason"]


def test_no_chop_where_the_house_says_never(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: no-chop\nbase: roberts\noptions: {chop: never}\n", encoding="utf-8"
    )
    script = {
        "table": {**SIX, "ruleset": "house.yaml"},
        "seed": 5,
        "events": ["shuffle", "cut", *FOLD_TO_BLINDS, act(1, "fold"), "chop"],
    }
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(script), encoding="utf-8")
    (refusal,) = rejected(replay(path))
    assert "chop never" in refusal["reason"]


def test_no_chop_after_the_small_blind_has_acted() -> None:
    result = play([*FOLD_TO_BLINDS, act(1, "fold"), act(2, "call"), "chop"])
    (refusal,) = rejected(result)
    assert refusal["rule"] == "LA26 71"


def test_no_chop_with_dead_money_in_the_pot() -> None:
    events = [{"post": {"seat": 6}}, *FOLD_TO_BLINDS, act(1, "fold"), "chop"]
    result = play(events, owes={6: "small"})
    (refusal,) = rejected(result)
    assert "more than the two blinds" in refusal["reason"]


def test_no_chop_with_antes_in_the_pot() -> None:
    """Each seat's ante counts in what it put in, so a pot of the blinds and their antes alone
    still holds antes: no chop (found by the antes property: the chop gave the antes away)."""
    events = [*FOLD_TO_BLINDS, act(1, "fold"), "chop"]
    result = play(events, ante=1)
    (refusal,) = rejected(result)
    assert "more than the two blinds" in refusal["reason"]


# --- every chip and card accounted for ----------------------------------------------------------

OWED = st.dictionaries(st.integers(1, 6), st.sampled_from(["big", "both", "small"]), max_size=3)


@settings(max_examples=60, deadline=None)
@given(
    owes=OWED,
    # a seat, whether it buys the button (LA26 158), and whether it posts after the blinds
    posts=st.lists(st.tuples(st.integers(1, 6), st.booleans(), st.booleans()), max_size=3),
    actions=st.lists(st.sampled_from(["fold", "call", "check", "chop"]), max_size=10),
    ruleset=st.sampled_from(["roberts", "tda-2024"]),
    button=st.integers(1, 6),
)
def test_posts_buys_and_chops_keep_every_chip_and_card(
    owes: dict[int, str],
    posts: list[tuple[int, bool, bool]],
    actions: list[str],
    ruleset: str,
    button: int,
) -> None:
    def post(seat: int, buy: bool) -> dict[str, Any]:
        return {"post": {"seat": seat, "buy_button": True} if buy else {"seat": seat}}

    events: list[Any] = [post(seat, buy) for seat, buy, late in posts if not late]
    events += ["post_blinds"]
    events += [post(seat, buy) for seat, buy, late in posts if late]
    events += ["deal"]
    table = {**SIX, "owes": owes, "ruleset": ruleset, "button": button}
    script = load_script({"table": table, "seed": 1, "events": ["shuffle", "cut", *events]})
    with Hand(script) as hand:
        for event in script.events:
            before = (hand.table.button, dict(hand.table.stacks), dict(hand.posting))
            if hand.handle(event).outcome == "rejected":  # refused: nothing changed
                assert before == (hand.table.button, dict(hand.table.stacks), dict(hand.posting))
            elif event.buy_button:  # the button stays; the buyer is the one blind, dealt first
                assert hand.table.button == before[0] and hand.posting[event.seat] == "button"
            hand.audit()
        if hand.bought is not None and hand.betting is not None:
            assert hand.order[0] == hand.bought and hand.betting.blinds == (None, hand.bought)
        for word in actions:
            seat = hand.betting.to_act if hand.betting is not None else None
            if word == "chop":
                step: Any = "chop"
            elif seat is None:
                break
            else:
                step = act(seat, word)
            more = load_script({"table": table, "events": [step]}).events[0]
            hand.handle(more)
            hand.audit()


# --- the lookup ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "words", ["missed blind", "dead blind", "chop", "chopped", "new player post"]
)
def test_a_floor_persons_words_find_the_cash_blind_rules(words: str) -> None:
    found = [hit.rule.cite for hit in search(words)[:5]]
    wanted = {"RRoP-BLD 5", "RRoP-BLD 6", "LA26 71", "LA26 158", "LA26 160", "LA26 163"}
    assert wanted & set(found), found


# --- the drill puts a missed blind on the table now and then -----------------------------------


def _drill_lines(ruleset: str, hands: int) -> list[str]:
    """What a drill played right at rate 0 tells over ``hands`` hands (every hand audited)."""
    told: list[str] = []
    with Drill(seed=3, rate=0.0, ruleset=ruleset) as drill:
        while drill.summary().hands <= hands:
            point = drill.point()
            told.extend(point.lines)
            drill.choose(next(o for o in point.options if o.event in point.allowed))
            drill.hand.audit()
    return told


def test_the_drill_deals_hands_with_blinds_made_up_in_a_cash_game() -> None:
    told = _drill_lines("roberts", 40)
    assert any("makes up both blinds: 2 live, 1 dead" in line for line in told), "none in 40"
    # never in a tournament: tda-2024 plays one, where nobody owes blinds
    assert not any("makes up" in line for line in _drill_lines("tda-2024", 15))


def test_the_table_view_names_seats_that_posted_or_sit_out() -> None:
    table = {**SIX, "owes": {4: "both", 5: "big"}}
    script = load_script(
        {"table": table, "seed": 5, "events": ["shuffle", "cut", {"post": {"seat": 4}}]}
    )
    hand = Hand(script)
    for event in script.events:
        hand.handle(event)
    view = table_view(hand)
    assert view.seat(4).roles == ("posted",)
    assert view.seat(5).roles == ("sitting out",)
    assert view.seat(2).roles == ("small blind",)
    assert view.seat(3).roles == ("big blind",)


def test_a_post_after_the_blinds_and_before_the_first_card_is_taken() -> None:
    result = play(["post_blinds", {"post": {"seat": 4}}, "deal"], owes={4: "both"})
    assert not rejected(result)
    assert chips(result, 4) == 97 and chips(result, 2) == 99 and chips(result, 3) == 98
    assert result["pots"][0]["amount"] == 6
    assert result["to_act"] == 4


def test_a_post_once_the_deal_has_begun_waits_for_the_next_hand() -> None:
    result = play(["post_blinds", "pitch", {"post": {"seat": 4}}], owes={4: "both"})
    (refusal,) = rejected(result)
    assert "the deal has begun" in refusal["reason"]
    assert chips(result, 4) == 100


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_a_waiting_player_sits_out_until_the_big_blind_comes_round(ruleset: str) -> None:
    """Moving button (roberts) or dead button (tda-2024 in a cash game): seat 5 waits two hands
    and takes the big blind in the third."""
    table = {**SIX, "ruleset": ruleset, "owes": {5: "big"}}
    hand = Hand(load_script({"table": table, "seed": 3, "events": []}))
    seen: list[tuple[int, tuple[int | None, int], bool]] = []
    for _ in range(3):
        for name in ("shuffle", "cut", "post_blinds", "deal"):
            assert hand.handle(Event(name=EventName(name))).outcome == "accepted"
        assert hand.betting is not None
        seen.append((hand.table.button, hand.betting.blinds, 5 in hand.order))
        while hand.betting.live_count > 1:
            fold = Event(name=EventName.ACT, seat=hand.betting.to_act, action=Action.FOLD)
            assert hand.handle(fold).outcome == "accepted"
        hand.audit()
        assert hand.handle(Event(name=EventName.NEXT_HAND)).outcome == "accepted"
    assert seen == [(1, (2, 3), False), (2, (3, 4), False), (3, (4, 5), True)]
    assert not hand.owing


def test_a_misdeal_after_action_keeps_the_blinds_made_up_posted() -> None:
    events = [
        {"post": {"seat": 4}},
        "post_blinds",
        {"pitch": {"to": 3, "unnoticed": True}},
        "deal",
        act(4, "raise", 6),
        "notice",
        "retrieve",
        "reshuffle",
        "cut",
        "deal",
    ]
    result = play(events, owes={4: "both"})
    assert not rejected(result) and result["misdeals"] == 1
    assert chips(result, 4) == 97  # the raise came back, the 2 live and 1 dead stay
    assert result["pots"][0]["amount"] == 6


def test_a_house_may_make_a_lone_missed_small_blind_live(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: live-small\nbase: roberts\noptions: {missed_small_blind: live}\n", encoding="utf-8"
    )
    events = [{"post": {"seat": 6}}, "post_blinds", "deal", act(4, "call"), act(5, "call")]
    script = {
        "table": {**SIX, "ruleset": "house.yaml", "owes": {6: "small"}},
        "seed": 5,
        "events": ["shuffle", "cut", *events, act(6, "call")],
    }
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(script), encoding="utf-8")
    result = replay(path)
    assert not rejected(result)
    assert chips(result, 6) == 98  # the live 1 counts: one more to call the 2


def test_a_post_with_an_amount_must_be_what_is_owed() -> None:
    right = play([{"post": {"seat": 4, "amount": 3}}, "post_blinds"], owes={4: "both"})
    assert not rejected(right) and chips(right, 4) == 97
    wrong = play([{"post": {"seat": 4, "amount": 2}}, "post_blinds"], owes={4: "both"})
    (refusal,) = rejected(wrong)
    assert refusal["reason"] == "seat 4 owes 3 (2 live and 1 dead), not 2"
    assert refusal["rule"] == "RRoP-BLD 6"


# --- what a player posted stays posted when the blinds are taken again -----------------------


def test_a_post_after_the_kill_blind_keeps_the_kill_posted_and_its_limits() -> None:
    """A seat coming in after the kill blind is posted takes the blinds again with it among
    the players: the kill stays in, the bet to call and the limits it raised with it (the kill
    was the bet before the post; LA26 194, 202)."""
    limit = {"structure": "limit", "blinds": [2, 4], "bets": [4, 8], "stacks": 200}
    events = ["post_blinds", {"kill_blind": {"seat": 4}}, {"post": {"seat": 6}}, "deal"]
    result = play(events, owes={6: "big"}, **limit)
    assert result["rejected"] == []
    assert 200 - result["seats"]["4"]["chips"] == 8  # the full kill: twice the big blind
    assert result["pots"][0]["amount"] == 2 + 4 + 8 + 4  # blinds, kill, the post
    assert result["to_act"] == 5  # left of the kill


def test_rrop_md_g_a_misplaced_button_misdeal_keeps_a_post_posted() -> None:
    """The button put right takes the blinds back and posts them again from it; a seat that
    posted to come in stays in with its post in (a misdeal leaves the posts posted), never
    dealt in for nothing."""
    events = ["post_blinds", {"post": {"seat": 5}}, "pitch", {"wrong_button": {"seat": 2}}]
    events += ["retrieve", "reshuffle", "cut", "deal"]
    result = play(events, owes={5: "big"})
    assert result["rejected"] == []
    assert result["seats"]["5"]["hole"] and 100 - result["seats"]["5"]["chips"] == 2
    assert sum(seat["chips"] for seat in result["seats"].values()) + 5 == 600
    assert result["pots"][0]["amount"] == 1 + 2 + 2


def test_la26_204_no_chop_when_the_kill_is_in_a_blind() -> None:
    """The kill from the big blind, everyone else folds to the small blind: no chop. (A kill
    from the small blind puts the big blind first, so the blinds never reach a chop.)"""
    limit = {"structure": "limit", "blinds": [2, 4], "bets": [4, 8], "stacks": 200, "seats": 5}
    folds = [act(seat, "fold") for seat in (4, 5, 1)]
    events = ["post_blinds", {"kill_blind": {"seat": 3}}, "deal", *folds, "chop"]
    result = play(events, **limit)
    assert [(r["event"], r["rule"]) for r in result["rejected"]] == [(8, "LA26 204")]
    assert "kill" in result["rejected"][0]["reason"]
    assert result["state"] == "preflop" and result["to_act"] == 2  # played on


def test_the_rules_lookup_finds_no_chop_in_a_kill_pot() -> None:
    assert search("can the blinds chop a kill pot")[0].rule.id == "LA26-204"


def test_la26_161_a_seat_owing_dealt_in_after_the_kill_blind_keeps_the_kill_posted() -> None:
    """Found by the cash pots property: the dealer dealing in a seat that owes (the blinds
    taken again with it among the players) had dropped the kill blind's chips."""
    limit = {"structure": "limit", "blinds": [2, 4], "bets": [4, 8], "stacks": 200}
    events = ["post_blinds", {"kill_blind": {"seat": 4}}, {"deal": {"seat": 6}}]
    result = play(events, owes={6: "big"}, **limit)
    assert result["rejected"] == []
    assert 200 - result["seats"]["4"]["chips"] == 8
    assert result["pots"][0]["amount"] == 2 + 4 + 8
