"""Scenarios (contract 2): quiz items, read from YAML, checked, and proved against the engine.

A scenario puts the trainee at a table (``table``, ``deck`` or ``seed``), plays ``setup``
through the engine to reach a situation, and asks a :class:`Question`:

* ``choice``: one choice is correct. Where choices carry ``steps`` (the recovery as dealer
  events), the correct one must be the recovery the engine requires under the scenario's
  ruleset, and no other choice may be.
* ``order``: the trainee puts the recovery steps in order; the answer key (``order``) must be
  the engine's own step list.
* ``fact``: a fact of the table (who acts next, how many burns, who gets the odd chip, ...).
  Each choice carries an ``answer``; the engine's value decides which choice is correct.
* ``number``: an amount or a count of the table (a pot, a side pot, a raise's most, the chips
  to call, ...) that the trainee types. It has no choices: the engine's value is the answer
  (an ``answer`` the item states must be that value).

:func:`load_scenario` reads and checks the file (every error is a :class:`ScriptError` with
``file:line:col``); :func:`verify` replays ``setup`` and proves the answer key. Both raise on
the first error they find. The format is documented in docs/authoring.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import HandScript, parse_script
from dealer_trainer.handscript import _kind as _kind
from dealer_trainer.handscript import _Reader as ScriptReader
from dealer_trainer.handscript import _suggest as _suggest
from dealer_trainer.procedure.events import RECOVERY_STEPS
from dealer_trainer.rules.rulesets import Ruleset, is_ruleset_file
from dealer_trainer.rules.topics import TOPICS, Topic, topic
from dealer_trainer.safetext import excerpt
from dealer_trainer.yamlio import Locator, load, load_file

if TYPE_CHECKING:  # the engine is imported only when a scenario is verified
    from dealer_trainer.procedure.hand import Hand

__all__ = [
    "DIFFICULTIES",
    "FACTS",
    "KINDS",
    "NUMBER_FACTS",
    "STEPS",
    "Choice",
    "Question",
    "Scenario",
    "ScenarioErrors",
    "Verified",
    "all_errors",
    "bank_dir",
    "check",
    "fact_value",
    "find_scenarios",
    "forget_proofs",
    "giveaways",
    "lint",
    "load_scenario",
    "load_scenario_text",
    "parse_scenario",
    "proof_of_file",
    "proof_of_text",
    "recovery_steps",
    "verify",
]

#: the fields of a scenario, in the order docs/authoring.md explains them
FIELDS = (
    "id",
    "title",
    "topic",
    "difficulty",
    "ruleset",
    "rule",
    "situation",
    "table",
    "deck",
    "seed",
    "setup",
    "question",
)
REQUIRED = ("id", "title", "topic", "difficulty", "table", "setup", "question")
QUESTION_FIELDS = ("kind", "ask", "choices", "order", "fact", "answer", "explain")
CHOICE_FIELDS = ("text", "steps", "answer", "correct")
KINDS = ("choice", "order", "fact", "number")
DIFFICULTIES = (1, 2, 3)
#: the recovery steps a choice or an order question may name (dealer events)
STEPS = RECOVERY_STEPS
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer offered to the trainee."""

    text: str
    correct: bool = False
    #: the recovery this choice stands for, as dealer events (None: the choice names none)
    steps: tuple[str, ...] | None = None
    #: a fact question's value for this choice
    answer: Any = None
    where: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Question:
    """What the trainee is asked, and the answer key."""

    kind: str
    ask: str
    explain: str
    choices: tuple[Choice, ...] = ()
    #: an order question's key: the recovery steps in order
    order: tuple[str, ...] = ()
    #: a fact question's fact (a name of :data:`FACTS`)
    fact: str | None = None
    where: str | None = field(default=None, compare=False)
    #: a number question's answer as the item states it (None: the engine's value, unstated)
    answer: int | None = None

    @property
    def correct(self) -> Choice | None:
        """The choice marked correct (None for an order question)."""
        return next((choice for choice in self.choices if choice.correct), None)


@dataclass(frozen=True, slots=True)
class Scenario:
    """A checked scenario file."""

    id: str
    title: str
    topic: Topic
    difficulty: int
    ruleset: Ruleset
    script: HandScript
    question: Question
    #: the rule the scenario cites (a corpus id), if it names one
    rule: str | None = None
    #: the engine situation the setup must produce, if the scenario names one
    situation: str | None = None
    source: str | None = field(default=None, compare=False)
    places: Mapping[str, str | None] = field(default_factory=dict, compare=False)

    def where(self, name: str) -> str | None:
        """``file:line:col`` of a top-level field (or of the file's start)."""
        return self.places.get(name) or self.places.get("")


