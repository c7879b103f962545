"""Kill pots, running the board twice and rabbit hunting (issue 25): each a house option of a
cash game, refused with its rule where the table does not allow it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from dealer_trainer import replay
from dealer_trainer.cards import Card
from dealer_trainer.cli.render import Painter
from dealer_trainer.cli.table_view import draw_table
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script
from dealer_trainer.procedure.cash_pots import run_share
from dealer_trainer.procedure.events import EVENT_ARGS
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.rules.search import search
from dealer_trainer.scenario.facts import FACTS
from dealer_trainer.script_events import script_item
from dealer_trainer.view import table_view
from dealer_trainer.web.drawing import describe
from dealer_trainer.web.table_layouts import layouts
from tests.script_items import act

# seat 1 the button, 2 the small blind, 3 the big blind, 4 under the gun; a 4-8 limit game
LIMIT = {"seats": 6, "button": 1, "blinds": [2, 4], "structure": "limit", "stacks": 200}


def play(events: list[Any], *, folder: Path | None = None, **table: Any) -> dict[str, Any]:
    script = {"table": {**LIMIT, **table}, "seed": 5, "events": ["shuffle", "cut", *events]}
    if folder is None:
        return replay(script)
    path = folder / "hand.yaml"
    path.write_text(yaml.safe_dump(script), encoding="utf-8")
    return replay(path)


def kill(seat: int, amount: int | None = None) -> dict[str, Any]:
    args: dict[str, Any] = {"seat": seat}
    if amount is not None:
        args["amount"] = amount
    return {"kill_blind": args}


def chips_in(result: dict[str, Any], seat: int, stack: int = 200) -> int:
    return stack - int(result["seats"][str(seat)]["chips"])


def rules(result: dict[str, Any]) -> list[str | None]:
    return [item.get("rule") for item in result["rejected"]]


# --- kill pots ----------------------------------------------------------------------------


def test_rrop_kp_a_full_kill_is_twice_the_big_blind_and_acts_last_preflop() -> None:
    result = play(["post_blinds", kill(5), "deal"])
    assert result["rejected"] == []
    assert chips_in(result, 5) == 8
    assert result["to_act"] == 6  # the action starts left of the kill blind
    calls = [act(seat, "call") for seat in (6, 1, 2, 3, 4)]
    around = play(["post_blinds", kill(5), "deal", *calls])
    assert around["rejected"] == []
    assert around["to_act"] == 5  # the kill blind speaks last, with its option


def test_la26_193_a_full_kill_doubles_the_limits_for_the_hand() -> None:
    result = play(["post_blinds", kill(5), "deal", act(6, "raise", 16)])
    assert result["rejected"] == []
    assert chips_in(result, 6) == 16  # a raise of 8: the doubled small bet
    wrong = play(["post_blinds", kill(5), "deal", act(6, "raise", 12)])
    assert wrong["rejected"]


def test_la26_193_a_half_kill_is_one_and_a_half_big_blinds(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: our-room\nbase: roberts\noptions: {kill: half}\n", encoding="utf-8"
    )
    result = play(
        ["post_blinds", kill(5), "deal", act(6, "raise", 12)],
        folder=tmp_path,
        ruleset="house.yaml",
    )
    assert result["rejected"] == []
    assert chips_in(result, 5) == 6
    assert chips_in(result, 6) == 12


def test_a_kill_blind_in_a_no_limit_game_is_refused_with_its_rule() -> None:
    result = play(["post_blinds", kill(5), "deal"], structure="no-limit")
    assert rules(result) == ["RRoP-KP 2"]
    assert chips_in(result, 5) == 0


def test_a_kill_blind_is_refused_where_the_house_plays_none_or_in_a_tournament(
    tmp_path: Path,
) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: our-room\nbase: roberts\noptions: {kill: none}\n", encoding="utf-8"
    )
    none = play(["post_blinds", kill(5), "deal"], folder=tmp_path, ruleset="house.yaml")
    assert rules(none) == ["RRoP-KP 2"]
    tournament = play(["post_blinds", kill(5), "deal"], game="tournament")
    assert rules(tournament) == ["RRoP-KP 2"]


def test_la26_202_203_one_kill_a_deal_and_no_straddle_with_it() -> None:
    twice = play(["post_blinds", kill(5), kill(6), "deal"])
    assert rules(twice) == ["LA26 202"]
    straddled = play(["post_blinds", kill(5), {"straddle": {"seat": 4}}, "deal"])
    assert rules(straddled) == ["LA26 203"]
    after = play(["post_blinds", {"straddle": {"seat": 4}}, kill(5), "deal"])
    assert rules(after) == ["LA26 203"]


def test_a_kill_blind_after_the_deal_or_of_the_wrong_size_is_refused() -> None:
    late = play(["post_blinds", "pitch", kill(5), "deal"])
    assert rules(late) == ["RRoP-KP 2"]
    wrong = play(["post_blinds", kill(5, 6), "deal"])
    assert rules(wrong) == ["LA26 193"]


def test_a_kill_blind_in_the_big_blind_tops_the_blind_up_to_the_kill() -> None:
    result = play(["post_blinds", kill(3), "deal"])
    assert result["rejected"] == []
    assert chips_in(result, 3) == 8
    assert result["to_act"] == 4


# --- run it twice ---------------------------------------------------------------------------

NL = {"structure": "no-limit", "stacks": 100}
ALL_IN = ["post_blinds", "deal", act(4, "all_in"), act(5, "call")] + [
    act(seat, "fold") for seat in (6, 1, 2, 3)
]


def test_la26_187_the_board_is_run_twice_when_the_all_in_players_agree() -> None:
    result = play([*ALL_IN, "run_twice"], ruleset="tda-2024", game="cash", **NL)
    assert result["rejected"] == []


def test_la26_187_run_twice_is_refused_without_agreement_or_an_all_in() -> None:
    declined = play(
        [*ALL_IN, {"run_twice": {"declined": True}}], ruleset="tda-2024", game="cash", **NL
    )
    assert rules(declined) == ["LA26 187"]
    no_all_in = ["post_blinds", "deal", act(4, "call"), act(5, "call")] + [
        act(seat, "fold") for seat in (6, 1, 2)
    ]
    checked = play(
        [*no_all_in, act(3, "check"), "run_twice"], ruleset="tda-2024", game="cash", **NL
    )
    assert rules(checked) == ["LA26 187"]


def test_la26_187_run_twice_is_refused_with_a_bet_pending() -> None:
    pending = ["post_blinds", "deal", act(4, "all_in"), "run_twice"]
    result = play(pending, ruleset="tda-2024", game="cash", **NL)
    assert rules(result) == ["LA26 187"]


def test_run_twice_is_refused_where_the_house_deals_once_or_in_a_tournament() -> None:
    roberts = play([*ALL_IN, "run_twice"], **NL)
    assert rules(roberts) == ["LA26 187"]
    tournament = play([*ALL_IN, "run_twice"], ruleset="tda-2024", **NL)
    assert rules(tournament) == ["LA26 187"]


# the deal: seat 4 gets aces, seat 5 kings; the first board misses the kings, the second pairs
# them (a set); the burns are tens and nines
TWO_BOARDS = [
    "2d",
    "3d",
    "As",
    "Ks",
    "7s",
    "8s",
    "2h",
    "3h",
    "Ah",
    "Kh",
    "7h",
    "8h",
    "Tc",
    "2c",
    "7d",
    "9h",
    "Ts",
    "3s",
    "Th",
    "4c",
    "Td",
    "Kd",
    "8c",
    "5d",
    "9c",
    "Jc",
    "9d",
    "Qd",
]
RUN_OUT = ["burn", "flop", "burn", "turn", "burn", "river"]
SHOWN = [{"show": {"seat": 4}}, {"show": {"seat": 5}}]


def two_boards(events: list[Any]) -> dict[str, Any]:
    table = {**LIMIT, **NL, "blinds": [1, 2], "ruleset": "tda-2024", "game": "cash"}
    return replay({"table": table, "deck": TWO_BOARDS, "events": events})


def test_la26_187_each_board_wins_half_the_pot_the_odd_chip_with_the_first() -> None:
    result = two_boards([*ALL_IN, "run_twice", *RUN_OUT, *SHOWN])
    assert result["rejected"] == []
    assert result["hand_over"]
    # a pot of 203: 102 to the aces on the first board, 101 to the set of kings on the second
    assert result["seats"]["4"]["chips"] == 102
    assert result["seats"]["5"]["chips"] == 101
    assert result["pots"][0]["winners"] == [4, 5]
    assert result["set_aside"] == ["Kd", "8c", "5d", "Jc", "Qd"]  # the second board
    assert len(result["burns"]) == 6  # a burn before each street of each board (LA26 213)


def test_la26_187_without_the_agreement_one_board_takes_the_whole_pot() -> None:
    result = two_boards([*ALL_IN, *RUN_OUT, *SHOWN])
    assert result["seats"]["4"]["chips"] == 203
    assert result["seats"]["5"]["chips"] == 0
    assert result["set_aside"] == []


def test_la26_187_run_twice_from_the_flop_shares_the_flop() -> None:
    # agreed on the flop: the second run deals only a turn and a river (after their burns)
    result = two_boards([*ALL_IN, "burn", "flop", "run_twice", *RUN_OUT[2:], *SHOWN])
    assert result["rejected"] == []
    assert result["set_aside"] == ["Kd", "5d"]  # burns Td and 8c, cards Kd and 5d
    assert result["seats"]["4"]["chips"] == 102  # first board: aces
    assert result["seats"]["5"]["chips"] == 101  # second: 2c 7d 9h Kd 5d, a set of kings


# --- run it three times -------------------------------------------------------------------

THRICE = {"run_twice": {"runs": 3}}


def test_la26_187_three_runs_each_board_wins_a_third_the_odd_chip_with_the_first() -> None:
    result = two_boards([*ALL_IN, THRICE, *RUN_OUT, *SHOWN])
    assert result["rejected"] == []
    # 203 in three: 68 to the aces on the first board, 68 and 67 to the kings on the second
    # (a set) and the third (5c 6c 7c Kc 4d: a set again)
    assert result["seats"]["4"]["chips"] == 68
    assert result["seats"]["5"]["chips"] == 135
    assert result["pots"][0]["winners"] == [4, 5]
    assert result["set_aside"] == ["Kd", "8c", "5d", "Jc", "Qd", "5c", "6c", "7c", "Kc", "4d"]
    assert len(result["burns"]) == 9  # three burns for each of the three boards (LA26 213)
    assert [run["pots"] for run in result["runs"]] == [
        [{"amount": 68, "winners": [4]}],
        [{"amount": 68, "winners": [5]}],
        [{"amount": 67, "winners": [5]}],
    ]
    assert result["runs"][0]["board"] == result["board"]
    assert result["runs"][2]["board"] == ["5c", "6c", "7c", "Kc", "4d"]


def test_la26_187_three_runs_from_the_flop_share_the_flop() -> None:
    result = two_boards([*ALL_IN, "burn", "flop", THRICE, *RUN_OUT[2:], *SHOWN])
    assert result["rejected"] == []
    boards = [run["board"] for run in result["runs"]]
    assert [board[:3] for board in boards] == [["2c", "7d", "9h"]] * 3
    assert len(result["set_aside"]) == 4  # a turn and a river for each later board
    assert len(result["burns"]) == 1 + 2 * 3
    assert result["seats"]["4"]["chips"] + result["seats"]["5"]["chips"] == 203


@pytest.mark.parametrize(
    ("amount", "shares"),
    [(300, [100, 100, 100]), (301, [101, 100, 100]), (302, [101, 101, 100]), (203, [102, 101])],
)
def test_la26_187_the_odd_chips_go_one_each_to_the_first_boards_first(
    amount: int, shares: list[int]
) -> None:
    runs = len(shares)
    assert [run_share(amount, runs, run) for run in range(runs)] == shares


def test_three_runs_and_the_odd_chip_fact_name_the_first_boards_winner() -> None:
    # seat 5 wins the first board here: the odd chip is its, not the first seat left of the
    # button among the pot's winners
    events = [*ALL_IN, THRICE, *RUN_OUT, *SHOWN]
    table = {**LIMIT, **NL, "blinds": [1, 2], "ruleset": "tda-2024", "game": "cash"}
    swapped = [*TWO_BOARDS[:2], "Ks", "As", *TWO_BOARDS[4:8], "Kh", "Ah", *TWO_BOARDS[10:]]
    hand = Hand(load_script({"table": table, "deck": swapped, "events": events}))
    for item in load_script({"table": table, "deck": swapped, "events": events}).events:
        hand.handle(item)
    assert [pots[0].winners for pots in hand.run_pots] == [(5,), (4,), (4,)]
    assert FACTS["odd_chip"][1](hand) == 5


def test_la26_187_the_first_boards_share_is_a_fact_only_of_a_board_run_more_than_once() -> None:
    assert FACTS["first_board_share"][1](_three_runs_hand(6)) == 68  # 203: 68, 68, 67
    table = {**LIMIT, **NL, "blinds": [1, 2], "ruleset": "tda-2024", "game": "cash"}
    once = load_script({"table": table, "deck": TWO_BOARDS, "events": ALL_IN})
    hand = Hand(once)
    for item in once.events:
        hand.handle(item)
    assert FACTS["first_board_share"][1](hand) is None


def test_a_house_that_runs_it_twice_at_most_refuses_three_runs(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: our-room\nbase: tda-2024\noptions: {run_it_twice: twice}\n", encoding="utf-8"
    )
    house = {"ruleset": "house.yaml", "game": "cash", **NL}
    refused = play([*ALL_IN, THRICE], folder=tmp_path, **house)
    assert rules(refused) == ["LA26 187"]
    assert "twice at most" in refused["rejected"][0]["reason"]
    assert play([*ALL_IN, "run_twice"], folder=tmp_path, **house)["rejected"] == []


def test_a_board_run_three_times_is_not_run_again() -> None:
    again = play([*ALL_IN, THRICE, "run_twice"], ruleset="tda-2024", game="cash", **NL)
    assert rules(again) == ["LA26 187"]
    assert "three times already" in again["rejected"][0]["reason"]


def _three_runs_hand(seats: int, before: list[Any] | None = None) -> Hand:
    table = {**LIMIT, **NL, "seats": seats, "blinds": [1, 2], "ruleset": "tda-2024"}
    folds = [act(seat, "fold") for seat in (6, 7, 8, 9, 10, 1, 2, 3) if seat <= seats]
    early = before or []
    events = [*ALL_IN[:4], *folds, *early, THRICE, *RUN_OUT[len(early) :], *SHOWN]
    script = load_script({"table": {**table, "game": "cash"}, "deck": TWO_BOARDS, "events": events})
    hand = Hand(script)
    for item in script.events:
        hand.handle(item)
    assert hand.awarded and not hand.rejected
    return hand


@pytest.mark.parametrize("seats", [5, 6, 9, 10])
@pytest.mark.parametrize("before", [[], ["burn", "flop"]])
def test_the_table_picture_lays_out_three_boards_a_row_each_without_overlap(
    seats: int, before: list[Any]
) -> None:
    view = table_view(_three_runs_hand(seats, before))
    assert view.set_aside == ()  # the later runs are boards, not cards set aside
    assert [len(board) for board in view.later_boards] == [5 - len(before) // 2 * 3] * 2
    wide, narrow = layouts(view)
    for picture in (wide, narrow):
        assert picture.clashes() == []
        labels = [picture.set_aside_label, *picture.run_labels]
        assert [label.text for label in labels if label is not None] == ["Board 2:", "Board 3:"]
        rows = sorted({spot.y for spot in picture.set_aside})
        assert len(rows) == 2  # the second board on one row, the third on the next
    assert "Board 3: " in describe(view)


def test_the_text_table_draws_each_later_board_on_its_own_line() -> None:
    facts = table_view(_three_runs_hand(6)).to_dict()
    lines = draw_table(facts, Painter(enabled=False))
    assert "board 2:   Kd 8c 5d Jc Qd" in lines
    assert "board 3:   5c 6c 7c Kc 4d" in lines
    assert not any(line.startswith("set aside") for line in lines)
    hidden = draw_table(facts, Painter(enabled=False), frozenset({"board"}))
    assert not any(line.startswith("board 2") for line in hidden)


def test_la26_216_ten_seats_three_runs_from_preflop_never_run_the_stub_short() -> None:
    # 20 hole cards and three boards of five, each street burned: 20 + 3 * (5 + 3) = 44 <= 52
    table = {"seats": 10, "button": 1, "blinds": [1, 2], "stacks": 100, **NL}
    events = ["shuffle", "cut", "post_blinds", "deal", act(4, "all_in")]
    events += [act(seat, "call") for seat in (5, 6, 7, 8, 9, 10, 1, 2, 3)]
    events += [THRICE, *RUN_OUT]
    script = {"table": {**table, "ruleset": "tda-2024", "game": "cash"}, "seed": 3}
    order = replay({**script, "events": events})["showdown_order"]
    result = replay({**script, "events": [*events, *({"show": {"seat": s}} for s in order)]})
    assert result["rejected"] == []
    assert result["hand_over"]
    assert len(result["stub"]) == 52 - 44
    assert sum(sum(pot["amount"] for pot in run["pots"]) for run in result["runs"]) == 1000


def test_la26_216_a_short_stub_gives_its_last_card_then_the_burns_then_the_muck() -> None:
    table = {**LIMIT, **NL, "blinds": [1, 2], "ruleset": "tda-2024", "game": "cash"}
    script = load_script({"table": table, "deck": TWO_BOARDS, "events": [*ALL_IN, THRICE]})
    hand = Hand(script, check=True)
    for item in script.events:
        hand.handle(item)
    for item in load_script({"table": table, "events": RUN_OUT}).events:
        hand.handle(item)
    # the stub worn down to five cards (as if lost to the dealer's errors): the rest in the muck
    stub = hand.table.stub
    assert stub[:5] == [Card.parse(text) for text in ("Td", "Kd", "8c", "5d", "9c")]
    hand.table.muck.extend(stub[5:])
    del stub[5:]
    muck = list(hand.table.muck)
    for item in load_script({"table": table, "events": SHOWN}).events:
        hand.handle(item)
    assert hand.awarded and hand.table.stub == []
    second, third = hand.later_runs
    # the second board: burn Td, flop Kd 8c 5d; the turn is the stub's last card, unburned;
    # the river the first burn card. The third: the other burns, then the muck
    assert " ".join(card.text for card in second) == "Kd 8c 5d 9c Tc"
    assert [card.text for card in third[:3]] == ["Ts", "Th", "Td"]
    assert list(third[3:]) == muck[:2]
    assert sum(hand.won.values()) == 203


# --- rabbit hunting ------------------------------------------------------------------------


def test_tda24_28_no_rabbit_hunting_unless_the_house_allows_it(tmp_path: Path) -> None:
    folded = ["post_blinds", "deal", act(4, "raise", 8)] + [
        act(seat, "fold") for seat in (5, 6, 1, 2, 3)
    ]
    refused = play([*folded, "rabbit"])
    assert rules(refused) == ["TDA24 28"]
    (tmp_path / "house.yaml").write_text(
        "name: our-room\nbase: roberts\noptions: {rabbit_hunt: allowed}\n", encoding="utf-8"
    )
    allowed = play([*folded, "rabbit"], folder=tmp_path, ruleset="house.yaml")
    assert allowed["rejected"] == []


@pytest.mark.parametrize("event", ["kill_blind", "run_twice", "rabbit"])
def test_the_new_events_are_in_the_vocabulary(event: str) -> None:
    assert event in EVENT_ARGS


# --- the rules lookup finds them by a floor person's words ---------------------------------


@pytest.mark.parametrize(
    ("words", "wanted"),
    [
        ("run it twice", {"LA26-187"}),
        ("can we run it twice", {"LA26-187"}),
        ("run it three times", {"LA26-187"}),
        ("three times", {"LA26-187"}),
        ("run it 3 times", {"LA26-187"}),
        ("can we run it thrice", {"LA26-187"}),
        ("stub too short for the third board", {"LA26-216"}),
        ("rabbit", {"TDA24-28", "LA26-81"}),
        ("rabbit hunt", {"TDA24-28", "LA26-81"}),
        ("kill", {"RRoP-KP-2", "LA26-193"}),
        ("half kill", {"LA26-193"}),
        ("kill pot no limit", {"RRoP-KP-2", "LA26-193"}),
        ("show one show all", {"RRoP-SD-6", "LA26-148"}),
        ("see a called hand", {"RRoP-SD-5", "TDA24-18"}),
        ("asks to see the mucked hand", {"RRoP-SD-5", "TDA24-18", "LA26-147"}),
    ],
)
def test_the_rules_lookup_finds_the_cash_pot_rules(words: str, wanted: set[str]) -> None:
    top = [hit.rule.id for hit in search(words, limit=3)]
    assert wanted & set(top), top


def test_the_table_view_names_the_kill_blind() -> None:
    script = {"table": LIMIT, "seed": 5, "events": ["shuffle", "cut", "post_blinds", kill(5)]}
    hand = Hand(load_script(script))
    for event in load_script(script).events:
        hand.handle(event)
    view = table_view(hand)
    assert view.seat(5).roles == ("kill",)
    assert view.seat(5).chips == 192


def test_the_kill_and_the_second_run_end_with_their_hand() -> None:
    # a kill blind on one hand: the next hand has none, and may be straddled
    result = play(["post_blinds", kill(5), "deal", *[act(s, "fold") for s in (6, 1, 2, 3, 4)]])
    assert result["hand_over"]
    following = play(
        [
            "post_blinds",
            kill(5),
            "deal",
            *[act(s, "fold") for s in (6, 1, 2, 3, 4)],
            "next_hand",
            "shuffle",
            "cut",
            "post_blinds",
            {"straddle": {"seat": 5}},
        ]
    )
    assert following["rejected"] == []


def test_a_misdeal_leaves_the_kill_blind_posted_and_the_limits_raised() -> None:
    misdeal = [{"pitch": {"exposed": True}}, "retrieve", "reshuffle", "cut", "deal"]
    result = play(["post_blinds", kill(5), *misdeal, act(6, "raise", 16)])
    assert result["misdeals"] == 1
    assert result["rejected"] == []
    assert chips_in(result, 5) == 8
    assert chips_in(result, 6) == 16


# --- bad input in a script: its place, never a traceback ------------------------------------


def test_a_kill_blind_without_a_seat_is_refused_with_its_place() -> None:
    text = "table: {seats: 3}\nevents:\n  - post_blinds\n  - kill_blind: {amount: 4}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where == "hand.yaml:4:5"
    assert "kill_blind needs 'seat'" in str(caught.value)


def test_run_twice_declined_must_be_true_or_false() -> None:
    text = "table: {seats: 3}\nevents:\n  - post_blinds\n  - run_twice: {declined: 3}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where is not None and caught.value.where.startswith("hand.yaml:4:")
    assert "'declined' must be true or false" in str(caught.value)


@pytest.mark.parametrize("runs", ["4", "1", "three", "true"])
def test_run_twice_runs_must_be_two_or_three(runs: str) -> None:
    text = f"table: {{seats: 3}}\nevents:\n  - post_blinds\n  - run_twice: {{runs: {runs}}}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where is not None and caught.value.where.startswith("hand.yaml:4:")
    assert "'runs' must be" in str(caught.value)


def test_run_twice_without_runs_means_twice_and_runs_is_written_back() -> None:
    script = load_script("table: {seats: 3}\nevents:\n  - run_twice\n  - run_twice: {runs: 3}\n")
    assert [event.runs for event in script.events] == [None, 3]
    assert script_item(script.events[1]) == {"run_twice": {"runs": 3}}


def test_rabbit_takes_no_argument() -> None:
    text = "table: {seats: 3}\nevents:\n  - post_blinds\n  - rabbit: {seat: 2}\n"
    with pytest.raises(ScriptError) as caught:
        load_script(text, source="hand.yaml")
    assert caught.value.where is not None and caught.value.where.startswith("hand.yaml:4:")


def test_under_tda_2024_a_kill_refused_cites_the_wsop_rule() -> None:
    result = play(["post_blinds", kill(5), "deal"], structure="no-limit", ruleset="tda-2024")
    assert rules(result) == ["LA26 193"]


# --- what makes a kill (LA26 195) -------------------------------------------------------------

FOLD_TO_5 = [act(6, "fold"), act(1, "fold"), act(2, "fold"), act(3, "fold")]


def won_by_five(**table: Any) -> list[Any]:
    """Hand 1 (button 1): seat 5 raises, all fold. Hand 2 (button 2): seat 5, under the gun,
    raises, all fold. Each pot: the blinds and one full bet of seat 5's beyond them."""
    first = ["post_blinds", "deal", act(4, "fold"), act(5, "raise", 8), *FOLD_TO_5]
    second = ["shuffle", "cut", "post_blinds", "deal", act(5, "raise", 8)]
    second += [act(seat, "fold") for seat in (6, 1, 2, 3, 4)]
    return [*first, "next_hand", *second]


