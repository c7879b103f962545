"""The shipped scenario bank, and the scenario files of a folder."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rulesets import is_ruleset_file


def bank_dir() -> Path:
    """The shipped scenario bank: inside the installed package, else the checkout's scenarios/."""
    here = Path(__file__).resolve().parent.parent  # the package, dealer_trainer/
    for candidate in (here / "bank", here.parent / "scenarios"):
        if candidate.is_dir():
            return candidate
    raise ScriptError(f"the scenario bank is missing (looked in {here / 'bank'})")


_QUESTION = re.compile(rb"^question[ \t]*:", re.MULTILINE)


def _house_ruleset(path: Path) -> bool:
    """A house ruleset kept in a bank folder (it has no top-level ``question:``, which every
    scenario has; only such a file is read in full to ask :func:`is_ruleset_file`)."""
    try:
        with path.open("rb") as stream:
            head = stream.read(1 << 16)
    except OSError:
        return False
    return not _QUESTION.search(head) and is_ruleset_file(path)


def find_scenarios(paths: list[Path]) -> Iterator[Path]:
    """Every scenario file named: files as given, folders searched for *.yaml / *.yml."""
    for path in paths:
        if path.is_dir():
            yield from sorted(
                p
                for p in path.rglob("*")
                if p.suffix in (".yaml", ".yml") and p.is_file() and not _house_ruleset(p)
            )
        else:
            yield path