# --- reading ----------------------------------------------------------------------------------


class ScenarioErrors(ScriptError):
    """Every error found in one scenario, in the order of the file: the first one is the
    error's own message and place (:attr:`errors` holds them all)."""

    def __init__(self, errors: list[ScriptError]) -> None:
        assert errors
        super().__init__(errors[0].message, where=errors[0].where)
        self.errors: tuple[ScriptError, ...] = tuple(errors)


def all_errors(error: ScriptError) -> tuple[ScriptError, ...]:
    """Each error a :class:`ScriptError` stands for (one, or a :class:`ScenarioErrors`'s)."""
    return error.errors if isinstance(error, ScenarioErrors) else (error,)


class _Reader(ScriptReader):
    """Checks a parsed scenario; every error names its place (the hand-script reader's
    checks and places, and the scenario's own fields). It goes on after an error, section by
    section (each field, each choice, each setup event), so one run reports them all.
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

    def scenario(self, data: Any, source: str | None) -> Scenario:
        if not isinstance(data, dict):
            raise ScriptError(
                f"a scenario is a mapping with {', '.join(REQUIRED)}; this is {_kind(data)}",
                where=self.where(data),
            )
        self.keys(data, FIELDS, "field")
        import difflib

        misspelt = {  # a field given under a misspelt name is said once (unknown field ...)
            close
            for key in data
            if key not in FIELDS and isinstance(key, str)
            for close in difflib.get_close_matches(key, sorted(FIELDS), n=1)
        }
        for name in REQUIRED:  # each missing field is an error; the others are still checked
            if (name not in data or data[name] is None) and name not in misspelt:
                self.errors.append(self.fail(f"the scenario has no {name!r}", data))
        present = {name for name in REQUIRED if data.get(name) is not None}
        ident = self.attempt(self.ident, data) if "id" in present else None
        title = self.attempt(self.text, data, "title", "'title'") if "title" in present else None
        subject = self.attempt(self.topic, data) if "topic" in present else None
        difficulty = self.attempt(self.difficulty, data) if "difficulty" in present else None
        situation = self.attempt(self.situation, data, subject) if subject is not None else None
        rule = self.attempt(self.rule, data)
        script = None
        if {"table", "setup"} <= present:
            script = self.attempt(self.script, data)
        question = None
        if "question" in present:
            spec = self.attempt(self.mapping, data["question"], "'question'", data, "question")
            question = None if spec is None else self.attempt(self.question, spec)
        if self.errors:
            raise ScenarioErrors(_in_file_order(self.errors))
        assert ident is not None and title is not None and subject is not None
        assert difficulty is not None and script is not None and question is not None
        places = {name: self.where(data, name) for name in data}
        places[""] = self.where(data)
        return Scenario(
            id=ident,
            title=title,
            topic=subject,
            difficulty=difficulty,
            ruleset=script.table.ruleset,
            script=script,
            question=question,
            rule=rule,
            situation=situation,
            source=source,
            places=places,
        )

    def ident(self, data: dict[Any, Any]) -> str:
        ident = self.text(data, "id", "'id'")
        if not _ID.match(ident):
            raise self.fail(
                f"'id' must be lower-case words joined by hyphens (like 'premature-turn-1'), "
                f"not {excerpt(ident)}",
                data,
                "id",
            )
        return ident

    def topic(self, data: dict[Any, Any]) -> Topic:
        slug = data["topic"]
        slugs = tuple(item.slug for item in TOPICS)
        if not isinstance(slug, str) or slug not in slugs:
            raise self.fail(f"unknown topic {excerpt(slug)}{_suggest(slug, slugs)}", data, "topic")
        return topic(slug)

    def difficulty(self, data: dict[Any, Any]) -> int:
        difficulty = data["difficulty"]
        if type(difficulty) is not int or difficulty not in DIFFICULTIES:
            raise self.fail(
                f"'difficulty' must be 1 (easy), 2 or 3 (hard), not {excerpt(difficulty)}",
                data,
                "difficulty",
            )
        return difficulty

    def situation(self, data: dict[Any, Any], subject: Topic) -> str | None:
        if data.get("situation") is None:
            return None
        name = data["situation"]
        options = subject.situations
        if not options:  # pragma: no cover - every topic with situations allows them
            raise self.fail(
                f"topic {subject.slug!r} is about the normal procedure: it has no situation",
                data,
                "situation",
            )
        if name not in options:
            raise self.fail(
                f"unknown situation {excerpt(name)} for topic {subject.slug!r}"
                f"{_suggest(str(name), options)}",
                data,
                "situation",
            )
        return str(name)

    def rule(self, data: dict[Any, Any]) -> str | None:
        if data.get("rule") is None:
            return None
        cited = data["rule"]
        if not isinstance(cited, str):
            raise self.fail(f"'rule' must be a rule id, not {_kind(cited)}", data, "rule")
        from dealer_trainer.rules import corpus  # the corpus is read only when a rule is cited

        try:
            return corpus.rule(cited).id
        except corpus.NotFound as exc:
            close = exc.suggestions
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            raise self.fail(
                f"unknown rule id {excerpt(cited)}{hint}; 'dealer-trainer rules list' shows them",
                data,
                "rule",
            ) from None

    def script(self, data: dict[Any, Any]) -> HandScript:
        table = self.mapping(data["table"], "'table'", data, "table")
        setup = data["setup"]
        if not isinstance(setup, list):
            raise self.fail(f"'setup' must be a list of events, not {_kind(setup)}", data, "setup")
        outer = data.get("ruleset")
        if outer is not None and table.get("ruleset") is not None and outer != table["ruleset"]:
            raise self.fail(
                f"'ruleset' is {excerpt(outer)} but the table says {excerpt(table['ruleset'])}: "
                "give it once",
                data,
                "ruleset",
            )
        parts = {"table": table, "events": []}
        for key in ("deck", "seed"):
            if key in data:
                parts[key] = data[key]
        script = parse_script(parts, self.locator, folder=self.folder, rulesets=self.rulesets)
        self.seat_set = frozenset(script.table.seats)
        before = len(self.errors)
        events = [self.attempt(self.event, item, i, setup) for i, item in enumerate(setup)]
        if len(self.errors) > before:  # every bad event is reported; the setup is not played
            bad = self.errors[before:]
            del self.errors[before:]
            raise ScenarioErrors(bad)
        script = replace(script, events=tuple(event for event in events if event is not None))
        if outer is None:
            return script
        ruleset = self.ruleset(data)  # the hand-script reader's checks, placed at this field
        return replace(script, table=replace(script.table, ruleset=ruleset))

    def question(self, spec: dict[Any, Any]) -> Question:
        self.keys(spec, QUESTION_FIELDS, "question field")
        self.required(spec, ("ask", "explain"), "the question")
        kind = spec.get("kind", "choice")
        if kind not in KINDS:
            raise self.fail(
                f"unknown question kind {excerpt(kind)}{_suggest(kind, KINDS)}",
                spec,
                "kind",
            )
        ask = self.text(spec, "ask", "'ask'")
        explain = self.text(spec, "explain", "'explain'")
        where = self.where(spec)
        if kind == "order":
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
        if kind == "number":
            return self.number(spec, ask, explain)
        if "answer" in spec:
            raise self.fail(
                "only a number question has an 'answer' of its own (a choice's goes under it)",
                spec,
                "answer",
                of_key=True,
            )
        fact = None
        if kind == "fact":
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
        return Question("number", ask, explain, fact=fact, where=where, answer=answer)

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
            if kind != "choice":
                raise self.fail(
                    "only a choice question's choices carry 'steps'", item, "steps", of_key=True
                )
            steps = self.steps(item["steps"], item, "steps", "'steps'")
        answer = None
        if kind == "fact":
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
        return _plain(value)


#: what each fact's value is: a number, a seat (or null), seats, true/false (next_step: text)
FACT_ANSWERS: dict[str, str] = {
    "to_act": "seat",
    "next_card_to": "seat",
    "burns": "count",
    "board_cards": "count",
    "pot": "count",
    "pots": "count",
    "max_bet": "amount",
    "min_bet": "amount",
    "main_pot": "count",
    "side_pot": "amount",
    "to_call": "amount",
    "winners": "seats",
    "odd_chip": "seat",
    "showdown_first": "seat",
    "misdeal": "yes/no",
}
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


def _plain(value: Any) -> Any:
    """A fact's answer made comparable: lists sorted, text folded."""
    if isinstance(value, list):
        return tuple(sorted(_plain(item) for item in value))
    if isinstance(value, str):
        return value.strip().casefold()
    return value


