"""An exam in the training room draws the room's uploaded scenarios too: a blueprint the
shipped bank cannot fill is refused at upload until the room has scenarios enough, then
assigned; the trainee's attempt asks the room's scenario from the text kept for it and keeps
the answer; once submitted, the room's export carries it (mode ``exam``, its attempt named in
the last column)."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.scenario import bank_dir
from dealer_trainer.store import exams as stored
from dealer_trainer.store.uploads import save_room_scenario
from dealer_trainer.training.exam.attempts import asked
from dealer_trainer.training.exam.roombank import shipped_bank
from dealer_trainer.training.progress import open_store
from tests.exam_answers import right_answer

from .conftest import World, sign_in
from .test_exams import _assign, _form, _started

SHIPPED = "odd-chip-button-wins-tda"
UPLOAD = (
    (bank_dir() / "odd-chip" / f"{SHIPPED}.yaml")
    .read_text(encoding="utf-8")
    .replace(f"id: {SHIPPED}\n", "id: room-chip\n")
    .replace("A tournament, blinds 1/2,", "In our room: a tournament, blinds 1/2,")
)
COUNT = 1 + sum(1 for e in shipped_bank() if e.topic == "odd-chip" and e.ruleset == "tda-2024")
BLUEPRINT = f"""\
id: room-odd-chip
title: Odd chips, with our own item
ruleset: tda-2024
time_limit: 10m
pass_mark: 80%
attempts: 2
valid_for: 1y
sections:
  - {{topics: [odd-chip], count: {COUNT}}}
"""


def test_a_rooms_exam_draws_the_rooms_uploads_and_its_answers_reach_the_export(
    app: Flask, client: FlaskClient, world: World
) -> None:
    room = world.room("Evening", ruleset="tda-2024")
    world.trainer("Mia", room)
    world.person("Ana", room=room)
    sign_in(client, "Mia")
    short = client.post(f"/rooms/{room.id}/exams/upload", data={"text": BLUEPRINT})
    assert short.status_code == 422 and "cannot fill" in short.text
    with open_store(app.config["DATABASE"]) as store:
        save_room_scenario(
            store, room_id=room.id, scenario_id="room-chip", yaml=UPLOAD, uploaded_by=None
        )
    kept = client.post(f"/rooms/{room.id}/exams/upload", data={"text": BLUEPRINT})
    assert kept.status_code == 302
    _assign(client, room, exam="room:room-odd-chip")
    ana = app.test_client()
    sign_in(ana, "Ana")
    number = _started(ana)
    with open_store(app.config["DATABASE"]) as store:
        found = stored.attempt(store, number)
        assert found is not None
        ids = [item["id"] for item in json.loads(found.plan)["items"]]
        position = ids.index("room-chip") + 1
        item = asked(found, position, store=store)
    shown = ana.get(f"/attempts/{number}/items/{position}")
    assert shown.status_code == 200
    assert "In our room: a tournament" in re.sub(r"\s+", " ", shown.text)
    saved = ana.post(f"/attempts/{number}/items/{position}", data=_form(item, right_answer(item)))
    assert saved.status_code == 302
    with open_store(app.config["DATABASE"]) as store:
        (answer,) = stored.attempt_answers(store, number)
    assert answer.position == position and list(answer.answer) == right_answer(item)
    assert ana.post(f"/attempts/{number}/submit").status_code == 302
    export = client.get(f"/rooms/{room.id}/export.csv")
    assert export.status_code == 200
    header, *lines = export.text.splitlines()
    assert header.endswith(",assignment,assignment_id,exam_attempt")
    (line,) = [row for row in lines if row.endswith(f",{number}")]
    assert line.startswith("Ana,room-chip,odd-chip,exam,True,tda-2024,")
    assert '"Odd chips, with our own item"' in line  # the exam assignment it was sat under
