"""Uploads cost a room what one upload costs, once: a text is at most MAX_UPLOAD_BYTES, a room
keeps at most MAX_ROOM_SCENARIOS (the page says both), and a quiz start reads no upload's
text, proves none and copies none into the store: it reads the catalogue lines kept at upload.
Uploads are never written to, or read through, a temporary folder."""

from __future__ import annotations

import io
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from dealer_trainer.accounts import Room
from dealer_trainer.scenario import MAX_ROOM_SCENARIOS, MAX_UPLOAD_BYTES, forget_proofs
from dealer_trainer.store.uploads import room_scenario_lines
from dealer_trainer.training.progress import open_store
from tests.dbrows import rows
from tests.web.conftest import World, sign_in

BANK = Path(__file__).resolve().parents[2] / "scenarios"
GOOD = (BANK / "premature-turn" / "premature-turn-basic.yaml").read_text("utf-8")
HOUSE = (
    "name: river-room\nbase: roberts\ndescription: Our room.\n"
    "options:\n  exposed_misdeal_cards: 1\n"
)


def _mine(number: int, *, house: bool = False) -> str:
    text = GOOD.replace("id: premature-turn-basic", f"id: our-turn-{number}").replace(
        "title: The turn is shown before flop betting ends", f"title: Our turn number {number}"
    )
    if house:
        text = text.replace("ruleset: roberts\n", "ruleset: house.yaml\n", 1)
    return text


@pytest.fixture
def room(world: World, client: FlaskClient) -> Room:
    made = world.room("Evening shift")
    world.trainer("Mia", made)
    world.person("Ana", room=made)
    sign_in(client, "Mia")
    return made


def _upload(client: FlaskClient, room: Room, text: str) -> Any:
    return client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": text})


def _start(client: FlaskClient, room: Room) -> int:
    trainee = client.application.test_client()
    sign_in(trainee, "Ana")
    started = trainee.post(
        "/quiz", data={"room": str(room.id), "topics": "premature-turn", "length": "20"}
    )
    assert started.status_code == 302, started.text[:300]
    return int(started.headers["Location"].split("/")[2])


# --- the limits -------------------------------------------------------------------------------


def test_the_upload_page_says_the_limits(client: FlaskClient, room: Room) -> None:
    page = client.get(f"/rooms/{room.id}/upload").text
    assert f"at most {MAX_UPLOAD_BYTES // 1024} KB" in page
    assert f"at most {MAX_ROOM_SCENARIOS} scenarios" in page
    assert "This room keeps 0 scenarios." in page


def test_the_guide_says_the_limits() -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "training-room.md").read_text()
    assert f"at most {MAX_UPLOAD_BYTES // 1024} KB" in guide
    assert f"at most {MAX_ROOM_SCENARIOS} scenarios" in guide


@pytest.mark.parametrize("as_file", [False, True])
def test_a_text_over_the_size_limit_is_refused_with_the_limit_said(
    client: FlaskClient, room: Room, as_file: bool
) -> None:
    big = _mine(1) + "# " + "x" * MAX_UPLOAD_BYTES + "\n"
    if as_file:
        response = client.post(
            f"/rooms/{room.id}/upload",
            data={"kind": "scenario", "file": (io.BytesIO(big.encode()), "big.yaml")},
            content_type="multipart/form-data",
        )
    else:
        response = _upload(client, room, big)
    assert response.status_code == 422
    assert f"more than {MAX_UPLOAD_BYTES // 1024} KB, the most an upload may be" in response.text
    assert _ids(client, room) == []


def test_a_text_at_the_size_limit_is_kept(client: FlaskClient, room: Room) -> None:
    text = _mine(1)
    text += "# " + "x" * (MAX_UPLOAD_BYTES - len(text.encode()) - 3) + "\n"
    assert len(text.encode()) == MAX_UPLOAD_BYTES
    assert _upload(client, room, text).status_code == 302


