"""The errors dealer-trainer raises, each with a clear message and an exit code.

::

    DealerTrainerError          exit 1   anything the tool refuses, with a message
    ├── UsageError              exit 2   a command, an option or an answer that cannot be used
    ├── NotFound                exit 1   a name (a scenario, a trainee ...) nothing answers to
    ├── ScriptError             exit 2   a hand script (or its file) that cannot be read
    ├── StoreError              exit 2   the progress store cannot be opened, read or written
    ├── Rejected                exit 1   an event that the table or the procedure refuses
    │   └── IllegalAction                a player's action that the betting rules refuse
    └── InvariantError          exit 70  the table lost track of a card or a chip (a bug)

Exit code 130 (:data:`EXIT_INTERRUPTED`) is Ctrl-C: not an error class, the command line
turns it into that code in one place.

A rejected event is not a failure of a replay: the replay records it and goes on. It is an
exception inside the engine so that the one place that judges events can catch it.
"""

from __future__ import annotations

__all__ = [
    "EXIT_INTERRUPTED",
    "DealerTrainerError",
    "IllegalAction",
    "InvariantError",
    "NotFound",
    "Rejected",
    "ScriptError",
    "StoreError",
    "UsageError",
]

#: the exit code of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it)
EXIT_INTERRUPTED = 130


class DealerTrainerError(Exception):
    """Base of every error the tool reports to a user."""

    exit_code = 1

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UsageError(DealerTrainerError):
    """A command that cannot run as asked: a bad option value, no terminal to ask in, an
    answer that names no option, a quiz that matches no scenario."""

    exit_code = 2


class NotFound(DealerTrainerError):
    """A name nothing answers to (a scenario id, a trainee, ...): ``message`` says which,
    ``suggestions`` are the closest names that do exist, best first (possibly none), and
    ``after`` is said last (where to look, what there is instead).
    """

    def __init__(self, message: str, *, suggestions: tuple[str, ...] = (), after: str = "") -> None:
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"{message}{hint}{after}")
        self.suggestions = suggestions


class ScriptError(DealerTrainerError):
    """A hand script that cannot be read: bad YAML, unknown event, wrong type, ...

    ``where`` is ``file:line:col`` (or ``line:col``) when the place in the file is known.
    """

    exit_code = 2

    def __init__(self, message: str, *, where: str | None = None) -> None:
        super().__init__(message)
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class StoreError(DealerTrainerError):
    """The progress store cannot be opened, migrated, read or written (a bad path or URL, a
    database newer than this version of the tool, a server that does not answer, ...)."""

    exit_code = 2


class Rejected(DealerTrainerError):
    """An event the table or the procedure refuses; ``rule`` cites the rule it breaks."""

    def __init__(self, reason: str, *, rule: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


class IllegalAction(Rejected):
    """A player's action the betting rules refuse (out of turn, below the minimum, ...)."""


class InvariantError(DealerTrainerError):
    """The engine broke one of its own invariants (a card or a chip unaccounted for)."""

    exit_code = 70
