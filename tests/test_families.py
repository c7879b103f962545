"""One hand is one family: the items that ask the same table, deck and setup (under two
rulebooks, or twice) declare one ``family:``, and a sitting (a quiz, a review) asks at most one
item of a family."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dealer_trainer.accounts import Accounts
from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import bank_dir, load_scenario, loads_scenario
from dealer_trainer.store import Due, roomdata
from dealer_trainer.training.catalogue import Entry, catalogue
from dealer_trainer.training.families import one_per_family
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.quiz import Selection, select
from dealer_trainer.training.review import due_entries
from dealer_trainer.training.runs import room_entries

BANK_ENTRIES, _ = catalogue(bank_dir())
FAMILIES = {entry.family for entry in BANK_ENTRIES if entry.family is not None}

_ITEM = """\
id: family-field
title: A hand at the table
topic: misdeal
difficulty: 1
{family}
table: {{seats: 3, button: 1, blinds: [1, 2], stacks: 100}}
deck: []
setup: [post_blinds, deal]
question:
  kind: fact
  fact: misdeal
  ask: Is it a misdeal?
  choices:
    - {{text: "Yes", answer: true}}
    - {{text: "No", answer: false, correct: true}}
  explain: Nothing went wrong.
"""


def test_the_shipped_bank_declares_its_families() -> None:
    assert len(FAMILIES) >= 15
    for family in FAMILIES:
        members = [entry for entry in BANK_ENTRIES if entry.family == family]
        assert len(members) >= 2, family


def test_the_quick_catalogue_reads_the_family_as_the_full_reader_does() -> None:
    for entry in BANK_ENTRIES:
        if entry.family is not None:
            assert load_scenario(entry.path).family == entry.family, entry.id


def test_a_scenario_declares_its_family_as_a_slug() -> None:
    assert loads_scenario(_ITEM.format(family="family: one-hand")).family == "one-hand"
    assert loads_scenario(_ITEM.format(family="")).family is None


def test_a_family_that_is_not_a_slug_is_refused_at_its_place() -> None:
    with pytest.raises(ScriptError) as caught:
        loads_scenario(_ITEM.format(family="family: Two Words"), source="item.yaml")
    assert "'family'" in str(caught.value)
    assert caught.value.where is not None and caught.value.where.startswith("item.yaml:5:")


def _entry(ident: str, family: str | None) -> Entry:
    return Entry(ident, "misdeal", 1, "roberts", Path(f"{ident}.yaml"), family=family)


def test_one_per_family_keeps_the_first_of_each_and_every_item_without_one() -> None:
    entries = [_entry("a", "x"), _entry("b", None), _entry("c", "x"), _entry("d", "y")]
    assert [e.id for e in one_per_family(entries)] == ["a", "b", "d"]


@pytest.mark.parametrize("topics", [(), ("extra-card",), ("premature-turn", "flop-too-many")])
def test_a_thousand_quizzes_never_ask_two_items_of_one_family(topics: tuple[str, ...]) -> None:
    for seed in range(1000):
        drawn = select(BANK_ENTRIES, Selection(topics=topics, length=20), random.Random(seed))
        families = [entry.family for entry in drawn if entry.family is not None]
        assert len(families) == len(set(families)), (seed, families)


def test_a_quiz_of_every_item_still_asks_one_of_each_family() -> None:
    drawn = select(BANK_ENTRIES, Selection(length=None), random.Random(1))
    assert {entry.family for entry in drawn if entry.family} == FAMILIES


def test_a_thousand_reviews_never_ask_two_items_of_one_family() -> None:
    now = datetime(2026, 12, 1, tzinfo=UTC)
    for seed in range(1000):
        rng = random.Random(seed)
        due = [
            Due(item=entry.id, topic=entry.topic, due=now, missed=rng.random() < 0.5)
            for entry in rng.sample(BANK_ENTRIES, 60)
        ]
        asked = due_entries(due, BANK_ENTRIES)
        families = [entry.family for entry in asked if entry.family is not None]
        assert len(families) == len(set(families)), seed


def test_a_scenario_uploaded_to_a_room_keeps_its_family(tmp_path: Path) -> None:
    with open_store(tmp_path / "room.sqlite3") as store:
        room = Accounts(store).create_room(name="Day shift")
        text = _ITEM.format(family="family: one-hand")
        roomdata.save_room_scenario(
            store, room_id=room.id, scenario_id="family-field", yaml=text, uploaded_by=None
        )
        found = room_entries(store, room_id=room.id, ruleset="roberts", house=None)
    assert [(entry.id, entry.family) for entry in found] == [("family-field", "one-hand")]
