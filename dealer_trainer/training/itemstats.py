"""Item analysis (classical test theory) on the answers a room has given: how hard each item
is, how well it tells those who know the rules from those who do not, and how consistent a set
of sittings is. Pure statistics: it is handed sittings and reads nothing.

A *sitting* is one person's run through a set of items (a quiz, a review or an exam taken once):
its answers, right or wrong, in the order given. An item answered twice in one sitting counts
once, at its first answer (the one given before any feedback).

Per item:

- **difficulty** ``p``: the share of the sittings that answered it that got it right;
- **discrimination** ``r``: the corrected point-biserial correlation, the Pearson correlation
  between the item (1 right, 0 wrong) and the rest of the sitting: its share right over the
  sitting's *other* items (on sittings of equal length that is the total score without the
  item, rescaled, which leaves a correlation unchanged). Only sittings with another item count.
  None when undefined: fewer than two such sittings, or either side without variance (everyone
  right, or every rest score equal).

Per form (a set of sittings judged together, such as one exam or quizzes of one length):
**KR-20**, ``k/(k-1) * (1 - sum(p*q) / var(totals))`` (Kuder and Richardson 1937, formula 20;
Crocker and Algina 1986, *Introduction to Classical and Modern Test Theory*, ch. 7). Both the
item variances ``p*q`` and the variance of the totals are population variances (divided by the
number of sittings, N): ``p*q`` is itself the population variance of a 0/1 item, and with the
same convention on both sides KR-20 equals Cronbach's alpha on 0/1 items. When every sitting of
the form answered the same items (a fixed form, in any order), ``k`` is those items; when the
sittings drew different items but as many each (random draws, an exam's sections), ``k`` is the
positions, the i-th answer of each sitting read as one item (a randomly parallel form: the
variation between draws counts as error). KR-20 is None when undefined: fewer than two sittings,
fewer than two items, sittings of different lengths, or totals without variance.

Flags (:class:`Flag`): too easy (``p > 0.95``), too hard (``p < 0.3``), weakly discriminating
(``r < 0.15`` once the item has at least 30 answers; an undefined ``r`` is not flagged).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "MIN_ANSWERS_TO_JUDGE_DISCRIMINATION",
    "TOO_EASY_ABOVE",
    "TOO_HARD_BELOW",
    "WEAK_BELOW",
    "Analysis",
    "Basis",
    "Flag",
    "ItemStat",
    "Reliability",
    "Sitting",
    "analyse",
    "flags_for",
    "kr20",
    "point_biserial",
]

#: an item answered right by more than this share is too easy
TOO_EASY_ABOVE = 0.95
#: an item answered right by less than this share is too hard
TOO_HARD_BELOW = 0.3
#: a discrimination below this is weak ...
WEAK_BELOW = 0.15
#: ... once the item has at least this many answers (fewer: too noisy to judge)
MIN_ANSWERS_TO_JUDGE_DISCRIMINATION = 30


class Flag(StrEnum):
    """Why an item deserves a trainer's look."""

    TOO_EASY = "too-easy"
    TOO_HARD = "too-hard"
    WEAK_DISCRIMINATION = "weak-discrimination"


class Basis(StrEnum):
    """What KR-20 counted as its items."""

    #: every sitting answered the same items
    ITEMS = "items"
    #: the sittings drew different items, as many each: the i-th answer of each is one item
    POSITIONS = "positions"
    #: KR-20 is undefined for this form
    NONE = "none"


