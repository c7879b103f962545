"""The trainer's pages: who may see each one (the access matrix), the dashboard's numbers,
a trainee's page, invites, assignments, the scenario browser, the room's ruleset, and the
hostile names shown as text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import TRAINEE, TRAINER, Accounts, Person, Room
from dealer_trainer.assignments import assignments
from dealer_trainer.training.progress import Answer, open_store
from tests.web.conftest import HASHER, PASSWORD, World, csrf_token, make_app, sign_in, without_token

BANK_ITEM = "premature-turn-basic"
BANK_TITLE = "The turn is shown before flop betting ends"


@dataclass
class Rooms:
    """Two rooms, each with a trainer and a trainee, and an admin in neither."""

    own: Room
    other: Room
    trainer: Person
    trainee: Person
    other_trainer: Person
    other_trainee: Person
    admin: Person


@pytest.fixture
def rooms(world: World) -> Rooms:
    own, other = world.room("Evening shift"), world.room("Day shift", ruleset="tda-2024")
    return Rooms(
        own=own,
        other=other,
        trainer=world.trainer("Mia", own),
        trainee=world.person("Ana", room=own),
        other_trainer=world.trainer("Bob", other),
        other_trainee=world.person("Ben", room=other),
        admin=world.person("Ada", admin=True),
    )


def answer(app: Flask, name: str, *marks: tuple[str, str, bool], days_ago: int = 0) -> None:
    """Record answers (item, topic, right?) for ``name`` straight in the store."""
    when = datetime.now(UTC) - timedelta(days=days_ago)
    with open_store(app.config["DATABASE"]) as store:
        session = store.start_session(name, "quiz")
        for item, topic, correct in marks:
            store.record(
                session,
                Answer(name, item, topic, "quiz", correct=correct, answered_at=when),
            )


# --- the access matrix ------------------------------------------------------------------------

GET_ROUTES = (
    "/rooms/{room}/",
    "/rooms/{room}/trainees/{trainee}",
    "/rooms/{room}/invite",
    "/rooms/{room}/assignments",
    "/rooms/{room}/scenarios",
    "/rooms/{room}/scenarios/" + BANK_ITEM,
    "/rooms/{room}/upload",
    "/rooms/{room}/ruleset",
    "/rooms/{room}/export.csv",
    "/rooms/{room}/export.json",
)
POST_ROUTES = (
    ("/rooms/{room}/invite", {"role": TRAINEE, "hours": "72"}),
    ("/rooms/{room}/assignments", {"title": "Quiz", "length": "5"}),
    ("/rooms/{room}/upload", {"kind": "ruleset", "text": "name: x\nbase: roberts\n"}),
    ("/rooms/{room}/ruleset", {"ruleset": "tda-2024"}),
    ("/rooms/{room}/scenarios/our-own/remove", {}),
)
#: who signs in, and what they get in the trainer's room (the "own" room)
ROLES = (("Mia", 200), ("Ana", 403), ("Bob", 404), ("Ada", 200))


def _url(template: str, rooms: Rooms) -> str:
    return template.format(room=rooms.own.id, trainee=rooms.trainee.id)


@pytest.mark.parametrize("route", GET_ROUTES)
@pytest.mark.parametrize(("who", "status"), ROLES)
def test_each_trainer_page_is_for_the_rooms_trainers_and_admins(
    client: FlaskClient, rooms: Rooms, route: str, who: str, status: int
) -> None:
    sign_in(client, who)
    response = client.get(_url(route, rooms))
    assert response.status_code == status, response.text[:300]
    if status == 404:  # another room's page says nothing of it
        assert "Evening shift" not in response.text and "Ana" not in response.text


@pytest.mark.parametrize(("route", "data"), POST_ROUTES)
@pytest.mark.parametrize(("who", "status"), [("Ana", 403), ("Bob", 404)])
def test_no_one_but_a_trainer_or_admin_changes_a_room(
    client: FlaskClient,
    rooms: Rooms,
    route: str,
    data: dict[str, str],
    who: str,
    status: int,
) -> None:
    sign_in(client, who)
    response = client.post(_url(route, rooms), data=data)
    assert response.status_code == status
    with open_store(client.application.config["DATABASE"]) as store:
        assert assignments(store, rooms.own.id) == []
    with open_store(client.application.config["DATABASE"]) as store:
        room = Accounts(store, HASHER).room(rooms.own.id)
        assert room is not None and room.ruleset == "roberts" and room.house_yaml is None


def test_an_admin_outside_the_room_may_change_it(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Ada")
    response = client.post(
        f"/rooms/{rooms.own.id}/assignments", data={"title": "From the admin", "length": "3"}
    )
    assert response.status_code == 302
    response = client.post(f"/rooms/{rooms.own.id}/ruleset", data={"ruleset": "tda-2024"})
    assert response.status_code == 302


@pytest.mark.parametrize("route", GET_ROUTES)
def test_another_rooms_page_is_the_same_404_as_a_room_that_does_not_exist(
    client: FlaskClient, rooms: Rooms, route: str
) -> None:
    sign_in(client, "Bob")
    foreign = client.get(_url(route, rooms))
    missing = client.get(route.format(room=9999, trainee=rooms.trainee.id))
    assert foreign.status_code == missing.status_code == 404
    assert without_token(foreign.text) == without_token(missing.text)


def test_an_anonymous_visitor_is_sent_to_sign_in_from_a_room(
    client: FlaskClient, rooms: Rooms
) -> None:
    response = client.get(f"/rooms/{rooms.own.id}/")
    assert response.status_code == 302 and "/sign-in" in response.headers["Location"]


def test_the_rooms_list_shows_the_rooms_a_person_trains(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Mia")
    page = client.get("/rooms/")
    assert page.status_code == 200
    assert f'href="/rooms/{rooms.own.id}/"' in page.text
    assert "Day shift" not in page.text


def test_the_rooms_list_of_an_admin_has_every_room(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Ada")
    page = client.get("/rooms/")
    assert "Evening shift" in page.text and "Day shift" in page.text


def test_a_trainee_trains_no_room(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Ana")
    page = client.get("/rooms/")
    assert page.status_code == 200
    assert "You train no room" in page.text
    assert "Evening shift" not in page.text


# --- a trainee's page -------------------------------------------------------------------------


def test_a_trainee_of_another_room_is_404_like_a_person_who_does_not_exist(
    client: FlaskClient, rooms: Rooms
) -> None:
    sign_in(client, "Mia")
    foreign = client.get(f"/rooms/{rooms.own.id}/trainees/{rooms.other_trainee.id}")
    missing = client.get(f"/rooms/{rooms.own.id}/trainees/99999")
    assert foreign.status_code == missing.status_code == 404
    assert without_token(foreign.text) == without_token(missing.text)
    assert "Ben" not in foreign.text


def test_a_trainees_page_shows_their_topics_misses_and_latest_answers(
    client: FlaskClient, rooms: Rooms
) -> None:
    answer(
        client.application,
        "Ana",
        (BANK_ITEM, "premature-turn", False),
        (BANK_ITEM, "premature-turn", True),
        ("drill:premature_turn", "premature-turn", False),
    )
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{rooms.own.id}/trainees/{rooms.trainee.id}")
    assert page.status_code == 200
    assert '<h1 tabindex="-1">Ana</h1>' in page.text
    assert BANK_TITLE in page.text
    assert "Drill: premature turn" in page.text
    assert "33%" in page.text  # 1 right of 3 in premature-turn
    assert "✗ wrong" in page.text and "✓ right" in page.text


# --- the dashboard ----------------------------------------------------------------------------


def test_the_dashboard_has_the_heat_map_weakest_topics_misses_and_activity(
    client: FlaskClient, rooms: Rooms
) -> None:
    app = client.application
    answer(app, "Ana", (BANK_ITEM, "premature-turn", False), (BANK_ITEM, "premature-turn", True))
    answer(app, "Ana", ("burns-basic", "burns", True), days_ago=3)
    answer(app, "Ben", (BANK_ITEM, "premature-turn", False))  # another room's trainee
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{rooms.own.id}/").text
    heat = page[page.index('<svg class="chart heat"') : page.index("</svg>")]
    assert 'role="img"' in heat and "<title" in heat and "<desc" in heat
    assert ">50%</text>" in heat and ">100%</text>" in heat
    assert "Ben" not in page  # only this room's trainees
    assert "<caption>" in page  # the same numbers in a table
    assert "50% (1/2)" in page and "100% (1/1)" in page
    weak = page[page.index('id="weak-h"') : page.index('id="missed-h"')]
    assert "The turn shown before flop betting ends" in weak and "burns" not in weak
    missed = page[page.index('id="missed-h"') : page.index('id="activity-h"')]
    assert BANK_TITLE in missed and BANK_ITEM in missed
    activity = page[page.index('id="activity-h"') :]
    assert activity.count("<rect ") == 2  # two days with answers
    assert "3 in all" in activity


def test_an_empty_room_dashboard_says_so(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{rooms.own.id}/")
    assert page.status_code == 200
    assert "No trainee of this room has answered a question yet" in page.text


HOSTILE = "<script>alert(1)</script>"


def test_hostile_names_are_shown_as_text_on_every_page(world: World, client: FlaskClient) -> None:
    room = world.room("<b>\"x' room")
    world.trainer("Mia", room)
    hostile = world.person(HOSTILE, room=room)
    answer(client.application, HOSTILE, (BANK_ITEM, "premature-turn", False))
    sign_in(client, "Mia")
    for url in (
        "/rooms/",
        f"/rooms/{room.id}/",
        f"/rooms/{room.id}/trainees/{hostile.id}",
        f"/rooms/{room.id}/invite",
    ):
        text = client.get(url).text
        assert "<script>alert" not in text, url
        assert "<b>" not in text, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get(f"/rooms/{room.id}/").text


def test_a_name_with_control_characters_cannot_be_given(world: World) -> None:
    from dealer_trainer.errors import UsageError

    with pytest.raises(UsageError):
        world.person("Ana\x1b[31m")


# --- invites ----------------------------------------------------------------------------------


def test_an_invite_code_is_shown_once_and_lets_a_trainee_join(
    app: Flask, client: FlaskClient, rooms: Rooms
) -> None:
    sign_in(client, "Mia")
    response = client.post(f"/rooms/{rooms.own.id}/invite", data={"role": TRAINEE, "hours": "24"})
    assert response.status_code == 200
    code = re.search(r"<output>([^<]+)</output>", response.text)
    assert code
    assert "works once, for 24 hours" in response.text
    again = client.get(f"/rooms/{rooms.own.id}/invite")
    assert code.group(1) not in again.text
    joiner = app.test_client()
    joined = joiner.post(
        "/join",
        data={"code": code.group(1), "name": "Cleo", "password": PASSWORD, "confirm": PASSWORD},
    )
    assert joined.status_code == 302
    with open_store(app.config["DATABASE"]) as store:
        keeper = Accounts(store, HASHER)
        cleo = keeper.person_by_name("Cleo")
        assert cleo is not None
        assert keeper.role_in(person_id=cleo.id, room_id=rooms.own.id) == TRAINEE


def test_a_trainer_cannot_make_a_trainers_invite(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{rooms.own.id}/invite")
    assert 'value="trainer"' not in page.text
    response = client.post(f"/rooms/{rooms.own.id}/invite", data={"role": TRAINER, "hours": "72"})
    assert response.status_code == 422
    assert "<output>" not in response.text


def test_an_admin_can_make_a_trainers_invite(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Ada")
    assert 'value="trainer"' in client.get(f"/rooms/{rooms.own.id}/invite").text
    response = client.post(f"/rooms/{rooms.own.id}/invite", data={"role": TRAINER, "hours": "72"})
    assert response.status_code == 200 and "as a trainer" in response.text


def test_making_an_invite_is_logged_without_the_code(
    client: FlaskClient, rooms: Rooms, caplog: pytest.LogCaptureFixture
) -> None:
    sign_in(client, "Mia")
    with caplog.at_level("INFO", logger="dealer_trainer.web"):
        response = client.post(
            f"/rooms/{rooms.own.id}/invite", data={"role": TRAINEE, "hours": "72"}
        )
    found = re.search(r"<output>([^<]+)</output>", response.text)
    assert found
    assert "invite made" in caplog.text
    assert found.group(1) not in caplog.text


# --- assignments ------------------------------------------------------------------------------


def test_a_trainer_assigns_a_quiz_and_sees_it_listed(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Mia")
    response = client.post(
        f"/rooms/{rooms.own.id}/assignments",
        data={
            "title": "Premature cards",
            "topics": ["premature-turn", "premature-river"],
            "length": "12",
            "due": "2026-12-08",
        },
    )
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).text
    assert "Premature cards" in page and "premature-turn, premature-river" in page
    assert "2026-12-08" in page and "<td>12</td>" in page
    with open_store(client.application.config["DATABASE"]) as store:
        (made,) = assignments(store, rooms.own.id)
    assert made.length == 12 and made.topics == ("premature-turn", "premature-river")


def test_a_bad_assignment_is_shown_again_with_its_errors_beside_the_fields(
    client: FlaskClient, rooms: Rooms
) -> None:
    sign_in(client, "Mia")
    response = client.post(
        f"/rooms/{rooms.own.id}/assignments",
        data={"title": "Kept title", "length": "500", "topics": ["no-such-topic"]},
    )
    assert response.status_code == 422
    assert 'value="Kept title"' in response.text
    assert "From 1 to 100 questions." in response.text
    assert 'aria-invalid="true"' in response.text


# --- scenarios --------------------------------------------------------------------------------


def test_the_scenario_browser_lists_the_rooms_ruleset_and_filters_by_topic(
    client: FlaskClient, rooms: Rooms
) -> None:
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{rooms.own.id}/scenarios").text
    assert BANK_TITLE in page
    assert "premature-turn-bet-pending-tda" not in page  # a tda-2024 scenario; the room: roberts
    burns = client.get(f"/rooms/{rooms.own.id}/scenarios?topic=burns").text
    assert BANK_ITEM not in burns and "burns" in burns


def test_a_scenario_page_shows_the_trainees_view_then_the_answer_key(
    client: FlaskClient, rooms: Rooms
) -> None:
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{rooms.own.id}/scenarios/{BANK_ITEM}").text
    sees = page[page.index('id="sees-h"') : page.index('id="key-h"')]
    assert "Seat 3 has not acted on the flop" in sees  # the question
    assert "<legend>" in sees and "Seat 1" in sees  # the table
    key = page[page.index('id="key-h"') :]
    assert "Right answer:" in key and "Set it aside" in key
    assert "Rule RRoP-HE 4" in key and "Why:" in key  # the rule as its book cites it


def test_an_unknown_scenario_is_404(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Mia")
    assert client.get(f"/rooms/{rooms.own.id}/scenarios/no-such-scenario").status_code == 404


# --- the room's ruleset -----------------------------------------------------------------------


def test_a_trainer_chooses_the_rooms_ruleset(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Mia")
    response = client.post(f"/rooms/{rooms.own.id}/ruleset", data={"ruleset": "tda-2024"})
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).text
    assert (
        'value="tda-2024" checked' in page
        or 'checked id="ruleset-1"' in page
        or (
            re.search(r'<input[^>]*checked[^>]*value="tda-2024"', page) is not None
            or re.search(r'<input[^>]*value="tda-2024"[^>]*checked', page) is not None
        )
    )


def test_an_unknown_ruleset_is_refused_beside_the_field(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Mia")
    response = client.post(f"/rooms/{rooms.own.id}/ruleset", data={"ruleset": "house-of-cards"})
    assert response.status_code == 422
    assert 'class="error"' in response.text


# --- CSRF -------------------------------------------------------------------------------------


@pytest.fixture
def guarded(tmp_path: Path) -> Flask:
    return make_app(tmp_path / "csrf.sqlite3", WTF_CSRF_ENABLED=True)


@pytest.mark.parametrize(("route", "data"), POST_ROUTES)
def test_every_room_form_needs_its_csrf_token(
    guarded: Flask, route: str, data: dict[str, str]
) -> None:
    world = World(guarded)
    room = world.room("Evening shift")
    world.trainer("Mia", room)
    client = guarded.test_client()
    sign_in(client, "Mia")
    url = route.format(room=room.id, trainee=0)
    assert client.post(url, data=data).status_code == 400


@pytest.mark.parametrize(
    "route",
    [
        "/rooms/{room}/invite",
        "/rooms/{room}/assignments",
        "/rooms/{room}/upload",
        "/rooms/{room}/ruleset",
    ],
)
def test_every_room_form_carries_its_csrf_token(guarded: Flask, route: str) -> None:
    world = World(guarded)
    room = world.room("Evening shift")
    world.trainer("Mia", room)
    client = guarded.test_client()
    sign_in(client, "Mia")
    page = client.get(route.format(room=room.id)).text
    token = csrf_token(page)
    assert f'name="csrf_token" type="hidden" value="{token}"' in page or (
        f'value="{token}"' in page and 'name="csrf_token"' in page
    )


def test_a_form_with_its_token_goes_through(guarded: Flask) -> None:
    world = World(guarded)
    room = world.room("Evening shift")
    world.trainer("Mia", room)
    client = guarded.test_client()
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{room.id}/ruleset").text
    response = client.post(
        f"/rooms/{room.id}/ruleset", data={"ruleset": "tda-2024", "csrf_token": csrf_token(page)}
    )
    assert response.status_code == 302


# --- htmx and the templates -------------------------------------------------------------------


def test_an_htmx_request_gets_the_dashboard_without_the_page_around_it(
    client: FlaskClient, rooms: Rooms
) -> None:
    sign_in(client, "Mia")
    fragment = client.get(f"/rooms/{rooms.own.id}/", headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert "<html" not in fragment.text and "Evening shift" in fragment.text
    assert "HX-Request" in fragment.headers["Vary"]
    whole = client.get(f"/rooms/{rooms.own.id}/")
    assert "<html" in whole.text


def test_an_htmx_form_that_succeeds_redirects_with_hx_redirect(
    client: FlaskClient, rooms: Rooms
) -> None:
    sign_in(client, "Mia")
    response = client.post(
        f"/rooms/{rooms.own.id}/ruleset",
        data={"ruleset": "tda-2024"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response.headers["HX-Redirect"] == f"/rooms/{rooms.own.id}/ruleset"


def test_the_room_templates_turn_no_escaping_off_and_hold_no_script_or_style() -> None:
    from dealer_trainer import web

    folder = Path(web.__file__).parent / "templates"
    files = [*sorted((folder / "room").glob("*.html")), folder / "_macros" / "charts.html"]
    assert len(files) > 5
    for path in files:
        text = path.read_text("utf-8")
        for bad in ("|safe", "Markup", "autoescape", "<script", "style=", "hx-on"):
            assert bad not in text, f"{path.name} holds {bad}"


def test_every_room_page_has_one_h1_that_takes_focus(client: FlaskClient, rooms: Rooms) -> None:
    sign_in(client, "Mia")
    for route in GET_ROUTES[:-2]:
        text = client.get(_url(route, rooms)).text
        assert text.count("<h1") == 1, route
        assert '<h1 tabindex="-1">' in text, route