def parse_scenario(
    data: Any,
    locator: Locator | None = None,
    *,
    source: str | None = None,
    folder: Path | None = None,
    rulesets: Mapping[str, str] | None = None,
) -> Scenario:
    """Check an already-parsed scenario mapping; return the typed scenario. A house ruleset
    file it names is looked for in ``folder``, or, when ``rulesets`` is given (file name ->
    YAML text), among those alone (no file is read)."""
    return _Reader(locator, folder, rulesets).scenario(data, source)


def load_scenario(path: Path) -> Scenario:
    """Read and check one scenario file (no engine replay: see :func:`verify`)."""
    data, locator = load_file(path, "scenario file")
    return parse_scenario(data, locator, source=str(path), folder=path.parent)


def loads_scenario(text: str, source: str | None = None) -> Scenario:
    """Read and check a scenario from YAML text (a house ruleset it names is looked up beside
    ``source``, when given, as for a file)."""
    data, locator = load(text, source)
    folder = None if source is None else Path(source).parent
    return parse_scenario(data, locator, source=source, folder=folder)


def load_scenario_text(
    text: str, source: str, *, rulesets: Mapping[str, str] | None = None
) -> Scenario:
    """Read and check a scenario from YAML text without reading any file: ``source`` names it
    in messages (``source:line:col``), and a house ruleset file it names must be one of
    ``rulesets`` (file name -> the ruleset's YAML text)."""
    data, locator = load(text, source)
    return parse_scenario(data, locator, source=source, rulesets=dict(rulesets or {}))


