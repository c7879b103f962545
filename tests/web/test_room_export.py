"""The room's answers exported as CSV and JSON: an attachment, only the room's trainees, no
cell a spreadsheet would run as a formula, and a line in the log."""

from __future__ import annotations

import csv
import io
import json

import pytest
from flask.testing import FlaskClient

from dealer_trainer.accounts import Room
from dealer_trainer.store.roomdata import EXPORT_FIELDS
from dealer_trainer.training.progress import Answer, open_store
from dealer_trainer.web.room import csv_text
from tests.web.conftest import World, sign_in


@pytest.fixture
def room(world: World, client: FlaskClient) -> Room:
    made = world.room("Evening shift")
    world.trainer("Mia", made)
    world.person("=1+1", room=made)
    world.person("Ana", room=made)
    other = world.room("Day shift")
    world.person("Ben", room=other)
    with open_store(client.application.config["DATABASE"]) as store:
        for name, given in (("=1+1", "@SUM(A1)"), ("Ana", "-2+3"), ("Ben", "call")):
            session = store.start_session(name, "quiz")
            store.record(
                session,
                Answer(
                    name,
                    "premature-turn-basic",
                    "premature-turn",
                    "quiz",
                    correct=False,
                    given=given,
                    expected="+cmd|' /C calc'!A0",
                ),
            )
    sign_in(client, "Mia")
    return made


def test_the_csv_is_an_attachment_of_the_rooms_answers(client: FlaskClient, room: Room) -> None:
    response = client.get(f"/rooms/{room.id}/export.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("attachment;") and disposition.endswith('.csv"')
    rows = list(csv.reader(io.StringIO(response.text)))
    assert tuple(rows[0]) == EXPORT_FIELDS
    assert sorted(row[0] for row in rows[1:]) == ["'=1+1", "Ana"]  # not Ben: another room


def test_no_csv_cell_starts_a_formula(client: FlaskClient, room: Room) -> None:
    rows = list(csv.reader(io.StringIO(client.get(f"/rooms/{room.id}/export.csv").text)))
    cells = [cell for row in rows[1:] for cell in row]
    assert "'=1+1" in cells and "'@SUM(A1)" in cells and "'-2+3" in cells
    assert "'+cmd|' /C calc'!A0" in cells
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells)


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_each_formula_start_is_prefixed(start: str) -> None:
    from datetime import UTC, datetime

    from dealer_trainer.store.roomdata import ExportRow

    row = ExportRow(
        trainee=f"{start}x",
        item="i",
        topic="t",
        mode="quiz",
        correct=True,
        ruleset="roberts",
        difficulty=1,
        given="",
        expected="",
        seconds=None,
        answered_at=datetime(2026, 12, 1, tzinfo=UTC),
    )
    (parsed,) = list(csv.reader(io.StringIO(csv_text([row]))))[1:]
    assert parsed[0] == f"'{start}x"


def test_the_json_export_keeps_the_values_as_they_are(client: FlaskClient, room: Room) -> None:
    response = client.get(f"/rooms/{room.id}/export.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith("attachment;")
    data = json.loads(response.text)
    assert data["room"]["name"] == "Evening shift"
    assert sorted(row["trainee"] for row in data["answers"]) == ["=1+1", "Ana"]
    assert {row["correct"] for row in data["answers"]} == {False}


def test_the_file_name_holds_nothing_of_a_hostile_room_name(
    world: World, client: FlaskClient
) -> None:
    room = world.room('Évening "x"; filename=evil.exe')
    world.trainer("Zed", room)
    sign_in(client, "Zed")
    response = client.get(f"/rooms/{room.id}/export.csv")
    disposition = response.headers["Content-Disposition"]
    assert (
        disposition
        == f'attachment; filename="room-{room.id}-vening--x---filename-evil-exe-answers.csv"'
    )


def test_an_export_is_logged(
    client: FlaskClient, room: Room, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level("INFO", logger="dealer_trainer.web"):
        client.get(f"/rooms/{room.id}/export.csv")
        client.get(f"/rooms/{room.id}/export.json")
    assert f"export: room {room.id} as csv by Mia" in caplog.text
    assert f"export: room {room.id} as json by Mia" in caplog.text


def test_the_streamed_json_is_the_text_json_dumps_writes() -> None:
    from datetime import UTC, datetime

    from dealer_trainer.exports import json_pieces
    from dealer_trainer.store.roomdata import ExportRow

    about = {"id": 3, "name": "Évening", "ruleset": "roberts"}
    rows = [
        ExportRow(
            trainee=name,
            item="i",
            topic="t",
            mode="quiz",
            correct=bool(n % 2),
            ruleset="r",
            difficulty=None,
            given='"x"\n',
            expected="",
            seconds=1.5,
            answered_at=datetime(2026, 12, 1, n, tzinfo=UTC),
        )
        for n, name in enumerate(("Ana", "Bö", "=1+1"))
    ]
    for some in (rows, rows[:1], []):
        expected = json.dumps(
            {"room": about, "answers": [row.to_dict() for row in some]},
            ensure_ascii=False,
            indent=1,
        )
        assert "".join(json_pieces(about, some)) == expected