@dataclass(frozen=True, slots=True, kw_only=True)
class Sitting:
    """One person's run through a set of items."""

    id: int
    person: str
    #: (item id, right) in the order given
    answers: tuple[tuple[str, bool], ...]
    #: the form it belongs to, whose sittings' reliability is computed together
    form: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemStat:
    """One item's figures."""

    item: str
    #: sittings that answered it
    answers: int
    right: int
    #: difficulty: the share right, 0..1
    p: float
    #: the corrected point-biserial, -1..1 (None: undefined)
    discrimination: float | None
    flags: tuple[Flag, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reliability:
    """One form's internal consistency."""

    form: str
    sittings: int
    #: the items (or positions) KR-20 counted; 0 when the sittings differ in length
    items: int
    kr20: float | None
    basis: Basis


@dataclass(frozen=True, slots=True, kw_only=True)
class Analysis:
    """Every item's figures (flagged first, then by id) and every form's reliability."""

    sittings: int
    items: tuple[ItemStat, ...]
    forms: tuple[Reliability, ...]


def flags_for(p: float, discrimination: float | None, answers: int) -> tuple[Flag, ...]:
    """The flags of an item with difficulty ``p``, discrimination ``discrimination`` and
    ``answers`` answers."""
    flags: list[Flag] = []
    if p > TOO_EASY_ABOVE:
        flags.append(Flag.TOO_EASY)
    if p < TOO_HARD_BELOW:
        flags.append(Flag.TOO_HARD)
    if (
        discrimination is not None
        and discrimination < WEAK_BELOW
        and answers >= MIN_ANSWERS_TO_JUDGE_DISCRIMINATION
    ):
        flags.append(Flag.WEAK_DISCRIMINATION)
    return tuple(flags)


def point_biserial(item: Sequence[bool], rest: Sequence[float]) -> float | None:
    """The Pearson correlation of the 0/1 ``item`` scores with the ``rest`` scores (pairs in
    order); None when undefined (fewer than two pairs, or a side without variance)."""
    if len(item) != len(rest):
        raise ValueError("an item score needs a rest score: the two lists differ in length")
    if len(item) < 2:
        return None
    try:
        r = statistics.correlation([float(x) for x in item], [float(y) for y in rest])
    except statistics.StatisticsError:  # constant input: no variance to correlate
        return None
    return max(-1.0, min(1.0, r))  # rounding may step a hair outside


def kr20(scores: Sequence[Sequence[bool]]) -> float | None:
    """KR-20 of a complete matrix, one row per sitting and one column per item (population
    variances on both sides); None when undefined (fewer than two rows or columns, rows of
    different lengths, or totals without variance)."""
    if len(scores) < 2:
        return None
    k = len(scores[0])
    if k < 2 or any(len(row) != k for row in scores):
        return None
    n = len(scores)
    sum_pq = 0.0
    for column in range(k):
        p = sum(1 for row in scores if row[column]) / n
        sum_pq += p * (1 - p)
    variance = statistics.pvariance([sum(1 for x in row if x) for row in scores])
    if variance == 0:
        return None
    return k / (k - 1) * (1 - sum_pq / variance)


def analyse(sittings: Iterable[Sitting]) -> Analysis:
    """Every item's difficulty, discrimination and flags, and each form's KR-20."""
    kept = [_first_answers(s) for s in sittings]
    scores: dict[str, list[bool]] = defaultdict(list)
    #: per item, (its score, the share right of the sitting's other items)
    paired: dict[str, list[tuple[bool, float]]] = defaultdict(list)
    for sitting in kept:
        total = sum(1 for _item, right in sitting.answers if right)
        others = len(sitting.answers) - 1
        for item, right in sitting.answers:
            scores[item].append(right)
            if others:
                paired[item].append((right, (total - right) / others))
    stats = []
    for item, given in scores.items():
        got = sum(1 for x in given if x)
        p = got / len(given)
        pairs = paired.get(item, [])
        r = point_biserial([x for x, _ in pairs], [y for _, y in pairs])
        stats.append(
            ItemStat(
                item=item,
                answers=len(given),
                right=got,
                p=p,
                discrimination=r,
                flags=flags_for(p, r, len(given)),
            )
        )
    stats.sort(key=lambda s: (not s.flags, s.item))
    forms: dict[str, list[Sitting]] = defaultdict(list)
    for sitting in kept:
        forms[sitting.form].append(sitting)
    return Analysis(
        sittings=len(kept),
        items=tuple(stats),
        forms=tuple(_reliability(form, forms[form]) for form in sorted(forms)),
    )


def _first_answers(sitting: Sitting) -> Sitting:
    """``sitting`` with each item's first answer only."""
    seen: set[str] = set()
    answers = []
    for item, right in sitting.answers:
        if item not in seen:
            seen.add(item)
            answers.append((item, bool(right)))
    return Sitting(id=sitting.id, person=sitting.person, answers=tuple(answers), form=sitting.form)


def _reliability(form: str, sittings: list[Sitting]) -> Reliability:
    """KR-20 over ``sittings``: by items on a fixed form, by positions on random draws of one
    length, else undefined."""
    lengths = {len(s.answers) for s in sittings}
    if len(lengths) != 1:
        return Reliability(form=form, sittings=len(sittings), items=0, kr20=None, basis=Basis.NONE)
    (k,) = lengths
    item_sets = {frozenset(item for item, _ in s.answers) for s in sittings}
    if len(item_sets) == 1:
        order = sorted(next(iter(item_sets)))
        matrix = [[kept[item] for item in order] for kept in (dict(s.answers) for s in sittings)]
        basis = Basis.ITEMS
    else:
        matrix = [[right for _, right in s.answers] for s in sittings]
        basis = Basis.POSITIONS
    value = kr20(matrix)
    return Reliability(
        form=form,
        sittings=len(sittings),
        items=k,
        kr20=value,
        basis=basis if value is not None else Basis.NONE,
    )
