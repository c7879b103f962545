"""Quizzes, reviews and drills taken in the browser, kept in the progress store as runs.

A run is one sitting: what it asks (its :class:`Plan`, kept as JSON: the items with a seed
each, so that :func:`~dealer_trainer.training.quiz.prepare` lays out the same options on
every request, and the room's ruleset), the progress session its answers belong to, and each
answer as given (the ``run_answers`` table, one row per item). An answer's row and the
progress store's answer (with the trainee's review card) are written in one transaction, so
a reload or a dropped connection loses nothing, and a double tap records once::

    plan = quiz_plan(entries, Selection(length=5), seed=7, ruleset="roberts")
    number = create_run(store, person_id=ana.id, trainee="Ana", room_id=room.id,
                        mode="quiz", plan=plan)
    found = run(store, run_id=number, person_id=ana.id)     # None: not Ana's
    outcome = answer(store, found, position=1, given=["c2"])  # graded and kept
    outcome.recorded                                         # False for a second tap

A drill keeps its seed in the plan and each pick in ``run_answers``: the drill is replayed
from the seed and the picks (the same seed and picks give the same drill), so it too
survives a reload.

What is kept, and its SQL, lives in :mod:`dealer_trainer.store.runs`; nothing here draws a
screen. The modules: :mod:`.plans` (what a run asks), :mod:`.kept` (runs as the store keeps
them), :mod:`.answering` (a quiz's or a review's answers, a run finished, its summary) and
:mod:`.drills` (a drill replayed, kept live between requests, and its picks).
"""

from __future__ import annotations

from dealer_trainer.store.answers import TopicScore, recent_misses, topic_scores
from dealer_trainer.store.runs import RunAnswer
from dealer_trainer.training.runs.answering import Outcome, answer, finish_run, summary
from dealer_trainer.training.runs.drills import (
    DrillState,
    bank_ruleset,
    drill_answer,
    drill_state,
    release_drill,
)
from dealer_trainer.training.runs.kept import answers, create_run, open_runs, run, set_pending
from dealer_trainer.training.runs.plans import (
    MAX_REVIEW,
    Plan,
    PlanItem,
    Run,
    bank_entries,
    drill_plan,
    item,
    quiz_plan,
    review_plan,
    room_entries,
)
from dealer_trainer.training.runs.tables import (
    REAL_TABLE,
    forget_table,
    is_real_table,
    release_table,
    table_answer,
    table_inject,
    table_plan,
    table_state,
)

__all__ = [
    "MAX_REVIEW",
    "REAL_TABLE",
    "DrillState",
    "Outcome",
    "Plan",
    "PlanItem",
    "Run",
    "RunAnswer",
    "TopicScore",
    "answer",
    "answers",
    "bank_entries",
    "bank_ruleset",
    "create_run",
    "drill_answer",
    "drill_plan",
    "drill_state",
    "finish_run",
    "forget_table",
    "is_real_table",
    "item",
    "open_runs",
    "quiz_plan",
    "recent_misses",
    "release_drill",
    "release_table",
    "review_plan",
    "room_entries",
    "run",
    "set_pending",
    "summary",
    "table_answer",
    "table_inject",
    "table_plan",
    "table_state",
    "topic_scores",
]
