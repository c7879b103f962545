"""The money and hand-reading drills: every answer checked against an independent computation
(PokerKit's hand ranking for the showdowns; a plain chip count written here for the money),
every money item's script replayed to its moment through the engine, the rake read from a
house ruleset file, and the terminal commands with --answers and --print."""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pokerkit import StandardHighHand

from dealer_trainer.cli.main import main
from dealer_trainer.engine import play
from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rake import Rake
from dealer_trainer.rules.rulesets import load_ruleset
from dealer_trainer.training.drill.hands import hands_items
from dealer_trainer.training.drill.money import money_items
from dealer_trainer.training.drill.reckoning import Reckoning, answer_problem


@cache
def _money() -> list[Any]:
    """240 money items (seed 11) after a JSON round trip, made when a test first asks (at
    import they cost every pytest worker a third of a second)."""
    return list(json.loads(json.dumps([item.to_dict() for item in money_items(240, 11)])))


@cache
def _hands() -> list[Any]:
    """250 hand-reading items (seed 11) after a JSON round trip, made when first asked."""
    return list(json.loads(json.dumps([item.to_dict() for item in hands_items(250, 11)])))


def _order(seats: list[int], button: int) -> list[int]:
    seats = sorted(seats)
    at = seats.index(button)
    return seats[at + 1 :] + seats[: at + 1]


class Count:
    """The chips of a script counted by hand: bets this round, chips behind, all put in."""

    def __init__(self, script: dict[str, Any]) -> None:
        table = script["table"]
        self.stacks: dict[int, int] = {int(s): int(c) for s, c in table["seats"].items()}
        self.order = _order(list(self.stacks), table["button"])
        self.small, self.big = int(table["blinds"][0]), int(table["blinds"][1])
        self.pot_limit = table["structure"] == "pot-limit"
        self.bets = dict.fromkeys(self.order, 0)
        self.put = dict.fromkeys(self.order, 0)
        self.folded: set[int] = set()
        self.current = 0
        self.increment = self.big
        for event in script["events"]:
            name = event if isinstance(event, str) else next(iter(event))
            args = {} if isinstance(event, str) else event[name]
            if name == "post_blinds":
                sb, bb = (
                    (self.order[-1], self.order[0])
                    if len(self.order) == 2
                    else (self.order[0], self.order[1])
                )
                self._to(sb, self.small)
                self._to(bb, self.big)
                self.current = self.big
            elif name in ("flop", "turn", "river"):
                self.bets = dict.fromkeys(self.order, 0)
                self.current, self.increment = 0, self.big
            elif name == "act":
                self._act(args["seat"], args["action"], args.get("amount"))

    def _to(self, seat: int, total: int) -> None:
        more = min(total - self.bets[seat], self.stacks[seat])
        self.stacks[seat] -= more
        self.bets[seat] += more
        self.put[seat] += more

    def _act(self, seat: int, action: str, amount: int | None) -> None:
        if action == "fold":
            self.folded.add(seat)
        elif action == "call":
            self._to(seat, self.current)
        elif action in ("bet", "raise", "all_in"):
            total = amount if amount is not None else self.bets[seat] + self.stacks[seat]
            self._to(seat, total)
            if total - self.current >= self.increment:
                self.increment = total - self.current
            self.current = max(self.current, total)

    def to_call(self, seat: int) -> int:
        return min(self.current - self.bets[seat], self.stacks[seat])

    def min_raise(self, seat: int) -> int:
        return min(self.current + self.increment, self.bets[seat] + self.stacks[seat])

    def pot_max(self, seat: int) -> int:
        pot = sum(self.put.values()) + (self.current - self.bets[seat])
        return min(self.current + pot, self.bets[seat] + self.stacks[seat])


def side_pots(put: dict[int, int], folded: set[int]) -> tuple[list[dict[str, Any]], int]:
    """Pots by layers of the live seats' stakes; the part of the top stake nobody matched."""
    chips = dict(put)
    top = max((s for s in chips if s not in folded), key=chips.__getitem__)
    second = max(c for s, c in chips.items() if s != top)
    back = max(0, chips[top] - second)
    chips[top] -= back
    pots: list[dict[str, Any]] = []
    below = 0
    for level in sorted({c for s, c in chips.items() if s not in folded and c}):
        amount = sum(max(0, min(c, level) - below) for c in chips.values())
        eligible = sorted(s for s, c in chips.items() if s not in folded and c >= level)
        if pots and pots[-1]["eligible"] == eligible:
            pots[-1]["amount"] += amount
        else:
            pots.append({"amount": amount, "eligible": eligible})
        below = level
    return pots, back