def test_la26_195_two_pots_in_a_row_with_a_full_bet_beyond_the_blinds_make_a_kill() -> None:
    events = won_by_five()
    first = play(events[: events.index("next_hand")])
    assert first["rejected"] == [] and first["kill_due"] is None  # one pot is no run
    result = play(events)
    assert result["rejected"] == [] and result["hand_over"]
    assert result["kill_due"] == 5
    later = play([*events, "next_hand", "shuffle", "cut", "post_blinds", kill(5)])
    assert later["rejected"] == [] and later["kill_due"] == 5  # owed on this hand, posted


def test_la26_195_a_second_pot_of_the_blinds_alone_makes_no_kill() -> None:
    # hand 1 (button 1): seat 4 raises under the gun and everyone folds: a full bet beyond
    first = ["post_blinds", "deal", act(4, "raise", 8)]
    first += [act(seat, "fold") for seat in (5, 6, 1, 2, 3)]
    # hand 2 (button 2): everyone folds to seat 4's big blind, which wins the blinds alone
    second = ["shuffle", "cut", "post_blinds", "deal"]
    second += [act(seat, "fold") for seat in (5, 6, 1, 2, 3)]
    result = play([*first, "next_hand", *second])
    assert result["rejected"] == [] and result["kill_due"] is None
    # two pots in a row, but the second is the small blind and the big blind matched: 4
    assert result["seats"]["4"]["won"] == 4


@pytest.mark.parametrize(
    "table",
    [{"structure": "no-limit"}, {"game": "tournament"}, {"ruleset": "tda-2024", "game": "cash"}],
)
def test_la26_195_a_kill_falls_due_only_at_a_limit_cash_table_with_kill_pots(
    table: dict[str, Any],
) -> None:
    result = play(won_by_five(), **table)
    assert result["rejected"] == []
    limit_cash = table.get("structure", "limit") == "limit" and table.get("game") != "tournament"
    assert result["kill_due"] == (5 if limit_cash else None)


def test_la26_195_no_kill_where_the_house_plays_none(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: no-kill room\nbase: roberts\noptions: {kill: none}\n", encoding="utf-8"
    )
    result = play(won_by_five(), folder=tmp_path, ruleset="house.yaml")
    assert result["rejected"] == [] and result["kill_due"] is None
