"""The bank an exam in a room draws from: the shipped bank, then the scenarios trainers
uploaded to the room (:mod:`dealer_trainer.store.uploads`), each under its own ruleset (the
one it names, the room's house ruleset among them), so that a section takes an upload only
when it fits the section's topics and difficulty and the blueprint's ruleset. An exam in the
terminal, with no room, draws from the shipped bank alone::

    entries = room_bank(store, room.id)        # what start() and the blueprint upload check use
    draw_attempt(blueprint, entries, seed, retired)

An upload is named in an attempt's plan by the digest its text is kept under (and the digest
of the house ruleset it was read with), so an attempt asks it as it was when drawn, in any
process, whatever became of the upload since.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from dealer_trainer.errors import ScriptError
from dealer_trainer.store import Store
from dealer_trainer.store.people import room
from dealer_trainer.store.uploads import keep_upload_text, room_scenario_lines, upload_texts
from dealer_trainer.training.catalogue import Entry, entry_of_text
from dealer_trainer.training.exam.fill import bank_for_exams

__all__ = ["HOUSE_FILE", "room_bank", "room_uploads", "shipped_bank", "upload_entry"]

#: the file name an uploaded scenario (or a room's blueprint) names the room's house ruleset by
HOUSE_FILE = "house.yaml"


@lru_cache(maxsize=1)
def _shipped() -> tuple[Entry, ...]:
    entries, _problems = bank_for_exams()
    return tuple(entries)


def shipped_bank() -> list[Entry]:
    """The shipped bank's entries, read once per process."""
    return list(_shipped())


def _house_files(house: str | None) -> tuple[tuple[str, str], ...]:
    return ((HOUSE_FILE, house),) if house else ()


def upload_entry(scenario_id: str, text: str, house: str | None) -> Entry:
    """The entry of an uploaded scenario's ``text``, read with the room's ``house`` ruleset
    (a :class:`ScriptError` when it no longer loads)."""
    return entry_of_text(text, Path(f"{scenario_id}.yaml"), rulesets=_house_files(house))


def room_uploads(store: Store, room_id: int) -> list[Entry]:
    """The scenarios uploaded to the room, by id, each under its own ruleset and named by its
    text's digest; one that no longer loads (kept before a change of the format, or naming a
    house ruleset the room no longer has) is left out."""
    lines = room_scenario_lines(store, room_id)
    if not lines:
        return []
    found = room(store, room_id)
    house = None if found is None else found.house_yaml
    house_digest = None if house is None else keep_upload_text(store, house)
    texts = upload_texts(store, [line.digest for line in lines])
    entries: list[Entry] = []
    for line in lines:
        text = texts.get(line.digest)
        if text is None:
            continue
        try:
            entry = upload_entry(line.scenario_id, text, house)
        except ScriptError:
            continue
        entries.append(replace(entry, digest=line.digest, house_digest=house_digest))
    return entries


def room_bank(store: Store, room_id: int) -> list[Entry]:
    """What an exam in the room draws from: the shipped bank, then the room's uploads (an id
    the shipped bank has already is the shipped scenario's)."""
    return shipped_bank() + room_uploads(store, room_id)
