"""Item analysis (dealer_trainer.training.itemstats): the figures match a textbook computation
done by hand, recover known difficulties from a simulated cohort, and keep their invariants on
any answers."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.training.itemstats import (
    MIN_ANSWERS_TO_JUDGE_DISCRIMINATION,
    TOO_EASY_ABOVE,
    TOO_HARD_BELOW,
    WEAK_BELOW,
    Basis,
    Flag,
    Sitting,
    analyse,
    flags_for,
    kr20,
    point_biserial,
)
from tests.strategies import examples

# --- a textbook computation ---------------------------------------------------------------------
#
# Five people, four items (1 right, 0 wrong), as in the worked examples of Crocker and Algina
# (1986), Introduction to Classical and Modern Test Theory, ch. 7 and 8. Variances are population
# variances (divided by N = 5) on both sides of KR-20: p*q is the population variance of a 0/1
# item, and the point-biserial's standard deviation is taken the same way.
#
#          i1 i2 i3 i4   total
#   P1      1  1  1  1     4
#   P2      1  1  1  0     3
#   P3      1  1  0  0     2
#   P4      1  0  1  0     2
#   P5      0  0  0  0     0
#
# Difficulty p: i1 4/5 = .8, i2 3/5 = .6, i3 3/5 = .6, i4 1/5 = .2
# p*q: .16, .24, .24, .16; sum = 0.80
# Totals 4, 3, 2, 2, 0: mean 2.2; squared deviations 3.24 + .64 + .04 + .04 + 4.84 = 8.8;
#   variance 8.8 / 5 = 1.76
# KR-20 = k/(k-1) * (1 - sum pq / var) = 4/3 * (1 - 0.80/1.76) = 4/3 * 6/11 = 8/11 = 0.7273
#
# Corrected point-biserial, r = (M1 - M0) / s * sqrt(p*q), the rest score (total without the
# item) with M1, M0 its means among those right and wrong and s its population SD:
#   i1: rest 3,2,1,1,0; M1 = 7/4 = 1.75, M0 = 0; mean 1.4, var (2.56+.36+.16+.16+1.96)/5 = 1.04;
#       r = 1.75 / sqrt(1.04) * sqrt(.16) = 0.7 / sqrt(1.04) = 0.6864
#   i2: rest 3,2,1,2,0; M1 = 2, M0 = 1; mean 1.6, var 5.2/5 = 1.04;
#       r = 1 / sqrt(1.04) * sqrt(.24) = sqrt(3/13) = 0.4804
#   i3: rest 3,2,2,1,0; M1 = 2, M0 = 1; var 1.04: r = sqrt(3/13) = 0.4804
#   i4: rest 3,3,2,2,0; M1 = 3, M0 = 7/4; mean 2, var 6/5 = 1.2;
#       r = 1.25 / sqrt(1.2) * sqrt(.16) = 0.5 / sqrt(1.2) = 0.4564
# Flags: i4 (p = .2 < .3) is too hard; five answers are too few to judge discrimination.

TEXTBOOK = [[1, 1, 1, 1], [1, 1, 1, 0], [1, 1, 0, 0], [1, 0, 1, 0], [0, 0, 0, 0]]


def _sittings(matrix: list[list[int]], form: str = "") -> list[Sitting]:
    return [
        Sitting(
            id=n,
            person=f"P{n + 1}",
            answers=tuple((f"i{j + 1}", bool(x)) for j, x in enumerate(row)),
            form=form,
        )
        for n, row in enumerate(matrix)
    ]


def test_item_figures_match_the_textbook_computation_by_hand() -> None:
    analysis = analyse(_sittings(TEXTBOOK))
    by_item = {s.item: s for s in analysis.items}
    assert {i: (s.answers, s.right) for i, s in by_item.items()} == {
        "i1": (5, 4),
        "i2": (5, 3),
        "i3": (5, 3),
        "i4": (5, 1),
    }
    assert [by_item[i].p for i in ("i1", "i2", "i3", "i4")] == pytest.approx([0.8, 0.6, 0.6, 0.2])
    expected_r = {
        "i1": 0.7 / math.sqrt(1.04),
        "i2": math.sqrt(3 / 13),
        "i3": math.sqrt(3 / 13),
        "i4": 0.5 / math.sqrt(1.2),
    }
    for item, r in expected_r.items():
        assert by_item[item].discrimination == pytest.approx(r, abs=1e-12)
    assert by_item["i1"].discrimination == pytest.approx(0.6864, abs=1e-4)
    assert {i: s.flags for i, s in by_item.items()} == {
        "i1": (),
        "i2": (),
        "i3": (),
        "i4": (Flag.TOO_HARD,),
    }
    assert [s.item for s in analysis.items] == ["i4", "i1", "i2", "i3"]  # flagged first
    (form,) = analysis.forms
    assert (form.sittings, form.items, form.basis) == (5, 4, Basis.ITEMS)
    assert form.kr20 == pytest.approx(8 / 11, abs=1e-12)


def test_kr20_is_cronbachs_alpha_computed_from_the_item_columns() -> None:
    """The same figure by another road: alpha = k/(k-1) * (1 - sum of the items' population
    variances / the totals' population variance)."""
    rows = _rasch_matrix(people=120, items=12, seed=3)
    k = len(rows[0])
    columns = [[float(row[j]) for row in rows] for j in range(k)]
    item_variances = sum(statistics.pvariance(c) for c in columns)
    total_variance = statistics.pvariance([float(sum(r)) for r in rows])
    alpha = k / (k - 1) * (1 - item_variances / total_variance)
    assert kr20([[bool(x) for x in row] for row in rows]) == pytest.approx(alpha, abs=1e-12)


# --- a simulated cohort -------------------------------------------------------------------------


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _difficulties(items: int) -> list[float]:
    """Rasch item difficulties b spread evenly over -2.5 .. 2.5 logits."""
    return [-2.5 + 5 * i / (items - 1) for i in range(items)]


def _rasch_matrix(*, people: int, items: int, seed: int) -> list[list[int]]:
    """Answers drawn from a Rasch model: ability theta ~ N(0, 1), P(right) = 1/(1+e^(b-theta))."""
    rng = random.Random(seed)
    bs = _difficulties(items)
    rows = []
    for _ in range(people):
        theta = rng.gauss(0, 1)
        rows.append([int(rng.random() < _logistic(theta - b)) for b in bs])
    return rows


def _true_p(b: float) -> float:
    """The share of the N(0, 1) population an item of difficulty ``b`` would get right (the
    mean of P(right) over 2000 quantiles of the ability distribution)."""
    normal = statistics.NormalDist()
    return statistics.fmean(_logistic(normal.inv_cdf((q + 0.5) / 2000) - b) for q in range(2000))


def test_estimated_difficulties_follow_the_true_ones_of_a_simulated_cohort() -> None:
    rows = _rasch_matrix(people=300, items=30, seed=20261203)
    analysis = analyse(_sittings(rows))
    by_item = {s.item: s for s in analysis.items}
    estimated = [by_item[f"i{j + 1}"].p for j in range(30)]
    true = [_true_p(b) for b in _difficulties(30)]
    assert statistics.correlation(estimated, true) >= 0.9
    # every Rasch item rises with ability: each discriminates; those of middle difficulty
    # (|b| <= 1.5, where a 0/1 item carries the most information) not weakly
    assert all(s.discrimination is not None and s.discrimination > 0 for s in analysis.items)
    middle = [f"i{j + 1}" for j, b in enumerate(_difficulties(30)) if abs(b) <= 1.5]
    assert not [i for i in middle if Flag.WEAK_DISCRIMINATION in by_item[i].flags]
    # the easiest and the hardest items of the spread are the ones flagged for p
    assert Flag.TOO_HARD in by_item["i30"].flags
    assert Flag.TOO_HARD not in by_item["i15"].flags
    (form,) = analysis.forms
    assert form.kr20 is not None and 0.7 < form.kr20 < 1


def test_an_item_answered_by_coin_flip_is_flagged_as_weakly_discriminating() -> None:
    rows = _rasch_matrix(people=300, items=20, seed=7)
    coin = random.Random(8)
    sittings = [
        Sitting(
            id=n,
            person=f"P{n}",
            answers=(
                *((f"i{j + 1}", bool(x)) for j, x in enumerate(row)),
                ("guess", coin.random() < 0.5),
            ),
        )
        for n, row in enumerate(rows)
    ]
    by_item = {s.item: s for s in analyse(sittings).items}
    assert by_item["guess"].discrimination is not None
    assert abs(by_item["guess"].discrimination) < WEAK_BELOW
    assert Flag.WEAK_DISCRIMINATION in by_item["guess"].flags
    assert Flag.WEAK_DISCRIMINATION not in by_item["i10"].flags


# --- sittings, forms and undefined figures ------------------------------------------------------


def test_an_item_answered_twice_in_a_sitting_counts_once_at_its_first_answer() -> None:
    sitting = Sitting(id=1, person="Ana", answers=(("a", False), ("b", True), ("a", True)))
    other = Sitting(id=2, person="Bob", answers=(("a", True), ("b", True)))
    by_item = {s.item: s for s in analyse([sitting, other]).items}
    assert (by_item["a"].answers, by_item["a"].right) == (2, 1)


def test_discrimination_is_undefined_without_variance_or_with_one_sitting() -> None:
    everyone_right = _sittings([[1, 0], [1, 1], [1, 0]])
    by_item = {s.item: s for s in analyse(everyone_right).items}
    assert by_item["i1"].discrimination is None  # the item has no variance
    assert by_item["i2"].discrimination is None  # the rest (i1) has none either
    assert analyse(_sittings([[1, 0]])).items[0].discrimination is None
    assert point_biserial([True, False], [0.5, 0.5]) is None
    alone = analyse([Sitting(id=1, person="Ana", answers=(("a", True),))])
    assert alone.items[0].discrimination is None  # a sitting of one item has no rest


def test_kr20_is_undefined_for_too_few_sittings_or_items_or_no_variance() -> None:
    assert kr20([[True, False]]) is None
    assert kr20([[True], [False]]) is None
    assert kr20([[True, False], [True, False]]) is None  # equal totals
    assert kr20([[True, False], [True]]) is None


def test_a_shuffled_fixed_form_is_scored_by_items_random_draws_by_positions() -> None:
    shuffled = [
        Sitting(id=n, person=f"P{n}", answers=tuple(reversed(s.answers)) if n % 2 else s.answers)
        for n, s in enumerate(_sittings(TEXTBOOK))
    ]
    (form,) = analyse(shuffled).forms
    assert form.basis is Basis.ITEMS
    assert form.kr20 == pytest.approx(8 / 11)
    drawn = [
        Sitting(
            id=n,
            person=f"P{n}",
            answers=tuple((f"{'ab'[n % 2]}{j}", bool(x)) for j, x in enumerate(row)),
        )
        for n, row in enumerate(TEXTBOOK)
    ]
    (form,) = analyse(drawn).forms
    assert form.basis is Basis.POSITIONS
    assert form.kr20 == pytest.approx(8 / 11)  # the same matrix, read position by position
    uneven = analyse([*_sittings(TEXTBOOK[:3]), *_sittings([[1, 0, 1]])]).forms
    assert [(f.kr20, f.basis, f.items) for f in uneven] == [(None, Basis.NONE, 0)]


def test_each_form_gets_its_own_reliability() -> None:
    both = [*_sittings(TEXTBOOK, form="exam A"), *_sittings([[1, 1], [0, 0]], form="quiz")]
    forms = {f.form: f for f in analyse(both).forms}
    assert forms["exam A"].kr20 == pytest.approx(8 / 11)
    assert forms["quiz"].kr20 == pytest.approx(1.0)  # two items that agree perfectly
    assert forms["quiz"].sittings == 2


def test_flags_follow_the_thresholds_at_their_edges() -> None:
    assert flags_for(TOO_EASY_ABOVE, 0.5, 100) == ()
    assert flags_for(0.96, 0.5, 100) == (Flag.TOO_EASY,)
    assert flags_for(TOO_HARD_BELOW, 0.5, 100) == ()
    assert flags_for(0.29, 0.5, 100) == (Flag.TOO_HARD,)
    assert flags_for(0.5, WEAK_BELOW, 100) == ()
    assert flags_for(0.5, 0.14, MIN_ANSWERS_TO_JUDGE_DISCRIMINATION) == (Flag.WEAK_DISCRIMINATION,)
    assert flags_for(0.5, 0.14, MIN_ANSWERS_TO_JUDGE_DISCRIMINATION - 1) == ()
    assert flags_for(0.5, None, 1000) == ()


# --- invariants on any answers ------------------------------------------------------------------

_sitting_lists = st.lists(
    st.lists(st.tuples(st.sampled_from("abcdef"), st.booleans()), max_size=7),
    max_size=40,
)


@settings(max_examples=examples(200))
@given(_sitting_lists)
def test_figures_stay_in_range_and_flags_agree_with_the_thresholds(
    raw: list[list[tuple[str, bool]]],
) -> None:
    sittings = [
        Sitting(id=n, person=f"P{n % 5}", answers=tuple(answers), form=str(len(answers)))
        for n, answers in enumerate(raw)
    ]
    analysis = analyse(sittings)
    assert analysis.sittings == len(raw)
    for stat in analysis.items:
        assert stat.answers == sum(1 for answers in raw if stat.item in dict(answers))
        assert 0 <= stat.right <= stat.answers
        assert 0.0 <= stat.p <= 1.0
        if stat.p in (0.0, 1.0):
            assert stat.discrimination is None
        if stat.discrimination is not None:
            assert -1.0 <= stat.discrimination <= 1.0
        assert (Flag.TOO_EASY in stat.flags) == (stat.p > TOO_EASY_ABOVE)
        assert (Flag.TOO_HARD in stat.flags) == (stat.p < TOO_HARD_BELOW)
        assert (Flag.WEAK_DISCRIMINATION in stat.flags) == (
            stat.discrimination is not None
            and stat.discrimination < WEAK_BELOW
            and stat.answers >= MIN_ANSWERS_TO_JUDGE_DISCRIMINATION
        )
    flagged = [bool(s.flags) for s in analysis.items]
    assert flagged == sorted(flagged, reverse=True)
    for form in analysis.forms:
        if form.kr20 is not None:
            assert form.kr20 <= 1.0 + 1e-9
            assert form.basis is not Basis.NONE


@settings(max_examples=examples(200))
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 20)), min_size=2, max_size=30))
def test_point_biserial_is_the_mean_difference_formula(pairs: list[tuple[bool, int]]) -> None:
    """r = (M1 - M0) / s * sqrt(p*q), s the population SD of the other score."""
    item = [x for x, _ in pairs]
    rest = [float(y) for _, y in pairs]
    r = point_biserial(item, rest)
    right = [y for x, y in zip(item, rest, strict=True) if x]
    wrong = [y for x, y in zip(item, rest, strict=True) if not x]
    s = statistics.pstdev(rest)
    if not right or not wrong or s == 0:
        assert r is None
        return
    p = len(right) / len(item)
    expected = (statistics.fmean(right) - statistics.fmean(wrong)) / s * math.sqrt(p * (1 - p))
    assert r == pytest.approx(expected, abs=1e-9)
