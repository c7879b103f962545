"""Drill answers are practice of a skill, kept apart from items: any number of them leaves the
room's item figures, its most-missed items, the reviews due, the kept totals and item analysis
exactly as they were, and they show in the per-skill figures. A store made before keeps its
old drill answers there too once it is opened (migration 15)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.roles import Role
from dealer_trainer.store import Answer, Store, itemstats, people, roomdata, skills, totals
from dealer_trainer.store.adapters import connect
from dealer_trainer.store.rows import db_time
from dealer_trainer.training.drill.session import Drill
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.review import next_card
from tests.dbrows import rows
from tests.pg import fresh_schema, store_on

HASH = "not-a-real-hash"


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty database: a store is made there (the upgrade test makes an old one)."""
    if request.param == "sqlite":
        yield str(tmp_path / "progress.sqlite3")
        return
    with fresh_schema() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store at the current version (on PostgreSQL, an emptied one: cheaper)."""
    with store_on(request.param, tmp_path) as opened:
        yield opened


def _room_with_quiz_answers(store: Store) -> int:
    """A room with a trainee who answered two quiz items (one missed); the room's id."""
    room = people.add_room(store, name="Main", ruleset="roberts")
    ana = people.add_person(store, name="Ana", password_hash=HASH)
    people.add_member(store, room_id=room.id, person_id=ana.id, role=Role.TRAINEE)
    session = store.start_session("Ana", "quiz")
    store.record(session, Answer("Ana", "premature-turn-basic", "premature-turn", "quiz", True))
    store.record(session, Answer("Ana", "misdeal-two-exposed", "misdeal", "quiz", False))
    store.finish_session(session)
    return room.id


def _item_figures(store: Store, target: str, room_id: int) -> dict[str, Any]:
    """Everything the pages read of items: answers, reviews due, most missed, topics, the
    kept totals table by table, and item analysis's sittings."""
    later = datetime(2999, 1, 1)
    return {
        "answers": [(a.item, a.mode, a.correct) for a in store.answers()],
        "due": [(d.item, d.missed) for d in store.due("Ana", now=later)],
        "most_missed": roomdata.most_missed(store, room_id),
        "grid": roomdata.accuracy_grid(store, room_id),
        "sittings": list(itemstats.sitting_answers(store, room_id=room_id)),
        **{
            table: sorted(map(repr, rows(target, f"SELECT * FROM {table}")))
            for table in totals.TABLES
        },
        "review_cards": sorted(map(repr, rows(target, "SELECT item, missed FROM review_cards"))),
    }


def test_drill_answers_leave_every_item_figure_unchanged_and_show_per_skill(store: Store) -> None:
    target = store.target
    room_id = _room_with_quiz_answers(store)
    before = _item_figures(store, target, room_id)
    # thirty dealing-drill picks, half of them wrong, through the drill's own recorder
    with Drill(seed=4, rate=0.5, store=store, trainee="Ana") as drill:
        for number in range(30):
            point = drill.point()
            rights = [o for o in point.options if o.event in point.allowed]
            wrongs = [o for o in point.options if o.event not in point.allowed]
            drill.choose((wrongs or rights)[0] if number % 2 else rights[0], seconds=2.0)
    # and money and hands answers, as the browser pages keep them
    for n in range(6):
        kept = skills.record_skill(
            store,
            skills.SkillAnswer(
                trainee="Ana", skill="money", kind="call", correct=n % 3 != 0, seconds=4.0
            ),
            room_id=room_id,
            key=f"money:1:{n}",
        )
        assert kept
    assert _item_figures(store, target, room_id) == before
    assert totals.differences(store) == []
    mine = skills.trainee_skills(store, "Ana")
    dealing = [f for f in mine if f.skill == "dealing"]
    assert sum(f.answered for f in dealing) == 30
    assert sum(f.correct for f in dealing) == 15
    assert all(f.mean_seconds == 2.0 for f in dealing)
    (money,) = [f for f in mine if f.skill == "money"]
    assert (money.kind, money.answered, money.correct, money.mean_seconds) == (
        "call",
        6,
        4,
        4.0,
    )
    room = skills.room_skills(store, room_id)
    assert sum(f.answered for f in room) == 36


