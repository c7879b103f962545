"""Proving a scenario with the engine: ``setup`` replayed, the situation it must produce, the
answer key the engine's own; and the proofs kept, computed once per scenario text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from dealer_trainer.engine import play
from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.events import EventName
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.rulings import STEP_ALIASES, WAITS, situations_of
from dealer_trainer.procedure.rulings import situation as find_situation
from dealer_trainer.safetext import excerpt
from dealer_trainer.scenario.facts import FACTS, fact_hand
from dealer_trainer.scenario.kinds import Kind
from dealer_trainer.scenario.model import Question, Scenario, ScenarioErrors, Verified, fail
from dealer_trainer.scenario.questions import comparable
from dealer_trainer.scenario.reader import load_scenario, load_scenario_text
from dealer_trainer.scenario.soundness import asks_recovery, begun, giveaways, moment, unseeded


def recovery_steps(steps: tuple[str, ...]) -> tuple[str, ...]:
    """A recovery's dealer events as a choice names them: waits dropped, aliases resolved."""
    return tuple(STEP_ALIASES.get(step, step) for step in steps if step not in WAITS)


def verify(scenario: Scenario) -> Verified:
    """Replay ``setup`` and prove the scenario sound; raise :class:`ScriptError` where it is
    wrong (a :class:`ScenarioErrors` holding every error found, the first one its own)."""
    proved, errors = check(scenario)
    if errors:
        raise ScenarioErrors(errors)
    assert proved is not None
    return proved


#: the most proofs one process keeps (the bank holds about 300 scenarios; rooms upload a few)
MAX_PROOFS = 2048


@lru_cache(maxsize=MAX_PROOFS)
def _proof_of_text(text: str, source: str, rulesets: tuple[tuple[str, str], ...]) -> Verified:
    return verify(load_scenario_text(text, source, rulesets=dict(rulesets)))


def proof_of_text(text: str, source: str, *, rulesets: Mapping[str, str] | None = None) -> Verified:
    """The scenario of ``text`` read as :func:`load_scenario_text` reads it, proved: computed
    once per text, source name and ruleset texts, then kept in this process (any process
    computes the same from the same text). An error is raised each time, not kept."""
    return _proof_of_text(text, source, tuple(sorted((rulesets or {}).items())))


@lru_cache(maxsize=MAX_PROOFS)
def _proof_of_file(path: str, stamp: tuple[int, int]) -> Verified:
    del stamp  # part of the key only: an edited file is proved again
    return verify(load_scenario(Path(path)))


def proof_of_file(path: Path) -> Verified:
    """A scenario file proved (:func:`load_scenario`, :func:`verify`): computed once and kept
    in this process while the file keeps its modification time and size."""
    try:
        stat = path.stat()
    except OSError:  # gone: the reader says so, as a ScriptError
        return verify(load_scenario(path))
    return _proof_of_file(str(path), (stat.st_mtime_ns, stat.st_size))


def forget_proofs() -> None:
    """Drop the proofs this process keeps (as a restarted server has none)."""
    _proof_of_text.cache_clear()
    _proof_of_file.cache_clear()


def check(scenario: Scenario) -> tuple[Verified | None, list[ScriptError]]:
    """Replay ``setup`` and prove the scenario; return it proved (None when the setup cannot
    be played through) and every error found:

    * a setup event the engine rejects; a setup that does not produce the topic's situation;
    * an answer key that is not the engine's;
    * a result that depends on an unseeded shuffle (:func:`unseeded`);
    * a fact asked before it exists, or a winners / pot / odd-chip question asked after the
      pot was pushed (:func:`moment`);
    * a setup that already began the recovery the question asks (:func:`begun`);
    * a view that gives the answer away (:func:`giveaways`).
    """
    errors: list[ScriptError] = []
    errors += unseeded(scenario)
    hand = play(scenario.script)
    errors += [] if hand.rejected else moment(scenario, hand)
    if hand.rejected:  # the first: the events after it are judged on another hand
        rejected = hand.rejected[0]
        event = scenario.script.events[rejected.event]
        message = f"the engine rejects this setup event ({event.describe()}): {rejected.reason}"
        return None, [*errors, fail(message, event.where)]
    question = scenario.question
    subject = scenario.topic
    wanted: tuple[str, ...] = (scenario.situation,) if scenario.situation else ()
    if not wanted and subject.kind == "irregularity":
        wanted = situations_of(subject.slug)
    future = fact_hand(scenario, hand)  # an award asked before the push: the award to come
    arisen = list(dict.fromkeys(item.situation for item in future.irregularities if item.situation))
    found = None
    if wanted:
        matching = [name for name in arisen if name in wanted]
        if not matching:
            got = f"it produces {', '.join(arisen)}" if arisen else "it produces no irregularity"
            errors.append(
                fail(
                    f"the setup must produce {' or '.join(wanted)} for topic "
                    f"{scenario.topic.slug!r}; {got}",
                    scenario.where("setup"),
                )
            )
            return None, errors
        found = matching[-1]
    elif scenario.topic.slug == "misdeal" and not hand.misdeals:
        errors.append(
            fail("the setup must end in a misdeal for topic 'misdeal'", scenario.where("setup"))
        )
        return None, errors
    elif scenario.topic.slug == "misdeal":
        found = arisen[-1] if arisen else None
    steps: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    rule = words = None
    outcome = None
    if found is not None:
        outcome = find_situation(found).outcome(scenario.ruleset)
        steps, rule, words = recovery_steps(outcome.steps), outcome.rule, outcome.words
        optional = outcome.optional
    value = None
    key: list[ScriptError] = []
    try:
        form = question.form
        if form.fact:  # the engine's value of the fact asked
            assert question.fact is not None
            value = FACTS[question.fact][1](future)
        if question.kind == Kind.ORDER:
            _check_order(scenario, steps, found, optional)
        elif question.kind == Kind.FACT:
            _check_fact(question, value)
        elif question.kind == Kind.NUMBER:
            _check_number(scenario, value)
        elif question.choices[0].steps is not None:
            _check_choices(scenario, steps, found, optional)
    except ScriptError as exc:
        key.append(exc)
    shown = tuple(card.text for card in hand.face_up)
    seen = _before_notice(scenario)
    proved = Verified(scenario, hand, found, steps, rule, words or (), value, shown, seen)
    errors = key + errors
    if outcome is not None and asks_recovery(question) and begun(hand, found, outcome.steps):
        errors.append(
            fail(
                f"the setup has already begun the recovery the question asks ({found}: "
                f"{_say(steps)}): end the setup before its first step",
                scenario.where("setup"),
            )
        )
    if not key:
        errors += [fail(message, scenario.where("setup")) for message in giveaways(proved)]
    return proved, errors


