"""``dealer-trainer``: the entry point. Each command is a function returning an exit code.

Exit codes: 0 done; 1 refused (see the message); 2 bad input (a script or an argument);
70 an internal error (a bug: please report it); 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from dealer_trainer import __version__
from dealer_trainer.cli import drill as drill_cli
from dealer_trainer.cli import quiz as quiz_cli
from dealer_trainer.cli import report as report_cli
from dealer_trainer.cli import rules as rules_cli
from dealer_trainer.cli import scenarios as scenarios_cli
from dealer_trainer.errors import DealerTrainerError

EXIT_INTERRUPTED = 130
EXIT_BUG = 70


def _parser() -> argparse.ArgumentParser:
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

    replay = commands.add_parser(
        "replay",
        help="replay a hand script through the dealing engine",
        description=(
            "Replay a hand script (YAML, see docs/engine.md) through the dealing procedure: "
            "every event is accepted or rejected with its reason, then the table is shown."
        ),
    )
    replay.add_argument("script", help="the hand script file (YAML); '-' reads standard input")
    replay.add_argument("--json", action="store_true", help="print one JSON object (contract 1)")
    replay.add_argument(
        "--auto-recover",
        action="store_true",
        help="let the engine perform the recovery steps that fall due after a dealer error",
    )

    quiz_cli.add_parser(commands)
    drill_cli.add_parser(commands)
    report_cli.add_parser(commands)
    rules_cli.add_parser(commands)
    scenarios_cli.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            from dealer_trainer.cli.replay import run_replay

            return run_replay(args.script, as_json=args.json, auto_recover=args.auto_recover)
        if args.command in ("quiz", "review"):
            return quiz_cli.run(args)
        if args.command == "drill":
            return drill_cli.run(args)
        if args.command == "report":
            return report_cli.run(args)
        if args.command == "rules":
            return rules_cli.run(args)
        if args.command == "scenarios":
            return scenarios_cli.run(args)
        parser.print_help()
        return 0
    except DealerTrainerError as exc:
        print(f"dealer-trainer: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("\ndealer-trainer: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
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


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
