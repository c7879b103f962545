"""A room's item analysis, screen-free: the store's sittings read, analysed
(:mod:`dealer_trainer.training.itemstats`) and each item marked with its topic and whether a
trainer retired it. ``dealer-trainer report --items`` prints it; the trainer's dashboard draws
it::

    with open_store(create=False) as store:
        report = item_report(store, room_id=room.id)     # None: the whole store
    report.items       # ItemLine: the figures, the topic, the retirement (flagged first)
    report.forms       # KR-20 per form
    report.to_dict()   # JSON

A sitting's *form* (the sittings whose reliability is computed together) is its mode, or the
assignment it answered, and its length: ``quiz, 10 items``; ``assignment 3 (Week one), 10
items``. An exam is one form: ``exam tda-style-dealer, 40 items`` (its attempts drew different
items, as many each: KR-20 counts positions).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.store.itemstats import (
    RetiredItem,
    retired_items,
)
from dealer_trainer.training.itemcache import Analysed, AnalysisCache
from dealer_trainer.training.itemgather import Gathered, extend, gather
from dealer_trainer.training.itemstats import (
    MIN_ANSWERS_TO_JUDGE_DISCRIMINATION,
    TOO_EASY_ABOVE,
    TOO_HARD_BELOW,
    WEAK_BELOW,
    ItemStat,
    Reliability,
    analyse,
)

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["ItemLine", "ItemReport", "item_report"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemLine:
    """One item of the report."""

    stat: ItemStat
    #: the topic its last answer was filed under
    topic: str
    #: its retirement from the room's exams (None: not retired, or no room asked)
    retired: RetiredItem | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemReport:
    """The items (flagged first, then by id) and the forms' reliability."""

    sittings: int
    items: tuple[ItemLine, ...]
    forms: tuple[Reliability, ...]

    @property
    def flagged(self) -> int:
        return sum(1 for line in self.items if line.stat.flags)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values."""
        return {
            "sittings": self.sittings,
            "thresholds": {
                "too_easy_above": TOO_EASY_ABOVE,
                "too_hard_below": TOO_HARD_BELOW,
                "weak_discrimination_below": WEAK_BELOW,
                "min_answers_to_judge_discrimination": MIN_ANSWERS_TO_JUDGE_DISCRIMINATION,
            },
            "items": [
                {
                    "item": line.stat.item,
                    "topic": line.topic,
                    "answers": line.stat.answers,
                    "right": line.stat.right,
                    "p": line.stat.p,
                    "discrimination": line.stat.discrimination,
                    "flags": [flag.value for flag in line.stat.flags],
                    "retired": None
                    if line.retired is None
                    else {
                        "reason": line.retired.reason,
                        "by": line.retired.retired_by,
                        "at": None
                        if line.retired.retired_at is None
                        else line.retired.retired_at.isoformat(),
                    },
                }
                for line in self.items
            ],
            "forms": [
                {
                    "form": form.form,
                    "sittings": form.sittings,
                    "items": form.items,
                    "kr20": form.kr20,
                    "basis": form.basis.value,
                }
                for form in self.forms
            ],
        }


def _analysed(gathered: Gathered) -> Analysed:
    """The analysis of the gathered sittings (answers and submitted attempts), and the items'
    topics."""
    return Analysed(
        analysis=analyse(gathered.sittings()), topics=gathered.topics, gathered=gathered
    )


def _extended(store: Store, earlier: Analysed, *, room_id: int, since: datetime | None) -> Analysed:
    """``earlier``'s sittings with the answers kept since, analysed (whole when ``earlier``
    kept no sittings)."""
    if earlier.gathered is None:
        return _analysed(gather(store, room_id=room_id, since=since))
    return _analysed(extend(store, earlier.gathered, room_id=room_id, since=since))


def item_report(
    store: Store,
    *,
    room_id: int | None = None,
    since: datetime | None = None,
    cache: AnalysisCache | None = None,
) -> ItemReport:
    """The item analysis of one room's answers (``room_id``), or of the whole store's, given
    at or after ``since`` (all: None); drill steps left out. The submitted exam attempts count
    too, each a sitting of every item it drew (one left unanswered is wrong, as its grade had
    it), each exam a form (:mod:`dealer_trainer.training.exam.graded`). With a ``cache``, a
    room's analysis is read from it while its inputs are unchanged
    (:mod:`dealer_trainer.training.itemcache`); the retired items are read afresh."""
    if cache is not None and room_id is not None:
        room = room_id
        analysed = cache.analysed(
            store,
            room_id=room,
            since=since,
            compute=lambda: _analysed(gather(store, room_id=room, since=since)),
            extend=lambda earlier: _extended(store, earlier, room_id=room, since=since),
        )
    else:
        analysed = _analysed(gather(store, room_id=room_id, since=since))
    retired = {} if room_id is None else {r.item: r for r in retired_items(store, room_id)}
    analysis, topics = analysed.analysis, analysed.topics
    return ItemReport(
        sittings=analysis.sittings,
        items=tuple(
            ItemLine(stat=stat, topic=topics.get(stat.item, ""), retired=retired.get(stat.item))
            for stat in analysis.items
        ),
        forms=analysis.forms,
    )
