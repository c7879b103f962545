"""Issue 29: scenario drafts kept in the store (migration 14), on SQLite and PostgreSQL: a
draft belongs to its author in its room; another person's or room's is not found."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_trainer.store import Store, drafts, people
from tests.pg import store_on


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with store_on(request.param, tmp_path) as opened:
        yield opened


def test_a_draft_is_kept_saved_and_read_back_by_its_author_only(store: Store) -> None:
    boss = people.add_person(store, name="boss", password_hash="x")
    other = people.add_person(store, name="other", password_hash="x")
    room = people.add_room(store, name="Day shift", ruleset="roberts")
    elsewhere = people.add_room(store, name="Night shift", ruleset="roberts")
    number = drafts.create_draft(store, room_id=room.id, person_id=boss.id, body='{"a": 1}')
    assert number is not None
    assert drafts.save_draft(store, number, room_id=room.id, person_id=boss.id, body='{"a": 2}')
    found = drafts.draft(store, number, room_id=room.id, person_id=boss.id)
    assert found is not None and found.body == '{"a": 2}'
    # another person's, or the same author's in another room: not found, not changed
    assert drafts.draft(store, number, room_id=room.id, person_id=other.id) is None
    assert drafts.draft(store, number, room_id=elsewhere.id, person_id=boss.id) is None
    assert not drafts.save_draft(store, number, room_id=room.id, person_id=other.id, body="{}")
    assert not drafts.delete_draft(store, number, room_id=elsewhere.id, person_id=boss.id)
    assert [d.id for d in drafts.drafts(store, room_id=room.id, person_id=boss.id)] == [number]
    assert drafts.drafts(store, room_id=room.id, person_id=other.id) == []
    assert drafts.delete_draft(store, number, room_id=room.id, person_id=boss.id)
    assert drafts.count_drafts(store, room_id=room.id, person_id=boss.id) == 0


def test_an_author_keeps_at_most_max_drafts_in_a_room(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(drafts, "MAX_DRAFTS", 2)
    boss = people.add_person(store, name="boss", password_hash="x")
    room = people.add_room(store, name="Day shift", ruleset="roberts")
    made = [
        drafts.create_draft(store, room_id=room.id, person_id=boss.id, body="{}") for _ in "abc"
    ]
    assert made[0] is not None and made[1] is not None and made[2] is None
