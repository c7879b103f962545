"""Spot the error, honestly (issue 26 item 3): nothing but the table tells an untold error.

The drill also deals on by itself now and then without any error (decoys: part of the deal
pitched, a burn, a burn and the street), told in the very words of an untold error; the floor
there is a false alarm. Over many seeds, each untold error is stopped only at its first wrong
moment (the floor a point earlier is a false alarm, going on there a missed error, the floor a
point later a false alarm too), and the share of hands with an untold error stays within a few
points of the mode's rate.
"""

from __future__ import annotations

from collections import Counter

import pytest

from dealer_trainer.training.drill.modes import FLOOR, MODES, Mode
from dealer_trainer.training.drill.session import Drill, Point
from tests.test_drill_modes import _floor, _going_on, _right

SEEN = "The dealer went on:"

Shape = tuple[bool, int, str]


def _shape(point: Point) -> Shape:
    """What a trainee can see of a point besides the table: whether the last line is a move the
    dealer made, how many options there are, and which one is last."""
    last = bool(point.lines) and point.lines[-1].startswith(SEEN)
    return last, len(point.options), point.options[-1].event


def _walk(seed: int, hands: int, mode: str = "table-ready") -> tuple[list[Point], list[Point]]:
    """Right picks through ``hands`` hands: the points where the floor is due, and the points
    right after a decoy."""
    spots: list[Point] = []
    decoys: list[Point] = []
    with Drill(seed=seed, mode=mode) as drill:
        while drill.summary().hands <= hands:
            point = drill.point()
            if point.spot is not None:
                spots.append(point)
            elif any(line.startswith(SEEN) for line in point.lines):
                decoys.append(point)
            drill.choose(_right(point))
    return spots, decoys


def test_a_decoy_is_told_in_the_words_of_an_untold_error_and_the_floor_there_is_a_false_alarm() -> (
    None
):
    found = 0
    for seed in range(6):
        with Drill(seed=seed, mode="practice") as drill:
            while drill.summary().hands <= 15:
                point = drill.point()
                told = [line for line in point.lines if line.startswith(SEEN)]
                if told and point.spot is None:  # a decoy: nothing is wrong
                    found += 1
                    judgement = drill.choose(_floor(point))
                    assert not judgement.correct and judgement.false_alarm
                    assert "nothing was wrong" in judgement.reason
                else:
                    drill.choose(_right(point))
            assert drill.decoys.made > 0
    assert found > 0


def test_learn_and_guided_make_no_decoy() -> None:
    for mode in ("learn", "guided"):
        with Drill(seed=1, mode=mode) as drill:
            while drill.summary().hands <= 10:
                drill.choose(_right(drill.point()))
            assert drill.decoys.made == 0


def test_nothing_but_the_table_tells_an_untold_error_from_a_decoy() -> None:
    """Every shape of a point where the floor is due (the last line a dealer's move, the number
    of options, the floor last) is also the shape of a point after a decoy, where nothing is
    wrong; and decoys come about as often as errors."""
    spot_shapes: Counter[Shape] = Counter()
    decoy_shapes: Counter[Shape] = Counter()
    for seed in range(8):
        spots, decoys = _walk(seed, 25)
        spot_shapes.update(_shape(point) for point in spots)
        decoy_shapes.update(_shape(point) for point in decoys)
    assert spot_shapes and decoy_shapes
    assert set(spot_shapes) <= set(decoy_shapes), (spot_shapes, decoy_shapes)
    assert all(event == FLOOR for _, _, event in spot_shapes)
    spots, decoys = sum(spot_shapes.values()), sum(decoy_shapes.values())
    assert 0.5 <= decoys / spots <= 2.0, (spots, decoys)


def _first_spot(seed: int) -> int:
    with Drill(seed=seed, mode="table-ready") as drill:
        while True:
            point = drill.point()
            if point.spot is not None:
                return point.number
            drill.choose(_right(point))


@pytest.mark.parametrize("seed", range(20))
def test_each_untold_error_is_stopped_only_at_its_first_wrong_moment(seed: int) -> None:
    first = _first_spot(seed)
    # the floor there: right, and the error is told
    with Drill(seed=seed, mode="table-ready") as drill:
        while (point := drill.point()).number < first:
            drill.choose(_right(point))
        assert point.spot is not None
        judgement = drill.choose(_floor(point))
        assert judgement.correct and not judgement.false_alarm and not judgement.missed_error
        assert drill.summary().spotted == 1
    # earlier: a false alarm (the hand goes on as dealt); going on there: a missed error;
    # the floor a point later: a false alarm too
    with Drill(seed=seed, mode="table-ready") as drill:
        while (point := drill.point()).number < first - 1:
            drill.choose(_right(point))
        if first > 1:
            early = drill.choose(_floor(point))
            assert not early.correct and early.false_alarm
        point = drill.point()
        assert point.number == first and point.spot is not None
        went_on = drill.choose(_going_on(point))
        assert not went_on.correct and went_on.missed_error and went_on.right.event == FLOOR
        late = drill.choose(_floor(drill.point()))
        assert not late.correct and late.false_alarm
        summary = drill.summary()
    assert [miss.point for miss in summary.missed_errors] == [first]
    assert summary.spotted == 0
    assert summary.false_alarms == ((first - 1,) if first > 1 else ()) + (first + 1,)


@pytest.mark.parametrize("mode", ["practice", "table-ready"])
def test_the_share_of_hands_with_an_untold_error_stays_near_the_rate_over_seeds(
    mode: str,
) -> None:
    rate = MODES[Mode(mode)].rate
    for seed in (11, 12, 13):
        with Drill(seed=seed, mode=mode) as drill:
            while drill.summary().hands <= 120:
                drill.choose(_right(drill.point()))
            share = sum(drill.summary().errors.values()) / 120
        assert abs(share - rate) <= 0.03, (seed, share)
