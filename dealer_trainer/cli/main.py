"""``dealer-trainer``: the entry point, and the registry of its commands.

Each command is the module of this package of the same name, with ``configure(parser)`` (its
description and arguments) and ``run(args) -> int`` (its exit code). :data:`COMMANDS` names
them with their one-line help, without importing them: ``main`` imports only the module of the
command it runs, so ``dealer-trainer rules search`` never pays for the quiz, the drill or
questionary.

Exit codes: 0 done; 1 refused or not found (see the message); 2 bad input (a script, an
option or an answer); 70 an internal error (a bug: please report it); 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from dealer_trainer.cli import on_ctrl_c
from dealer_trainer.cli.render import columns, wrap
from dealer_trainer.errors import DealerTrainerError

__all__ = ["COMMANDS", "EXIT_BUG", "command", "guard", "main"]

EXIT_BUG = 70


#: every command, by name (that of its module in this package), with its one-line help
COMMANDS: dict[str, str] = {
    "replay": "replay a hand script through the dealing engine",
    "quiz": "take a quiz on dealer errors and their recoveries",
    "review": "review the questions due for you (spaced repetition), missed ones first",
    "drill": "practise dealing: pick the dealer's next move, hand after hand",
    "report": "how trainees are doing: answers, accuracy and weakest topics",
    "rules": "look up the rules: list, show, search, glossary, what-if, diff",
    "scenarios": "validate, list, show and write quiz scenarios",
    "exam": "exams drawn from blueprints: validate, take, list, results",
    "serve": "start the training room in a browser (trainees, trainers, rules)",
    "admin": "manage the training room: rooms, people, invites, password resets",
}
#: commands whose module lives outside this package (by name: the CLI never imports the web)
_ELSEWHERE = {"serve": "dealer_trainer.web.command"}
_EVERY = "*"


def command(name: str) -> Any:
    """The module of the command ``name`` (imported now)."""
    return import_module(_ELSEWHERE.get(name, f"dealer_trainer.cli.{name}"))


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named on the line (the first word that is not an option), if any; None
    when the main parser's help comes first (it lists every command)."""
    for word in argv:
        if word in ("-h", "--help"):
            return None
        if not word.startswith("-"):  # the main parser's own options take no value
            return word if word in COMMANDS else None
    return None


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser (and its subcommands' parsers) with help laid out to the terminal."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        layout = functools.partial(argparse.HelpFormatter, width=columns() - 2)
        super().__init__(*args, **{"formatter_class": layout, **kwargs})


class _Version(argparse.Action):
    """``--version``: the installed version, read only when asked for (reading the package's
    metadata costs more than a rules lookup's whole start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any, **__: Any) -> None:
        import dealer_trainer

        print(f"dealer-trainer {dealer_trainer.__version__}")
        parser.exit()


def _parser(configure: str | None = _EVERY) -> argparse.ArgumentParser:
    """The parser with the command named ``configure`` (every command by default, for tests);
    with None, every command listed by name and help alone, none configured."""
    parser = _Parser(
        prog="dealer-trainer",
        description=(
            "Train poker-room floor staff in the Texas Hold'em dealing procedure and in the "
            "recovery from dealer errors."
        ),
        epilog="Run 'dealer-trainer COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in COMMANDS.items():
        if configure in (_EVERY, name):
            command(name).configure(commands.add_parser(name, help=summary))
        elif configure is None:  # no command named: each is listed (help, a bad name)
            commands.add_parser(name, help=summary)
    return parser


def guard(run: Callable[[], int]) -> int:
    """Run a command: its exit code, or the one its error or Ctrl-C calls for, with a short
    message on standard error (never a traceback, unless DEALER_TRAINER_DEBUG is set)."""
    try:
        return on_ctrl_c()(run)()
    except DealerTrainerError as exc:
        print(*wrap(f"dealer-trainer: {exc}"), sep="\n", file=sys.stderr)
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
    module = command(args.command)
    return guard(lambda: int(module.run(args)))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
