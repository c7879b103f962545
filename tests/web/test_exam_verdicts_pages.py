"""The trainer's dashboard (its item analysis panel) and the room's export read the verdicts
each exam attempt's submit kept: with every way of grading an exam answer made to fail, both
pages still answer, with the exam's items and answers."""

from __future__ import annotations

import csv
import html
import io

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.training.progress import open_store
from dealer_trainer.web.room.bank import item_title
from tests.test_exam_item_analysis import COHORT, IDS, _sit
from tests.test_exam_verdicts import _grading_fails
from tests.web.conftest import World, sign_in


def test_the_dashboard_and_the_export_grade_no_exam_attempt(
    app: Flask, client: FlaskClient, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = world.room("Day shift", ruleset="tda-2024")
    world.trainer("Tess", room)
    for name in COHORT:
        world.person(name, room=room)
    with open_store(app.config["DATABASE"]) as store:
        for seed, (name, rights) in enumerate(COHORT.items()):
            _sit(store, name, rights, room_id=room.id, seed=seed)
    sign_in(client, "Tess")
    _grading_fails(monkeypatch)
    dashboard = client.get(f"/rooms/{room.id}/")
    assert dashboard.status_code == 200
    # the item the cohort found hardest (p 0.2) is flagged too hard, under its title
    assert html.escape(item_title(IDS[3])) in dashboard.text
    export = client.get(f"/rooms/{room.id}/export.csv")
    assert export.status_code == 200
    rows = [row for row in csv.DictReader(io.StringIO(export.text)) if row["mode"] == "exam"]
    given = sum(1 for rights in COHORT.values() for right in rights if right is not None)
    assert len(rows) == given
    assert {row["item"] for row in rows} == set(IDS)