# --- the facts a fact question may ask ----------------------------------------------------------


def _odd_chip(hand: Hand) -> int | None:
    from dealer_trainer.showdown import odd_chip_seats

    for pot in hand.current_pots():
        if pot.winners and (odd := odd_chip_seats(pot.amount, pot.winners)):
            return odd[0]
    return None


def _max_bet(hand: Hand) -> int | None:
    """The largest total the player to act may put in: a raise's most, or the call when the
    betting is capped (a bet and three raises in limit) or the floor bars the seat from
    betting or raising on this turn (a check or call out of turn made void, RRoP Betting 11; a
    skipped player silent through substantial action out of turn, TDA24 53-B)."""
    from dealer_trainer.betting import Action

    betting, seat = hand.betting, hand.to_act
    if betting is None or seat is None:
        return None
    raising = {Action.BET, Action.RAISE} & set(betting.legal_actions(seat))
    if raising and seat not in hand.no_raise:
        return betting.max_raise_to()
    return min(betting.current_bet, betting.bets[seat] + betting.stacks[seat])


def _to_call(hand: Hand) -> int | None:
    """The chips the player to act must add to call (all in: what is left behind)."""
    betting, seat = hand.betting, hand.to_act
    if betting is None or seat is None:
        return None
    return min(betting.current_bet - betting.bets[seat], betting.stacks[seat])


def _pot_amount(index: int) -> Callable[[Hand], int | None]:
    """The amount of pot ``index`` (0: the main pot, 1: the first side pot); None: no such pot."""

    def amount(hand: Hand) -> int | None:
        pots = hand.current_pots()
        return pots[index].amount if len(pots) > index else None

    return amount


def _next_card_to(hand: Hand) -> int | None:
    return hand.seat_to_deal() if hand.state == "dealing" else None


#: fact name -> (what it means, how the engine answers it)
FACTS: dict[str, tuple[str, Callable[[Hand], Any]]] = {
    "to_act": ("the seat whose turn it is to act (null: nobody)", lambda hand: hand.to_act),
    "next_card_to": ("the seat the next hole card goes to", _next_card_to),
    "burns": ("how many burn cards are on the table", lambda hand: len(hand.table.burns)),
    "board_cards": ("how many cards are on the board", lambda hand: len(hand.table.board)),
    "pot": (
        "the chips in the middle, all pots together",
        lambda hand: sum(p.amount for p in hand.current_pots()),
    ),
    "pots": (
        "how many pots there are (main pot and side pots)",
        lambda hand: len(hand.current_pots()),
    ),
    "winners": (
        "the seats that won chips",
        lambda hand: sorted(s for s, won in hand.won.items() if won),
    ),
    "odd_chip": ("the seat that gets the odd chip of a split pot", _odd_chip),
    "showdown_first": (
        "the seat that shows first at the showdown",
        lambda hand: next(iter(hand.showing_order()), None),
    ),
    "next_step": (
        "the dealer's next step (any the procedure allows)",
        lambda hand: hand.expected_next(),
    ),
    "misdeal": ("whether a misdeal was called", lambda hand: hand.misdeals > 0),
    "min_bet": (
        "the smallest total the player to act may bet or raise to (null: nobody to act)",
        lambda hand: (
            None if hand.betting is None or hand.to_act is None else hand.betting.min_raise_to()
        ),
    ),
    "max_bet": (
        "the largest total the player to act may bet or raise to (pot-limit: the pot; "
        "null: nobody to act)",
        lambda hand: _max_bet(hand),
    ),
    "main_pot": ("the main pot: the chips every live player can win", _pot_amount(0)),
    "side_pot": ("the first side pot (null: there is none)", _pot_amount(1)),
    "to_call": (
        "the chips the player to act must add to call (null: nobody to act)",
        _to_call,
    ),
}
#: the facts a number question may ask: the amounts and counts (typed, not picked)
NUMBER_FACTS: tuple[str, ...] = tuple(
    name for name, shape in FACT_ANSWERS.items() if shape in ("count", "amount")
)


