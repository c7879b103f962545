"""Reading an exam blueprint: from a file, from YAML text, or from a parsed mapping; checked
field by field, every error with its ``file:line:col``, as a scenario is read. The reader goes
on after an error (each field, each section), so one run reports them all.

Whether the bank can fill the sections is :mod:`~dealer_trainer.training.exam.fill`'s check.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import _Reader as ScriptReader
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.safetext import excerpt
from dealer_trainer.scenario.model import in_file_order
from dealer_trainer.script_events import _kind, _suggest
from dealer_trainer.training.exam.blueprint import (
    DIFFICULTIES,
    FIELDS,
    MAX_ATTEMPTS,
    MAX_ITEMS,
    MAX_SECTIONS,
    SECTION_FIELDS,
    Blueprint,
    BlueprintErrors,
    Section,
)
from dealer_trainer.training.exam.periods import parse_time_limit, parse_valid_for
from dealer_trainer.yamlio import Locator, load, load_file

__all__ = [
    "load_blueprint",
    "load_blueprint_text",
    "parse_blueprint",
    "shipped_blueprints",
]

#: an id: lower-case words joined by hyphens (a scenario's rule)
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
#: a pass mark: a whole percentage
_PERCENT = re.compile(r"(\d{1,6})\s*%")
_SLUGS = tuple(topic.slug for topic in TOPICS)
_T = TypeVar("_T")


class _Reader:
    """Checks a parsed blueprint; every error names its place."""

    def __init__(
        self,
        locator: Locator | None,
        folder: Path | None = None,
        rulesets: Mapping[str, str] | None = None,
    ) -> None:
        self.locator = locator
        self.folder = folder
        self.rulesets = rulesets
        self.errors: list[ScriptError] = []

    def where(self, container: object, key: Any = None, *, of_key: bool = False) -> str | None:
        return self.locator.where(container, key, of_key=of_key) if self.locator else None

    def fail(
        self, message: str, container: object, key: Any = None, *, of_key: bool = False
    ) -> ScriptError:
        return ScriptError(message, where=self.where(container, key, of_key=of_key))

    def attempt(self, check: Callable[..., _T], *args: Any) -> _T | None:
        """Run one check; an error is kept and None returned, so the next goes on."""
        try:
            return check(*args)
        except BlueprintErrors as exc:
            self.errors.extend(exc.errors)
        except ScriptError as exc:
            self.errors.append(exc)
        return None

    def unknown_keys(self, data: dict[Any, Any], allowed: tuple[str, ...], what: str) -> set[str]:
        """Keep an error for every key not ``allowed``; return the allowed names they are
        close to (a field given under a misspelt name is not said to be missing too)."""
        near: set[str] = set()
        for key in data:
            if key not in allowed:
                message = f"unknown {what} {excerpt(key)}{_suggest(key, allowed)}"
                self.errors.append(self.fail(message, data, key, of_key=True))
                if isinstance(key, str):
                    near.update(difflib.get_close_matches(key[:100], allowed, n=1))
        return near

    # --- the blueprint ------------------------------------------------------------------------

    def blueprint(self, data: Any, source: str | None) -> Blueprint:
        if not isinstance(data, dict):
            raise ScriptError(
                f"a blueprint is a mapping with {', '.join(FIELDS)}; this is {_kind(data)}",
                where=self.where(data),
            )
        misspelt = self.unknown_keys(data, FIELDS, "field")
        for name in FIELDS:  # each missing field is an error; the others are still checked
            if data.get(name) is None and name not in misspelt:
                self.errors.append(self.fail(f"the blueprint has no {name!r}", data))
        given = {name for name in FIELDS if data.get(name) is not None}
        read: dict[str, Any] = {}
        checks: dict[str, Callable[[dict[Any, Any]], Any]] = {
            "id": self.ident,
            "title": self.title,
            "ruleset": self.ruleset,
            "time_limit": self.time_limit,
            "pass_mark": self.pass_mark,
            "attempts": self.count_of_attempts,
            "valid_for": self.valid_for,
        }
        for name, check in checks.items():
            if name in given:
                read[name] = self.attempt(check, data)
        sections: tuple[Section, ...] | None = None  # those read without error
        if "sections" in given:
            try:
                sections = read["sections"] = self.sections(data)
            except BlueprintErrors as exc:
                self.errors.extend(exc.errors)
                sections = exc.sections
            except ScriptError as exc:
                self.errors.append(exc)
        if self.errors:
            raise BlueprintErrors(
                in_file_order(self.errors), ruleset=read.get("ruleset"), sections=sections
            )
        places = {str(name): self.where(data, name) for name in data}
        places[""] = self.where(data)
        return Blueprint(**read, source=source, places=places)

    def ident(self, data: dict[Any, Any]) -> str:
        ident = self.title(data, "id")
        if not _ID.match(ident) or len(ident) > 80:
            raise self.fail(
                "'id' must be lower-case words joined by hyphens, at most 80 characters (like "
                f"'dealer-cert-2026'), not {excerpt(ident)}",
                data,
                "id",
            )
        return ident

    def title(self, data: dict[Any, Any], key: str = "title") -> str:
        value = data[key]
        if isinstance(value, bool):
            raise self.fail(
                f"'{key}' must be text, not true/false: YAML reads an unquoted yes, no, on or off "
                "as true/false; put it in quotes",
                data,
                key,
            )
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"'{key}' must be text, not {_kind(value)}", data, key)
        return value.strip()

    def ruleset(self, data: dict[Any, Any]) -> Ruleset:
        # a built-in name, or a house ruleset file beside the blueprint: resolved, and refused,
        # as a scenario's is
        return ScriptReader(self.locator, self.folder, self.rulesets).ruleset(data)

    def time_limit(self, data: dict[Any, Any]) -> Any:
        try:
            return parse_time_limit(data["time_limit"])
        except ValueError as exc:
            raise self.fail(str(exc), data, "time_limit") from None

    def valid_for(self, data: dict[Any, Any]) -> Any:
        try:
            return parse_valid_for(data["valid_for"])
        except ValueError as exc:
            raise self.fail(str(exc), data, "valid_for") from None

    def pass_mark(self, data: dict[Any, Any]) -> int:
        value = data["pass_mark"]
        found = _PERCENT.fullmatch(value.strip()) if isinstance(value, str) else None
        if found is None:
            hint = f": write {value}%" if type(value) is int else ""
            raise self.fail(
                f"'pass_mark' must be a whole percentage like 90%, not {excerpt(value)}{hint}",
                data,
                "pass_mark",
            )
        percent = int(found.group(1))
        if not 1 <= percent <= 100:
            raise self.fail(
                f"'pass_mark' must be from 1% to 100%, not {excerpt(value)}", data, "pass_mark"
            )
        return percent

    def count_of_attempts(self, data: dict[Any, Any]) -> int:
        return self.whole(data, "attempts", "'attempts'", 1, MAX_ATTEMPTS)

    def whole(self, data: Any, key: Any, what: str, low: int, high: int) -> int:
        value = data[key]
        if type(value) is not int:
            raise self.fail(f"{what} must be a whole number, not {_kind(value)}", data, key)
        if not low <= value <= high:
            raise self.fail(f"{what} must be from {low} to {high}, not {value}", data, key)
        return value

    # --- the sections -------------------------------------------------------------------------

    def sections(self, data: dict[Any, Any]) -> tuple[Section, ...]:
        value = data["sections"]
        if not isinstance(value, list) or not value:
            raise self.fail(
                f"'sections' must be a list of sections, each with topics and a count, not "
                f"{_kind(value) if value != [] else 'an empty list'}",
                data,
                "sections",
            )
        if len(value) > MAX_SECTIONS:
            raise self.fail(
                f"an exam has at most {MAX_SECTIONS} sections, not {len(value)}", data, "sections"
            )
        before = len(self.errors)
        read = [self.attempt(self.section, value, i) for i in range(len(value))]
        sections = tuple(section for section in read if section is not None)
        if len(self.errors) > before:  # the sections without error come with the errors
            bad = self.errors[before:]
            del self.errors[before:]
            raise BlueprintErrors(bad, sections=sections or None)
        total = sum(section.count for section in sections)
        if total > MAX_ITEMS:
            raise self.fail(
                f"the sections ask for {total} items; an exam asks at most {MAX_ITEMS}",
                data,
                "sections",
            )
        return sections

    def section(self, sections: list[Any], index: int) -> Section:
        spec = sections[index]
        if not isinstance(spec, dict):
            raise self.fail(
                f"a section is a mapping with topics and count, not {_kind(spec)}",
                sections,
                index,
            )
        before = len(self.errors)
        misspelt = self.unknown_keys(spec, SECTION_FIELDS, "section field")
        for name in ("topics", "count"):
            if spec.get(name) is None and name not in misspelt:
                self.errors.append(self.fail(f"the section has no {name!r}", sections, index))
        topics = self.attempt(self.topics, spec) if spec.get("topics") is not None else None
        count = None
        if spec.get("count") is not None:
            count = self.attempt(self.whole, spec, "count", "a section's 'count'", 1, MAX_ITEMS)
        difficulty: tuple[int, ...] | None = DIFFICULTIES
        if spec.get("difficulty") is not None:
            difficulty = self.attempt(self.difficulty, spec)
        if len(self.errors) > before:
            bad = self.errors[before:]
            del self.errors[before:]
            raise BlueprintErrors(bad)
        assert topics is not None and count is not None and difficulty is not None
        return Section(
            topics=topics, count=count, difficulty=difficulty, where=self.where(sections, index)
        )

    def topics(self, spec: dict[Any, Any]) -> tuple[str, ...]:
        value = spec["topics"]
        if not isinstance(value, list) or not value:
            shown = "an empty list" if value == [] else _kind(value)
            raise self.fail(
                f"'topics' must be a list of topics (like [misdeal, extra-card]), not {shown}",
                spec,
                "topics",
            )
        found: list[str] = []
        for i, slug in enumerate(value):
            if not isinstance(slug, str) or slug not in _SLUGS:
                self.errors.append(
                    self.fail(f"unknown topic {excerpt(slug)}{_suggest(slug, _SLUGS)}", value, i)
                )
            elif slug in found:
                self.errors.append(self.fail(f"the topic {slug!r} is named twice", value, i))
            else:
                found.append(slug)
        return tuple(found)

    def difficulty(self, spec: dict[Any, Any]) -> tuple[int, ...]:
        value = spec["difficulty"]
        if not isinstance(value, list) or not value:
            hint = f": write [{value}]" if type(value) is int else ""
            raise self.fail(
                "'difficulty' must be a list of levels, 1 (easy) to 3 (hard), like [2, 3], not "
                f"{'an empty list' if value == [] else _kind(value)}{hint}",
                spec,
                "difficulty",
            )
        levels: list[int] = []
        for i, level in enumerate(value):
            if type(level) is not int or level not in DIFFICULTIES:
                raise self.fail(
                    f"a difficulty is 1 (easy), 2 or 3 (hard), not {excerpt(level)}", value, i
                )
            if level in levels:
                raise self.fail(f"the difficulty {level} is named twice", value, i)
            levels.append(level)
        return tuple(sorted(levels))


def parse_blueprint(
    data: Any,
    locator: Locator | None = None,
    *,
    source: str | None = None,
    folder: Path | None = None,
    rulesets: Mapping[str, str] | None = None,
) -> Blueprint:
    """Check an already-parsed blueprint mapping; return the typed blueprint (a
    :class:`BlueprintErrors` holds every error found). A house ruleset file it names is looked
    for in ``folder``, or, when ``rulesets`` is given (file name -> YAML text), among those
    alone (no file is read)."""
    return _Reader(locator, folder, rulesets).blueprint(data, source)


def load_blueprint(path: Path) -> Blueprint:
    """Read and check one blueprint file (not yet against a bank: see
    :func:`~dealer_trainer.training.exam.fill.fill_errors`)."""
    data, locator = load_file(path, "blueprint file")
    return parse_blueprint(data, locator, source=locator.source, folder=path.parent)


def load_blueprint_text(
    text: str, source: str, *, rulesets: Mapping[str, str] | None = None
) -> Blueprint:
    """Read and check a blueprint from YAML text without reading any file (an upload):
    ``source`` names it in messages, and a house ruleset file it names must be one of
    ``rulesets`` (file name -> the ruleset's YAML text)."""
    data, locator = load(text, source)
    return parse_blueprint(data, locator, source=source, rulesets=dict(rulesets or {}))


def shipped_blueprints() -> list[Path]:
    """The blueprint files shipped in the package (``dealer_trainer/data/exams``), by name."""
    folder = Path(__file__).resolve().parents[2] / "data" / "exams"
    return sorted(folder.glob("*.yaml"))
