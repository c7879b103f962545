"""Answers without a terminal: read one per line from a file, or from standard input (``-``).

``quiz``, ``review`` and ``drill`` take ``--answers FILE``: each line answers the next
question with the number of an option as printed (an order question takes several numbers,
``3 1 2``). Blank lines and ``# comments`` are skipped. A line that cannot be used is an
:class:`AnswersError` that names the file and the line.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import IO

from dealer_trainer.errors import DealerTrainerError

__all__ = ["AnswerLines", "AnswersError", "option_numbers"]


class AnswersError(DealerTrainerError):
    """An answers file that cannot be read, or a line of it that cannot be used (exit 2)."""

    exit_code = 2


class AnswerLines:
    """The answer lines of a file, or of standard input when the name is ``-``."""

    def __init__(self, name: str) -> None:
        self._own: IO[str] | None = None
        if name == "-":
            self.name, stream = "<stdin>", sys.stdin
        else:
            try:
                stream = self._own = open(name, encoding="utf-8")  # noqa: SIM115 (read lazily)
            except OSError as exc:
                raise AnswersError(f"cannot read the answers file {name}: {exc.strerror}") from None
            self.name = name
        self._stream = stream
        #: the number of the line last read
        self.line = 0

    def next(self) -> str | None:
        """The next answer (stripped, comment removed), or None at the end."""
        for text in self._stream:
            self.line += 1
            answer = text.split("#", 1)[0].strip()
            if answer:
                return answer
        return None

    @property
    def where(self) -> str:
        """``FILE line N``: the place of the line last read, for messages."""
        return f"{self.name} line {self.line}"

    def close(self) -> None:
        if self._own is not None:
            self._own.close()

    def __enter__(self) -> AnswerLines:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def option_numbers(text: str, count: int, where: str) -> list[int]:
    """The option numbers (1 to ``count``) a line names, separated by spaces or commas."""
    parts = text.replace(",", " ").split()
    if not parts or not all(part.isdigit() for part in parts):
        raise AnswersError(f"{where}: {text!r} is not an option number (1 to {count})")
    numbers = [int(part) for part in parts]
    for number in numbers:
        if not 1 <= number <= count:
            raise AnswersError(f"{where}: {text!r} is not an option number (1 to {count})")
    return numbers
