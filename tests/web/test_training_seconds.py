"""The seconds an answer took (issue 27, item 22): the browser's quiz and drill recorded none,
so the export's seconds column was empty. A question's form carries when it was shown; the
answer keeps the seconds from then, and the export has them."""

from __future__ import annotations

import csv
import io
import re
import time

from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.store import skills
from dealer_trainer.store.roomdata import EXPORT_FIELDS
from dealer_trainer.training.progress import open_store
from tests.web.conftest import World, sign_in
from tests.web.test_training import _entries, _run
from tests.web.test_training_drill import _point, _start

SECONDS = EXPORT_FIELDS.index("seconds")


def _exported_seconds(client: FlaskClient, room: Room) -> list[str]:
    rows = list(csv.reader(io.StringIO(client.get(f"/rooms/{room.id}/export.csv").text)))
    return [row[SECONDS] for row in rows[1:]]


def _people(world: World) -> tuple[Room, Person]:
    room = world.room("Evening shift")
    world.trainer("Mia", room)
    return room, world.person("Ana", room=room)


def test_a_question_carries_when_it_was_shown(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room, ana = _people(world)
    number = _run(app, ana, room, _entries("choice", 1))
    sign_in(client, "Ana")
    html = client.get(f"/runs/{number}/items/1").text
    shown = re.search(r'<input type="hidden" name="shown" value="([\d.]+)">', html)
    assert shown and abs(float(shown.group(1)) - time.time()) < 60


def test_the_export_has_the_seconds_a_quiz_answer_took(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room, ana = _people(world)
    number = _run(app, ana, room, _entries("choice", 3))
    sign_in(client, "Ana")
    shown = f"{time.time() - 7:.1f}"
    client.post(f"/runs/{number}/items/1", data={"option": "1", "shown": shown})
    client.post(f"/runs/{number}/items/2", data={"option": "1"})  # no stamp: not known
    forged = f"{time.time() + 500:.1f}"  # a stamp from the future: not known either
    client.post(f"/runs/{number}/items/3", data={"option": "1", "shown": forged})
    sign_in(client, "Mia")
    seconds = _exported_seconds(client, room)
    assert len(seconds) == 3
    taken = sorted(seconds, key=lambda s: s == "")
    assert 7 <= float(taken[0]) < 60
    assert taken[1:] == ["", ""]


def test_the_per_skill_figures_have_the_seconds_a_drill_move_took(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room, _ana = _people(world)
    sign_in(client, "Ana")
    where = _start(client, room)
    point = _point(client.get(where).text)
    shown = f"{time.time() - 3:.1f}"
    client.post(where, data={"point": str(point), "option": "1", "shown": shown})
    with open_store(app.config["DATABASE"]) as store:
        (figure,) = skills.trainee_skills(store, "Ana")
    assert figure.mean_seconds is not None and 3 <= figure.mean_seconds < 60
    sign_in(client, "Mia")
    assert _exported_seconds(client, room) == []  # a drill move is no item: not exported
