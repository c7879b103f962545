"""The scenario as read and as proved: its fields, its question and choices, the proof's
findings (:class:`Verified`), and the errors a scenario can hold."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.events import RECOVERY_STEPS
from dealer_trainer.procedure.script import HandScript
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.topics import Topic
from dealer_trainer.scenario.kinds import KINDS as KINDS
from dealer_trainer.scenario.kinds import Answered, QuestionKind, question_kind

if TYPE_CHECKING:  # a type only: the hand is the engine's, made when a scenario is proved
    from dealer_trainer.procedure.hand import Hand

#: the fields of a scenario, in the order docs/authoring.md explains them
FIELDS = (
    "id",
    "title",
    "topic",
    "difficulty",
    "family",
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
DIFFICULTIES = (1, 2, 3)
#: the recovery steps a choice or an order question may name (dealer events)
STEPS = RECOVERY_STEPS


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

    @property
    def form(self) -> QuestionKind:
        """What the question's kind needs, and how it is answered."""
        return question_kind(self.kind)

    @property
    def typed(self) -> bool:
        """Is the answer a number typed (no options)?"""
        return self.form.answered is Answered.TYPE

    @property
    def ordered(self) -> bool:
        """Is the answer every step put in order?"""
        return self.form.answered is Answered.ORDER


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
    #: the family it belongs to: the items asking one hand (under two rulebooks, or twice)
    #: share one, and a sitting asks at most one item of a family
    family: str | None = None
    source: str | None = field(default=None, compare=False)
    places: Mapping[str, str | None] = field(default_factory=dict, compare=False)

    def where(self, name: str) -> str | None:
        """``file:line:col`` of a top-level field (or of the file's start)."""
        return self.places.get(name) or self.places.get("")


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
    #: the table as the trainee sees it when it is not the hand's end: a setup that ends with
    #: the error pointed out (``notice``) is drawn before the ruling that notice makes
    seen: Hand | None = None


def fail(message: str, where: str | None) -> ScriptError:
    return ScriptError(message, where=where)


def in_file_order(errors: list[ScriptError]) -> list[ScriptError]:
    """Errors sorted by their line and column (those with no place first, as found)."""

    def place(error: ScriptError) -> tuple[int, int]:
        parts = (error.where or "").rsplit(":", 2)
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            return int(parts[1]), int(parts[2])
        return 0, 0

    return sorted(errors, key=place)
