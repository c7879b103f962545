"""What the room keeps between requests to draw its pages faster (issue 28) is what it would
draw afresh: a table picture for its view, the topic checkboxes for their ticks, an item for
the very proof it was laid out from."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person
from dealer_trainer.scenario import bank_dir, forget_proofs
from dealer_trainer.training import runs
from dealer_trainer.training.quiz import Entry
from dealer_trainer.view import trainee_view
from dealer_trainer.web.drawing import TablePictures

from .conftest import World, sign_in


def _two_entries() -> list[Entry]:
    return sorted(runs.bank_entries(), key=lambda e: e.id)[:2]


def _plan(entries: list[Entry]) -> runs.Plan:
    folder = bank_dir()
    return runs.Plan(
        ruleset="roberts",
        items=tuple(
            runs.PlanItem(id=e.id, path=e.path.relative_to(folder).as_posix(), seed=7)
            for e in entries
        ),
    )


@pytest.fixture
def ana(world: World) -> Person:
    room = world.room("Main floor")
    return world.person("Ana", room=room)


def test_a_kept_table_picture_is_the_one_the_macro_draws_for_that_view(app: Flask) -> None:
    plan = _plan(_two_entries())
    views = [trainee_view(runs.item(plan, n).proved) for n in (1, 2)]
    environment = app.jinja_env
    macro = environment.get_template(TablePictures.TEMPLATE).module.table_drawn  # type: ignore[attr-defined]
    pictures = TablePictures(environment)
    for view in views:
        for _ in range(2):  # drawn, then kept
            assert pictures(view) == macro(view, id="table", title="The table")
    assert pictures(views[0], "other", "Another") == macro(views[0], id="other", title="Another")
    assert pictures(views[0]) != pictures(views[1])


def test_table_pictures_are_not_kept_while_templates_reload(app: Flask) -> None:
    view = trainee_view(runs.item(_plan(_two_entries()), 1).proved)
    app.jinja_env.auto_reload = True
    pictures = TablePictures(app.jinja_env)
    pictures(view)
    assert pictures._kept.cache_info().currsize == 0
    app.jinja_env.auto_reload = False
    pictures(view)
    assert pictures._kept.cache_info().currsize == 1


def _ticked(html: str) -> set[str]:
    return set(
        re.findall(
            r'<input checked id="topics-\d+" name="topics" type="checkbox" value="([^"]+)"', html
        )
    )


def test_topic_checkboxes_show_the_ticks_of_each_form_though_lists_are_kept(
    client: FlaskClient, ana: Person
) -> None:
    sign_in(client, "Ana")
    assert _ticked(client.get("/").text) == set()
    topic = runs.bank_entries()[0].topic
    refused = client.post("/quiz", data={"room": "1", "length": "7", "topics": [topic]})
    assert refused.status_code == 422
    assert _ticked(refused.text) == {topic}
    assert _ticked(client.get("/").text) == set()  # the ticked list is not the one shown


def test_an_item_is_laid_out_again_when_its_scenario_is_proved_again() -> None:
    plan = _plan(_two_entries())
    first = runs.item(plan, 1)
    assert runs.item(plan, 1) is first  # kept
    forget_proofs()  # as a restarted server, or an edited file: a new proof
    again = runs.item(plan, 1)
    assert again is not first and again.proved is not first.proved
    assert again.options == first.options  # the same seed lays it out the same way
    assert runs.item(plan, 2).entry.id != first.entry.id