# --- verification -----------------------------------------------------------------------------


def recovery_steps(steps: tuple[str, ...]) -> tuple[str, ...]:
    """A recovery's dealer events as a choice names them: waits dropped, aliases resolved."""
    from dealer_trainer.procedure.rulings import STEP_ALIASES, WAITS

    return tuple(STEP_ALIASES.get(step, step) for step in steps if step not in WAITS)


@dataclass(frozen=True, slots=True)
class Verified:
    """A scenario the engine has proved, with what the engine found."""

    scenario: Scenario
    hand: Hand
    #: the situation the setup produced (None for a normal-procedure scenario)
    situation: str | None
    #: the recovery the engine requires (as dealer events), and its rule and words
    steps: tuple[str, ...] = ()
    rule: str | None = None
    words: tuple[str, ...] = ()
    #: a fact question's value, as the engine has it
    fact: Any = None
    #: the cards the setup turned face up in the deal (exposed or boxed), in order
    exposed: tuple[str, ...] = ()


def _fail(message: str, where: str | None) -> ScriptError:
    return ScriptError(message, where=where)


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
    * a result that depends on an unseeded shuffle (:func:`_unseeded`);
    * a fact asked before it exists, or a winners / pot / odd-chip question asked after the
      pot was pushed (:func:`_moment`);
    * a setup that already began the recovery the question asks (:func:`_begun`);
    * a view that gives the answer away (:func:`giveaways`).
    """
    from dealer_trainer.engine import play
    from dealer_trainer.procedure.rulings import situation as find_situation

    errors: list[ScriptError] = []
    errors += _unseeded(scenario)
    hand = play(scenario.script)
    errors += [] if hand.rejected else _moment(scenario, hand)
    if hand.rejected:  # the first: the events after it are judged on another hand
        rejected = hand.rejected[0]
        event = scenario.script.events[rejected.event]
        message = f"the engine rejects this setup event ({event.describe()}): {rejected.reason}"
        return None, [*errors, _fail(message, event.where)]
    question = scenario.question
    subject = scenario.topic
    wanted: tuple[str, ...] = (scenario.situation,) if scenario.situation else ()
    if not wanted and subject.kind == "irregularity":
        wanted = subject.situations
    future = _future(scenario, hand)  # an award asked before the push: the award to come
    arisen = list(dict.fromkeys(item.situation for item in future.irregularities if item.situation))
    found = None
    if wanted:
        matching = [name for name in arisen if name in wanted]
        if not matching:
            got = f"it produces {', '.join(arisen)}" if arisen else "it produces no irregularity"
            errors.append(
                _fail(
                    f"the setup must produce {' or '.join(wanted)} for topic "
                    f"{scenario.topic.slug!r}; {got}",
                    scenario.where("setup"),
                )
            )
            return None, errors
        found = matching[-1]
    elif scenario.topic.slug == "misdeal" and not hand.misdeals:
        errors.append(
            _fail("the setup must end in a misdeal for topic 'misdeal'", scenario.where("setup"))
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
        if question.kind == "order":
            _check_order(scenario, steps, found, optional)
        elif question.kind == "fact":
            assert question.fact is not None
            value = FACTS[question.fact][1](future)
            _check_fact(question, value)
        elif question.kind == "number":
            assert question.fact is not None
            value = FACTS[question.fact][1](future)
            _check_number(scenario, value)
        elif question.choices[0].steps is not None:
            _check_choices(scenario, steps, found, optional)
    except ScriptError as exc:
        key.append(exc)
    shown = tuple(card.text for card in hand.face_up)
    proved = Verified(scenario, hand, found, steps, rule, words or (), value, shown)
    errors = key + errors
    if outcome is not None and _asks_recovery(question) and _begun(hand, found, outcome.steps):
        errors.append(
            _fail(
                f"the setup has already begun the recovery the question asks ({found}: "
                f"{_say(steps)}): end the setup before its first step",
                scenario.where("setup"),
            )
        )
    if not key:
        errors += [_fail(message, scenario.where("setup")) for message in giveaways(proved)]
    return proved, errors


#: the facts that are the pot's award: asked before the pot is pushed, the engine answers what
#: the award will be
AWARD_FACTS = frozenset({"winners", "odd_chip", "pot", "pots", "main_pot", "side_pot"})
#: the procedure states a fact exists in (a fact not named here exists at every moment)
FACT_STATES: dict[str, frozenset[str]] = {
    "showdown_first": frozenset({"showdown"}),
    "winners": frozenset({"showdown"}),
    "odd_chip": frozenset({"showdown"}),
    "next_card_to": frozenset({"dealing"}),
}
_WHEN = {
    "showdown": "at the showdown, once the last betting round is over",
    "dealing": "while the starting hands are being dealt",
}


def _asks_recovery(question: Question) -> bool:
    """Does the question ask for the recovery itself (its steps, their order, or whether it
    is a misdeal)?"""
    if question.kind == "order":
        return True
    if question.kind == "fact":
        return question.fact == "misdeal"
    return bool(question.choices) and question.choices[0].steps is not None


def _begun(hand: Hand, found: str | None, outcome_steps: tuple[str, ...]) -> bool:
    """Has the setup already taken a step of the recovery of ``found``?"""
    from dealer_trainer.procedure.rulings import WAITS

    wanted = [step for step in outcome_steps if step not in WAITS]
    if found is None or not wanted:
        return False
    for recovery in hand.recoveries:
        if recovery.situation.name == found:
            left = [step for step in recovery.steps if step not in WAITS]
            return len(left) < len(wanted)
    return True  # no longer under way: the setup took every step


def _moment(scenario: Scenario, hand: Hand) -> list[ScriptError]:
    """The question's moment: a fact asked before it exists, or an award asked once pushed."""
    question = scenario.question
    fact = question.fact
    if question.kind not in ("fact", "number") or fact is None:
        return []
    where = scenario.where("setup")
    if fact in AWARD_FACTS and hand.awarded:
        return [
            _fail(
                f"the setup ends after the pot was pushed, so the winners' chips show the "
                f"answer to {fact!r}: end it before the last hand is tabled (the engine "
                "answers what the award will be)",
                where,
            )
        ]
    states = FACT_STATES.get(fact)
    if states is not None and hand.state not in states:
        when = " or ".join(_WHEN.get(state, state) for state in sorted(states))
        return [
            _fail(
                f"the fact {fact!r} is asked before it exists: it exists {when}, and the setup "
                f"ends in {hand.state}",
                where,
            )
        ]
    if fact in ("to_act", "max_bet", "min_bet", "to_call") and hand.betting is None:
        return [_fail(f"the fact {fact!r} is asked before the blinds are posted", where)]
    if fact in ("max_bet", "min_bet", "to_call") and hand.to_act is None:
        return [_fail(f"the fact {fact!r} is asked when nobody is to act", where)]
    return []


