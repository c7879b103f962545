"""docs/extending.md names only files and code that exist: it goes stale loudly.

Every inline code span of the page (fenced blocks are worked examples of code still to be
written, and are left out) is checked when it is

- a path under the project (``dealer_trainer/...``, ``docs/...``, ``tests/...``): the file or
  folder exists;
- a dotted name (``rulings.SITUATIONS``, ``training.quiz.grade``, ``Ruleset.family``): it
  resolves. Its head is the tail of a module's dotted name under ``dealer_trainer`` (the
  package's own name included), or a class or function defined in one of its modules; the
  rest are attributes.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

import dealer_trainer

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "extending.md"

#: the folders of the project a path in the page may start with
_PATH_ROOTS = ("dealer_trainer/", "docs/", "tests/", "scenarios/", "benchmarks/")
#: a dotted name: identifiers joined by dots (a trailing call's parentheses allowed)
_DOTTED = re.compile(r"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(\))?$")
#: file suffixes: a span like ``rules.yaml`` is a file's name, not a dotted name
_FILE_SUFFIXES = frozenset({"py", "md", "yaml", "yml", "json", "toml", "txt", "cfg", "sqlite"})


def _spans(text: str) -> list[str]:
    """The inline code spans of a Markdown text, fenced blocks left out."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.findall(r"`([^`\n]+)`", prose)


def _paths(spans: list[str]) -> list[str]:
    return [span for span in spans if span.startswith(_PATH_ROOTS) and " " not in span]


def _dotted(spans: list[str]) -> list[str]:
    names = []
    for span in spans:
        found = _DOTTED.match(span)
        if found and found.group(1).rsplit(".", 1)[1] not in _FILE_SUFFIXES:
            names.append(found.group(1))
    return names


@cache
def _modules() -> dict[str, ModuleType]:
    """Every module of the package, imported, by its dotted name (``__main__`` left out)."""
    found = {dealer_trainer.__name__: dealer_trainer}
    for info in pkgutil.walk_packages(dealer_trainer.__path__, f"{dealer_trainer.__name__}."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            found[info.name] = importlib.import_module(info.name)
    return found


def _attribute(start: object, names: list[str]) -> bool:
    value = start
    for name in names:
        if not hasattr(value, name):
            return False
        value = getattr(value, name)
    return True


def resolves(dotted: str) -> bool:
    """Whether a dotted name of the page names something in the package."""
    parts = dotted.split(".")
    modules = _modules()
    for cut in range(len(parts), 0, -1):  # the longest module head first
        head = ".".join(parts[:cut])
        for name, module in modules.items():
            if (name == head or name.endswith(f".{head}")) and _attribute(module, parts[cut:]):
                return True
    for name, module in modules.items():  # a class or function of the package first
        defined = vars(module).get(parts[0])
        if getattr(defined, "__module__", None) == name and _attribute(defined, parts[1:]):
            return True
    return False


def test_the_page_names_files_and_code() -> None:
    spans = _spans(DOC.read_text(encoding="utf-8"))
    assert len(_paths(spans)) >= 10
    assert len(_dotted(spans)) >= 30


@pytest.mark.parametrize("path", sorted(set(_paths(_spans(DOC.read_text(encoding="utf-8"))))))
def test_every_path_the_page_names_exists(path: str) -> None:
    assert (ROOT / path).exists(), f"docs/extending.md names {path}, which does not exist"


@pytest.mark.parametrize("dotted", sorted(set(_dotted(_spans(DOC.read_text(encoding="utf-8"))))))
def test_every_dotted_name_the_page_names_resolves_in_the_package(dotted: str) -> None:
    assert resolves(dotted), f"docs/extending.md names `{dotted}`, which the package lacks"


def test_a_name_that_was_moved_or_renamed_does_not_resolve() -> None:
    assert resolves("rulings.SITUATIONS")
    assert resolves("dealer_trainer.training.quiz.grade")
    assert resolves("Ruleset.family")
    assert not resolves("rulings.NO_SUCH_TABLE")
    assert not resolves("dealer_trainer.quiz.grade")  # the quiz moved to training/
    assert not resolves("handscript.Event.no_such_field")


def test_fenced_examples_and_file_names_are_not_taken_for_code() -> None:
    text = "`rules.yaml` and `machine.TRANSITIONS`\n```python\n`rulings.NOT_YET`\n```\n"
    spans = _spans(text)
    assert spans == ["rules.yaml", "machine.TRANSITIONS"]
    assert _dotted(spans) == ["machine.TRANSITIONS"]
