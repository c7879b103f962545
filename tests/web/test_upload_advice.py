"""An upload that is not valid YAML is told what to do in plain words (issue 27 item 20): each
error at its line and column, the offending line quoted (escaped) with its column marked, and
a link to the authoring guide the room serves."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask.testing import FlaskClient

from dealer_trainer.accounts import Room
from tests.web.conftest import World, sign_in
from tests.web.test_room_upload import MINE

TITLE = "title: Our own turn, shown too soon"


@pytest.fixture
def room(world: World, client: FlaskClient) -> Room:
    made = world.room("Evening shift")
    world.trainer("Mia", made)
    sign_in(client, "Mia")
    return made


def _upload(client: FlaskClient, room: Room, text: str) -> tuple[int, str]:
    response = client.post(f"/rooms/{room.id}/upload", data={"kind": "scenario", "text": text})
    return response.status_code, response.text


def _problems(html: str) -> str:
    found = re.search(r'<div class="problems" id="problems">(.*?)</div>', html, re.S)
    assert found, "no problems shown"
    return found.group(1)


def test_a_title_with_a_colon_gets_the_quoting_advice_and_the_guide_link(
    client: FlaskClient, room: Room
) -> None:
    text = MINE.replace(TITLE, "title: Flop: turned early")
    line = text.splitlines().index("title: Flop: turned early") + 1
    status, html = _upload(client, room, text)
    assert status == 422
    problems = _problems(html)
    assert f"<strong>line {line}, column 12</strong>" in problems
    assert "mapping values" not in problems  # the parser's words stay with the parser
    said = unescape(problems)
    assert 'put the whole value in quotes: title: "Flop: turned early"' in said
    # the offending line, its column (the colon) marked
    assert f'{line} | </span>title: Flop<mark title="column 12">:</mark> turned early' in problems
    link = re.search(r'<a href="([^"]+)">How to write a scenario</a>', problems)
    assert link is not None
    page, _, anchor = link.group(1).partition("#")
    guide = client.get(page)
    assert guide.status_code == 200
    assert f'id="{anchor}"' in guide.text


def test_the_advice_followed_uploads_the_scenario(client: FlaskClient, room: Room) -> None:
    text = MINE.replace(TITLE, "title: Flop: turned early")
    _, html = _upload(client, room, text)
    advised = re.search(r"in quotes: (title: .+?)</li>", unescape(_problems(html)), re.S)
    assert advised is not None
    written = advised.group(1).split("\n")[0].strip()
    status, _ = _upload(client, room, text.replace("title: Flop: turned early", written))
    assert status == 302


def test_the_offending_line_is_quoted_as_text(client: FlaskClient, room: Room) -> None:
    hostile = "title: <b onmouseover=alert(1)>Flop</b>: turned early"
    status, html = _upload(client, room, MINE.replace(TITLE, hostile))
    assert status == 422
    problems = _problems(html)
    assert "<b onmouseover" not in problems
    assert "&lt;b onmouseover=alert(1)&gt;Flop&lt;/b&gt;<mark" in problems


def test_a_tab_is_marked_where_it_stands(client: FlaskClient, room: Room) -> None:
    text = MINE.replace("question:\n  ", "question:\n\t", 1)
    assert "\t" in text
    status, html = _upload(client, room, text)
    assert status == 422
    problems = _problems(html)
    assert "indented with spaces only" in problems
    assert re.search(r'<mark title="column 1">\t</mark>', problems)
