"""Reading a scenario: from a file, from YAML text, or from a parsed mapping; checked field by
field, every error with its ``file:line:col`` (no engine replay: see
:mod:`dealer_trainer.scenario.proof`)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import HandScript, parse_script
from dealer_trainer.procedure.rulings import situations_of
from dealer_trainer.rules import corpus
from dealer_trainer.rules.topics import TOPICS, Topic, topic
from dealer_trainer.safetext import excerpt
from dealer_trainer.scenario.model import (
    DIFFICULTIES,
    FIELDS,
    REQUIRED,
    Scenario,
    ScenarioErrors,
    in_file_order,
)
from dealer_trainer.scenario.questions import QuestionReader
from dealer_trainer.script_events import _kind, _suggest
from dealer_trainer.yamlio import Locator, load, load_file

#: an id (or a family): lower-case words joined by hyphens, and nothing else: no space, no
#: invisible or control character around it (matched whole, with ``fullmatch``)
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class Reader(QuestionReader):
    """Checks a parsed scenario; every error names its place (the hand-script reader's
    checks and places, and the scenario's own fields). It goes on after an error, section by
    section (each field, each choice, each setup event), so one run reports them all.
    """

    def scenario(self, data: Any, source: str | None) -> Scenario:
        if not isinstance(data, dict):
            raise ScriptError(
                f"a scenario is a mapping with {', '.join(REQUIRED)}; this is {_kind(data)}",
                where=self.where(data),
            )
        self.keys(data, FIELDS, "field")
        misspelt = {  # a field given under a misspelt name is said once (unknown field ...)
            close
            for key in data
            if key not in FIELDS and isinstance(key, str)
            for close in difflib.get_close_matches(key, sorted(FIELDS), n=1)
        }
        for name in REQUIRED:  # each missing field is an error; the others are still checked
            if (name not in data or data[name] is None) and name not in misspelt:
                self.errors.append(self.fail(f"the scenario has no {name!r}", data))
        present = {name for name in REQUIRED if data.get(name) is not None}
        ident = self.attempt(self.ident, data) if "id" in present else None
        title = self.attempt(self.text, data, "title", "'title'") if "title" in present else None
        subject = self.attempt(self.topic, data) if "topic" in present else None
        difficulty = self.attempt(self.difficulty, data) if "difficulty" in present else None
        situation = self.attempt(self.situation, data, subject) if subject is not None else None
        rule = self.attempt(self.rule, data)
        family = self.attempt(self.family, data)
        script = None
        if {"table", "setup"} <= present:
            script = self.attempt(self.script, data)
        question = None
        if "question" in present:
            spec = self.attempt(self.mapping, data["question"], "'question'", data, "question")
            question = None if spec is None else self.attempt(self.question, spec)
        if self.errors:
            raise ScenarioErrors(in_file_order(self.errors))
        assert ident is not None and title is not None and subject is not None
        assert difficulty is not None and script is not None and question is not None
        places = {name: self.where(data, name) for name in data}
        places[""] = self.where(data)
        return Scenario(
            id=ident,
            title=title,
            topic=subject,
            difficulty=difficulty,
            ruleset=script.table.ruleset,
            script=script,
            question=question,
            rule=rule,
            situation=situation,
            family=family,
            source=source,
            places=places,
        )

    def ident(self, data: dict[Any, Any]) -> str:
        return self.slug(data, "id", "'premature-turn-1'")

    def slug(self, data: dict[Any, Any], key: str, like: str) -> str:
        """An id or a family, exactly as written: a space, an invisible or a control
        character anywhere (a no-break space, a tab, a zero-width space) refuses it, for an
        id that differs from the one typed would never be found again."""
        self.text(data, key, f"{key!r}")  # text, not a number or true/false
        value = str(data[key])
        if not ID.fullmatch(value):
            hidden = [c for c in value if not c.isprintable() or c.isspace()]
            why = (
                f" (it holds {excerpt(''.join(dict.fromkeys(hidden)))}: a space, an invisible "
                "or a control character)"
                if hidden
                else ""
            )
            raise self.fail(
                f"{key!r} must be lower-case words joined by hyphens (like {like}), "
                f"not {excerpt(value)}{why}",
                data,
                key,
            )
        return value

    def topic(self, data: dict[Any, Any]) -> Topic:
        slug = data["topic"]
        slugs = tuple(item.slug for item in TOPICS)
        if not isinstance(slug, str) or slug not in slugs:
            raise self.fail(f"unknown topic {excerpt(slug)}{_suggest(slug, slugs)}", data, "topic")
        return topic(slug)

    def difficulty(self, data: dict[Any, Any]) -> int:
        difficulty = data["difficulty"]
        if type(difficulty) is not int or difficulty not in DIFFICULTIES:
            raise self.fail(
                f"'difficulty' must be 1 (easy), 2 or 3 (hard), not {excerpt(difficulty)}",
                data,
                "difficulty",
            )
        return difficulty

    def situation(self, data: dict[Any, Any], subject: Topic) -> str | None:
        if data.get("situation") is None:
            return None
        name = data["situation"]
        options = situations_of(subject.slug)
        if not options:  # pragma: no cover - every topic with situations allows them
            raise self.fail(
                f"topic {subject.slug!r} is about the normal procedure: it has no situation",
                data,
                "situation",
            )
        if name not in options:
            raise self.fail(
                f"unknown situation {excerpt(name)} for topic {subject.slug!r}"
                f"{_suggest(str(name), options)}",
                data,
                "situation",
            )
        return str(name)

    def family(self, data: dict[Any, Any]) -> str | None:
        if data.get("family") is None:
            return None
        return self.slug(data, "family", "'extra-card-one'")

    def rule(self, data: dict[Any, Any]) -> str | None:
        if data.get("rule") is None:
            return None
        cited = data["rule"]
        if not isinstance(cited, str):
            raise self.fail(f"'rule' must be a rule id, not {_kind(cited)}", data, "rule")
        try:
            return corpus.rule(cited).id
        except corpus.NotFound as exc:
            close = exc.suggestions
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            raise self.fail(
                f"unknown rule id {excerpt(cited)}{hint}; 'dealer-trainer rules list' shows them",
                data,
                "rule",
            ) from None

    def script(self, data: dict[Any, Any]) -> HandScript:
        table = self.mapping(data["table"], "'table'", data, "table")
        setup = data["setup"]
        if not isinstance(setup, list):
            raise self.fail(f"'setup' must be a list of events, not {_kind(setup)}", data, "setup")
        outer = data.get("ruleset")
        if outer is not None and table.get("ruleset") is not None and outer != table["ruleset"]:
            raise self.fail(
                f"'ruleset' is {excerpt(outer)} but the table says {excerpt(table['ruleset'])}: "
                "give it once",
                data,
                "ruleset",
            )
        parts = {"table": table, "events": []}
        for key in ("deck", "seed"):
            if key in data:
                parts[key] = data[key]
        script = parse_script(parts, self.locator, folder=self.folder, rulesets=self.rulesets)
        self.seat_set = frozenset(script.table.seats)
        before = len(self.errors)
        events = [self.attempt(self.event, item, i, setup) for i, item in enumerate(setup)]
        if len(self.errors) > before:  # every bad event is reported; the setup is not played
            bad = self.errors[before:]
            del self.errors[before:]
            raise ScenarioErrors(bad)
        script = replace(script, events=tuple(event for event in events if event is not None))
        if outer is None:
            return script
        ruleset = self.ruleset(data)  # the hand-script reader's checks, placed at this field
        return replace(script, table=replace(script.table, ruleset=ruleset))


def parse_scenario(
    data: Any,
    locator: Locator | None = None,
    *,
    source: str | None = None,
    folder: Path | None = None,
    rulesets: Mapping[str, str] | None = None,
) -> Scenario:
    """Check an already-parsed scenario mapping; return the typed scenario. A house ruleset
    file it names is looked for in ``folder``, or, when ``rulesets`` is given (file name ->
    YAML text), among those alone (no file is read)."""
    return Reader(locator, folder, rulesets).scenario(data, source)


def load_scenario(path: Path) -> Scenario:
    """Read and check one scenario file (no engine replay: see :func:`verify`)."""
    data, locator = load_file(path, "scenario file")
    return parse_scenario(data, locator, source=str(path), folder=path.parent)


def loads_scenario(text: str, source: str | None = None) -> Scenario:
    """Read and check a scenario from YAML text (a house ruleset it names is looked up beside
    ``source``, when given, as for a file)."""
    data, locator = load(text, source)
    folder = None if source is None else Path(source).parent
    return parse_scenario(data, locator, source=source, folder=folder)


def load_scenario_text(
    text: str, source: str, *, rulesets: Mapping[str, str] | None = None
) -> Scenario:
    """Read and check a scenario from YAML text without reading any file: ``source`` names it
    in messages (``source:line:col``), and a house ruleset file it names must be one of
    ``rulesets`` (file name -> the ruleset's YAML text)."""
    data, locator = load(text, source)
    return parse_scenario(data, locator, source=source, rulesets=dict(rulesets or {}))
