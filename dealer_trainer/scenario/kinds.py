"""The question kinds, defined once: what each needs in the file, how the trainee answers it, and
what the wizard says of it. Every other place (the reader, the proof, the quiz, the terminal,
the browser, the wizard, docs/authoring.md) reads this table; docs/extending.md says what a new
kind touches.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["KINDS", "QUESTION_KINDS", "Answered", "Kind", "QuestionKind", "question_kind"]


class Kind(StrEnum):
    """A question's kind, as a scenario's ``question.kind`` names it (``choice`` when absent)."""

    CHOICE = "choice"
    ORDER = "order"
    FACT = "fact"
    NUMBER = "number"


class Answered(StrEnum):
    """How the trainee answers a kind."""

    #: one option picked among the choices
    PICK = "pick"
    #: every recovery step put in order
    ORDER = "order"
    #: a number typed (no options)
    TYPE = "type"


@dataclass(frozen=True, slots=True, kw_only=True)
class QuestionKind:
    """One kind: its fields, how it is answered, and its words."""

    kind: Kind
    answered: Answered
    #: the item names a ``fact`` (one of the facts a question may ask)
    fact: bool
    #: what it asks, in a few words (docs/authoring.md, the wizard's menu)
    words: str
    #: the question the wizard asks by default (None: the wizard does not write this kind)
    wizard_ask: str | None = None
    #: what the wizard's menu says of it, where the wizard writes it
    wizard_words: str | None = None

    @property
    def choices(self) -> bool:
        """The item lists ``choices`` (one marked correct): the trainee picks one."""
        return self.answered is Answered.PICK

    @property
    def order(self) -> bool:
        """The item gives its key as ``order`` (the recovery steps in order)."""
        return self.answered is Answered.ORDER


#: every kind, in the order docs/authoring.md explains them
QUESTION_KINDS: dict[Kind, QuestionKind] = {
    spec.kind: spec
    for spec in (
        QuestionKind(
            kind=Kind.CHOICE,
            answered=Answered.PICK,
            fact=False,
            words="pick the right answer (a recovery, as steps, or any statement)",
            wizard_ask="What is the correct recovery?",
            wizard_words="choose the right recovery among several",
        ),
        QuestionKind(
            kind=Kind.ORDER,
            answered=Answered.ORDER,
            fact=False,
            words="put the recovery steps in order",
            wizard_ask="Put the recovery steps in order.",
            wizard_words="put the recovery steps in order",
        ),
        QuestionKind(
            kind=Kind.FACT,
            answered=Answered.PICK,
            fact=True,
            words="pick the value of a fact of the table (who acts, how many burns, ...)",
            wizard_ask="Is this a misdeal?",
            wizard_words="say whether it is a misdeal (yes or no)",
        ),
        QuestionKind(
            kind=Kind.NUMBER,
            answered=Answered.TYPE,
            fact=True,
            words="type an amount or a count of the table (a pot, the chips to call, ...)",
        ),
    )
}
#: the kinds' names, as a scenario writes them
KINDS: tuple[str, ...] = tuple(str(kind) for kind in QUESTION_KINDS)


def question_kind(name: str) -> QuestionKind:
    """The kind named ``name`` (KeyError: no such kind)."""
    if name not in KINDS:
        raise KeyError(name)
    return QUESTION_KINDS[Kind(name)]