def test_a_skill_answer_with_a_key_kept_already_is_not_kept_again(store: Store) -> None:
    answer = skills.SkillAnswer(trainee="Bo", skill="hands", kind="wheel", correct=True)
    assert skills.record_skill(store, answer, key="hands:9:1")
    assert not skills.record_skill(store, answer, key="hands:9:1")  # a double tap
    assert skills.record_skill(store, answer)  # no key: every answer counts
    (figure,) = skills.trainee_skills(store, "Bo")
    assert figure.answered == 2 and figure.mean_seconds is None


def test_an_unknown_skill_is_refused_with_its_name(store: Store) -> None:
    from dealer_trainer.errors import StoreError

    with pytest.raises(StoreError, match="unknown skill 'juggling'"):
        skills.record_skill(
            store, skills.SkillAnswer(trainee="Bo", skill="juggling", kind="x", correct=True)
        )


def test_a_store_made_before_moves_its_drill_answers_out_of_the_items(target: str) -> None:
    # the store as version 14 left it: quiz answers and drill answers side by side, the drill
    # answers with their review cards and counted in the totals
    old = Store(connect(target), target, scheduler=next_card)
    old.migrate(upto=14)
    room_id = _room_with_quiz_answers(old)
    old.close()
    db = connect(target)
    with db.transaction():
        ana = int(db.execute("SELECT id FROM trainees WHERE name = 'Ana'", ())[0][0])
        at = db_time(db.dialect, datetime(2025, 3, 1, 12))
        session = db.insert(
            "INSERT INTO sessions (trainee_id, mode, started_at) VALUES (?, 'drill', ?)",
            (ana, at),
        )
        for n, item in enumerate(["drill:flop_deal", "drill:flop_deal", "drill:premature_turn"]):
            db.execute(
                "INSERT INTO answers (session_id, trainee_id, item, topic, mode, correct,"
                " seconds, answered_at, room_id)"
                " VALUES (?, ?, ?, 'procedure', 'drill', ?, ?, ?, ?)",
                (session, ana, item, n == 1, 3.0, at, room_id),
            )
            db.execute(
                "INSERT INTO review_cards (trainee_id, item, topic, card, due, missed, reviewed_at)"
                " VALUES (?, ?, 'procedure', '{}', ?, ?, ?) ON CONFLICT DO NOTHING",
                (ana, item, at, True, at),
            )
    db.close()
    with Store(connect(target), target, scheduler=next_card) as counting:
        totals.rebuild(counting)  # as version 14 counted them: drill steps among the items
        assert any(m.item.startswith("drill:") for m in roomdata.most_missed(counting, room_id))
    # a store of the same quiz answers and no drill answer: what the figures must come back to
    with open_store(target) as store:  # opening it migrates it
        assert store.schema_version() == 15
        assert [a.mode for a in store.answers()] == ["quiz", "quiz"]
        assert not any(m.item.startswith("drill:") for m in roomdata.most_missed(store, room_id))
        cards = [str(item) for (item,) in rows(target, "SELECT item FROM review_cards")]
        assert sorted(cards) == ["misdeal-two-exposed", "premature-turn-basic"]
        assert totals.differences(store) == []
        items = {str(r[0]) for r in rows(target, "SELECT item FROM room_items")}
        assert items == {"misdeal-two-exposed", "premature-turn-basic"}
        kept = skills.room_skills(store, room_id)
        figures = {(f.skill, f.kind): (f.answered, f.correct) for f in kept}
        assert figures == {("dealing", "flop_deal"): (2, 1), ("dealing", "premature_turn"): (1, 0)}
