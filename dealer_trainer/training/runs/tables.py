"""A real-table session taken in the browser (:mod:`dealer_trainer.training.drill.realtable`):
a run in the ``drill`` mode whose plan's drill mode is :data:`REAL_TABLE`, replayed on each
request from its seed, the answers kept (each a run answer) and the dealer errors the
instructor made (the plan's ``injected``: question number -> error), so that a reload, or
another server process, resumes where the tablet stopped.

Each answer is kept as a drill answer of its skill (an operation ``dealing``, the pot
``money``, the push ``hands``: the item id ``drill:<skill>/<kind>``, see
:func:`dealer_trainer.store.skills.keep_drill_pick`), never as an item."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

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
    "REAL_TABLE",
    "is_real_table",
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


def table_state(found: Run, given: Sequence[RunAnswer], house_yaml: str | None = None) -> RealTable:
    """The session of ``found`` after the answers ``given`` (replayed; nothing is written)."""
    plan = found.plan
    if plan.drill_seed is None or plan.drill_mode != REAL_TABLE:
        raise UsageError("this run is not a real-table session")
    return RealTable.replay(
        plan.drill_seed,
        _ruleset(plan.ruleset, house_yaml),
        [tuple(kept.answer) for kept in given],
        plan.injected,
    )


def table_answer(
    store: Store,
    found: Run,
    *,
    number: int,
    value: str | Sequence[str],
    trainee: str,
    house_yaml: str | None = None,
    seconds: float | None = None,
) -> tuple[RealTable, Checked | None]:
    """Answer question ``number`` (from 1) with what the trainee entered (``value``: an
    option's number, the chips, the seats) and keep it; the session as it now stands and
    the check (None: that question was answered already, a double tap or a stale page).
    An entry that is no answer: UsageError naming what is wrong."""
    given = answers(store, found.id)
    table = table_state(found, given, house_yaml)
    if number != len(given) + 1:
        return table, None
    question = table.question()
    kept = answer_of(question, value)
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
        raise UsageError("that dealer error cannot be made at this moment")

    def change(text: str) -> str:
        plan = Plan.from_json(text)
        if number in plan.injected:
            return text
        return replace(plan, injected={**plan.injected, number: name}).to_json()

    stored_runs.change_plan(store, found.id, change)
    table.inject(name)
    return table


def table_marks(
    found: Run, given: Sequence[RunAnswer], house_yaml: str | None = None
) -> list[Mark]:
    """The session's answers as a run's summary counts them (one mark per answer)."""
    table = table_state(found, given, house_yaml)
    table.close()
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