def _replayed(item: dict[str, Any]) -> Any:
    return play(json.loads(json.dumps(item["script"])), check=True)


def test_money_items_agree_with_a_count_by_hand_and_their_scripts_reach_the_moment() -> None:
    kinds = {item["kind"] for item in _money()}
    assert kinds == {
        "call",
        "min_raise",
        "complete_raise",
        "pot_limit_max",
        "side_pots",
        "uncalled",
        "odd_chip",
        "rake",
    }
    for item in _money():
        hand = _replayed(item)
        assert not hand.rejected, item
        count = Count(item["script"])
        kind, seat, answer = item["kind"], item.get("seat"), item["answer"]
        if kind in ("call", "min_raise", "complete_raise", "pot_limit_max"):
            assert hand.to_act == seat, item
            expected = {
                "call": count.to_call,
                "min_raise": count.min_raise,
                "complete_raise": count.min_raise,
                "pot_limit_max": count.pot_max,
            }[kind](seat)
            assert answer == expected, item
        elif kind in ("side_pots", "uncalled"):
            assert hand.betting.to_act is None and hand.betting.betting_over
            put = {int(s): c for s, c in item["contributions"].items()}
            assert put == count.put and set(item["folded"]) == count.folded
            pots, back = side_pots(put, count.folded)
            if kind == "side_pots":
                assert answer == pots and len(pots) >= 2, item
            else:
                assert answer == back, item
        elif kind == "odd_chip":
            winners = [s for s, chips in hand.won.items() if chips]
            pot = sum(hand.won.values())
            assert len(winners) == 2 and pot % 2 == 1
            first_left = next(
                s for s in _order(list(count.stacks), hand.table.button) if s in winners
            )
            assert answer == first_left and hand.won[answer] == pot // 2 + 1, item
        else:
            assert hand.hand_over
            rake = item["rake"]
            pot = sum(hand.won.values())
            flop = bool(hand.table.board)
            share = Fraction(str(rake["percent"])) * pot / 100
            chips = int(share // rake["chip"]) * rake["chip"]
            expected = 0 if rake["no_flop_no_drop"] and not flop else min(chips, rake["cap"])
            assert answer == expected, item


def _pokerkit_winners(board: list[str], hands: dict[str, list[str]]) -> list[int]:
    best = {
        int(seat): StandardHighHand.from_game("".join(cards), "".join(board))
        for seat, cards in hands.items()
    }
    top = max(best.values())
    return sorted(seat for seat, hand in best.items() if hand == top)


def test_hands_items_name_the_winners_pokerkit_names_with_the_odd_chip_left_of_the_button() -> None:
    for item in _hands():
        winners = _pokerkit_winners(item["board"], item["hands"])
        assert item["answer"] == {"winners": winners}, item
        shares = {int(s): c for s, c in item["shares"].items()}
        assert sum(shares.values()) == item["pot"] and sorted(shares) == winners
        odd = item["pot"] % len(winners)
        first = next(
            s for s in _order([int(s) for s in item["hands"]], item["button"]) if s in winners
        )
        assert item["odd_chip"] == (first if odd else None)


def test_hands_deal_leans_to_close_calls_and_splits() -> None:
    splits = sum(len(item["answer"]["winners"]) > 1 for item in _hands())
    assert splits >= len(_hands()) // 5
    wheels = sum(
        any(
            sorted(c[0] for c in (*h, *item["board"]))
            and {"A", "2", "3", "4", "5"} <= {c[0] for c in (*h, *item["board"])}
            for h in item["hands"].values()
        )
        for item in _hands()
    )
    assert wheels >= len(_hands()) // 10
    assert (
        sum(list(item["categories"].values()).count("flush") >= 2 for item in _hands())
        >= len(_hands()) // 10
    )


def test_same_seed_same_items() -> None:
    assert json.loads(json.dumps([i.to_dict() for i in money_items(20, 11)])) == _money()[:20]
    assert json.loads(json.dumps([i.to_dict() for i in hands_items(20, 11)])) == _hands()[:20]
    session = Reckoning("money", 11)
    assert json.loads(json.dumps(session.item().to_dict())) == _money()[0]


def test_rake_is_the_percent_rounded_down_to_the_chip_within_the_cap() -> None:
    rake = Rake(percent=Fraction(10), cap=5, no_flop_no_drop=True, chip=1)
    assert rake.take(47, flop_dealt=True) == 4
    assert rake.take(200, flop_dealt=True) == 5
    assert rake.take(200, flop_dealt=False) == 0
    assert (
        Rake(percent=Fraction(5), cap=10, no_flop_no_drop=False, chip=5).take(190, flop_dealt=False)
        == 5
    )


def test_house_ruleset_file_names_the_rake_and_the_rake_items_use_it(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("name: river-room\nbase: roberts\nrake:\n  percent: 7.5\n  cap: 3\n")
    ruleset = load_ruleset(path)
    assert ruleset.rake == Rake(percent=Fraction(15, 2), cap=3, no_flop_no_drop=True, chip=1)
    items = money_items(16, 3, ruleset, kinds=("rake",))
    assert {json.dumps(item.to_dict()["rake"]) for item in items} == {
        json.dumps({"percent": 7.5, "cap": 3, "no_flop_no_drop": True, "chip": 1})
    }


@pytest.mark.parametrize(
    ("rake", "place", "words"),
    [
        ("  percent: 0\n  cap: 5\n", ":4:12:", "percent"),
        ("  percent: 10\n  cap: -1\n", ":5:8:", "cap"),
        ("  percent: 10\n  cap: 5\n  chips: 1\n", ":6:3:", "did you mean 'chip'"),
        ("  percent: 10\n  cap: 5\n  no_flop_no_drop: maybe\n", ":6:20:", "true or false"),
        ("  cap: 5\n", ":4:3:", "needs 'percent'"),
    ],
)
def test_a_bad_rake_is_refused_at_its_line_and_column(
    tmp_path: Path, rake: str, place: str, words: str
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("name: river-room\nbase: roberts\nrake:\n" + rake)
    with pytest.raises(ScriptError) as caught:
        load_ruleset(path)
    assert place in str(caught.value) and words in str(caught.value)


def test_an_answer_that_is_no_number_or_negative_is_no_answer() -> None:
    assert answer_problem("12", "money") is None
    assert answer_problem("30, 12 4", "money") is None
    assert "not a whole number" in str(answer_problem("ten", "money"))
    assert "negative" in str(answer_problem("-4", "money"))
    assert "no seat" in str(answer_problem("12", "hands"))


class Run:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.returncode, self.stdout, self.stderr = code, out, err


def _cli(*args: str, stdin: str = "") -> Run:
    """``dealer-trainer drill ARGS`` in this process, with ``stdin`` as standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        code = main(["drill", *args])
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return Run(code, out.getvalue(), err.getvalue())


def test_print_json_lists_the_items_the_session_asks_and_answers_are_judged_and_timed() -> None:
    printed = _cli("money", "--print", "3", "--seed", "11", "--json")
    assert printed.returncode == 0
    items = json.loads(printed.stdout)
    assert items == _money()[:3]
    answers = [
        " ".join(str(p["amount"]) for p in i["answer"])
        if isinstance(i["answer"], list)
        else str(i["answer"])
        for i in items[:2]
    ]
    session = _cli(
        "money",
        "--seed",
        "11",
        "--answers",
        "-",
        "--json",
        stdin=f"{answers[0]}\n{answers[1]}\n99999\n",
    )
    assert session.returncode == 0, session.stderr
    summary = json.loads(session.stdout)
    assert (summary["items"], summary["right"], summary["wrong"]) == (3, 2, 1)
    assert all(answer["seconds"] >= 0 for answer in summary["answers"])
    hands = json.loads(_cli("hands", "--print", "2", "--seed", "11", "--json").stdout)
    assert hands == _hands()[:2]


def test_a_bad_answer_line_stops_with_its_place_and_plain_drill_still_parses() -> None:
    bad = _cli("hands", "--seed", "1", "--answers", "-", stdin="3\n-2\n")
    assert bad.returncode == 2 and "<stdin> line 2" in bad.stderr and "negative" in bad.stderr
    plain = _cli(
        "--seed",
        "9",
        "--rate",
        "0",
        "--trainee",
        "ann",
        "--db",
        ":memory:",
        "--answers",
        "-",
        "--json",
        stdin="1\n",
    )
    assert plain.returncode == 0, plain.stderr
    assert json.loads(plain.stdout)["points"] == 1
