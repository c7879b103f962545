"""Issue 29: "Write a scenario" in the trainer's room: the table set, the hand dealt with the
move buttons, the error made, the question drafted, the words edited, the item proved and kept
in the room; bad input answered beside its field with what was typed kept; a draft kept in the
store as the author goes, its author's alone."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from dealer_trainer.accounts import TRAINER, Room
from dealer_trainer.scenario import loads_scenario, verify
from dealer_trainer.store.roomdata import room_scenarios
from dealer_trainer.training.progress import open_store
from tests.web.conftest import World, sign_in

MOVES = [
    {"move": "post_blinds"},
    {"move": "deal"},
    {"move": "act", "seat": "1", "action": "call"},
    {"move": "act", "seat": "2", "action": "call"},
    {"move": "act", "seat": "3", "action": "check"},
    {"move": "burn"},
    {"move": "flop"},
    {"move": "act", "seat": "2", "action": "check"},
]
TABLE = {"seats": "3", "button": "1", "small_blind": "1", "big_blind": "2", "stacks": "200",
         "structure": "no-limit", "ruleset": "tda-2024"}  # fmt: skip


@pytest.fixture
def room(world: World, client: FlaskClient) -> Room:
    made = world.room("Evening shift")
    world.trainer("Mia", made)
    sign_in(client, "Mia")
    return made


def _start(client: FlaskClient, room: Room) -> str:
    response = client.post(f"/rooms/{room.id}/write")
    assert response.status_code == 302
    return str(response.headers["Location"])


def _step(client: FlaskClient, base: str, step: str, data: dict[str, str]) -> int:
    return client.post(f"{base}/{step}", data=data).status_code


def _to_the_error(client: FlaskClient, room: Room) -> str:
    base = _start(client, room)
    assert _step(client, base, "table", TABLE) == 302
    for move in MOVES:
        assert _step(client, base, "move", move) == 302, move
    assert _step(client, base, "error", {"error": "premature_turn"}) == 302
    return base


def test_a_trainer_deals_makes_the_error_asks_and_keeps_a_scenario_that_validates(
    client: FlaskClient, room: Room
) -> None:
    base = _to_the_error(client, room)
    assert _step(client, base, "ask", {"kind": "choice"}) == 302
    page = client.get(base).text
    assert "Preview: what the trainee sees" in page and "the engine's answer" in page
    words = {"ident": "our-early-turn", "title": 'Seat 3: "not yet!"', "ask": "What now?",
             "explain": "TDA RP-5B: the card goes back.", "difficulty": "2"}  # fmt: skip
    options = re.findall(r'<textarea id="w-(option-\d)" name="option-\d" rows="3">([^<]*)<', page)
    words.update({name: text.replace("&#39;", "'") for name, text in options})
    assert _step(client, base, "words", words) == 302
    yaml_text = client.get(f"{base}.yaml").text
    proved = verify(loads_scenario(yaml_text, "our-early-turn.yaml"))
    assert proved.scenario.title == 'Seat 3: "not yet!"'
    assert proved.situation == "premature_turn"
    # the preview hides the answer: the key is not marked on the trainee's side
    preview = client.get(base).text.split("Preview: what the trainee sees")[1]
    assert "engine's answer" not in preview and "correct" not in preview
    saved = client.post(f"{base}/save")
    assert saved.status_code == 302
    assert saved.headers["Location"] == f"/rooms/{room.id}/scenarios/our-early-turn"
    with open_store(client.application.config["DATABASE"]) as store:
        kept = [s.yaml for s in room_scenarios(store, room.id)]
    assert kept == [yaml_text]


def test_an_illegal_move_is_refused_beside_the_moves_with_its_rule(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    _step(client, base, "table", TABLE)
    response = client.post(f"{base}/move", data={"move": "flop"})
    assert response.status_code == 422
    assert 'id="move-error"' in response.text and "(rule " in response.text


def test_an_error_the_moment_cannot_have_is_refused(client: FlaskClient, room: Room) -> None:
    base = _start(client, room)
    _step(client, base, "table", TABLE)
    response = client.post(f"{base}/error", data={"error": "premature_turn"})
    assert response.status_code == 422
    assert "cannot be made at this moment" in response.text


def test_a_bad_table_field_is_answered_beside_it_with_what_was_typed_kept(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    response = client.post(f"{base}/table", data={**TABLE, "button": "9<b>"})
    assert response.status_code == 422
    assert 'id="button-error"' in response.text
    assert 'value="9&lt;b&gt;"' in response.text  # kept, escaped


@pytest.mark.parametrize(
    ("field", "text", "says"),
    [
        ("title", "", "cannot be empty"),
        ("title", "t" * 500, "at most 120"),
        ("ask", "<img src=x onerror=alert(1)>", "no HTML"),
        ("explain", "bell\x07", "control character"),
        ("ident", "Not An Id", "lower-case words"),
    ],
)
def test_bad_words_get_their_message_beside_their_field_never_a_500(
    client: FlaskClient, room: Room, field: str, text: str, says: str
) -> None:
    base = _to_the_error(client, room)
    _step(client, base, "ask", {"kind": "choice"})
    words = {"ident": "ok-id", "title": "A title", "ask": "What now?", "explain": "Why.",
             "difficulty": "2", field: text}  # fmt: skip
    response = client.post(f"{base}/words", data=words)
    assert response.status_code == 422
    assert f'id="{field}-error"' in response.text and says in response.text
    assert "<img src=x" not in response.text
    # what was typed is kept: a reload shows it
    assert client.get(base).status_code == 200


def test_a_draft_survives_a_reload_and_is_its_authors_alone(
    world: World, client: FlaskClient, room: Room
) -> None:
    base = _to_the_error(client, room)
    assert "The engine recognises" in client.get(base).text
    # another trainer of the same room, or the author in another room: 404
    world.trainer("Noa", room)
    other = client.application.test_client()
    sign_in(other, "Noa")
    assert other.get(base).status_code == 404
    assert other.post(f"{base}/undo").status_code == 404
    elsewhere = world.room("Day shift")
    accounts = world.accounts()
    try:  # Mia trains there too: still, this draft is not that room's
        mia = accounts.person_by_name("Mia")
        assert mia is not None
        accounts.add_member(room_id=elsewhere.id, person_id=mia.id, role=TRAINER)
    finally:
        accounts.store.close()
    number = base.rsplit("/", 1)[1]
    assert client.get(f"/rooms/{elsewhere.id}/write/{number}").status_code == 404
    assert client.post(f"{base}/undo").status_code == 302
    assert client.get(f"{base}.yaml").status_code == 409  # no question yet
