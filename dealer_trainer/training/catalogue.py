"""The catalogue of a bank: each scenario's id, topic, difficulty, ruleset and family, read from
its file's top-level lines without parsing the whole bank, so a quiz's first question is on
screen at once.

A file whose top-level lines are not plain is parsed in full (and left out, with its error,
when it does not load), so the quick reading and the full one agree on every entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from dealer_trainer import scenario as scenarios
from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.scenario import Scenario
from dealer_trainer.scenario.reader import ID

__all__ = ["DEFAULT_RULESET", "Entry", "catalogue", "entry_of_text"]

DEFAULT_RULESET = "roberts"
_TOPICS = frozenset(item.slug for item in TOPICS)
_RESOLVER = yaml.resolver.Resolver()
_TEXT = "tag:yaml.org,2002:str"
#: what YAML must read each top-level value as (text, but for the difficulty)
_TAGS = {"difficulty": "tag:yaml.org,2002:int"}


@dataclass(frozen=True, slots=True)
class Entry:
    """One scenario of a bank, known from its file's top-level lines; or one uploaded to a
    room, asked from its ``text`` or the text kept under ``digest`` (``path`` then only names
    it in messages)."""

    id: str
    topic: str
    difficulty: int
    ruleset: str
    path: Path
    #: an uploaded scenario's YAML text (None: read from ``path``)
    text: str | None = None
    #: the house ruleset files the text may name: (file name, YAML text) pairs
    rulesets: tuple[tuple[str, str], ...] = ()
    #: the family it belongs to (the items asking one hand share one), or None
    family: str | None = None
    #: an upload drawn from the room's catalogue lines: its text's digest in the store (its
    #: text is read only when it is asked), and the digest of the house ruleset it may name
    digest: str | None = None
    house_digest: str | None = None

    @classmethod
    def of(
        cls,
        scenario: Scenario,
        path: Path,
        *,
        ruleset: str | None = None,
        text: str | None = None,
        rulesets: tuple[tuple[str, str], ...] = (),
    ) -> Entry:
        """The entry of a scenario read in full (``ruleset``: the name it is asked under, when
        not its own)."""
        return cls(
            scenario.id,
            scenario.topic.slug,
            scenario.difficulty,
            ruleset or scenario.ruleset.name,
            path,
            text=text,
            rulesets=rulesets,
            family=scenario.family,
        )


#: a top-level ``key: value`` line (a comment starts after a space, as in YAML)
_TOP = re.compile(
    r"^(id|topic|difficulty|ruleset|family):[ \t]*(.*?)(?:[ \t]+#.*)?[ \t]*$", re.MULTILINE
)
#: a top-level value that goes on, indented, on the next lines (YAML folds them into one)
_GOES_ON = re.compile(
    r"^(?:id|topic|difficulty|ruleset|family):[^\n]*\n(?:[ \t]*\n)*[ \t]+[^\s#]", re.MULTILINE
)
#: a ruleset named in a one-line table (``table: {seats: 6, ruleset: tda-2024}``)
_TABLE_RULESET = re.compile(
    r"^table:[ \t]*\{[^}\n#]*\bruleset:[ \t]*([\w.-]+)[ \t]*[,}]", re.MULTILINE
)


def _scalar(raw: str) -> str | None:
    """A plain or quoted one-line YAML scalar, else None (leave it to the real parser)."""
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"":
        raw = raw[1:-1]
    elif not raw or raw[0] in "[{&*!|>'\"%@`":
        return None
    return raw


def _read_as(raw: str, value: str) -> str:
    """The YAML tag the full reader gives a one-line scalar: text when quoted, else what
    YAML's own resolver makes of it (``2024-05-01`` a date, ``null`` nothing, ``0x1f`` a
    number, ``yes`` true)."""
    if raw[:1] in ("'", '"'):
        return _TEXT
    implicit = (True, False)  # a plain scalar, no tag written
    return str(_RESOLVER.resolve(yaml.ScalarNode, value, implicit))  # type: ignore[no-untyped-call]


def _plain(found: dict[str, str]) -> bool:
    """Whether the values read are those the full reader reads, as it would accept them: an
    id and a family exactly lower-case words and hyphens (nothing invisible around them), a
    known topic, a difficulty of 1, 2 or 3. Anything else is left to the full reader, which
    reads YAML's escapes and says what is wrong where."""
    return (
        "id" in found
        and ID.fullmatch(found["id"]) is not None
        and found.get("topic") in _TOPICS
        and found.get("difficulty") in ("1", "2", "3")
        and ("family" not in found or ID.fullmatch(found["family"]) is not None)
    )


def _quick(path: Path, text: str) -> Entry | None:
    """The entry from the file's top-level lines, or None when they are not plain."""
    if _GOES_ON.search(text):
        return None
    found: dict[str, str] = {}
    for key, raw in _TOP.findall(text):
        value = _scalar(raw)
        if value is None or key in found or _read_as(raw, value) != _TAGS.get(key, _TEXT):
            return None
        found[key] = value
    if not _plain(found):
        return None
    if "ruleset" not in found and "ruleset" in text:  # named inside the table
        inside = _TABLE_RULESET.findall(text)
        if len(inside) != 1 or text.count("ruleset") != 1:
            return None  # anywhere else: parse it all
        found["ruleset"] = inside[0]
    if found.get("ruleset", DEFAULT_RULESET) not in BUILTIN:
        return None  # a house ruleset file: its name is read from the file
    return Entry(
        found["id"],
        found["topic"],
        int(found["difficulty"]),
        found.get("ruleset", DEFAULT_RULESET),
        path,
        family=found.get("family"),
    )


def catalogue(folder: Path) -> tuple[list[Entry], list[str]]:
    """Every scenario in ``folder``, and the problems met (one line per file left out).

    Most files are read from their top-level lines alone; a file whose lines are not plain
    is parsed in full (and left out, with its error, when it does not load).
    """
    entries: list[Entry] = []
    problems: list[str] = []
    for path, text in scenarios.scenario_texts(folder):
        entry = None if text is None else _quick(path, text)
        if entry is None:
            try:
                scenario = scenarios.load_scenario(path)  # looked up here: tests count the calls
            except ScriptError as exc:
                problems.append(str(exc))
                continue
            entry = Entry.of(scenario, path)
        entries.append(entry)
    return entries, problems


def entry_of_text(text: str, path: Path, *, rulesets: tuple[tuple[str, str], ...] = ()) -> Entry:
    """The entry of one scenario's YAML ``text`` (an upload; ``path`` names it in messages),
    read from its top-level lines as a bank's file is, else parsed in full with the house
    ruleset files it may name (a :class:`ScriptError` when it does not load). The entry holds
    the text, so it is asked from it."""
    entry = _quick(path, text)
    if entry is None:
        scenario = scenarios.load_scenario_text(text, str(path), rulesets=dict(rulesets))
        entry = Entry.of(scenario, path)
    return Entry(
        entry.id,
        entry.topic,
        entry.difficulty,
        entry.ruleset,
        path,
        text=text,
        rulesets=rulesets,
        family=entry.family,
    )
