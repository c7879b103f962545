"""``dealer-trainer``: the entry point, and the registry of its commands.

Each command is the module of this package of the same name, with ``configure(parser)`` (its
description and arguments) and ``run(args) -> int`` (its exit code). :data:`COMMANDS` lists
them with their one-line help, without importing them: ``main`` imports only the module of the
command it runs, so ``dealer-trainer rules search`` never pays for the quiz, the drill or
questionary.

Exit codes: 0 done; 1 refused or not found (see the message); 2 bad input (a script, an
option or an answer); 70 an internal error (a bug: please report it); 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from dealer_trainer import __version__
from dealer_trainer.cli import on_ctrl_c
from dealer_trainer.errors import DealerTrainerError

__all__ = ["COMMANDS", "EXIT_BUG", "Command", "guard", "main"]

EXIT_BUG = 70


@dataclass(frozen=True, slots=True)
class Command:
    """A command: its name (that of its module in this package) and its one-line help."""

    name: str
    help: str

    def load(self) -> Any:
        """The command's module (imported now)."""
        return import_module(f"dealer_trainer.cli.{self.name}")


COMMANDS: tuple[Command, ...] = (
    Command("replay", "replay a hand script through the dealing engine"),
    Command("quiz", "take a quiz on dealer errors and their recoveries"),
    Command("review", "review the questions due for you (spaced repetition), missed ones first"),
    Command("drill", "practise dealing: pick the dealer's next move, hand after hand"),
    Command("report", "how trainees are doing: answers, accuracy and weakest topics"),
    Command("rules", "look up the rules: list, show, search, glossary, what-if, diff"),
    Command("scenarios", "validate, list, show and write quiz scenarios"),
)
_BY_NAME = {command.name: command for command in COMMANDS}
_EVERY = "*"


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named on the line (the first word that is not an option), if any."""
    for word in argv:
        if not word.startswith("-"):  # the main parser's own options take no value
            return word if word in _BY_NAME else None
    return None


def _parser(configure: str | None = _EVERY) -> argparse.ArgumentParser:
    """The parser; only the command named ``configure`` gets its arguments (every command by
    default, for help and tests), the others are listed by name and help alone."""
    parser = argparse.ArgumentParser(
        prog="dealer-trainer",
        description=(
            "Train poker-room floor staff in the Texas Hold'em dealing procedure and in the "
            "recovery from dealer errors."
        ),
        epilog="Run 'dealer-trainer COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"dealer-trainer {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help)
        if configure in (_EVERY, command.name):
            command.load().configure(sub)
    return parser


def guard(run: Callable[[], int]) -> int:
    """Run a command: its exit code, or the one its error or Ctrl-C calls for, with a short
    message on standard error (never a traceback, unless DEALER_TRAINER_DEBUG is set)."""
    try:
        return on_ctrl_c()(run)()
    except DealerTrainerError as exc:
        print(f"dealer-trainer: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so plainly, with what to report, not a traceback
        print(
            f"dealer-trainer: internal error ({type(exc).__name__}: {exc}); this is a bug, "
            "please report it with the command you ran",
            file=sys.stderr,
        )
        if os.environ.get("DEALER_TRAINER_DEBUG"):
            raise
        return EXIT_BUG


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    parser = _parser(_chosen(words))
    args = parser.parse_args(words)
    if args.command is None:
        parser.print_help()
        return 0
    module = _BY_NAME[args.command].load()
    return guard(lambda: int(module.run(args)))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