def test_a_full_room_refuses_a_new_scenario_and_still_replaces_one(
    client: FlaskClient, room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("dealer_trainer.web.room.upload.MAX_ROOM_SCENARIOS", 2)
    assert _upload(client, room, _mine(1)).status_code == 302
    assert _upload(client, room, _mine(2)).status_code == 302
    refused = _upload(client, room, _mine(3))
    assert refused.status_code == 422
    assert "this room keeps 2 scenarios, the most it may (2)" in refused.text
    assert "remove one before uploading another" in refused.text
    replaced = _upload(client, room, _mine(2).replace("number 2", "number two"))
    assert replaced.status_code == 302
    assert _ids(client, room) == ["our-turn-1", "our-turn-2"]


def _ids(client: FlaskClient, room: Room) -> list[str]:
    with open_store(client.application.config["DATABASE"]) as store:
        return [line.scenario_id for line in room_scenario_lines(store, room.id)]


# --- a start costs the same whatever the uploads -------------------------------------------------


def _count_proofs(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every scenario proved or read from text from now on, by id."""
    import dealer_trainer.scenario.proof as proof
    import dealer_trainer.training.runs.plans as plans

    counted: Counter[str] = Counter()
    verify, read = proof.verify, plans.load_scenario_text

    def counting_verify(scenario: Any) -> Any:
        counted[scenario.id] += 1
        return verify(scenario)

    def counting_read(text: str, source: str, **kw: Any) -> Any:
        counted[source.removesuffix(".yaml")] += 1
        return read(text, source, **kw)

    monkeypatch.setattr(proof, "verify", counting_verify)
    monkeypatch.setattr(plans, "load_scenario_text", counting_read)
    return counted


def test_a_quiz_start_neither_proves_nor_reads_nor_copies_an_upload(
    client: FlaskClient, room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    client.post(f"/rooms/{room.id}/upload", data={"kind": "ruleset", "text": HOUSE})
    mine = [_mine(n, house=n == 1) for n in range(1, 6)]
    for text in mine:
        assert _upload(client, room, text).status_code == 302
    forget_proofs()  # as a restarted server: nothing proved yet
    counted = _count_proofs(monkeypatch)
    numbers = [_start(client, room) for _ in range(3)]
    uploaded = {f"our-turn-{n}" for n in range(1, 6)}
    assert not uploaded & set(counted), counted
    with open_store(client.application.config["DATABASE"]) as store:
        plans = [str(row[0]) for row in rows(store.target, "SELECT plan FROM runs")]
        (texts,) = rows(store.target, "SELECT COUNT(*) FROM upload_texts")[0:1]
    assert all(f"our-turn-{n}" in plan for n in range(1, 6) for plan in plans)
    assert not any("premature" in plan and "setup:" in plan for plan in plans)  # no text
    assert max(len(plan) for plan in plans) < 8 * 1024
    assert int(texts[0]) == 6  # five scenarios and the house ruleset, each once

    # asked, each upload is proved once in this process, however many runs ask it
    _ask_every_item(client, numbers)
    assert {ident: counted[ident] for ident in uploaded} == dict.fromkeys(uploaded, 1)


def _ask_every_item(client: FlaskClient, numbers: list[int]) -> None:
    """Each item of Ana's runs ``numbers`` laid out as its page lays it out (the first also
    answered through the pages, as far as option 1 takes it)."""
    from dealer_trainer.accounts import Accounts
    from dealer_trainer.training import runs
    from tests.web.conftest import HASHER

    trainee = client.application.test_client()
    sign_in(trainee, "Ana")
    for position in range(1, 21):
        if trainee.get(f"/runs/{numbers[0]}/items/{position}").status_code != 200:
            break
        trainee.post(f"/runs/{numbers[0]}/items/{position}", data={"option": "1"})
    with open_store(client.application.config["DATABASE"]) as store:
        ana = Accounts(store, HASHER).person_by_name("Ana")
        assert ana is not None
        for number in numbers:
            found = runs.run(store, run_id=number, person_id=ana.id)
            assert found is not None
            for position in range(1, found.length + 1):
                runs.item(found.plan, position)


def test_an_upload_kept_before_catalogue_lines_is_read_once(
    client: FlaskClient, room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _upload(client, room, _mine(1)).status_code == 302
    with open_store(client.application.config["DATABASE"]) as store:
        rows(store.target, "UPDATE room_scenarios SET topic = NULL, difficulty = NULL")
    counted = _count_proofs(monkeypatch)
    _start(client, room)
    _start(client, room)
    assert counted["our-turn-1"] == 1
    with open_store(client.application.config["DATABASE"]) as store:
        lines = room_scenario_lines(store, room.id)
    assert [(line.topic, line.difficulty) for line in lines] == [("premature-turn", 2)]


# --- never through a temporary folder ---------------------------------------------------------


def test_uploads_and_quizzes_leave_the_temporary_folder_empty_and_follow_no_link(
    client: FlaskClient, room: Room, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    elsewhere = tmp_path / "attackers-folder"
    elsewhere.mkdir()
    # where an older version wrote uploads: a link an attacker planted to a folder of theirs
    (shared / "dealer-trainer-uploads").symlink_to(elsewhere, target_is_directory=True)
    monkeypatch.setenv("TMPDIR", str(shared))
    monkeypatch.setattr(tempfile, "tempdir", None)  # gettempdir() reads TMPDIR again
    assert tempfile.gettempdir() == str(shared)

    client.post(f"/rooms/{room.id}/upload", data={"kind": "ruleset", "text": HOUSE})
    for number in (1, 2):
        response = client.post(
            f"/rooms/{room.id}/upload",
            data={
                "kind": "scenario",
                "file": (io.BytesIO(_mine(number, house=True).encode()), f"{number}.yaml"),
            },
            content_type="multipart/form-data",
        )
        assert response.status_code == 302, response.text[:300]
    assert client.get(f"/rooms/{room.id}/scenarios/our-turn-1").status_code == 200
    forget_proofs()
    _ask_every_item(client, [_start(client, room)])

    assert [p.name for p in shared.iterdir()] == ["dealer-trainer-uploads"]
    assert list(elsewhere.iterdir()) == []
