"""roomdata.py, the dashboard's SQL, on SQLite and on PostgreSQL: only the room's members
count, topics and items add up, days are UTC days, uploaded scenarios stay in their room."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from dealer_trainer.accounts import TRAINEE, TRAINER, Accounts
from dealer_trainer.store import Answer, Store, roomdata
from tests.dbrows import rows
from tests.pg import store_on
from tests.web.conftest import HASHER, PASSWORD


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with store_on(request.param, tmp_path) as opened:
        yield opened


def _at(day: int, hour: int = 12, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=UTC)


def _record(store: Store, name: str, *marks: tuple[str, str, bool, datetime]) -> None:
    session = store.start_session(name, "quiz")
    for item, topic, correct, when in marks:
        store.record(session, Answer(name, item, topic, "quiz", correct=correct, answered_at=when))


@pytest.fixture
def room(store: Store) -> dict[str, int]:
    """Room 'Evening' (trainer Mia, trainees Ana and Cid), room 'Day' (trainee Ben), and
    answers from each; Mia's own answers do not count on the dashboard."""
    keeper = Accounts(store, HASHER)
    evening, day = keeper.create_room(name="Evening"), keeper.create_room(name="Day")
    ids = {"room": evening.id, "other": day.id}
    for name, where, role in (
        ("Mia", evening, TRAINER),
        ("Ana", evening, TRAINEE),
        ("Cid", evening, TRAINEE),
        ("Ben", day, TRAINEE),
    ):
        person = keeper.create_person(name=name, password=PASSWORD)
        keeper.add_member(room_id=where.id, person_id=person.id, role=role)
        ids[name] = person.id
    _record(
        store,
        "Ana",
        ("a1", "burns", True, _at(2)),
        ("a1", "burns", False, _at(2, 23, 59)),
        ("a2", "misdeal", False, _at(3, 0, 1)),
        ("a2", "misdeal", False, _at(5)),
    )
    _record(store, "Cid", ("a2", "misdeal", True, _at(5)), ("a3", "burns", False, _at(5)))
    _record(store, "Ben", ("a2", "misdeal", False, _at(5)), ("a9", "burns", False, _at(5)))
    _record(store, "Mia", ("a9", "burns", False, _at(5)))
    return ids


def test_the_grid_has_each_trainee_and_topic_of_the_room_only(
    store: Store, room: dict[str, int]
) -> None:
    grid = roomdata.accuracy_grid(store, room["room"])
    cells = {(cell.name, cell.topic): (cell.correct, cell.answered) for cell in grid}
    assert cells == {
        ("Ana", "burns"): (1, 2),
        ("Ana", "misdeal"): (0, 2),
        ("Cid", "burns"): (0, 1),
        ("Cid", "misdeal"): (1, 1),
    }
    assert {cell.person_id for cell in grid} == {room["Ana"], room["Cid"]}


def test_the_weakest_topics_come_lowest_accuracy_first(store: Store, room: dict[str, int]) -> None:
    weakest = roomdata.weakest_topics(store, room["room"])
    assert [(cell.topic, cell.correct, cell.answered) for cell in weakest] == [
        ("burns", 1, 3),
        ("misdeal", 1, 3),
    ]


def test_a_topic_always_answered_right_is_never_weak(store: Store, room: dict[str, int]) -> None:
    _record(store, "Cid", ("a5", "pot-award", True, _at(6)))
    assert "pot-award" not in [cell.topic for cell in roomdata.weakest_topics(store, room["room"])]


def test_the_most_missed_items_come_most_misses_first(store: Store, room: dict[str, int]) -> None:
    missed = roomdata.most_missed(store, room["room"])
    assert [(item.item, item.missed, item.answered) for item in missed] == [
        ("a2", 2, 3),
        ("a3", 1, 1),
        ("a1", 1, 2),
    ]
    assert "a9" not in [item.item for item in missed]  # Ben's and Mia's


def test_one_members_misses_and_topics(store: Store, room: dict[str, int]) -> None:
    missed = roomdata.most_missed(store, room["room"], person_id=room["Cid"])
    assert [item.item for item in missed] == ["a3"]
    totals = roomdata.topic_totals(store, room["room"], person_id=room["Cid"])
    assert [(cell.topic, cell.correct, cell.answered) for cell in totals] == [
        ("burns", 0, 1),
        ("misdeal", 1, 1),
    ]
    assert roomdata.topic_totals(store, room["room"], person_id=room["Ben"]) == []


def test_activity_counts_answers_per_utc_day_with_empty_days(
    store: Store, room: dict[str, int]
) -> None:
    days = roomdata.activity(store, room["room"], since=date(2026, 11, 1), until=date(2026, 11, 6))
    assert days == [
        (date(2026, 11, 1), 0),
        (date(2026, 11, 2), 2),  # 12:00 and 23:59 UTC
        (date(2026, 11, 3), 1),  # 00:01 UTC
        (date(2026, 11, 4), 0),
        (date(2026, 11, 5), 3),  # Ana 1, Cid 2; not Ben, not Mia
        (date(2026, 11, 6), 0),
    ]


