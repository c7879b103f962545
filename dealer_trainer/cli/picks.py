"""Where a training session's answers come from: a prompter in a terminal, or ``--answers``.

In a terminal each answer is picked from a list (questionary, imported when first asked).
Without one, ``--answers FILE`` (``-``: standard input) gives one line per question: the
number of an option as printed, or for an order question every step's number in order
(``3 1 2``), or for a number question the number itself; see :mod:`dealer_trainer.cli.answers`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from dealer_trainer.errors import UsageError

if TYPE_CHECKING:
    from dealer_trainer.cli.answers import AnswerLines
    from dealer_trainer.cli.prompts import Prompter

__all__ = ["Picks"]

#: ``(value, label)``: what a pick returns, and what the trainee reads
Choices = Sequence[tuple[str, str]]


class Picks:
    """The answers of one session: asked with ``prompter`` (questionary in a terminal when
    none is given), or read from the ``answers`` file when one is named."""

    def __init__(self, answers: str | None, prompter: Prompter | None, no_terminal: str) -> None:
        self.lines: AnswerLines | None = None
        self.prompter: Prompter | None = None
        if answers is not None:
            # start-up: the command imports only what it runs, when it runs
            from dealer_trainer.cli.answers import AnswerLines

            self.lines = AnswerLines(answers)
        elif prompter is not None:
            self.prompter = prompter
        else:
            # start-up: the command imports only what it runs, when it runs
            from dealer_trainer.cli.prompts import QuestionaryPrompter, interactive

            if not interactive():
                raise UsageError(no_terminal)
            self.prompter = QuestionaryPrompter()
        #: the answer line last read (None when asking)
        self.line: str | None = None

    def one(
        self, message: str, choices: Choices, keys: Mapping[str, tuple[str, str]] | None = None
    ) -> str | None:
        """One choice's value; None when the answers have run out. ``keys``: letters that
        pick a choice when asking (see :meth:`Prompter.select`)."""
        numbers = self._numbers(len(choices), order=False)
        if numbers is None:
            assert self.prompter is not None  # asking, not reading
            if keys:
                return self.prompter.select(message, choices, "", keys=keys)
            return self.prompter.select(message, choices, "")
        return None if not numbers else choices[numbers[0] - 1][0]

    def number(self, message: str, unit: str = "chips") -> str | None:
        """A typed number of ``unit``, checked as the quiz reads it; None when the answers
        have run out."""
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.training.quiz import number_problem

        def problem_of(text: str) -> str | None:
            return number_problem(text, unit)

        if self.lines is None:
            assert self.prompter is not None
            return self.prompter.text(message, "", problem_of)
        self.line = self.lines.next()
        problem = None if self.line is None else problem_of(self.line)
        if problem is not None:
            raise UsageError(f"{self.lines.where}: {problem}")
        return self.line

    def order(self, choices: Choices) -> list[str] | None:
        """Every choice's value, in the order picked (asked one step at a time); None when the
        answers have run out."""
        numbers = self._numbers(len(choices), order=True)
        if numbers is not None:
            return [choices[number - 1][0] for number in numbers] if numbers else None
        assert self.prompter is not None
        left, picked = list(choices), list[str]()
        while len(left) > 1:
            value = self.prompter.select(f"Step {len(picked) + 1} of {len(choices)}:", left, "")
            picked.append(value)
            left = [choice for choice in left if choice[0] != value]
        return picked + [value for value, _ in left]  # the last step is the one left

    def _numbers(self, count: int, *, order: bool) -> list[int] | None:
        """The option numbers on the next answer line ([] at the end; None when asking)."""
        if self.lines is None:
            return None
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.cli.answers import AnswersError, option_numbers

        self.line = self.lines.next()
        if self.line is None:
            return []
        where, text = self.lines.where, self.line
        numbers = option_numbers(text, count, where)
        if order and sorted(numbers) != list(range(1, count + 1)):
            raise AnswersError(
                f"{where}: {text!r}: an order answer names every step once (1 to {count})"
            )
        if not order and len(numbers) != 1:
            raise AnswersError(f"{where}: {text!r}: give one option number (1 to {count})")
        return numbers
