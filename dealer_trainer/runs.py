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
screen.
"""

from __future__ import annotations

import json
import random
import threading
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.store import runs as stored_runs
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.answers import TopicScore, recent_misses, topic_scores
from dealer_trainer.store.records import Answer
from dealer_trainer.store.runs import RunAnswer

if TYPE_CHECKING:
    from dealer_trainer.rules.rulesets import Ruleset
    from dealer_trainer.store import Store
    from dealer_trainer.training.drill.session import Drill, Judgement, Point
    from dealer_trainer.training.quiz import Entry, Feedback, Item, Selection
    from dealer_trainer.training.summary import Summary

__all__ = [
    "MAX_REVIEW",
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
    "item",
    "open_runs",
    "quiz_plan",
    "recent_misses",
    "release_drill",
    "review_plan",
    "run",
    "set_pending",
    "summary",
    "topic_scores",
]

#: the most items a review in the browser asks at once
MAX_REVIEW = 20
#: the modes of a run (the progress store's)
RUN_MODES = ("quiz", "review", "drill")


# --- what a run asks ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanItem:
    """One item of a run: the scenario (its id and its file in the bank) and the seed its
    options are laid out with."""

    id: str
    #: the file, relative to the bank folder
    path: str
    seed: int
    #: a scenario uploaded to the room: its YAML text and the room's house ruleset, kept in
    #: the plan so that any server process, or one restarted, asks it as it was when drawn
    text: str | None = None
    house: str | None = None


def _item_json(item: PlanItem) -> dict[str, Any]:
    data: dict[str, Any] = {"id": item.id, "path": item.path, "seed": item.seed}
    if item.text is not None:
        data["text"] = item.text
        data["house"] = item.house
    return data


@dataclass(frozen=True, slots=True, kw_only=True)
class Plan:
    """What a run asks. A drill has no items: its seed and error rate are ``drill``."""

    ruleset: str
    items: tuple[PlanItem, ...] = ()
    #: an order question's steps tapped so far, by position (kept between taps)
    pending: dict[int, tuple[str, ...]] = field(default_factory=dict)
    drill_seed: int | None = None
    drill_rate: float | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "ruleset": self.ruleset,
            "items": [_item_json(i) for i in self.items],
            "pending": {str(k): list(v) for k, v in sorted(self.pending.items())},
        }
        if self.drill_seed is not None:
            data["drill"] = {"seed": self.drill_seed, "rate": self.drill_rate}
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Plan:
        data = json.loads(text)
        drill = data.get("drill") or {}
        return cls(
            ruleset=str(data.get("ruleset", "")),
            items=tuple(
                PlanItem(
                    id=str(i["id"]),
                    path=str(i["path"]),
                    seed=int(i["seed"]),
                    text=None if i.get("text") is None else str(i["text"]),
                    house=None if i.get("house") is None else str(i["house"]),
                )
                for i in data.get("items", [])
            ),
            pending={int(k): tuple(str(s) for s in v) for k, v in data.get("pending", {}).items()},
            drill_seed=None if drill.get("seed") is None else int(drill["seed"]),
            drill_rate=None if drill.get("rate") is None else float(drill["rate"]),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Run:
    """A run as kept: whose, in which room, its mode and plan, its progress session."""

    id: int
    person_id: int
    room_id: int
    mode: str
    assignment_id: int | None
    plan: Plan
    session_id: int | None
    created_at: datetime
    finished_at: datetime | None

    @property
    def length(self) -> int:
        return len(self.plan.items)


# --- the bank ----------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def _catalogue(folder: str) -> tuple[Entry, ...]:
    from dealer_trainer.training.quiz import catalogue

    found, _problems = catalogue(Path(folder))
    return tuple(found)


def bank_entries(folder: Path | None = None) -> list[Entry]:
    """The shipped bank's scenarios (or ``folder``'s), read once per process."""
    from dealer_trainer.scenario import bank_dir

    return list(_catalogue(str(folder or bank_dir())))


def _bank_folder() -> Path:
    from dealer_trainer.scenario import bank_dir

    return bank_dir()


#: the file name under which an uploaded scenario names its room's house ruleset
HOUSE_FILE = "house.yaml"


def _house_files(house: str | None) -> tuple[tuple[str, str], ...]:
    """The ruleset files an uploaded scenario may name: the room's house ruleset, if any."""
    return ((HOUSE_FILE, house),) if house else ()


