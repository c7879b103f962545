"""Every decision of a browser drill is graded against its target (fast at 60% or less, slow
above 150%; issue 26 item 4): the summary shows each pick's time, its target and its grade,
and the count of each grade, as the terminal's summary does."""

from __future__ import annotations

import re
import time

import pytest
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room

from .conftest import World, sign_in


@pytest.fixture
def room(world: World) -> Room:
    return world.room("Practice table")


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


@pytest.mark.parametrize("mode", ["learn", "table-ready"])
def test_the_drill_summary_grades_every_decisions_time_against_its_target(
    client: FlaskClient, ana: Person, room: Room, mode: str
) -> None:
    sign_in(client, "Ana")
    started = client.post("/drill", data={"room": str(room.id), "mode": mode})
    url = started.location or ""
    assert url.startswith("/drill/")
    # a step's target is 4 s: 1 s is fast, 3 s steady, 9 s slow
    for number, took in ((1, 1.0), (2, 3.0), (3, 9.0)):
        shown = f"{time.time() - took:.1f}"
        client.post(url, data={"point": str(number), "option": "1", "shown": shown})
    run_id = url.rsplit("/", 1)[1]
    page = client.get(client.post(f"/runs/{run_id}/finish").location or "").text
    assert '<h2 id="speed-heading">Speed</h2>' in page
    rows = re.findall(
        r'<th scope="row" data-label="Point">(\d+)</th><td data-label="Decision">([^<]+)</td>'
        r'<td data-label="Time">([\d.]+) s</td><td data-label="Target">(\d+) s</td>'
        r'<td data-label="Grade">(\w+)</td>',
        page,
    )
    assert [row[0] for row in rows] == ["1", "2", "3"]
    for _number, decision, seconds, target, speed in rows:
        assert decision == "a step" and target == "4"  # the drill's first moves are steps
        expected = "fast" if float(seconds) <= 2.4 else "slow" if float(seconds) > 6 else "steady"
        assert speed == expected
    assert [row[4] for row in rows] == ["fast", "steady", "slow"]
    assert "1 fast, 1 steady, 1 slow." in page


def test_a_drill_stopped_before_any_pick_has_no_speed_table(
    client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    started = client.post("/drill", data={"room": str(room.id)})
    run_id = (started.location or "").rsplit("/", 1)[1]
    page = client.get(client.post(f"/runs/{run_id}/finish").location or "").text
    assert "speed-heading" not in page  # no pick, nothing timed
