"""Who is training, and where their answers are kept: the options every training command shares.

The trainee's name is remembered between runs in a small settings file in the user's
configuration folder (platformdirs), so a trainee types it once. ``--db`` (or
``DEALER_TRAINER_DB``) picks the progress store; see :mod:`dealer_trainer.store`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import UsageError

if TYPE_CHECKING:
    from dealer_trainer.cli.picks import Picks
    from dealer_trainer.cli.prompts import Prompter
    from dealer_trainer.store import Store

__all__ = [
    "add_trainee_options",
    "remember_trainee",
    "remembered_trainee",
    "settings_path",
    "setup",
    "store_for",
    "trainee_for",
]

NAME_LIMIT = 80


def add_trainee_options(parser: argparse.ArgumentParser, *, subcommand: bool = False) -> None:
    """``--trainee NAME`` and ``--db TARGET`` (``subcommand``: on a subcommand whose parent
    command has them too, so that either place may give them: ``drill --trainee ann money``)."""
    # a subcommand's default would overwrite what the parent command was given
    default = argparse.SUPPRESS if subcommand else None
    parser.add_argument(
        "--trainee",
        default=default,
        metavar="NAME",
        help="who is training (remembered for next time; asked for when not given)",
    )
    parser.add_argument(
        "--db",
        default=default,
        metavar="TARGET",
        help=(
            "where progress is kept: an SQLite file, or a postgresql:// URL (or key=value "
            "string) shared by several "
            "training rooms (default: $DEALER_TRAINER_DB, else a file in your data folder)"
        ),
    )


def settings_path() -> Path:
    """The settings file (the remembered trainee name)."""
    # start-up: the command imports only what it runs, when it runs
    from platformdirs import user_config_path

    return user_config_path("dealer-trainer") / "settings.json"


def _settings() -> dict[str, Any]:
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def remembered_trainee() -> str | None:
    """The name given last time, if any."""
    name = _settings().get("trainee")
    if not isinstance(name, str) or _check_name(name) is not None:
        return None  # a settings file edited by hand into something unusable is ignored
    return name.strip()


def remember_trainee(name: str) -> None:
    """Keep ``name`` for next time (written atomically; a failure to write is not fatal)."""
    # start-up: the command imports only what it runs, when it runs
    from contextlib import suppress

    from dealer_trainer.cli.files import NotARegularFile, write_atomically

    data = {**_settings(), "trainee": name}
    with suppress(OSError, NotARegularFile):  # the name is asked again next time
        write_atomically(settings_path(), json.dumps(data, indent=2))


def _check_name(answer: str) -> str | None:
    name = answer.strip()
    if not name:
        return "type your name (it is how your results are kept)"
    if len(name) > NAME_LIMIT:
        return f"at most {NAME_LIMIT} characters"
    if not name.isprintable():
        return "no control characters"
    return None


def trainee_for(args: argparse.Namespace, prompter: Prompter | None) -> str:
    """``--trainee``, else asked (the remembered name offered), else the remembered name."""
    given: str | None = getattr(args, "trainee", None)
    remembered = remembered_trainee()
    if given is not None:
        name = given.strip()
        problem = _check_name(name)
        if problem is not None:
            raise UsageError(f"--trainee: {problem}")
    elif prompter is not None:
        name = prompter.text("Your name:", remembered or "", _check_name).strip()
    elif remembered is not None:
        name = remembered
    else:
        raise UsageError("who is training? give --trainee NAME")
    if name != remembered:
        remember_trainee(name)
    return name


def setup(
    args: argparse.Namespace, prompter: Prompter | None, no_terminal: str
) -> tuple[Picks, str]:
    """Where the answers come from (``--answers`` lines, else a prompter), and who is training;
    ``no_terminal`` is the message when there is neither answers nor a terminal to ask in."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.cli.picks import Picks

    picks = Picks(args.answers, prompter, no_terminal)
    return picks, trainee_for(args, picks.prompter)


def store_for(args: argparse.Namespace) -> Store:
    """The progress store ``--db`` names (else ``$DEALER_TRAINER_DB``, else the default file)."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.training.progress import open_store

    store = open_store(getattr(args, "db", None))
    try:
        store.check_writable()  # a read-only store is found before the first question
    except BaseException:
        store.close()
        raise
    return store
