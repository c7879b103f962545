"""A real-table session taken in the browser (:mod:`dealer_trainer.training.drill.realtable`):
a run in the ``drill`` mode whose plan's drill mode is :data:`REAL_TABLE`, replayed on each
request from its seed, the answers kept (each a run answer) and the dealer errors the
instructor made (the plan's ``injected``: question number -> error), so that a reload, or
another server process, resumes where the tablet stopped.

Each answer is kept as a drill answer of its skill (an operation ``dealing``, the pot
``money``, the push ``hands``: the item id ``drill:<skill>/<kind>``, see
:func:`dealer_trainer.store.skills.keep_drill_pick`), never as an item."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset, parse_ruleset
from dealer_trainer.store import Store
from dealer_trainer.store import runs as stored_runs
from dealer_trainer.store.records import Answer
from dealer_trainer.store.runs import RunAnswer
from dealer_trainer.training.drill.realtable import Checked, RealTable, answer_of
from dealer_trainer.training.runs.kept import answers, keep
from dealer_trainer.training.runs.plans import Plan, Run
from dealer_trainer.training.summary import Mark
from dealer_trainer.yamlio import load

__all__ = [
    "MAX_LIVE",
    "REAL_TABLE",
    "forget_table",
    "is_real_table",
    "release_table",
    "table_answer",
    "table_inject",
    "table_marks",
    "table_plan",
    "table_state",
]

#: the drill mode that marks a run as a real-table session
REAL_TABLE = "real-table"


def is_real_table(found: Run) -> bool:
    return found.mode == "drill" and found.plan.drill_mode == REAL_TABLE


def table_plan(*, seed: int, ruleset: str) -> Plan:
    """A real-table session's plan: its seed and ruleset (a built-in one, or the room's)."""
    return Plan(ruleset=ruleset, drill_seed=seed, drill_mode=REAL_TABLE)


def _ruleset(name: str, house_yaml: str | None) -> Ruleset:
    if name in BUILTIN:
        return BUILTIN[name]
    if house_yaml:
        try:
            return parse_ruleset(*load(house_yaml, "house ruleset"))
        except ScriptError:
            pass
    return BUILTIN["roberts"]


#: real-table sessions replayed in this process, by run (and what makes the session: seed,
#: ruleset, house file): the next request goes on from where the last stopped instead of
#: replaying every answer again. A request takes its run's session out (two requests never
#: share one) and hands it back with :func:`release_table`; one whose answers are not those
#: kept (another process went on with it) is replayed afresh.
_LIVE: OrderedDict[tuple[Any, ...], RealTable] = OrderedDict()
_LIVE_LOCK = threading.Lock()
MAX_LIVE = 32


def _live_key(found: Run, house_yaml: str | None) -> tuple[Any, ...]:
    plan = found.plan
    return (found.id, plan.drill_seed, plan.ruleset, house_yaml or "")


def table_state(found: Run, given: Sequence[RunAnswer], house_yaml: str | None = None) -> RealTable:
    """The session of ``found`` after the answers ``given`` (nothing is written). Hand it
    back with :func:`release_table` once drawn."""
    plan = found.plan
    if plan.drill_seed is None or plan.drill_mode != REAL_TABLE:
        raise UsageError("this run is not a real-table session")
    kept = [tuple(answer.answer) for answer in given]
    with _LIVE_LOCK:
        table = _LIVE.pop(_live_key(found, house_yaml), None)
    if table is not None and table.kept != kept[: len(table.kept)]:
        table.close()
        table = None
    if table is None:
        table = RealTable(plan.drill_seed, _ruleset(plan.ruleset, house_yaml))
    table.go_on(kept[len(table.kept) :], plan.injected)
    return table


def release_table(found: Run, table: RealTable, house_yaml: str | None = None) -> None:
    """Hand a session back when a request is done with it (kept for the run's next one)."""
    key = _live_key(found, house_yaml)
    with _LIVE_LOCK:
        old = _LIVE.pop(key, None)
        _LIVE[key] = table
        evicted = [_LIVE.popitem(last=False)[1] for _ in range(len(_LIVE) - MAX_LIVE)]
    if old is not None and old is not table:
        evicted.append(old)
    for gone in evicted:
        gone.close()


def forget_table(run_id: int) -> None:
    """Drop the run's session from this process (a finished one takes no more answers)."""
    with _LIVE_LOCK:
        keys = [key for key in _LIVE if key[0] == run_id]
        dropped = [_LIVE.pop(key) for key in keys]
    for table in dropped:
        table.close()


def table_answer(
    store: Store,
    found: Run,
    *,
    number: int,
    value: str | Sequence[str],
    trainee: str,
    house_yaml: str | None = None,
    seconds: float | None = None,
    cards: str = "",
    kind: str | None = None,
) -> tuple[RealTable, Checked | None]:
    """Answer question ``number`` (from 1) with what the trainee entered (``value``: an
    option's number, the chips, the seats; or the winning ``cards`` typed) and keep it; the
    session as it now stands and the check (None: that question was answered already, a
    double tap or a stale page; or ``kind``, the kind of the question the page showed, is
    not the question's now: an error was made at it since).
    An entry that is no answer: UsageError naming what is wrong."""
    given = answers(store, found.id)
    table = table_state(found, given, house_yaml)
    if number != len(given) + 1:
        return table, None
    question = table.question()
    if kind is not None and kind != question.kind:
        return table, None
    try:
        kept = answer_of(question, value, cards)
    except UsageError:
        release_table(found, table, house_yaml)
        raise
    checked = table.answer(kept)
    progress = Answer(
        trainee=trainee,
        item=f"drill:{question.skill}/{question.kind}",
        topic="procedure",
        mode="drill",
        correct=checked.correct,
        ruleset=table.ruleset.name,
        given=checked.given,
        expected=checked.right,
        seconds=seconds,
    )
    if not keep(store, found, number, kept, progress):
        table.close()
        return table_state(found, answers(store, found.id), house_yaml), None
    return table, checked


def table_inject(
    store: Store, found: Run, *, number: int, name: str, house_yaml: str | None = None
) -> RealTable:
    """The instructor makes the dealer error ``name`` at question ``number`` (the one
    showing); kept in the plan, so every replay makes it there. An error that cannot be made
    now: UsageError. A stale page's (another question now, or an error made here already):
    nothing changes."""
    given = answers(store, found.id)
    table = table_state(found, given, house_yaml)
    if number != len(given) + 1 or number in found.plan.injected:
        return table
    if name not in table.errors_now():
        release_table(found, table, house_yaml)
        raise UsageError("that dealer error cannot be made at this moment")

    def change(text: str) -> str:
        plan = Plan.from_json(text)
        if number in plan.injected:
            return text
        return replace(plan, injected={**plan.injected, number: name}).to_json()

    written = Plan.from_json(stored_runs.change_plan(store, found.id, change))
    made = written.injected[number]  # another tablet's error made here first wins
    if made in table.errors_now():
        table.inject(made)
    return table


def table_marks(
    found: Run, given: Sequence[RunAnswer], house_yaml: str | None = None
) -> list[Mark]:
    """The session's answers as a run's summary counts them (one mark per answer)."""
    table = table_state(found, given, house_yaml)
    release_table(found, table, house_yaml)
    return [
        Mark(
            item=f"drill:{checked.question.skill}/{checked.question.kind}",
            topic="procedure",
            correct=checked.correct,
            given=checked.given,
            expected=checked.right,
            title=checked.question.prompt,
            number=checked.question.number,
            reason=checked.reason,
            rule=checked.rule,
            rule_title=checked.rule_title or "",
            ruleset=table.ruleset.name,
        )
        for checked in table.checked
    ]