def test_activity_since_leaves_out_older_answers(store: Store, room: dict[str, int]) -> None:
    days = roomdata.activity(store, room["room"], since=date(2026, 11, 3), until=date(2026, 11, 5))
    assert sum(count for _, count in days) == 4
    mine = roomdata.activity(
        store, room["room"], since=date(2026, 11, 1), until=date(2026, 11, 6), person_id=room["Ana"]
    )
    assert sum(count for _, count in mine) == 4


def test_the_latest_days_go_back_until_they_hold_the_answers_asked(
    store: Store, room: dict[str, int]
) -> None:
    """The dashboard's item analysis window: the room's days answered are 11-02 (2 answers),
    11-03 (1) and 11-05 (3); days back from the newest until they hold as many as asked."""
    latest = roomdata.latest_days
    assert latest(store, room["room"], answers=1) == (date(2026, 11, 5), 3)
    assert latest(store, room["room"], answers=3) == (date(2026, 11, 5), 3)
    assert latest(store, room["room"], answers=4) == (date(2026, 11, 3), 4)
    assert latest(store, room["room"], answers=6) == (date(2026, 11, 2), 6)
    assert latest(store, room["room"], answers=7) == (None, 6)  # fewer in all: every day
    assert latest(store, room["other"], answers=2) == (date(2026, 11, 5), 2)


def test_a_trainees_answers_newest_first_and_none_for_an_outsider(
    store: Store, room: dict[str, int]
) -> None:
    answers = roomdata.trainee_answers(store, room["room"], room["Ana"], limit=3)
    assert [answer.answered_at for answer in answers] == [_at(5), _at(3, 0, 1), _at(2, 23, 59)]
    assert roomdata.trainee_answers(store, room["room"], room["Ben"]) == []


def test_the_export_has_the_rooms_trainees_answers_oldest_first(
    store: Store, room: dict[str, int]
) -> None:
    rows = roomdata.export_rows(store, room["room"])
    assert len(rows) == 6
    assert {row.trainee for row in rows} == {"Ana", "Cid"}
    assert rows[0].answered_at == _at(2) and rows[0].correct is True
    assert set(rows[0].to_dict()) == set(roomdata.EXPORT_FIELDS)


def test_uploaded_scenarios_stay_in_their_room_and_replace_their_own_id(
    store: Store, room: dict[str, int]
) -> None:
    roomdata.save_room_scenario(
        store, room_id=room["room"], scenario_id="x", yaml="one", uploaded_by=room["Mia"]
    )
    roomdata.save_room_scenario(
        store, room_id=room["room"], scenario_id="x", yaml="two", uploaded_by=room["Mia"]
    )
    roomdata.save_room_scenario(
        store, room_id=room["other"], scenario_id="x", yaml="theirs", uploaded_by=None
    )
    assert [found.yaml for found in roomdata.room_scenarios(store, room["room"])] == ["two"]
    found = roomdata.room_scenario(store, room_id=room["other"], scenario_id="x")
    assert found is not None and found.yaml == "theirs"
    assert roomdata.room_scenario(store, room_id=room["room"], scenario_id="y") is None
    assert roomdata.delete_room_scenario(store, room_id=room["room"], scenario_id="x")
    assert not roomdata.delete_room_scenario(store, room_id=room["room"], scenario_id="x")
    assert roomdata.room_scenario(store, room_id=room["other"], scenario_id="x") is not None


def test_a_full_room_keeps_no_new_scenario_and_each_text_is_kept_once(
    store: Store, room: dict[str, int]
) -> None:
    from dealer_trainer.store import uploads

    def save(ident: str, text: str, room_id: int = room["room"]) -> bool:
        return uploads.save_room_scenario(
            store,
            room_id=room_id,
            scenario_id=ident,
            yaml=text,
            uploaded_by=None,
            topic="burns",
            difficulty=1,
            family=None,
            limit=2,
        )

    assert save("x", "one") and save("y", "two")
    assert not save("z", "three")  # a third id: the room is full
    assert save("y", "two again")  # replacing one of its own
    assert save("z", "one", room["other"])  # another room's count is its own
    lines = uploads.room_scenario_lines(store, room["room"])
    assert [(line.scenario_id, line.topic, line.difficulty) for line in lines] == [
        ("x", "burns", 1),
        ("y", "burns", 1),
    ]
    digests = [line.digest for line in lines]
    assert uploads.upload_texts(store, digests) == dict(
        zip(digests, ["one", "two again"], strict=True)
    )
    # the replaced text stays kept (a run that drew it still asks it); "one" is kept once
    assert uploads.upload_texts(store, [uploads.text_digest("two")]) != {}
    (count,) = rows(store.target, "SELECT COUNT(*) FROM upload_texts")[0]
    assert int(count) == 3
