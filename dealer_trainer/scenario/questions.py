"""Reading a scenario's ``question``: its kind, its choices or steps, a fact's answer; and
the checks every section of a scenario shares (each error kept with its place, so that one
run reports them all)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import _Reader as ScriptReader
from dealer_trainer.safetext import excerpt
from dealer_trainer.scenario.facts import FACT_ANSWERS, FACTS, NUMBER_FACTS
from dealer_trainer.scenario.kinds import KINDS, Kind
from dealer_trainer.scenario.model import (
    CHOICE_FIELDS,
    QUESTION_FIELDS,
    STEPS,
    Choice,
    Question,
    ScenarioErrors,
)
from dealer_trainer.script_events import _kind, _suggest
from dealer_trainer.yamlio import Locator


class QuestionReader(ScriptReader):
    """Checks a parsed scenario's question; every error names its place (the hand-script
    reader's checks and places). It goes on after an error, section by section (each
    choice), so one run reports them all. :class:`~dealer_trainer.scenario.reader.Reader`
    adds the scenario's other fields.
    """

    def __init__(
        self,
        locator: Locator | None,
        folder: Path | None = None,
        rulesets: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(locator, folder, rulesets)
        self.errors: list[ScriptError] = []

    def attempt(self, check: Callable[..., Any], *args: Any) -> Any:
        """Run one section's check; an error is kept and None returned, so the next goes on."""
        try:
            return check(*args)
        except ScenarioErrors as exc:
            self.errors.extend(exc.errors)
        except ScriptError as exc:
            self.errors.append(exc)
        return None

    def keys(
        self, data: dict[Any, Any], allowed: tuple[str, ...] | frozenset[str], what: str
    ) -> None:
        for key in data:  # every unknown key is kept, not only the first
            if key not in allowed:
                message = f"unknown {what} {excerpt(key)}{_suggest(key, allowed)}"
                self.errors.append(self.fail(message, data, key, of_key=True))

    def required(self, data: dict[Any, Any], names: tuple[str, ...], what: str) -> None:
        for name in names:
            if name not in data or data[name] is None:
                raise self.fail(f"{what} has no {name!r}", data)

    def text(self, data: dict[Any, Any], key: str, what: str) -> str:
        value = data[key]
        if isinstance(value, bool):  # yes, no, on, off ... unquoted
            raise self.fail(
                f"{what} must be text, not true/false: YAML reads an unquoted yes, no, on or off "
                "as true/false; put it in quotes",
                data,
                key,
            )
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{what} must be text, not {_kind(value)}", data, key)
        return value.strip()

    def steps(self, value: Any, container: object, key: Any, what: str) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise self.fail(
                f"{what} must be a list of dealer events, not {_kind(value)}", container, key
            )
        steps: list[str] = []
        for i, item in enumerate(value):
            name = next(iter(item)) if isinstance(item, dict) and len(item) == 1 else item
            if not isinstance(name, str):
                raise self.fail(
                    f"a step must be a dealer event's name, not {_kind(item)}", value, i
                )
            if name not in STEPS:
                raise self.fail(f"unknown step {excerpt(name)}{_suggest(name, STEPS)}", value, i)
            steps.append(name)
        return tuple(steps)

    # --- the sections -----------------------------------------------------------------------

    def question(self, spec: dict[Any, Any]) -> Question:
        self.keys(spec, QUESTION_FIELDS, "question field")
        self.required(spec, ("ask", "explain"), "the question")
        kind = spec.get("kind", Kind.CHOICE)
        if kind not in KINDS:
            raise self.fail(
                f"unknown question kind {excerpt(kind)}{_suggest(kind, KINDS)}",
                spec,
                "kind",
            )
        kind = Kind(kind)
        ask = self.text(spec, "ask", "'ask'")
        explain = self.text(spec, "explain", "'explain'")
        where = self.where(spec)
        if kind is Kind.ORDER:
            for key in ("choices", "fact"):
                if key in spec:
                    raise self.fail(f"an order question has no {key!r}", spec, key, of_key=True)
            if "order" not in spec:
                raise self.fail("an order question needs 'order': the steps in order", spec)
            order = self.steps(spec["order"], spec, "order", "'order'")
            if len(order) < 2:
                raise self.fail("'order' needs at least two steps to put in order", spec, "order")
            return Question(kind, ask, explain, order=order, where=where)
        if "order" in spec:
            raise self.fail(f"a {kind} question has no 'order'", spec, "order", of_key=True)
        if kind is Kind.NUMBER:
            return self.number(spec, ask, explain)
        if "answer" in spec:
            raise self.fail(
                "only a number question has an 'answer' of its own (a choice's goes under it)",
                spec,
                "answer",
                of_key=True,
            )
        fact = None
        if kind is Kind.FACT:
            if "fact" not in spec:
                raise self.fail(f"a fact question needs 'fact'{_suggest('', tuple(FACTS))}", spec)
            fact = spec["fact"]
            if not isinstance(fact, str) or fact not in FACTS:
                raise self.fail(
                    f"unknown fact {excerpt(fact)}{_suggest(fact, tuple(FACTS))}",
                    spec,
                    "fact",
                )
        elif "fact" in spec:
            raise self.fail(
                "only a fact question has 'fact' (kind: fact)", spec, "fact", of_key=True
            )
        if "choices" not in spec:
            raise self.fail(f"a {kind} question needs 'choices'", spec)
        choices = self.choices(spec["choices"], spec, kind, fact)
        return Question(kind, ask, explain, choices=choices, fact=fact, where=where)

    def number(self, spec: dict[Any, Any], ask: str, explain: str) -> Question:
        """A number question: a fact that is an amount or a count, typed; no choices."""
        if "choices" in spec:
            raise self.fail(
                "a number question has no 'choices': the trainee types the number, and the "
                "engine's value is the answer",
                spec,
                "choices",
                of_key=True,
            )
        if "fact" not in spec:
            raise self.fail(f"a number question needs 'fact'{_suggest('', NUMBER_FACTS)}", spec)
        fact = spec["fact"]
        if not isinstance(fact, str) or fact not in NUMBER_FACTS:
            raise self.fail(
                f"a number question asks an amount or a count, not {excerpt(fact)}"
                f"{_suggest(fact, NUMBER_FACTS)}; one of: {', '.join(NUMBER_FACTS)}",
                spec,
                "fact",
            )
        answer = spec.get("answer")
        if answer is not None and (type(answer) is not int or answer < 0):
            raise self.fail(
                f"a number question's 'answer' is a whole number of 0 or more, not "
                f"{_kind_of_answer(answer)}",
                spec,
                "answer",
            )
        where = self.where(spec)
        return Question(Kind.NUMBER, ask, explain, fact=fact, where=where, answer=answer)

    def choices(
        self, value: Any, spec: dict[Any, Any], kind: str, fact: str | None = None
    ) -> tuple[Choice, ...]:
        if not isinstance(value, list):
            raise self.fail(f"'choices' must be a list, not {_kind(value)}", spec, "choices")
        if len(value) < 2:
            raise self.fail("a question needs at least two choices", spec, "choices")
        before = len(self.errors)
        read = [
            self.attempt(self.choice, item, i, value, kind, fact) for i, item in enumerate(value)
        ]
        texts: dict[str, int] = {}
        for i, choice in enumerate(read):
            if choice is None:
                continue
            same = _same_text(choice.text)
            if same in texts:
                self.errors.append(
                    self.fail(f"the same text as choice {texts[same] + 1}", value[i], "text")
                )
            else:
                texts[same] = i
        if len(self.errors) > before:
            bad = self.errors[before:]
            del self.errors[before:]
            raise ScenarioErrors(bad)
        choices = [choice for choice in read if choice is not None]
        marked = [i for i, choice in enumerate(choices) if choice.correct]
        if len(marked) != 1:
            count = "no choice is" if not marked else f"{len(marked)} choices are"
            raise self.fail(f"exactly one choice must be marked correct: {count}", spec, "choices")
        with_steps = [choice.steps is not None for choice in choices]
        if any(with_steps) and not all(with_steps):
            i = with_steps.index(False)
            raise self.fail("every choice needs 'steps' once one has them", value, i)
        return tuple(choices)

    def choice(self, item: Any, i: int, value: list[Any], kind: str, fact: str | None) -> Choice:
        if not isinstance(item, dict):
            raise self.fail(f"a choice is a mapping with 'text', not {_kind(item)}", value, i)
        before = len(self.errors)
        self.keys(item, CHOICE_FIELDS, "choice field")
        if len(self.errors) > before:
            bad = self.errors[before:]
            del self.errors[before:]
            raise ScenarioErrors(bad)
        self.required(item, ("text",), "the choice")
        text = self.text(item, "text", "'text'")
        correct = item.get("correct", False)
        if not isinstance(correct, bool):
            raise self.fail(
                f"'correct' must be true or false, not {_kind(correct)}", item, "correct"
            )
        steps = None
        if "steps" in item:
            if kind != Kind.CHOICE:
                raise self.fail(
                    "only a choice question's choices carry 'steps'", item, "steps", of_key=True
                )
            steps = self.steps(item["steps"], item, "steps", "'steps'")
        answer = None
        if kind == Kind.FACT:
            if "answer" not in item:
                raise self.fail("a fact question's choice needs 'answer'", item)
            answer = self.answer(item, fact)
        elif "answer" in item:
            raise self.fail(
                "only a fact question's choices carry 'answer'", item, "answer", of_key=True
            )
        return Choice(text, correct, steps, answer, where=self.where(value, i))

    def answer(self, item: dict[Any, Any], fact: str | None = None) -> Any:
        """A fact choice's answer: a number, text, true/false, null or a list of numbers; of the
        shape its fact's values have (:data:`FACT_ANSWERS`): ``true`` is no count."""
        value = item["answer"]
        if isinstance(value, list):
            if not all(type(v) is int for v in value):
                raise self.fail(
                    "a list answer is a list of seat numbers, like [2, 5]", item, "answer"
                )
        elif value is not None and not isinstance(value, bool | int | str):
            raise self.fail(
                f"an answer is a number, text, true/false or a list of seats, not {_kind(value)}",
                item,
                "answer",
            )
        shape = FACT_ANSWERS.get(fact or "")
        if shape is not None and not _fits(value, shape):
            quoted = (
                " (YAML reads an unquoted yes, no, on or off as true/false)"
                if isinstance(value, bool)
                else ""
            )
            raise self.fail(
                f"the fact {fact!r} is {_SHAPE_WORDS[shape]}, not {_kind_of_answer(value)}{quoted}",
                item,
                "answer",
            )
        if shape == "seats" and type(value) is int:
            value = [value]
        return comparable(value)


_SHAPE_WORDS = {
    "seat": "a seat number (or null: nobody)",
    "amount": "a number of chips (or null: nobody to act)",
    "count": "a number",
    "seats": "a list of seat numbers, like [2, 5]",
    "yes/no": "true or false",
}


def _fits(value: Any, shape: str) -> bool:
    if shape in ("seat", "amount"):
        return value is None or type(value) is int
    if shape == "count":
        return type(value) is int
    if shape == "seats":  # a list of seats, or one seat written as a number
        return isinstance(value, list) or type(value) is int
    return isinstance(value, bool)  # yes/no


def _kind_of_answer(value: Any) -> str:
    if isinstance(value, bool):
        return f"true/false ({str(value).lower()})"
    if value is None:
        return "null"
    return f"{_kind(value)} ({excerpt(value)})"


def _same_text(text: str) -> str:
    """A choice's text as two choices must not share it: case, spaces and end marks aside."""
    return " ".join(text.casefold().split()).rstrip(".!;: ")


def comparable(value: Any) -> Any:
    """A fact's answer made comparable: lists sorted, text folded."""
    if isinstance(value, list):
        return tuple(sorted(comparable(item) for item in value))
    if isinstance(value, str):
        return value.strip().casefold()
    return value