def room_entries(store: Store, *, room_id: int, ruleset: str, house: str | None) -> list[Entry]:
    """The scenarios uploaded to the room, as entries a quiz or a review draws with the bank's
    (under the room's ``ruleset``, whichever ruleset file they name), read from their text.
    One that no longer loads (an upload kept before a change of the format) is left out."""
    from dealer_trainer.scenario import load_scenario_text
    from dealer_trainer.store.roomdata import room_scenarios
    from dealer_trainer.training.quiz import Entry

    found: list[Entry] = []
    files = _house_files(house)
    for kept in room_scenarios(store, room_id):
        source = f"{kept.scenario_id}.yaml"
        try:
            scenario = load_scenario_text(kept.yaml, source, rulesets=dict(files))
        except ScriptError:
            continue
        found.append(
            Entry(
                scenario.id,
                scenario.topic.slug,
                scenario.difficulty,
                ruleset,
                Path(source),
                text=kept.yaml,
                rulesets=files,
            )
        )
    return found


def _plan_item(entry: Entry, folder: Path, seed: int) -> PlanItem:
    """An entry drawn for a run, proved now (the proof is kept for the requests that ask it:
    one that does not prove is left to :func:`item` to report)."""
    from dealer_trainer.training.quiz import proof

    with suppress(ScriptError):
        proof(entry)
    if entry.text is not None:
        return PlanItem(
            id=entry.id,
            path=entry.path.name,
            seed=seed,
            text=entry.text,
            house=dict(entry.rulesets).get(HOUSE_FILE),
        )
    return PlanItem(id=entry.id, path=_relative(entry.path, folder), seed=seed)


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path)


def quiz_plan(
    entries: Sequence[Entry],
    selection: Selection,
    *,
    seed: int,
    ruleset: str,
    folder: Path | None = None,
) -> Plan:
    """A quiz's plan: the items :func:`~dealer_trainer.training.quiz.select` picks, under the
    room's ``ruleset`` where the bank has items for it on those topics (else under any), each
    with a seed."""
    from dataclasses import replace

    from dealer_trainer.training.quiz import select

    folder = folder or _bank_folder()
    topics = set(selection.topics)
    if selection.ruleset is None and any(
        entry.ruleset == ruleset and (not topics or entry.topic in topics) for entry in entries
    ):
        selection = replace(selection, ruleset=ruleset)
    rng = random.Random(seed)
    chosen = select(entries, selection, rng)
    return Plan(
        ruleset=ruleset,
        items=tuple(_plan_item(e, folder, rng.randrange(2**31)) for e in chosen),
    )


def review_plan(
    store: Store,
    trainee: str,
    entries: Sequence[Entry],
    *,
    seed: int,
    ruleset: str,
    folder: Path | None = None,
    limit: int = MAX_REVIEW,
) -> Plan:
    """A review's plan: the bank's items due for ``trainee`` now, missed ones first."""
    from dealer_trainer.training.review import due_entries

    folder = folder or _bank_folder()
    rng = random.Random(seed)
    chosen = due_entries(store.due(trainee), entries)[:limit]
    return Plan(
        ruleset=ruleset,
        items=tuple(_plan_item(e, folder, rng.randrange(2**31)) for e in chosen),
    )


def drill_plan(*, seed: int, ruleset: str, rate: float | None = None) -> Plan:
    """A drill's plan: its seed, error rate and ruleset."""
    from dealer_trainer.training.drill.session import DEFAULT_RATE

    return Plan(ruleset=ruleset, drill_seed=seed, drill_rate=DEFAULT_RATE if rate is None else rate)


