"""The drill in the browser: the dealer's next move as buttons beside the table; each pick
kept in the store, the drill replayed from its seed and the picks (a reload loses nothing)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.store import skills
from dealer_trainer.training import runs
from dealer_trainer.training.drill.session import Drill
from dealer_trainer.training.progress import open_store

from .conftest import World, sign_in


@pytest.fixture
def room(world: World) -> Room:
    return world.room("Practice table")


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


def _start(client: FlaskClient, room: Room) -> str:
    started = client.post("/drill", data={"room": str(room.id)})
    assert started.location and started.location.startswith("/drill/"), started.text[:300]
    return started.location


def _plain(label: str) -> str:
    """A label's text as the plan writes it: markup dropped, a card drawn as K♣ (with its
    name for screen readers) read back as its code, Kc."""
    label = re.sub(r'<span class="visually-hidden">.*?</span>', "", label)
    label = re.sub(r"<[^>]+>", "", label).strip()
    label = re.sub(r"10(?=[♣♦♥♠])", "T", label)
    return label.translate(str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"}))


def _moves(html: str) -> list[str]:
    found = re.findall(
        r'<span class="option-text">(.*?)</span><span class="chosen-mark"', html, re.S
    )
    return [_plain(label) for label in found]


def _point(html: str) -> int:
    found = re.search(r'name="point" value="(\d+)"', html)
    assert found, "the page names no point"
    return int(found.group(1))


def _run(app: Flask, url: str, person: Person) -> runs.Run:
    store = open_store(app.config["DATABASE"])
    try:
        found = runs.run(store, run_id=int(url.rsplit("/", 1)[1]), person_id=person.id)
        assert found is not None
        return found
    finally:
        store.close()


def test_the_drill_page_offers_a_start(client: FlaskClient, ana: Person) -> None:
    sign_in(client, "Ana")
    page = client.get("/drill").text
    assert ">Start a drill" in page and 'name="room"' in page


def test_a_drill_shows_the_table_and_the_dealers_moves_as_buttons(
    client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    html = client.get(_start(client, room)).text
    assert _point(html) == 1
    assert "<fieldset>" in html and "<legend>Your move as the dealer" in html
    moves = _moves(html)
    assert len(moves) >= 2
    assert re.search(r'data-key="1"', html)
    assert 'role="img"' in html and "<desc" in html
    assert html.count("<h1") == 1


def test_a_reload_shows_the_same_point_and_moves(
    client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    url = _start(client, room)
    first = client.get(url).text
    client.post(url, data={"point": "1", "option": "1"})
    again = client.get(url).text
    assert _point(again) == 2
    assert _moves(client.get(url).text) == _moves(again)
    assert _moves(first)  # the first point had moves too


def test_each_pick_is_kept_once(app: Flask, client: FlaskClient, ana: Person, room: Room) -> None:
    sign_in(client, "Ana")
    url = _start(client, room)
    client.post(url, data={"point": "1", "option": "1"})
    client.post(url, data={"point": "1", "option": "2"})  # a double tap: point 1 is done
    store = open_store(app.config["DATABASE"])
    try:
        found = _run(app, url, ana)
        assert len(runs.answers(store, found.id)) == 1
        assert store.answers("Ana") == []  # a drill pick is no item
        (figure,) = skills.trainee_skills(store, "Ana")
        assert (figure.skill, figure.answered) == ("dealing", 1)
    finally:
        store.close()


def test_the_drill_replays_as_the_engine_dealt_it(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    url = _start(client, room)
    picks = [1, 2, 1, 3, 1, 1, 2, 1]
    for number, pick in enumerate(picks, 1):
        html = client.get(url).text
        option = min(pick, len(_moves(html)))
        client.post(url, data={"point": str(number), "option": str(option)})
    found = _run(app, url, ana)
    # the same seed and the same picks, straight through the drill session
    assert found.plan.drill_seed is not None
    drill = Drill(seed=found.plan.drill_seed, rate=found.plan.drill_rate or 0.0, ruleset="roberts")
    store = open_store(app.config["DATABASE"])
    kept = runs.answers(store, found.id)
    store.close()
    for answer in kept:
        point = drill.point()
        drill.choose(next(o for o in point.options if o.event == answer.answer[0]))
    expected = [option.label for option in drill.point().options]
    drill.close()
    html = client.get(url).text
    assert _point(html) == len(picks) + 1
    assert [m.split(" ", 1)[1] if m[:1].isdigit() else m for m in _moves(html)] == expected


def test_a_pick_is_judged_at_once_with_htmx(client: FlaskClient, ana: Person, room: Room) -> None:
    sign_in(client, "Ana")
    url = _start(client, room)
    response = client.post(url, data={"point": "1", "option": "1"}, headers={"HX-Request": "true"})
    html = response.text
    assert response.status_code == 200 and "<html" not in html
    assert response.headers["HX-Push-Url"] == url
    assert 'hx-swap-oob="innerHTML:#status"' in html
    assert re.search(r'id="verdict-heading" tabindex="-1" autofocus>', html)
    assert ("✓" in html and "Right" in html) or ("✗" in html and "The right move" in html)
    assert _point(html) == 2


def test_a_move_that_is_not_offered_is_refused(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    url = _start(client, room)
    response = client.post(url, data={"point": "1", "option": "42"})
    assert response.status_code == 422
    assert "not one of this point&#39;s options" in response.text
    store = open_store(app.config["DATABASE"])
    assert store.answers("Ana") == []
    store.close()


def test_stopping_the_drill_shows_its_summary(client: FlaskClient, ana: Person, room: Room) -> None:
    sign_in(client, "Ana")
    url = _start(client, room)
    for number in (1, 2, 3):
        client.post(url, data={"point": str(number), "option": "1"})
    run_id = url.rsplit("/", 1)[1]
    stopped = client.post(f"/runs/{run_id}/finish")
    assert stopped.location == f"/runs/{run_id}/summary"
    page = client.get(stopped.location).text
    assert re.search(r"Drill: \d of 3 right", page)
    # a finished drill takes no more moves
    assert client.get(url).location == f"/runs/{run_id}/summary"
    assert client.post(url, data={"point": "4", "option": "1"}).location == stopped.location


def test_another_persons_drill_is_404(
    client: FlaskClient, world: World, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    url = _start(client, room)
    other = client.application.test_client()
    world.person("Bo", room=room)
    sign_in(other, "Bo")
    assert other.get(url).status_code == 404
    assert other.post(url, data={"point": "1", "option": "1"}).status_code == 404


def test_a_drill_in_another_room_is_404(client: FlaskClient, world: World, ana: Person) -> None:
    other = world.room("Elsewhere")
    sign_in(client, "Ana")
    assert client.post("/drill", data={"room": str(other.id)}).status_code == 404
