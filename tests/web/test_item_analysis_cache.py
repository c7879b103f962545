"""The dashboard's item analysis is kept between loads (issue 28: the dashboard within 2x at 1M
answers) and is exact: a reload with nothing new reuses it; a new answer (given through another
connection, as another server process would), a trainee leaving the room or a retire shows on
the very next load."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.store import Answer, people
from dealer_trainer.training import runs
from dealer_trainer.training.catalogue import Entry
from dealer_trainer.training.itemcache import AnalysisCache
from dealer_trainer.training.progress import open_store
from dealer_trainer.web.room import dashboard

from .conftest import World, sign_in


@pytest.fixture
def room(world: World) -> Room:
    made = world.room("Evening shift", ruleset="tda-2024")
    world.trainer("Mia", made)
    return made


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


@pytest.fixture
def entry() -> Entry:
    return next(e for e in runs.bank_entries() if e.ruleset == "tda-2024")


def _answered(app: Flask, name: str, entry: Entry, rights: list[bool]) -> None:
    """Sittings of ``name`` answering ``entry``, one per verdict, through a store of its own."""
    with open_store(app.config["DATABASE"]) as store:
        for correct in rights:
            session = store.start_session(name, "quiz")
            store.record(session, Answer(name, entry.id, entry.topic, "quiz", correct=correct))
            store.finish_session(session)


def _row(client: FlaskClient, room: Room, entry: Entry) -> str:
    """The item's row of the dashboard's item analysis panel ("" when it is not shown)."""
    page = client.get(f"/rooms/{room.id}/")
    assert page.status_code == 200
    panel = page.text.split('id="items-h"', 1)[1].split("</section>", 1)[0]
    rows = [row for row in panel.split("<tr>")[1:] if f'value="{entry.id}"' in row]
    row = rows[0].split("</tr>", 1)[0] if rows else ""
    # the Retire form's token is signed with the time: two loads a second apart differ there
    return re.sub(r'name="csrf_token" (type="hidden" )?value="[^"]*"', "csrf", row)


def _cache(app: Flask) -> AnalysisCache:
    with app.app_context():
        return dashboard.analyses()


def test_a_new_answer_moves_the_item_figure_on_the_next_load_and_a_plain_reload_reuses_it(
    app: Flask, client: FlaskClient, room: Room, ana: Person, entry: Entry
) -> None:
    _answered(app, "Ana", entry, [False] * 5)  # p = 0: too hard
    sign_in(client, "Mia")
    first = _row(client, room, entry)
    assert '"Answers">5<' in first and '"p">0.00<' in first and "too-hard" in first
    cache = _cache(app)
    assert (cache.hits, cache.misses) == (0, 1)
    assert _row(client, room, entry) == first
    assert (cache.hits, cache.misses) == (1, 1)  # nothing new: not analysed again
    _answered(app, "Ana", entry, [True])
    moved = _row(client, room, entry)
    assert '"Answers">6<' in moved and '"p">0.17<' in moved
    assert (cache.hits, cache.misses) == (1, 2)
    _answered(app, "Ana", entry, [True] * 4)  # p = 0.5: no longer flagged, the row goes
    assert _row(client, room, entry) == ""


def test_a_trainee_leaving_the_room_takes_their_answers_out_of_the_panel_at_once(
    app: Flask, client: FlaskClient, world: World, room: Room, ana: Person, entry: Entry
) -> None:
    ben = world.person("Ben", room=room)
    _answered(app, "Ana", entry, [False] * 5)
    _answered(app, "Ben", entry, [False] * 3)
    sign_in(client, "Mia")
    assert '"Answers">8<' in _row(client, room, entry)
    with open_store(app.config["DATABASE"]) as store:
        people.remove_member(store, room_id=room.id, person_id=ben.id)
    assert '"Answers">5<' in _row(client, room, entry)


def test_retiring_an_item_shows_at_once_without_analysing_again(
    app: Flask, client: FlaskClient, room: Room, ana: Person, entry: Entry
) -> None:
    _answered(app, "Ana", entry, [False] * 5)
    sign_in(client, "Mia")
    assert ">Retire</button>" in _row(client, room, entry)
    assert client.post(f"/rooms/{room.id}/items/retire", data={"item": entry.id}).status_code
    assert ">Restore</button>" in _row(client, room, entry)
    assert client.post(f"/rooms/{room.id}/items/restore", data={"item": entry.id}).status_code
    assert ">Retire</button>" in _row(client, room, entry)
    assert _cache(app).misses == 1  # the retired items are read afresh, the figures kept