def giveaways(proved: Verified) -> list[str]:
    """What the trainee's view (:func:`dealer_trainer.view.trainee_view`) would give away of
    the answer: a part that states the fact asked, chips or bets that add up to it, or cards
    that point at it."""
    from dealer_trainer.view import trainee_view

    question = proved.scenario.question
    fact = question.fact
    if question.kind not in ("fact", "number") or fact is None:
        return []
    view = trainee_view(proved)
    value = proved.fact
    found: list[str] = []
    seats = view.seats

    def say(what: str) -> None:
        found.append(f"the view gives the answer to {fact!r} away: {what}")

    if fact == "to_act" and view.to_act is not None and "to_act" not in view.hidden:
        say(f"it marks seat {view.to_act} to act")
    if fact == "burns" and view.burns == value:
        say(f"it shows {value} burn card(s)")
    if fact == "board_cards" and view.board is not None and len(view.board) == value:
        say(f"it shows {value} board card(s)")
    if fact == "pot" and isinstance(value, int):
        in_front = [seat.in_front for seat in seats if seat.in_front]
        if view.pot == value and fact == "pot":
            say(f"it shows a pot of {value}")
        elif in_front and (view.pot or 0) + sum(in_front) == value and fact == "pot":
            say(f"the bets in front and the pot add up to {value}")
    if fact == "pots" and view.pots is not None and len(view.pots) == value:
        say(f"it shows {value} pot(s)")
    if fact in ("main_pot", "side_pot") and view.pots is not None and value in view.pots:
        say(f"it shows a pot of {value}")
    if fact == "next_card_to" and isinstance(value, int):
        held = {seat.seat: seat.cards for seat in seats if not seat.folded}
        if all(count is not None for count in held.values()) and held:
            fewest = min(count for count in held.values() if count is not None)
            if [seat for seat, count in held.items() if count == fewest] == [value]:
                say(f"seat {value} is the only seat with {fewest} card(s)")
    if fact == "showdown_first":
        tabled = [seat.seat for seat in seats if seat.tabled]
        if tabled:
            say(f"seat(s) {', '.join(map(str, tabled))} already tabled")
    return found


