"""Uploading a scenario or a house ruleset: checked by the project's own readers, errors shown
at their line beside the field with the text kept, a valid scenario kept for the room."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from dealer_trainer.accounts import Accounts, Room
from dealer_trainer.store.roomdata import room_scenarios
from dealer_trainer.training.progress import open_store
from tests.web.conftest import HASHER, World, sign_in

BANK = Path(__file__).resolve().parents[2] / "scenarios"
GOOD = (BANK / "premature-turn" / "premature-turn-basic.yaml").read_text("utf-8")
MINE = GOOD.replace("id: premature-turn-basic", "id: our-premature-turn").replace(
    "title: The turn is shown before flop betting ends", "title: Our own turn, shown too soon"
)
HOUSE = (
    "name: river-room\nbase: roberts\ndescription: Our room.\n"
    "options:\n  exposed_misdeal_cards: 1\n"
)


@pytest.fixture
def room(world: World, client: FlaskClient) -> Room:
    made = world.room("Evening shift")
    world.trainer("Mia", made)
    sign_in(client, "Mia")
    return made


def _room(client: FlaskClient, room_id: int) -> Room:
    with open_store(client.application.config["DATABASE"]) as store:
        found = Accounts(store, HASHER).room(room_id)
    assert found is not None
    return found


def _kept(client: FlaskClient, room_id: int) -> list[str]:
    with open_store(client.application.config["DATABASE"]) as store:
        return [found.scenario_id for found in room_scenarios(store, room_id)]


def test_a_valid_scenario_is_kept_for_the_room_and_shown_in_the_browser(
    client: FlaskClient, room: Room
) -> None:
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": MINE})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/rooms/{room.id}/scenarios/our-premature-turn"
    assert _kept(client, room.id) == ["our-premature-turn"]
    page = client.get(response.headers["Location"]).text
    assert "Our own turn, shown too soon" in page and "uploaded to this room" in page
    assert "Right answer:" in page
    listing = client.get(f"/rooms/{room.id}/scenarios").text
    assert "Our own turn, shown too soon" in listing


def test_a_scenario_file_is_read_from_the_upload(client: FlaskClient, room: Room) -> None:
    response = client.post(
        f"/rooms/{room.id}/upload",
        data={"kind": "scenario", "file": (io.BytesIO(MINE.encode()), "ours.yaml")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    assert _kept(client, room.id) == ["our-premature-turn"]


def test_another_room_never_sees_an_uploaded_scenario(
    client: FlaskClient, world: World, room: Room
) -> None:
    client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": MINE})
    other = world.room("Day shift")
    world.trainer("Bob", other)
    bob = client.application.test_client()
    sign_in(bob, "Bob")
    assert bob.get(f"/rooms/{other.id}/scenarios/our-premature-turn").status_code == 404
    assert bob.get(f"/rooms/{room.id}/scenarios/our-premature-turn").status_code == 404
    assert bob.post(f"/rooms/{room.id}/scenarios/our-premature-turn/remove").status_code == 404
    assert _kept(client, room.id) == ["our-premature-turn"]


def test_an_uploaded_scenario_can_be_removed(client: FlaskClient, room: Room) -> None:
    client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": MINE})
    response = client.post(f"/rooms/{room.id}/scenarios/our-premature-turn/remove")
    assert response.status_code == 302
    assert _kept(client, room.id) == []


def test_a_scenario_error_is_shown_at_its_line_with_the_text_kept(
    client: FlaskClient, room: Room
) -> None:
    broken = MINE.replace("difficulty: 2", "difficulty: 2\ncolour: red")
    line = broken.splitlines().index("colour: red") + 1
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": broken})
    assert response.status_code == 422
    assert f"line {line}, column 1" in response.text
    assert "unknown field" in response.text
    # the line itself, beside the message, its column marked
    assert f'{line} | </span><mark title="column 1">c</mark>olour: red' in response.text
    assert "colour: red</textarea>" in response.text or "colour: red\n" in response.text
    assert 'aria-invalid="true"' in response.text
    assert _kept(client, room.id) == []


def test_a_scenario_the_engine_disproves_is_refused_at_its_line(
    client: FlaskClient, room: Room
) -> None:
    wrong = MINE.replace(
        "      steps: [set_aside, burn, turn, reshuffle, cut]\n      correct: true\n",
        "      steps: [set_aside, burn, turn, reshuffle, cut]\n",
    )
    wrong = wrong.replace("      steps: []\n", "      steps: []\n      correct: true\n", 1)
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": wrong})
    assert response.status_code == 422
    assert "line " in response.text
    assert _kept(client, room.id) == []


def test_a_python_tag_is_refused(client: FlaskClient, room: Room) -> None:
    hostile = "!!python/object/apply:os.system ['touch /tmp/pwned-by-upload']\n"
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": hostile})
    assert response.status_code == 422
    assert "line 1" in response.text
    assert not Path("/tmp/pwned-by-upload").exists()


@pytest.mark.parametrize("named", ["/etc/passwd.yaml", "../../secrets.yaml", "other.yaml"])
def test_a_scenario_may_not_name_a_file_on_the_server_as_its_ruleset(
    client: FlaskClient, room: Room, named: str
) -> None:
    text = MINE.replace("ruleset: roberts", f"ruleset: {named}")
    line = text.splitlines().index(f"ruleset: {named}") + 1
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": text})
    assert response.status_code == 422
    assert f"line {line}" in response.text
    assert "house.yaml" in response.text


def test_house_yaml_in_a_room_with_no_house_ruleset_is_refused_at_its_line(
    client: FlaskClient, room: Room
) -> None:
    text = MINE.replace("ruleset: roberts", "ruleset: house.yaml")
    line = text.splitlines().index("ruleset: house.yaml") + 1
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": text})
    assert response.status_code == 422
    assert f"line {line}" in response.text and "this room has none" in response.text
    assert "/tmp" not in response.text


def test_a_scenario_may_play_under_the_rooms_house_ruleset(client: FlaskClient, room: Room) -> None:
    client.post(f"/rooms/{room.id}/upload", data={"kind": "ruleset", "text": HOUSE})
    text = MINE.replace("ruleset: roberts", "ruleset: house.yaml")
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": text})
    assert response.status_code == 302, response.text
    page = client.get(response.headers["Location"]).text
    assert "river-room" in page


def test_a_scenario_with_a_bank_id_is_refused(client: FlaskClient, room: Room) -> None:
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": GOOD})
    assert response.status_code == 422
    assert "has a scenario &#39;premature-turn-basic&#39; already" in response.text


def test_nothing_to_upload_is_said_beside_the_field(client: FlaskClient, room: Room) -> None:
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": "  "})
    assert response.status_code == 422
    assert "Choose a file or paste the text." in response.text


def test_a_file_that_is_not_utf8_is_refused(client: FlaskClient, room: Room) -> None:
    response = client.post(
        f"/rooms/{room.id}/upload",
        data={"kind": "scenario", "file": (io.BytesIO(b"id: \xff\xfe"), "bad.yaml")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    assert "not UTF-8" in response.text


def test_an_oversized_upload_gets_413(client: FlaskClient, room: Room) -> None:
    big = "# " + "x" * (300 * 1024)
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": big})
    assert response.status_code == 413


def test_a_valid_house_ruleset_becomes_the_rooms_ruleset(client: FlaskClient, room: Room) -> None:
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "ruleset", "text": HOUSE})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/rooms/{room.id}/ruleset"
    found = _room(client, room.id)
    assert found.ruleset == "river-room" and found.house_yaml == HOUSE
    page = client.get(f"/rooms/{room.id}/ruleset").text
    assert "river-room (house ruleset on roberts)" in page
    # the scenario browser shows the scenarios of the house ruleset's base
    assert (
        "The turn is shown before flop betting ends"
        in client.get(f"/rooms/{room.id}/scenarios").text
    )


def test_a_house_ruleset_error_is_shown_at_its_line(client: FlaskClient, room: Room) -> None:
    bad = HOUSE.replace("exposed_misdeal_cards: 1", "exposed_misdeal_cards: 7")
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "ruleset", "text": bad})
    assert response.status_code == 422
    assert "line 5" in response.text and "exposed_misdeal_cards" in response.text
    assert _room(client, room.id).ruleset == "roberts"


def test_choosing_a_built_in_ruleset_drops_the_house_one(client: FlaskClient, room: Room) -> None:
    client.post(f"/rooms/{room.id}/upload", data={"kind": "ruleset", "text": HOUSE})
    client.post(f"/rooms/{room.id}/ruleset", data={"ruleset": "tda-2024"})
    found = _room(client, room.id)
    assert found.ruleset == "tda-2024" and found.house_yaml is None


def test_uploads_are_logged_without_their_text(
    client: FlaskClient, room: Room, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level("INFO", logger="dealer_trainer.web"):
        client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": MINE})
    assert "scenario uploaded" in caplog.text
    assert "Seat 3 has not acted" not in caplog.text


def test_hostile_scenario_text_is_shown_as_text(client: FlaskClient, room: Room) -> None:
    hostile = MINE.replace(
        "title: Our own turn, shown too soon", "title: \"<script>alert('t')</script>\""
    ).replace(
        "  ask: Seat 3 has not acted", "  ask: <img src=x onerror=alert(1)> Seat 3 has not acted"
    )
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": hostile})
    assert response.status_code == 302, response.text
    for url in (response.headers["Location"], f"/rooms/{room.id}/scenarios"):
        text = client.get(url).text
        assert "<script>alert" not in text and "<img src=x" not in text, url
        assert "&lt;script&gt;alert" in text, url


def _quiz_ids(client: FlaskClient, room: Room, person_name: str) -> tuple[int, list[str]]:
    """Start a 20-question quiz on the premature turn as ``person_name``; its run and items."""
    from dealer_trainer.training import runs

    trainee = client.application.test_client()
    sign_in(trainee, person_name)
    started = trainee.post(
        "/quiz", data={"room": str(room.id), "topics": "premature-turn", "length": "20"}
    )
    assert started.status_code == 302, started.text[:300]
    number = int(started.headers["Location"].split("/")[2])
    with open_store(client.application.config["DATABASE"]) as store:
        accounts = Accounts(store, HASHER)
        person = accounts.person_by_name(person_name)
        assert person is not None
        found = runs.run(store, run_id=number, person_id=person.id)
    assert found is not None
    return number, [planned.id for planned in found.plan.items]


def test_an_uploaded_scenario_is_asked_in_its_rooms_quizzes_only(
    client: FlaskClient, world: World, room: Room
) -> None:
    from dealer_trainer.scenario import forget_proofs
    from dealer_trainer.training import runs

    client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": MINE})
    world.person("Ana", room=room)
    number, ids = _quiz_ids(client, room, "Ana")
    assert "our-premature-turn" in ids and "premature-turn-basic" in ids
    # asked from the text the run keeps: a restarted server (its proofs gone) asks it the same
    forget_proofs()
    with open_store(client.application.config["DATABASE"]) as store:
        ana = Accounts(store, HASHER).person_by_name("Ana")
        assert ana is not None
        found = runs.run(store, run_id=number, person_id=ana.id)
    assert found is not None
    asked = runs.item(found.plan, ids.index("our-premature-turn") + 1)
    assert asked.scenario.title == "Our own turn, shown too soon"

    other = world.room("Day shift")
    world.person("Bo", room=other)
    _number, theirs = _quiz_ids(client, other, "Bo")
    assert "our-premature-turn" not in theirs
