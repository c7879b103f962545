"""The exam blueprint as read (DESIGN.md, contract 3): what an exam asks, for how long, and
what passes it. :mod:`~dealer_trainer.training.exam.reader` builds it from a file."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta

from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.training.exam.periods import Validity, show_time_limit

__all__ = [
    "DIFFICULTIES",
    "FIELDS",
    "MAX_ATTEMPTS",
    "MAX_ITEMS",
    "MAX_SECTIONS",
    "SECTION_FIELDS",
    "Blueprint",
    "BlueprintErrors",
    "Section",
]

#: the fields of a blueprint, in the order docs/exams.md explains them (every one is needed)
FIELDS = ("id", "title", "ruleset", "time_limit", "pass_mark", "attempts", "valid_for", "sections")
#: the fields of a section (``difficulty`` may be left out: any)
SECTION_FIELDS = ("topics", "count", "difficulty")
DIFFICULTIES = (1, 2, 3)
#: the most attempts per person per validity period a blueprint may allow
MAX_ATTEMPTS = 10
#: the most sections, and the most items in all, an exam may have
MAX_SECTIONS = 20
MAX_ITEMS = 200


@dataclass(frozen=True, slots=True, kw_only=True)
class Section:
    """A part of the exam: ``count`` items drawn at random from the bank's items on one of
    ``topics`` at one of the ``difficulty`` levels, under the blueprint's ruleset."""

    topics: tuple[str, ...]
    count: int
    difficulty: tuple[int, ...] = DIFFICULTIES
    #: ``file:line:col`` of the section in its blueprint
    where: str | None = field(default=None, compare=False)

    def admits(self, *, topic: str, difficulty: int) -> bool:
        """Whether an item on ``topic`` at ``difficulty`` belongs to this section."""
        return topic in self.topics and difficulty in self.difficulty


@dataclass(frozen=True, slots=True, kw_only=True)
class Blueprint:
    """A checked exam blueprint."""

    id: str
    title: str
    #: the rules the exam is under: every item drawn is under this ruleset
    ruleset: Ruleset
    time_limit: timedelta
    #: the percentage of the items to answer right to pass (1..100)
    pass_mark: int
    #: attempts per person per validity period
    attempts: int
    #: a certificate's life
    valid_for: Validity
    sections: tuple[Section, ...]
    source: str | None = field(default=None, compare=False)
    places: Mapping[str, str | None] = field(default_factory=dict, compare=False)

    @property
    def items(self) -> int:
        """How many items an attempt asks."""
        return sum(section.count for section in self.sections)

    @property
    def time_limit_text(self) -> str:
        """The time limit as a blueprint writes it (``60m``, ``1h30m``)."""
        return show_time_limit(self.time_limit)

    def passes(self, right: int, asked: int) -> bool:
        """Whether ``right`` answers of ``asked`` reach the pass mark (exactly, no rounding:
        36 of 40 is 90%)."""
        return asked > 0 and right * 100 >= self.pass_mark * asked

    def where(self, name: str) -> str | None:
        """``file:line:col`` of a top-level field (or of the file's start)."""
        return self.places.get(name) or self.places.get("")


class BlueprintErrors(ScriptError):
    """Every error found in one blueprint, in the order of the file: the first one is the
    error's own message and place (:attr:`errors` holds them all). The ruleset, when it was
    read without error, and the sections that were, come with it: the bank can still be checked
    against them (:func:`~dealer_trainer.training.exam.check.check_blueprint`; a section the
    bank cannot fill beside some of the others cannot be filled beside all of them)."""

    def __init__(
        self,
        errors: list[ScriptError],
        *,
        ruleset: Ruleset | None = None,
        sections: tuple[Section, ...] | None = None,
    ) -> None:
        assert errors
        super().__init__(errors[0].message, where=errors[0].where)
        self.errors: tuple[ScriptError, ...] = tuple(errors)
        self.ruleset = ruleset
        self.sections = sections
