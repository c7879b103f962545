"""Issue 29, the page completed: a player's ruling played on the table and asked, the game
(cash or tournament) and a limit structure set at the table and carried into the kept YAML,
and bad input on those fields answered beside them with what was chosen kept, never a 500."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from dealer_trainer.accounts import Room
from dealer_trainer.scenario import loads_scenario, verify
from tests.web.test_room_writing import MOVES, TABLE, _start, _step, room
from tests.web.test_room_writing_finish import _kept, _words

__all__ = ["room"]  # the fixture, shared

SEVEN = {**TABLE, "seats": "7", "small_blind": "100", "big_blind": "200", "stacks": "10000"}


def test_a_call_out_of_turn_is_played_and_asked_as_a_players_ruling_and_kept(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    assert _step(client, base, "table", SEVEN) == 302
    for move in ("post_blinds", "deal"):
        assert _step(client, base, "move", {"move": move}) == 302
    page = client.get(base).text
    assert "What a player did" in page and 'value="act_out_of_turn"' in page
    played = {"move": "act_out_of_turn", "seat": "6", "action": "call", "amount": ""}
    assert _step(client, base, "move", played) == 302
    page = client.get(base).text
    assert 'value="ruling"' in page
    assert _step(client, base, "ask", {"kind": "ruling"}) == 302
    assert _words(client, base, ident="our-out-of-turn", ask="Seat 6 calls early. Whose turn?",
                  explain="TDA 53-A: backed up.") == 302  # fmt: skip
    yaml_text = client.get(f"{base}.yaml").text
    proved = verify(loads_scenario(yaml_text, "our-out-of-turn.yaml"))
    assert proved.scenario.question.fact == "to_act"
    assert proved.situation == "action_out_of_turn"
    assert client.post(f"{base}/save").status_code == 302
    assert _kept(client, room)["our-out-of-turn"] == yaml_text
    # opened again, it is a player's ruling still, and saving it again keeps the same YAML
    opened = client.post(f"/rooms/{room.id}/scenarios/our-out-of-turn/edit")
    assert opened.status_code == 302
    again = str(opened.headers["Location"])
    assert 'value="ruling" checked' in client.get(again).text
    assert client.get(f"{again}.yaml").text == yaml_text
    assert client.post(f"{again}/save").status_code == 302


def test_an_action_out_of_turn_by_the_seat_to_act_is_refused_with_its_rule(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    _step(client, base, "table", SEVEN)
    for move in ("post_blinds", "deal"):
        _step(client, base, "move", {"move": move})
    response = client.post(f"{base}/move", data={"move": "act_out_of_turn", "seat": "4",
                                                 "action": "call"})  # fmt: skip
    assert response.status_code == 422
    said = re.search(r'<p class="error" id="move-error">([^<]*)<', response.text)
    assert said is not None and "in turn, not out of turn" in said.group(1)
    assert "(rule TDA24 53-A)" in said.group(1)
    assert '<option value="4" selected>' in response.text  # the seat chosen is kept


def test_the_game_and_a_limit_structure_are_carried_into_the_kept_yaml(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    assert _step(client, base, "table", {**TABLE, "structure": "limit", "game": "cash"}) == 302
    page = client.get(base).text
    assert '<option value="cash" selected>' in page and '<option value="limit" selected>' in page
    for move in MOVES:
        assert _step(client, base, "move", move) == 302, move
    assert _step(client, base, "error", {"error": "premature_turn"}) == 302
    assert _step(client, base, "ask", {"kind": "choice"}) == 302
    assert _words(client, base, ident="limit-early-turn") == 302
    yaml_text = client.get(f"{base}.yaml").text
    assert "structure: limit" in yaml_text and "game: cash" in yaml_text
    table = verify(loads_scenario(yaml_text, "x.yaml")).scenario.script.table
    assert table.game == "cash"


def test_a_limit_raise_of_the_wrong_size_is_refused_beside_the_moves_with_its_rule(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    _step(client, base, "table", {**TABLE, "structure": "limit"})
    for move in ("post_blinds", "deal"):
        _step(client, base, "move", {"move": move})
    response = client.post(f"{base}/move", data={"move": "act", "seat": "1", "action": "raise",
                                                 "amount": "50"})  # fmt: skip
    assert response.status_code == 422
    assert 'id="move-error"' in response.text and "exactly 4" in response.text
    assert 'value="50"' in response.text  # the amount typed is kept
    sized = {"move": "act", "seat": "1", "action": "raise", "amount": ""}
    assert _step(client, base, "move", sized) == 302  # the structure sizes it


def test_an_unknown_game_or_structure_is_answered_beside_its_field_the_choice_kept(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    response = client.post(f"{base}/table", data={**TABLE, "game": "home<b>"})
    assert response.status_code == 422
    assert 'id="game-error"' in response.text and "home<b>" not in response.text
    response = client.post(f"{base}/table", data={**TABLE, "structure": "spread-limit"})
    assert response.status_code == 422 and 'id="structure-error"' in response.text


HX = {"HX-Request": "true"}


def test_under_htmx_a_move_redraws_the_table_and_the_steps_in_place_without_a_redirect(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    page = client.get(base).text
    assert page.count('hx-post="') == page.count('<form method="post"')  # every step's form
    response = client.post(f"{base}/move", data={"move": "post_blinds"}, headers=HX)
    assert response.status_code == 200 and "HX-Redirect" not in response.headers
    assert "<html" not in response.text and 'id="table-heading"' in response.text
    assert "1 move played." in response.text
    assert 'hx-swap-oob="innerHTML:#status">The move is played.' in response.text
    assert "1 move played." in client.get(base).text  # kept, as a plain post keeps it


def test_under_htmx_a_refused_move_comes_back_beside_its_field_as_a_fragment(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    response = client.post(f"{base}/move", data={"move": "flop"}, headers=HX)
    assert response.status_code == 422 and "<html" not in response.text
    assert 'id="move-error"' in response.text
    said = re.search(r'hx-swap-oob="innerHTML:#status">([^<]*)<', response.text)
    assert said is not None and "flop" in said.group(1)


def test_under_htmx_bad_words_come_back_beside_their_field_kept_as_typed(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    _step(client, base, "table", TABLE)
    for move in MOVES:
        _step(client, base, "move", move)
    _step(client, base, "error", {"error": "premature_turn"})
    _step(client, base, "ask", {"kind": "choice"})
    words = {"ident": "ok-id", "title": 'Seat 3: "x" <i>', "ask": "What now?",
             "explain": "Why.", "difficulty": "2"}  # fmt: skip
    response = client.post(f"{base}/words", data=words, headers=HX)
    assert response.status_code == 422 and 'id="title-error"' in response.text
    assert 'value="Seat 3: &#34;x&#34; &lt;i&gt;"' in response.text


def test_without_javascript_the_same_step_posts_and_redirects_back_to_the_draft(
    client: FlaskClient, room: Room
) -> None:
    base = _start(client, room)
    response = client.post(f"{base}/move", data={"move": "post_blinds"})
    assert response.status_code == 302 and response.headers["Location"].startswith(base)


@pytest.mark.parametrize(
    ("step", "data", "place"),
    [
        ("move", {"move": "<script>"}, "move"),
        ("move", {"move": "act", "seat": "1", "action": "shove"}, "action"),
        ("move", {"move": "act", "seat": "x", "action": "call", "amount": "-5"}, "amount"),
        ("move", {"move": "absent", "seat": ""}, "seat"),
        ("error", {"error": "not_an_error: 'x'"}, "error"),
        ("ask", {"kind": "ruling"}, "kind"),
        ("ask", {"kind": "essay"}, "kind"),
        ("table", {**TABLE, "seats": "\x00"}, "seats"),
        ("table", {**TABLE, "ruleset": "../../etc/passwd"}, "ruleset"),
    ],
)
def test_bad_input_at_any_step_is_a_422_beside_its_field_never_a_500(
    client: FlaskClient, room: Room, step: str, data: dict[str, str], place: str
) -> None:
    base = _start(client, room)
    _step(client, base, "table", TABLE)
    _step(client, base, "move", {"move": "post_blinds"})
    response = client.post(f"{base}/{step}", data=data)
    assert response.status_code == 422, response.text[:300]
    assert f'id="{place}-error"' in response.text or 'id="move-error"' in response.text
    assert "<script>" not in response.text.split("</head>")[1]


@pytest.mark.parametrize(
    ("field", "text", "says"),
    [("option-1", "", "cannot be empty"), ("option-2", "o" * 700, "at most 600"),
     ("explain", "x" * 5000, "at most 2000"), ("ask", "   ", "cannot be empty")],
)  # fmt: skip
def test_an_empty_or_overlong_option_or_text_is_refused_beside_it_and_kept(
    client: FlaskClient, room: Room, field: str, text: str, says: str
) -> None:
    base = _start(client, room)
    _step(client, base, "table", TABLE)
    for move in MOVES:
        _step(client, base, "move", move)
    _step(client, base, "error", {"error": "premature_turn"})
    _step(client, base, "ask", {"kind": "choice"})
    assert _words(client, base, **{field: text}) == 422
    page = client.get(base).text
    said = re.search(rf'<p class="error" id="{field}-error">([^<]*)<', page)
    assert said is not None and says in said.group(1)
    assert text[:4000].strip() == "" or text[:50] in page  # what was typed is kept


def _on_the_flop_to_count(client: FlaskClient, room: Room) -> str:
    base = _start(client, room)
    assert _step(client, base, "table", TABLE) == 302
    for move in MOVES[:7]:  # to the flop's betting, no dealer error made
        assert _step(client, base, "move", move) == 302, move
    return base


def test_a_number_is_asked_on_the_chosen_fact_previewed_as_a_number_field_and_kept(
    client: FlaskClient, room: Room
) -> None:
    base = _on_the_flop_to_count(client, room)
    page = client.get(base).text
    assert 'value="number"' in page and '<option value="main_pot">' in page
    assert _step(client, base, "ask", {"kind": "number", "fact": "board_cards"}) == 302
    page = client.get(base).text
    assert '<option value="board_cards" selected>' in page
    preview = page.split('id="preview-heading"')[1]
    assert 'name="number"' in preview and 'inputmode="numeric"' in preview
    assert _words(client, base, ident="count-the-flop", ask="How many cards are on the board?",
                  explain="Three: the flop.") == 302  # fmt: skip
    yaml_text = client.get(f"{base}.yaml").text
    proved = verify(loads_scenario(yaml_text, "count-the-flop.yaml"))
    assert proved.scenario.question.fact == "board_cards"
    assert client.post(f"{base}/save").status_code == 302
    assert _kept(client, room)["count-the-flop"] == yaml_text
    opened = client.post(f"/rooms/{room.id}/scenarios/count-the-flop/edit")
    again = str(opened.headers["Location"])
    assert '<option value="board_cards" selected>' in client.get(again).text
    assert client.get(f"{again}.yaml").text == yaml_text


@pytest.mark.parametrize("fact", ["to_act", "<b>pot</b>", ""])
def test_a_number_on_a_fact_the_page_does_not_count_is_refused_beside_its_field(
    client: FlaskClient, room: Room, fact: str
) -> None:
    base = _on_the_flop_to_count(client, room)
    response = client.post(f"{base}/ask", data={"kind": "number", "fact": fact})
    if not fact:  # no fact chosen: the pot, by default
        assert response.status_code == 302
        return
    assert response.status_code == 422
    said = re.search(r'<p class="error" id="fact-error">([^<]*)<', response.text)
    assert said is not None and "ask one of: pot" in said.group(1)
    assert 'aria-describedby="fact-error"' in response.text
    assert "<b>pot</b>" not in response.text