def item(plan: Plan, position: int, folder: Path | None = None) -> Item:
    """The item at ``position`` (from 1), proved and laid out as on every earlier request (the
    proof is computed once per scenario text and kept: see :func:`~dealer_trainer.scenario.
    proof_of_text`). A scenario gone from the bank, or one that no longer proves, is a
    :class:`ScriptError`."""
    from dealer_trainer.scenario import proof_of_file, proof_of_text
    from dealer_trainer.training.quiz import Entry, lay_out

    planned = plan.items[position - 1]
    files: tuple[tuple[str, str], ...] = ()
    if planned.text is not None:  # uploaded to the room: asked from the text the plan keeps
        path = Path(planned.path)
        files = _house_files(planned.house)
        proved = proof_of_text(planned.text, planned.path, rulesets=dict(files))
    else:
        path = Path(planned.path)
        if not path.is_absolute():
            path = (folder or _bank_folder()) / path
        if not path.is_file():  # the bank moved: find the scenario by its id
            found = [entry for entry in bank_entries(folder) if entry.id == planned.id]
            if not found:
                raise ScriptError(f"the scenario {planned.id!r} is no longer in the bank")
            path = found[0].path
        proved = proof_of_file(path)
    scenario = proved.scenario
    entry = Entry(
        scenario.id,
        scenario.topic.slug,
        scenario.difficulty,
        scenario.ruleset.name,
        path,
        text=planned.text,
        rulesets=files,
    )
    return lay_out(entry, proved, random.Random(planned.seed))


# --- the store (kept by dealer_trainer.store.runs) ----------------------------------------------


def _run(stored: stored_runs.StoredRun) -> Run:
    return Run(
        id=stored.id,
        person_id=stored.person_id,
        room_id=stored.room_id,
        mode=stored.mode,
        assignment_id=stored.assignment_id,
        plan=Plan.from_json(stored.plan),
        session_id=stored.session_id,
        created_at=stored.created_at,
        finished_at=stored.finished_at,
    )


def create_run(
    store: Store,
    *,
    person_id: int,
    trainee: str,
    room_id: int,
    mode: str,
    plan: Plan,
    assignment_id: int | None = None,
) -> int:
    """Keep a new run of ``person_id`` (whose trainee name is ``trainee``) with a progress
    session of its own; its number."""
    if mode not in RUN_MODES:
        raise UsageError(f"unknown run mode {mode!r}")
    return stored_runs.add_run(
        store,
        person_id=person_id,
        trainee=trainee,
        room_id=room_id,
        mode=mode,
        plan=plan.to_json(),
        assignment_id=assignment_id,
    )


def run(store: Store, *, run_id: int, person_id: int) -> Run | None:
    """The run numbered ``run_id`` if it is ``person_id``'s (None: none, or someone else's)."""
    found = stored_runs.stored_run(store, run_id=run_id, person_id=person_id)
    return None if found is None else _run(found)


def open_runs(store: Store, *, person_id: int, limit: int = 5) -> list[Run]:
    """The person's unfinished runs, newest first."""
    return [_run(found) for found in stored_runs.open_runs(store, person_id=person_id, limit=limit)]


def answers(store: Store, run_id: int) -> list[RunAnswer]:
    """The run's answers, by position."""
    return stored_runs.run_answers(store, run_id)


def _keep(store: Store, found: Run, position: int, given: Sequence[str], progress: Answer) -> bool:
    """Keep the run's answer at ``position`` and the progress answer in one transaction;
    False (and nothing written) when that position is answered already."""
    return stored_runs.keep_answer(
        store,
        run_id=found.id,
        session_id=found.session_id,
        position=position,
        given=given,
        progress=progress,
    )


def set_pending(store: Store, found: Run, position: int, steps: Sequence[str]) -> Run:
    """Keep the steps of the order question at ``position`` tapped so far; the run as now."""
    from dataclasses import replace

    def change(text: str) -> str:
        plan = Plan.from_json(text)
        pending = dict(plan.pending)
        if steps:
            pending[position] = tuple(steps)
        else:
            pending.pop(position, None)
        return replace(plan, pending=pending).to_json()

    return replace(found, plan=Plan.from_json(stored_runs.change_plan(store, found.id, change)))


def finish_run(store: Store, found: Run) -> None:
    """Mark the run and its progress session finished (again: nothing changes)."""
    if found.finished_at is not None:
        return
    with _LIVE_LOCK:  # a finished drill takes no more picks: drop it from this process
        keys = [key for key in _LIVE if key[0] == found.id]
        dropped = [_LIVE.pop(key) for key in keys]
    for live in dropped:
        live.drill.close()
    stored_runs.finish_run(store, run_id=found.id, session_id=found.session_id)


