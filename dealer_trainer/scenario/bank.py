"""The shipped scenario bank, the scenario files of a folder, and how much a room may upload."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rulesets import is_ruleset_file

#: the largest scenario or house ruleset a trainer may upload to a room, in bytes of UTF-8
#: text (the shipped bank's largest scenario is under 3 KB)
MAX_UPLOAD_BYTES = 32 * 1024
#: the most scenarios one room keeps (upload again with the same id to replace one)
MAX_ROOM_SCENARIOS = 100


def bank_dir() -> Path:
    """The shipped scenario bank: inside the installed package, else the checkout's scenarios/."""
    here = Path(__file__).resolve().parent.parent  # the package, dealer_trainer/
    for candidate in (here / "bank", here.parent / "scenarios"):
        if candidate.is_dir():
            return candidate
    raise ScriptError(f"the scenario bank is missing (looked in {here / 'bank'})")


_QUESTION = re.compile(rb"^question[ \t]*:", re.MULTILINE)


#: how much of a file's start is searched for a top-level ``question:``
_HEAD = 1 << 16


def _house_ruleset(path: Path, head: bytes) -> bool:
    """A house ruleset kept in a bank folder (it has no top-level ``question:`` in its ``head``,
    which every scenario has; only such a file is read in full to ask :func:`is_ruleset_file`)."""
    return not _QUESTION.search(head[:_HEAD]) and is_ruleset_file(path)


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


def _head(path: Path) -> bytes | None:
    try:
        with path.open("rb") as stream:
            return stream.read(_HEAD)
    except OSError:
        return None


def find_scenarios(paths: list[Path]) -> Iterator[Path]:
    """Every scenario file named: files as given, folders searched for *.yaml / *.yml."""
    for path in paths:
        if path.is_dir():
            for found in _yaml_files(path):
                head = _head(found)
                if head is None or not _house_ruleset(found, head):
                    yield found
        else:
            yield path


def scenario_texts(folder: Path) -> Iterator[tuple[Path, str | None]]:
    """The scenario files of a folder, as :func:`find_scenarios` finds them, each with its text
    read once (None: not readable as UTF-8; the full reader says why)."""
    for path in _yaml_files(folder):
        try:
            data = path.read_bytes()
        except OSError:
            yield path, None
            continue
        if _house_ruleset(path, data):
            continue
        try:
            yield path, data.decode("utf-8")
        except UnicodeDecodeError:
            yield path, None