def fact_value(scenario: Scenario, hand: Hand) -> Any:
    """The engine's value of a fact question's fact at the end of the setup. A winners, pot or
    odd-chip fact asked at the showdown, before the pot is pushed, is the award that will be
    made: every hand still undecided is tabled, in the showing order, and the pot awarded."""
    fact = scenario.question.fact
    assert fact is not None
    return FACTS[fact][1](_future(scenario, hand))


def _future(scenario: Scenario, hand: Hand) -> Hand:
    """The hand a fact is read from: itself, or for an award asked at the showdown before the
    pot is pushed, the hand played on to that award."""
    fact = scenario.question.fact
    if fact in AWARD_FACTS and hand.state == "showdown" and not hand.awarded:
        return _award(scenario, hand)
    return hand


def _award(scenario: Scenario, hand: Hand) -> Hand:
    """The hand played on to its award: every live hand not yet shown or mucked is tabled."""
    from dealer_trainer.engine import play
    from dealer_trainer.procedure.events import Event, EventName

    betting = hand.betting
    assert betting is not None
    decided = hand.shown | hand.mucked
    order = [seat for seat in hand.showing_order() if seat not in decided]
    order += [seat for seat in betting.live if seat not in decided and seat not in order]
    script = scenario.script
    start = len(script.events)
    more = tuple(
        Event(name=EventName.SHOW, index=start + i, seat=seat) for i, seat in enumerate(order)
    )
    done = play(replace(script, events=(*script.events, *more)))
    return done if done.awarded and not done.rejected else hand


#: the script events that draw on the random source when no seed is given
_RANDOM_EVENTS = frozenset({"shuffle", "reshuffle", "cut", "scramble"})


def _unseeded(scenario: Scenario) -> list[ScriptError]:
    """A result that depends on an unseeded shuffle: the cards are shuffled with no ``seed``
    (no stacked ``deck``), or a random step (a reshuffle, a cut not ``at`` a card, a scramble)
    plays out differently with two seeds."""
    script = scenario.script
    if script.seed is not None:
        return []
    where = scenario.where("setup")
    if script.deck is None:
        return [
            _fail(
                "the setup shuffles with no 'seed': every run deals other cards, so the answer "
                "depends on chance; give 'seed: N' (or a stacked 'deck')",
                where,
            )
        ]
    if not any(event.name in _RANDOM_EVENTS for event in script.events):
        return []
    from dealer_trainer.engine import play
    from dealer_trainer.view import table_view

    def outcome(seed: int) -> Any:
        hand = play(replace(script, seed=seed))
        return table_view(hand).to_dict(), [card.text for card in hand.table.stub]

    if outcome(1) != outcome(2):
        return [
            _fail(
                "a random step of the setup (a shuffle, a cut or a scramble) plays out "
                "differently from run to run: give 'seed: N' so every trainee sees the same hand",
                where,
            )
        ]
    return []


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
        raise _fail(
            "an order question asks for a recovery: its topic must be a dealer error",
            question.where,
        )
    key = recovery_steps(question.order)
    if key not in _with_optional(steps, optional):
        raise _fail(
            f"'order' must be the recovery the engine requires under {scenario.ruleset.name} "
            f"for {found}: {_say(steps)}; it is {_say(key)}",
            scenario.where("question"),
        )


def _check_choices(
    scenario: Scenario, steps: tuple[str, ...], found: str | None, optional: tuple[str, ...] = ()
) -> None:
    question = scenario.question
    if found is None:
        raise _fail(
            "choices with 'steps' stand for a recovery: the topic must be a dealer error",
            question.where,
        )
    right = _with_optional(steps, optional)
    matching = [c for c in question.choices if recovery_steps(c.steps or ()) in right]
    correct = question.correct
    assert correct is not None
    if correct not in matching:
        raise _fail(
            f"the choice marked correct is not the recovery the engine requires under "
            f"{scenario.ruleset.name} for {found}: {_say(steps)}; it says "
            f"{_say(recovery_steps(correct.steps or ()))}",
            correct.where,
        )
    for other in matching:
        if other is not correct:
            also = f"; {', '.join(optional)} allowed, not required" if optional else ""
            raise _fail(
                f"this choice is also the engine's recovery ({_say(steps)}{also}) but is not "
                "marked correct: no two choices may stand for the same steps",
                other.where,
            )


