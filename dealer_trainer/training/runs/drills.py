"""A drill taken in the browser: replayed from its seed and the picks kept (the same seed and
picks give the same drill, so it survives a reload), kept live in this process between
requests, and a pick judged and kept."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset, parse_ruleset
from dealer_trainer.store import Store
from dealer_trainer.store.records import Answer
from dealer_trainer.store.runs import RunAnswer
from dealer_trainer.training.drill.modes import Mode
from dealer_trainer.training.drill.session import Drill, Judgement, Point
from dealer_trainer.training.runs.kept import answers, keep
from dealer_trainer.training.runs.plans import Run
from dealer_trainer.yamlio import load

__all__ = [
    "MAX_LIVE",
    "DrillState",
    "bank_ruleset",
    "drill_answer",
    "drill_state",
    "forget_drills",
    "release_drill",
]


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
    if name in BUILTIN:
        return name
    if house_yaml:
        try:
            return parse_ruleset(*load(house_yaml, "house ruleset"))
        except ScriptError:
            pass
    return "roberts"


def forget_drills(run_id: int) -> None:
    """Drop the run's drills from this process (a finished drill takes no more picks)."""
    with _LIVE_LOCK:
        keys = [key for key in _LIVE if key[0] == run_id]
        dropped = [_LIVE.pop(key) for key in keys]
    for live in dropped:
        live.drill.close()


def bank_ruleset(name: str, house_yaml: str | None = None) -> str:
    """The ruleset whose bank items a room asks: its own (built in), or for a house ruleset
    the built-in rulebook it follows (its family); a house file that does not read: its name."""
    ruleset = _ruleset(name, house_yaml)
    return name if isinstance(ruleset, str) else ruleset.family


def _live_key(found: Run, house_yaml: str | None) -> tuple[Any, ...]:
    plan = found.plan
    return (
        found.id,
        plan.drill_seed,
        plan.drill_rate,
        plan.drill_mode,
        plan.ruleset,
        house_yaml or "",
    )


def _fresh(found: Run, house_yaml: str | None) -> DrillState:
    plan = found.plan
    if plan.drill_seed is None:
        raise UsageError("this run is not a drill")
    drill = Drill(
        seed=plan.drill_seed,
        rate=plan.drill_rate if plan.drill_rate is not None else 0.25,
        mode=plan.drill_mode or Mode.LEARN,
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
    seconds: float | None = None,
) -> DrillState:
    """Pick option ``option`` (from 1) at point ``number`` (from 1) of the drill and keep it
    (with the ``seconds`` the trainee took, when known);
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
    judgement = state.drill.choose(chosen, seconds)
    progress = Answer(
        trainee=trainee,
        item=point.item,
        topic=point.topic,
        mode="drill",
        correct=judgement.correct,
        ruleset=state.drill.ruleset.name,
        given=chosen.label,
        expected=judgement.right.label,
        seconds=seconds,
    )
    if not keep(store, found, number, [chosen.event], progress):
        state.drill.close()  # another request kept this point first: replay what is kept
        return drill_state(found, answers(store, found.id), house_yaml)
    return DrillState(
        drill=state.drill,
        point=state.drill.point(),
        last=judgement,
        picks=number,
        events=(*state.events, chosen.event),
    )