# --- answering a quiz or a review ------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """An answer judged: the feedback, and whether this request recorded it (False: the
    item was answered already, and ``feedback`` is that first answer's)."""

    feedback: Feedback
    recorded: bool
    given: tuple[str, ...]


def answer(
    store: Store, found: Run, *, position: int, given: Sequence[str], trainee: str
) -> Outcome:
    """Grade ``given`` for the item at ``position`` and keep it (with the progress answer);
    an item answered already keeps its first answer. Raises :class:`UsageError` for an
    answer that is not one (not an option, not a number)."""
    from dealer_trainer.training.quiz import grade

    if not 1 <= position <= found.length:
        raise UsageError("there is no such question in this run")
    asked = item(found.plan, position)
    feedback = grade(asked, given)
    scenario = asked.scenario
    progress = Answer(
        trainee=trainee,
        item=scenario.id,
        topic=scenario.topic.slug,
        mode=found.mode,
        correct=feedback.correct,
        ruleset=scenario.ruleset.name,
        difficulty=scenario.difficulty,
        given=feedback.given,
        expected=feedback.expected,
    )
    if _keep(store, found, position, given, progress):
        return Outcome(feedback=feedback, recorded=True, given=tuple(given))
    first = next(a for a in answers(store, found.id) if a.position == position)
    return Outcome(feedback=grade(asked, first.answer), recorded=False, given=first.answer)


def summary(store: Store, found: Run, trainee: str, house_yaml: str | None = None) -> Summary:
    """The run's score per topic and its misses (items that no longer load are left out; a
    drill in a house room is replayed under ``house_yaml``)."""
    from dealer_trainer.training.quiz import grade
    from dealer_trainer.training.summary import Mark, summarise

    given = answers(store, found.id)
    marks: list[Mark] = []
    if found.mode == "drill":
        state = drill_state(found, given, house_yaml)
        marks = list(state.drill.recorder.marks)
        if found.finished_at is None:
            release_drill(found, state, house_yaml)
        else:
            state.drill.close()
    else:
        for kept in given:
            try:
                asked = item(found.plan, kept.position)
                feedback = grade(asked, kept.answer)
            except (ScriptError, UsageError):
                continue
            marks.append(
                Mark(
                    item=asked.scenario.id,
                    topic=asked.scenario.topic.slug,
                    correct=feedback.correct,
                    given=feedback.given,
                    expected=feedback.expected,
                    title=asked.scenario.title,
                    number=kept.position,
                    rule=feedback.rule,
                    rule_title=feedback.rule_title,
                )
            )
    end = found.finished_at or _now()
    return summarise(
        marks,
        trainee=trainee,
        mode=found.mode,
        seconds=(end - found.created_at).total_seconds(),
        planned=None if found.mode == "drill" else found.length,
        stopped=found.mode != "drill" and len(marks) < found.length,
    )


# --- a drill -----------------------------------------------------------------------------------


@dataclass(slots=True)
class DrillState:
    """A drill replayed from its seed and the picks kept: the point to answer now, and the
    judgement of the last pick (None before the first). Hand it back with
    :func:`release_drill` once drawn."""

    drill: Drill
    point: Point
    last: Judgement | None
    picks: int
    #: the events picked so far, in order (what the drill was replayed with)
    events: tuple[str, ...] = ()


#: drills replayed in this process, by run and by what makes the drill (seed, rate, ruleset,
#: house file: the same ones and the same picks give the same drill, whichever store the run
#: is in): the next request goes on from where it stopped instead of replaying every pick
#: again. A request takes its run's drill out (so two requests never share one) and puts it
#: back when done; a drill whose picks differ from the store's (another process went on with
#: it) is replayed afresh.
_LIVE: OrderedDict[tuple[Any, ...], DrillState] = OrderedDict()
_LIVE_LOCK = threading.Lock()
MAX_LIVE = 64