def _check_number(scenario: Scenario, value: Any) -> None:
    """A number question: the engine has a number for its fact, and an answer the item states
    is that number."""
    question = scenario.question
    if type(value) is not int:
        raise _fail(
            f"the engine has no number for {question.fact!r} at the end of the setup "
            f"({FACTS[question.fact or ''][0]}): ask it where it exists",
            scenario.where("setup"),
        )
    if question.answer is not None and question.answer != value:
        raise _fail(
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
        plain = _plain(value)
        right = [c for c in question.choices if c.answer == plain]
        shown = "none" if value is None else str(value)
    correct = question.correct
    assert correct is not None
    if correct not in right:
        raise _fail(
            f"the choice marked correct answers {excerpt(correct.answer)}, but the engine's "
            f"{question.fact} is {shown}",
            correct.where,
        )
    for other in right:
        if other is not correct:
            raise _fail(
                f"this choice's answer {excerpt(other.answer)} is also right "
                f"({question.fact} is {shown}): no other choice may be",
                other.where,
            )


# --- how the item is written: choices, and the bank as a whole --------------------------------

#: at most this share of a bank's choice items may have the right option as the only shortest
#: or the only longest choice (a trainee must not win by picking on length)
LENGTH_CUE_SHARE = 1 / 3


def _yes_no(question: Question) -> bool:
    """Is the question yes/no by nature (two answers are all there are)?"""
    answers = [choice.answer for choice in question.choices]
    if question.kind == "fact" and all(isinstance(answer, bool) for answer in answers):
        return True
    starts = sorted(
        choice.text.split(maxsplit=1)[0].strip(",.;:").casefold() for choice in question.choices
    )
    return starts == ["no", "yes"]


def lint(scenario: Scenario) -> list[ScriptError]:
    """How the item is written, beyond soundness: a choice question offers at least three
    choices unless it is yes/no by nature. (``validate`` reports these; the quiz still asks.)"""
    question = scenario.question
    if question.kind in ("order", "number") or len(question.choices) >= 3 or _yes_no(question):
        return []
    return [
        _fail(
            f"a question offers at least three choices unless it is yes/no by nature; this one "
            f"has {len(question.choices)}: add a real mistake a dealer makes",
            question.where,
        )
    ]


def length_cue(question: Question) -> bool:
    """Is the right option the only shortest or the only longest choice?"""
    correct = question.correct
    if question.kind in ("order", "number") or correct is None or len(question.choices) < 2:
        return False
    lengths = [len(choice.text) for choice in question.choices]
    mine = len(correct.text)
    return (mine == min(lengths) or mine == max(lengths)) and lengths.count(mine) == 1


def bank_length_cues(scenarios: list[Scenario]) -> tuple[list[Scenario], int, int]:
    """The choice items whose right option is the only shortest or only longest; how many
    choice items there are, and how many such items the bank may have (a third)."""
    items = [s for s in scenarios if s.question.kind in ("choice", "fact")]
    cued = [s for s in items if length_cue(s.question)]
    return cued, len(items), int(len(items) * LENGTH_CUE_SHARE)


def _in_file_order(errors: list[ScriptError]) -> list[ScriptError]:
    """Errors sorted by their line and column (those with no place first, as found)."""

    def place(error: ScriptError) -> tuple[int, int]:
        parts = (error.where or "").rsplit(":", 2)
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            return int(parts[1]), int(parts[2])
        return 0, 0

    return sorted(errors, key=place)


# --- the bank ---------------------------------------------------------------------------------


def bank_dir() -> Path:
    """The shipped scenario bank: inside the installed package, else the checkout's scenarios/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "bank", here.parent / "scenarios"):
        if candidate.is_dir():
            return candidate
    raise ScriptError(f"the scenario bank is missing (looked in {here / 'bank'})")


_QUESTION = re.compile(rb"^question[ \t]*:", re.MULTILINE)


def _house_ruleset(path: Path) -> bool:
    """A house ruleset kept in a bank folder (it has no top-level ``question:``, which every
    scenario has; only such a file is read in full to ask :func:`is_ruleset_file`)."""
    try:
        with path.open("rb") as stream:
            head = stream.read(1 << 16)
    except OSError:
        return False
    return not _QUESTION.search(head) and is_ruleset_file(path)


def find_scenarios(paths: list[Path]) -> Iterator[Path]:
    """Every scenario file named: files as given, folders searched for *.yaml / *.yml."""
    for path in paths:
        if path.is_dir():
            yield from sorted(
                p
                for p in path.rglob("*")
                if p.suffix in (".yaml", ".yml") and p.is_file() and not _house_ruleset(p)
            )
        else:
            yield path
