"""The scenarios a room's pages name: the shipped bank's catalogue (read once per process),
titles of bank and uploaded scenarios, the built-in ruleset whose scenarios suit the room,
and the room's house ruleset."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from dealer_trainer.accounts import Room
from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.scenario import bank_dir, load_scenario
from dealer_trainer.training.quiz import Entry, catalogue
from dealer_trainer.web.room.checks import HOUSE_FILE, check_ruleset_text
from dealer_trainer.yamlio import load

__all__ = ["item_title"]


@lru_cache(maxsize=1)
def _bank() -> tuple[Entry, ...]:
    """The shipped scenario bank's catalogue (read once per process)."""
    entries, _problems = catalogue(bank_dir())
    return tuple(sorted(entries, key=lambda entry: (entry.topic, entry.difficulty, entry.id)))


@lru_cache(maxsize=1)
def _bank_by_id() -> dict[str, Entry]:
    """Each id's first entry in :func:`_bank`'s order: a page names up to hundreds of items
    (a dashboard's flagged ones), and a look-up was a walk through some 300 entries."""
    found: dict[str, Entry] = {}
    for entry in _bank():
        found.setdefault(entry.id, entry)
    return found


def _bank_entry(scenario_id: str) -> Entry | None:
    return _bank_by_id().get(scenario_id)


@lru_cache(maxsize=2048)
def _bank_title(path: str) -> str:
    try:
        return load_scenario(Path(path)).title
    except ScriptError:
        return ""


def _yaml_title(text: str) -> str:
    try:
        data, _ = load(text)
    except ScriptError:
        return ""
    title = data.get("title") if isinstance(data, dict) else None
    return title.strip() if isinstance(title, str) else ""


def item_title(item: str, uploaded: dict[str, str] | None = None) -> str:
    """What an item is called: a bank scenario's or an uploaded scenario's title, a drill's
    step in words; the id itself when nothing better is known."""
    if uploaded and item in uploaded:
        return _yaml_title(uploaded[item]) or item
    entry = _bank_entry(item)
    if entry is not None:
        return _bank_title(str(entry.path)) or item
    if item.startswith("drill:"):
        return "Drill: " + item.removeprefix("drill:").replace("_", " ")
    return item


def _ruleset_for_bank(room: Room) -> str:
    """The built-in ruleset whose scenarios suit the room (a house ruleset's base)."""
    if room.ruleset in BUILTIN:
        return room.ruleset
    house = _house(room)
    return house.base if house is not None else "roberts"


def _house(room: Room) -> Any:
    if not room.house_yaml:
        return None
    try:
        return check_ruleset_text(room.house_yaml, HOUSE_FILE)
    except ScriptError:
        return None
