"""Issue 29, the page finished: the preview drawn by the quiz's own question markup at phone
size (the answer hidden), a kept scenario opened again as a draft and saved in its place, the
audit's family check against the room's other items before save, a house ruleset that does
not read answered beside its field, and awkward words that round-trip into YAML that
validates."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from dealer_trainer.accounts import Room
from dealer_trainer.scenario import loads_scenario, verify
from dealer_trainer.store.uploads import room_scenarios, save_room_scenario
from dealer_trainer.training.progress import open_store
from tests.web.conftest import World
from tests.web.test_room_writing import _step, _to_the_error, room

__all__ = ["room"]  # the fixture, shared

_OPTION = re.compile(r'<textarea id="w-(option-\d)" name="option-\d" rows="3"[^>]*>([^<]*)<')


def _unescape(text: str) -> str:
    return (text.replace("&#39;", "'").replace("&#34;", '"').replace("&quot;", '"')
            .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))  # fmt: skip


def _words(client: FlaskClient, base: str, **given: str) -> int:
    """Keep the words: the drafted ones, with ``given`` in their place."""
    page = client.get(base).text
    words = {"ident": "our-early-turn", "title": "Early turn", "ask": "What now?",
             "explain": "TDA RP-5B.", "difficulty": "2"}  # fmt: skip
    words.update({name: _unescape(text) for name, text in _OPTION.findall(page)})
    words.update(given)
    return _step(client, base, "words", words)


def _asked(client: FlaskClient, room: Room, **given: str) -> str:
    base = _to_the_error(client, room)
    assert _step(client, base, "ask", {"kind": "choice"}) == 302
    assert _words(client, base, **given) == 302
    return base


def _kept(client: FlaskClient, room: Room) -> dict[str, str]:
    with open_store(client.application.config["DATABASE"]) as store:
        return {s.scenario_id: s.yaml for s in room_scenarios(store, room.id)}


def test_the_preview_is_the_quizs_own_question_markup_at_phone_size_answer_hidden(
    client: FlaskClient, room: Room
) -> None:
    base = _asked(client, room)
    preview = client.get(base).text.split('id="preview-heading"')[1]
    assert '<div class="phone-frame">' in preview
    # the quiz's partial: the question as the legend, each option a big radio button
    assert "<legend>What now?</legend>" in preview
    radios = re.findall(r'<input type="radio" name="option" value="(\d)"', preview)
    assert radios == ["1", "2", "3", "4"]
    assert "<fieldset disabled>" in preview  # answering is off
    assert "engine's answer" not in preview and "correct" not in preview


def test_a_kept_scenario_opens_again_as_a_draft_and_saving_replaces_it(
    client: FlaskClient, room: Room
) -> None:
    base = _asked(client, room)
    assert client.post(f"{base}/save").status_code == 302
    opened = client.post(f"/rooms/{room.id}/scenarios/our-early-turn/edit")
    assert opened.status_code == 302
    again = str(opened.headers["Location"])
    assert again != base
    page = client.get(again).text
    assert 'value="Early turn"' in page and "in place of our-early-turn" in page
    assert _words(client, again, title="Early turn: seat 3 still to act") == 302
    assert client.post(f"{again}/save").status_code == 302
    kept = _kept(client, room)
    assert list(kept) == ["our-early-turn"]
    assert verify(loads_scenario(kept["our-early-turn"], "x.yaml")).scenario.title == (
        "Early turn: seat 3 still to act"
    )


def test_a_new_draft_cannot_overwrite_another_kept_scenario(
    client: FlaskClient, room: Room
) -> None:
    first = _asked(client, room)
    assert client.post(f"{first}/save").status_code == 302
    second = _asked(client, room, title="Another early turn")
    refused = client.post(f"{second}/save")
    assert refused.status_code == 422
    assert 'id="ident-error"' in refused.text and "keeps a scenario" in refused.text
    assert "Another" not in _kept(client, room)["our-early-turn"]


def test_a_scenario_the_page_cannot_show_is_refused_with_why(
    client: FlaskClient, room: Room
) -> None:
    text = (
        "id: stacked\ntitle: Stacked\ntopic: premature-turn\ndifficulty: 2\n"
        "table: {seats: 3, button: 1, blinds: [1, 2], stacks: 200}\ndeck: [As, Kd]\n"
        "setup: [post_blinds]\nquestion: {ask: x, choices: [{text: a, correct: true}]}\n"
    )
    with open_store(client.application.config["DATABASE"]) as store:
        save_room_scenario(store, room_id=room.id, scenario_id="stacked", yaml=text,
                           uploaded_by=None)  # fmt: skip
    response = client.post(f"/rooms/{room.id}/scenarios/stacked/edit")
    assert response.status_code == 422
    assert "a stacked deck" in response.text
    assert client.post(f"/rooms/{room.id}/scenarios/none-such/edit").status_code == 404


def test_the_family_check_against_the_rooms_items_is_shown_before_save(
    client: FlaskClient, room: Room
) -> None:
    first = _asked(client, room)
    assert client.post(f"{first}/save").status_code == 302
    second = _asked(client, room, ident="our-early-turn-2")
    page = client.get(second).text
    assert "the room asks this same hand in our-early-turn" in page
    # one family on both: the advice is gone
    opened = str(client.post(f"/rooms/{room.id}/scenarios/our-early-turn/edit").headers["Location"])
    assert _words(client, opened, family="early-turn-hand") == 302
    assert client.post(f"{opened}/save").status_code == 302
    assert _words(client, second, ident="our-early-turn-2", family="early-turn-hand") == 302
    assert "the room asks this same hand" not in client.get(second).text
    assert client.post(f"{second}/save").status_code == 302
    assert "family: early-turn-hand" in _kept(client, room)["our-early-turn-2"]


def test_a_house_ruleset_that_does_not_read_gets_its_message_beside_the_ruleset_field(
    world: World, client: FlaskClient, room: Room
) -> None:
    accounts = world.accounts()
    try:
        accounts.set_ruleset(room_id=room.id, ruleset="house.yaml", house_yaml="base: [roberts")
    finally:
        accounts.store.close()
    base = str(client.post(f"/rooms/{room.id}/write").headers["Location"])
    data = {"seats": "3", "button": "1", "small_blind": "1", "big_blind": "2",
            "stacks": "200", "structure": "no-limit", "ruleset": "house.yaml"}  # fmt: skip
    response = client.post(f"{base}/table", data=data)
    assert response.status_code == 422
    said = re.search(r'<p class="error" id="ruleset-error">([^<]*)<', response.text)
    assert said is not None and "house ruleset does not read" in said.group(1)
    assert 'value="3"' in response.text  # what was typed is kept


AWKWARD = [
    'Seat 3: "not yet!"',
    "it's #1: the turn",
    "- a dash, then: a colon",
    "*star & ampersand < 3 > 2",
    "yes",
    "null",
    "{a: b}, [c]",
    "% @ ` | > !tag",
    "Tûrn — early… 🂡",
]


@pytest.mark.parametrize("text", AWKWARD)
def test_a_title_or_option_with_quotes_colons_or_markup_round_trips_into_yaml_that_validates(
    client: FlaskClient, room: Room, text: str
) -> None:
    base = _asked(client, room, title=text, **{"option-3": f"{text} (wrong)"})
    yaml_text = client.get(f"{base}.yaml").text
    proved = verify(loads_scenario(yaml_text, "our-early-turn.yaml"))
    assert proved.scenario.title == text
    assert f"{text} (wrong)" in [c.text for c in proved.scenario.question.choices]


@pytest.mark.parametrize(
    ("field", "text", "says"),
    [("title", "<b>early</b>", "no HTML"), ("option-2", "bell\x07", "control character"),
     ("option-1", "tab\tthen\x1b[31m", "control character")],
)  # fmt: skip
def test_html_tags_and_control_characters_are_refused_beside_their_field(
    client: FlaskClient, room: Room, field: str, text: str, says: str
) -> None:
    base = _asked(client, room)
    page = client.get(base).text
    words = {"ident": "our-early-turn", "title": "Early turn", "ask": "What now?",
             "explain": "Why.", "difficulty": "2"}  # fmt: skip
    words.update({name: _unescape(t) for name, t in _OPTION.findall(page)})
    words[field] = text
    response = client.post(f"{base}/words", data=words)
    assert response.status_code == 422
    assert f'id="{field}-error"' in response.text and says in response.text
    assert "<b>early</b>" not in response.text
