"""The money and hand-reading drills as sessions: items one after another, typed answers
judged against the engine's, each timed, and a summary.

:class:`Reckoning` deals endless items of one drill (``money``: :mod:`.money`; ``hands``:
:mod:`.hands`), seeded: the same seed gives the same items. The trainee types numbers: chips
(the pots from the main pot out, for side pots), a seat (the odd chip), or the winning seats
(hands). :func:`answer_problem` says what is wrong with a typed answer that is no answer at
all (not a number, a negative number), so that a screen asks again. Nothing here reads or
writes a screen. Given a progress store and a trainee, each answer is kept there as it is
judged, as practice of the skill (``money`` or ``hands``) and its kind, never as an item
(:mod:`dealer_trainer.store.skills`): these answers are no quiz items.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.store.skills import SkillAnswer, record_skill
from dealer_trainer.training.drill import hands, money

__all__ = ["DRILLS", "Answered", "Reckoning", "answer_problem", "numbers_in"]

#: the drills, with what each asks the trainee to type
DRILLS = {"money": "chips", "hands": "seats"}
_SEPARATORS = re.compile(r"[\s,;]+")
_HIGHEST_SEAT = 10

if TYPE_CHECKING:
    from dealer_trainer.store import Store

Item = money.MoneyItem | hands.HandsItem


def numbers_in(text: str) -> list[int]:
    """The whole numbers typed, separated by spaces or commas (ValueError otherwise)."""
    words = [word for word in _SEPARATORS.split(text.strip()) if word]
    if not words:
        raise ValueError("type a number")
    found: list[int] = []
    for word in words:
        if word.startswith("-") and word[1:].isdigit():
            raise ValueError(f"{word!r} is negative: chips and seats are 0 or more")
        if not (word.isascii() and word.isdigit()) or len(word) > 9:
            raise ValueError(f"{word!r} is not a whole number")
        found.append(int(word))
    return found


def answer_problem(text: str, drill: str) -> str | None:
    """What makes ``text`` no answer for ``drill`` (None: it is one, right or wrong)."""
    try:
        found = numbers_in(text)
    except ValueError as exc:
        return str(exc)
    if drill == "hands":
        wrong = [seat for seat in found if not 1 <= seat <= _HIGHEST_SEAT]
        if wrong:
            return f"seat {wrong[0]} is no seat: seats are 1 to {_HIGHEST_SEAT}"
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class Answered:
    """One item asked and answered."""

    number: int
    kind: str
    question: str
    given: tuple[int, ...]
    expected: tuple[int, ...]
    correct: bool
    seconds: float
    rule: str

    def to_dict(self) -> dict[str, Any]:
        """The answer as the summary's JSON lists it."""
        return {
            "item": self.number,
            "kind": self.kind,
            "question": self.question,
            "given": list(self.given),
            "expected": list(self.expected),
            "correct": self.correct,
            "seconds": round(self.seconds, 2),
            "rule": self.rule,
        }


def expected_numbers(item: Item) -> tuple[int, ...]:
    """What the trainee should type for ``item``: the number(s), or the winning seats."""
    if isinstance(item, hands.HandsItem):
        return tuple(sorted(item.winners))
    return item.answer_numbers()


def judged(item: Item, given: list[int]) -> bool:
    """Whether the numbers typed are the engine's answer (the winners in any order)."""
    if isinstance(item, hands.HandsItem):
        return sorted(set(given)) == sorted(item.winners) and len(given) == len(set(given))
    return tuple(given) == item.answer_numbers()


@dataclass(slots=True)
class Reckoning:
    """A money or hand-reading drill: endless seeded items, answers judged and timed; with a
    ``store`` and a ``trainee``, each answer kept there (committed) as it is judged."""

    drill: str
    seed: int
    ruleset: Ruleset | None = None
    answers: list[Answered] = field(default_factory=list)
    store: Store | None = None
    trainee: str = ""
    _rng: random.Random = field(init=False)
    _start: int = field(init=False)

    def __post_init__(self) -> None:
        if self.drill not in DRILLS:
            raise ValueError(f"no drill {self.drill!r}: {', '.join(DRILLS)}")
        self._rng = random.Random(self.seed)
        self._start = self._rng.randrange(len(self._kinds))

    @property
    def _kinds(self) -> tuple[str, ...]:
        return money.KINDS if self.drill == "money" else hands.KINDS

    def item(self) -> Item:
        """The next item (the kinds come round in turn)."""
        kinds = self._kinds
        kind = kinds[(self._start + len(self.answers)) % len(kinds)]
        if self.drill == "money":
            return money.money_item(kind, self._rng, self.ruleset)
        return hands.hands_item(kind, self._rng)

    def answer(self, item: Item, text: str, seconds: float) -> Answered:
        """Judge the typed ``text`` (ValueError if it is no answer: see :func:`answer_problem`)."""
        problem = answer_problem(text, self.drill)
        if problem is not None:
            raise ValueError(problem)
        given = numbers_in(text)
        rule = item.rule if isinstance(item, money.MoneyItem) else hands.RULE
        done = Answered(
            number=len(self.answers) + 1,
            kind=item.kind,
            question=item.question,
            given=tuple(given),
            expected=expected_numbers(item),
            correct=judged(item, given),
            seconds=seconds,
            rule=rule,
        )
        self.answers.append(done)
        if self.store is not None:
            answer = SkillAnswer(
                trainee=self.trainee,
                skill=self.drill,
                kind=done.kind,
                correct=done.correct,
                seconds=done.seconds,
                ruleset="" if self.ruleset is None else self.ruleset.name,
            )
            record_skill(self.store, answer)
        return done

    def summary(self) -> dict[str, Any]:
        """Items, right, accuracy, mean seconds, by kind, and every answer."""
        right = sum(answer.correct for answer in self.answers)
        asked = Counter(answer.kind for answer in self.answers)
        good = Counter(answer.kind for answer in self.answers if answer.correct)
        count = len(self.answers)
        seconds = sum(answer.seconds for answer in self.answers)
        return {
            "drill": self.drill,
            "seed": self.seed,
            "items": count,
            "right": right,
            "wrong": count - right,
            "accuracy": round(right / count, 4) if count else None,
            "mean_seconds": round(seconds / count, 2) if count else None,
            "kinds": {kind: {"asked": n, "right": good[kind]} for kind, n in asked.items()},
            "answers": [answer.to_dict() for answer in self.answers],
        }