def _before_notice(scenario: Scenario) -> Hand | None:
    """The table a ruling is asked on: when the setup ends with the error pointed out
    (``notice``), the table as it stood when it was pointed out, before the ruling that
    ``notice`` makes (a hand killed, a seat folded): the picture must not show the answer,
    whether the question asks the recovery or a fact of the table once the floor has ruled
    (whose turn it is after a hand is ruled dead)."""
    events = scenario.script.events
    if not events or events[-1].name != EventName.NOTICE:
        return None
    before = play(replace(scenario.script, events=events[:-1]))
    return None if before.rejected else before


def _say(steps: tuple[str, ...]) -> str:
    return ", ".join(steps) if steps else "nothing (play goes on)"


def _with_optional(steps: tuple[str, ...], optional: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The step lists that are the recovery: the steps, with or without the optional ones that
    may follow them (a cut after a TDA reshuffle is allowed, not required)."""
    return {steps, (*steps, *optional)}


def _check_order(
    scenario: Scenario, steps: tuple[str, ...], found: str | None, optional: tuple[str, ...] = ()
) -> None:
    question = scenario.question
    if found is None:
        raise fail(
            "an order question asks for a recovery: its topic must be a dealer error",
            question.where,
        )
    key = recovery_steps(question.order)
    if key not in _with_optional(steps, optional):
        raise fail(
            f"'order' must be the recovery the engine requires under {scenario.ruleset.name} "
            f"for {found}: {_say(steps)}; it is {_say(key)}",
            scenario.where("question"),
        )


def _check_choices(
    scenario: Scenario, steps: tuple[str, ...], found: str | None, optional: tuple[str, ...] = ()
) -> None:
    question = scenario.question
    if found is None:
        raise fail(
            "choices with 'steps' stand for a recovery: the topic must be a dealer error",
            question.where,
        )
    right = _with_optional(steps, optional)
    matching = [c for c in question.choices if recovery_steps(c.steps or ()) in right]
    correct = question.correct
    assert correct is not None
    if correct not in matching:
        raise fail(
            f"the choice marked correct is not the recovery the engine requires under "
            f"{scenario.ruleset.name} for {found}: {_say(steps)}; it says "
            f"{_say(recovery_steps(correct.steps or ()))}",
            correct.where,
        )
    for other in matching:
        if other is not correct:
            also = f"; {', '.join(optional)} allowed, not required" if optional else ""
            raise fail(
                f"this choice is also the engine's recovery ({_say(steps)}{also}) but is not "
                "marked correct: no two choices may stand for the same steps",
                other.where,
            )


def _check_number(scenario: Scenario, value: Any) -> None:
    """A number question: the engine has a number for its fact, and an answer the item states
    is that number."""
    question = scenario.question
    if type(value) is not int:
        raise fail(
            f"the engine has no number for {question.fact!r} at the end of the setup "
            f"({FACTS[question.fact or ''][0]}): ask it where it exists",
            scenario.where("setup"),
        )
    if question.answer is not None and question.answer != value:
        raise fail(
            f"the question's answer is {question.answer}, but the engine's {question.fact} "
            f"is {value}",
            question.where,
        )


def _check_fact(question: Question, value: Any) -> None:
    assert question.fact is not None
    if question.fact == "next_step":
        allowed = {step.casefold() for step in value}
        right = [c for c in question.choices if c.answer in allowed]
        shown = ", ".join(value) or "nothing"
    else:
        plain = comparable(value)
        right = [c for c in question.choices if c.answer == plain]
        shown = "none" if value is None else str(value)
    correct = question.correct
    assert correct is not None
    if correct not in right:
        raise fail(
            f"the choice marked correct answers {excerpt(correct.answer)}, but the engine's "
            f"{question.fact} is {shown}",
            correct.where,
        )
    for other in right:
        if other is not correct:
            raise fail(
                f"this choice's answer {excerpt(other.answer)} is also right "
                f"({question.fact} is {shown}): no other choice may be",
                other.where,
            )