def _ruleset(name: str, house_yaml: str | None = None) -> Ruleset | str:
    from dealer_trainer.rules.rulesets import BUILTIN, parse_ruleset

    if name in BUILTIN:
        return name
    if house_yaml:
        from dealer_trainer.yamlio import load

        try:
            return parse_ruleset(*load(house_yaml, "house ruleset"))
        except ScriptError:
            pass
    return "roberts"


def bank_ruleset(name: str, house_yaml: str | None = None) -> str:
    """The ruleset whose bank items a room asks: its own (built in), or for a house ruleset
    the built-in rulebook it follows (its family); a house file that does not read: its name."""
    ruleset = _ruleset(name, house_yaml)
    return name if isinstance(ruleset, str) else ruleset.family


def _live_key(found: Run, house_yaml: str | None) -> tuple[Any, ...]:
    plan = found.plan
    return (found.id, plan.drill_seed, plan.drill_rate, plan.ruleset, house_yaml or "")


def _fresh(found: Run, house_yaml: str | None) -> DrillState:
    from dealer_trainer.training.drill.session import Drill

    plan = found.plan
    if plan.drill_seed is None:
        raise UsageError("this run is not a drill")
    drill = Drill(
        seed=plan.drill_seed,
        rate=plan.drill_rate if plan.drill_rate is not None else 0.25,
        ruleset=_ruleset(plan.ruleset, house_yaml),
    )
    return DrillState(drill=drill, point=drill.point(), last=None, picks=0)


def drill_state(
    found: Run, given: Sequence[RunAnswer], house_yaml: str | None = None
) -> DrillState:
    """The drill of ``found`` after the picks ``given`` (replayed; nothing is written)."""
    events = tuple(kept.answer[0] if kept.answer else "" for kept in given)
    with _LIVE_LOCK:
        state = _LIVE.pop(_live_key(found, house_yaml), None)
    if state is None or events[: len(state.events)] != state.events:
        if state is not None:
            state.drill.close()
        state = _fresh(found, house_yaml)
    drill = state.drill
    last = state.last
    done = list(state.events)
    for event in events[len(done) :]:
        point = drill.point()
        chosen = next((o for o in point.options if o.event == event), None)
        if chosen is None:  # the drill changed under the kept picks: stop the replay here
            break
        last = drill.choose(chosen)
        done.append(event)
    return DrillState(
        drill=drill, point=drill.point(), last=last, picks=len(given), events=tuple(done)
    )


def release_drill(found: Run, state: DrillState, house_yaml: str | None = None) -> None:
    """Hand a drill back when a request is done with it (kept for the run's next request)."""
    key = _live_key(found, house_yaml)
    with _LIVE_LOCK:
        old = _LIVE.pop(key, None)
        _LIVE[key] = state
        while len(_LIVE) > MAX_LIVE:
            _run_id, evicted = _LIVE.popitem(last=False)
            evicted.drill.close()
    if old is not None and old.drill is not state.drill:
        old.drill.close()


def drill_answer(
    store: Store,
    found: Run,
    *,
    number: int,
    option: int,
    trainee: str,
    house_yaml: str | None = None,
) -> DrillState:
    """Pick option ``option`` (from 1) at point ``number`` (from 1) of the drill and keep it;
    a point picked already (a double tap, a stale page) keeps its first pick. The drill as
    it now stands (hand it back with :func:`release_drill`)."""
    given = answers(store, found.id)
    state = drill_state(found, given, house_yaml)
    if number != len(given) + 1:
        return state  # answered already: the drill as it stands
    options = state.point.options
    if not 1 <= option <= len(options):
        release_drill(found, state, house_yaml)
        raise UsageError("that is not one of this point's options")
    chosen = options[option - 1]
    point = state.point
    judgement = state.drill.choose(chosen)
    progress = Answer(
        trainee=trainee,
        item=point.item,
        topic=point.topic,
        mode="drill",
        correct=judgement.correct,
        ruleset=state.drill.ruleset.name,
        given=chosen.label,
        expected=judgement.right.label,
    )
    if not _keep(store, found, number, [chosen.event], progress):
        state.drill.close()  # another request kept this point first: replay what is kept
        return drill_state(found, answers(store, found.id), house_yaml)
    return DrillState(
        drill=state.drill,
        point=state.drill.point(),
        last=judgement,
        picks=number,
        events=(*state.events, chosen.event),
    )
