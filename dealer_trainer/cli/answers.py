"""Answers without a terminal: read one per line from a file, or from standard input (``-``).

``quiz``, ``review`` and ``drill`` take ``--answers FILE``: each line answers the next
question with the number of an option as printed (an order question takes several numbers,
``3 1 2``). Blank lines and ``# comments`` are skipped. A line that cannot be used is an
:class:`AnswersError` that names the file and the line: one that is not UTF-8, longer than
:data:`MAX_LINE` characters, or not option numbers (only the digits 0-9 count: ``²`` or ``①``
are refused).

The file must be a regular file of at most :data:`MAX_BYTES` (a FIFO or ``/dev/zero`` is
refused at once, never waited on or read without end).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import excerpt, printable
from dealer_trainer.yamlio import FileRefused, read_bytes

__all__ = ["MAX_BYTES", "MAX_LINE", "AnswerLines", "AnswersError", "option_numbers"]

#: the longest answers file read
MAX_BYTES = 1_000_000
#: the longest answer line, in characters
MAX_LINE = 1_000
#: an option number: ASCII digits only, and not so many that they could not be one
_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)


#: an answers file that cannot be read, or a line of it that cannot be used (exit 2)
AnswersError = UsageError


class AnswerLines:
    """The answer lines of a file, or of standard input when the name is ``-``."""

    def __init__(self, name: str) -> None:
        self._lines: Iterator[bytes | str]
        if name == "-":
            self.name = "<stdin>"
            self._lines = _stream_lines(sys.stdin)
        else:
            self.name = printable(name)
            try:
                data = read_bytes(Path(name), "the answers file", limit=MAX_BYTES)
            except FileRefused as exc:
                hint = "; for standard input, give -" if "regular" in exc.reason else ""
                raise AnswersError(
                    f"cannot read the answers file {self.name}: {exc.reason}{hint}"
                ) from None
            self._lines = iter(data.splitlines())
        #: the number of the line last read
        self.line = 0

    def next(self) -> str | None:
        """The next answer (stripped, comment removed), or None at the end."""
        while True:
            try:
                raw = next(self._lines)
            except StopIteration:
                return None
            except UnicodeDecodeError:  # a text stream that is not UTF-8
                self.line += 1
                raise self._bad("not UTF-8 text") from None
            self.line += 1
            text = self._decode(raw)
            if len(text) > MAX_LINE:
                raise self._bad(f"the line is longer than {MAX_LINE:,} characters")
            answer = text.split("#", 1)[0].strip()
            if answer:
                return answer

    def _decode(self, raw: bytes | str) -> str:
        if isinstance(raw, str):
            return raw
        try:
            return raw.decode("utf-8-sig" if self.line == 1 else "utf-8")
        except UnicodeDecodeError:
            raise self._bad("not UTF-8 text; save the file as UTF-8") from None

    def _bad(self, why: str) -> AnswersError:
        return AnswersError(f"{self.where}: {why}")

    @property
    def where(self) -> str:
        """``FILE line N``: the place of the line last read, for messages."""
        return f"{self.name} line {self.line}"

    def __enter__(self) -> AnswerLines:
        return self

    def __exit__(self, *exc: object) -> None:
        """Nothing to close: a file named is read whole, and standard input is left open."""


def _stream_lines(stream: IO[Any] | None) -> Iterator[bytes | str]:
    """The lines of standard input, each read with a bound (bytes when it has a buffer)."""
    if stream is None:
        return
    source: IO[Any] = getattr(stream, "buffer", None) or stream
    while True:
        line = source.readline(MAX_LINE * 4 + 2)
        if not line:
            return
        yield line.rstrip(b"\r\n") if isinstance(line, bytes) else line.rstrip("\r\n")


def option_numbers(text: str, count: int, where: str) -> list[int]:
    """The option numbers (1 to ``count``) a line names, separated by spaces or commas."""
    parts = text.replace(",", " ").split()
    numbers = [int(part) for part in parts if _NUMBER.fullmatch(part)]
    if not parts or len(numbers) < len(parts) or not all(1 <= n <= count for n in numbers):
        raise AnswersError(f"{where}: {excerpt(text)} is not an option number (1 to {count})")
    return numbers
