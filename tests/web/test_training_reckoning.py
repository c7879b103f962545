"""The money and hands drills in the browser: the terminal's choices, an item a page with a
number field (money) or seat checkboxes (hands), a bad answer kept beside its message (422),
the engine's answer and the rule in the feedback, and each answer kept per skill, never as
an item. And the per-skill figures on the trainee's home and the trainer's dashboard."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.store import skills
from dealer_trainer.training.drill import asked
from dealer_trainer.training.drill.hands import HandsItem
from dealer_trainer.training.drill.money import MoneyItem
from dealer_trainer.training.progress import open_store

from .conftest import World, sign_in

SEED = 11


@pytest.fixture
def room(world: World) -> Room:
    return world.room("Practice table")


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


def _money(n: int, ruleset: str = "roberts") -> MoneyItem:
    item = asked.item_of("money", SEED, n, asked.drill_ruleset(ruleset, None))
    assert isinstance(item, MoneyItem)
    return item


def _form(room: Room, n: int, **fields: str | list[str]) -> dict[str, str | list[str]]:
    return {"room": str(room.id), "ruleset": "roberts", "seed": str(SEED), "n": str(n), **fields}


def _right_money(item: MoneyItem) -> dict[str, str]:
    return {f"answer-{i}": str(number) for i, number in enumerate(item.answer_numbers())}


def _figures(app: Flask, name: str) -> list[skills.SkillFigure]:
    store = open_store(app.config["DATABASE"])
    try:
        return skills.trainee_skills(store, name)
    finally:
        store.close()


def test_the_money_drill_offers_the_terminals_choices(client: FlaskClient, ana: Person) -> None:
    sign_in(client, "Ana")
    html = client.get("/drill/money").text
    assert 'name="ruleset"' in html and 'name="seed"' in html
    assert all(f'<option value="{name}"' in html for name in ("roberts", "tda-2024"))
    hands = client.get("/drill/hands").text
    assert 'name="seed"' in hands and 'name="ruleset"' not in hands


def test_an_empty_seed_picks_one_and_the_item_page_asks_with_a_number_field(
    client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    started = client.get(f"/drill/money?room={room.id}&ruleset=roberts&seed=")
    assert started.status_code in (302, 303)
    assert re.search(r"seed=\d+", started.location or "")
    html = client.get(f"/drill/money?room={room.id}&ruleset=roberts&seed={SEED}").text
    item = _money(1)
    assert 'inputmode="numeric"' in html and 'name="answer-0"' in html
    assert item.question.split(".")[0][:20] in html
    assert '<svg class="table' in html or "table-pictures" in html or "<svg" in html


def test_a_right_money_answer_shows_the_engines_answer_and_rule_and_is_kept_per_skill(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    item = _money(1)
    page = client.post("/drill/money", data=_form(room, 1, **_right_money(item)))
    assert page.status_code == 200
    html = page.text
    assert "Right</h2>" in html and "The engine's answer" in html
    if item.kind == "rake":
        assert "the room's own posted rake, a house rule" in html
    else:
        assert f"Rule {item.rule}" in html
    assert 'name="n" value="2"' in html  # the next item
    (figure,) = _figures(app, "Ana")
    assert (figure.skill, figure.kind, figure.answered, figure.correct) == (
        "money",
        item.kind,
        1,
        1,
    )
    # the same item posted again (a double tap) is kept once
    client.post("/drill/money", data=_form(room, 1, **_right_money(item)))
    assert _figures(app, "Ana")[0].answered == 1
    store = open_store(app.config["DATABASE"])
    try:
        assert store.answers("Ana") == []  # no item
    finally:
        store.close()


@pytest.mark.parametrize(
    ("typed", "message"),
    [("twelve", "is not a whole number"), ("-4", "is negative"), ("", "type a number")],
)
def test_a_money_answer_that_is_no_number_is_refused_beside_its_field_kept(
    app: Flask, client: FlaskClient, ana: Person, room: Room, typed: str, message: str
) -> None:
    sign_in(client, "Ana")
    fields = {f"answer-{i}": typed for i in range(_money(1).answer_count)}
    page = client.post("/drill/money", data=_form(room, 1, **fields))
    assert page.status_code == 422
    assert message in page.text and 'aria-invalid="true"' in page.text
    assert f'value="{typed}"' in page.text
    assert 'name="n" value="1"' in page.text  # the same item again
    assert _figures(app, "Ana") == []


@pytest.mark.parametrize(
    "query",
    ["seed=abc", "seed=-3", "seed=5&n=0", "seed=5&n=x", "seed=5&ruleset=nope", "seed=5&room=x"],
)
def test_a_bad_choice_in_the_address_is_a_4xx_never_a_500(
    client: FlaskClient, ana: Person, query: str
) -> None:
    sign_in(client, "Ana")
    response = client.get(f"/drill/money?{query}")
    assert 400 <= response.status_code < 500


def test_the_hands_drill_ticks_seats_and_judges_the_winners(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    item = asked.item_of("hands", SEED, 1)
    assert isinstance(item, HandsItem)
    html = client.get(f"/drill/hands?room={room.id}&seed={SEED}").text
    for seat in item.hands:
        assert f'type="checkbox" name="seat" value="{seat}"' in html
    empty = client.post("/drill/hands", data=_form(room, 1, ruleset=""))
    assert empty.status_code == 422 and "tick the winning seat" in empty.text
    wrong_seat = client.post("/drill/hands", data=_form(room, 1, ruleset="", seat=["10"]))
    assert wrong_seat.status_code == 422 and "only the seats at this table" in wrong_seat.text
    winners = [str(seat) for seat in item.winners]
    page = client.post("/drill/hands", data=_form(room, 1, ruleset="", seat=winners))
    assert page.status_code == 200 and "Right</h2>" in page.text
    assert "Rule TDA24 12" in page.text
    (figure,) = _figures(app, "Ana")
    assert (figure.skill, figure.kind, figure.correct) == ("hands", item.kind, 1)


def test_the_per_skill_figures_show_on_the_home_and_the_dashboard(
    world: World, client: FlaskClient, ana: Person, room: Room
) -> None:
    world.trainer("Tom", room)
    sign_in(client, "Ana")
    assert "No drill answers yet" in client.get("/").text
    item = _money(1)
    client.post("/drill/money", data=_form(room, 1, **_right_money(item)))
    client.post("/drill/money", data=_form(room, 2, **{"answer-0": "999999"}))
    home = client.get("/").text
    assert "Your drills per skill" in home and "Money math" in home
    assert '<strong>Money math</strong></th><td data-label="Answers">2</td>' in home
    client.post("/sign-out")
    sign_in(client, "Tom")
    board = client.get(f"/rooms/{room.id}/").text
    assert "Drills per skill" in board and "Money math" in board
    missed = board.split("Most-missed items")[1].split("Drills per skill")[0]
    assert "No answers yet" in missed  # the drill answers are no items


def test_every_money_kind_judges_the_engines_answer_right_and_cites_its_rule(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    kinds = set()
    for n in range(1, 9):  # the eight kinds come round in turn
        item = _money(n)
        kinds.add(item.kind)
        html = client.post("/drill/money", data=_form(room, n, **_right_money(item))).text
        assert "Right</h2>" in html, item.kind
        if item.kind == "side_pots":
            assert "Main pot: " in html and "Side pot 1: " in html
        if item.kind != "rake":
            assert f"Rule {item.rule}" in html, item.kind
    assert len(kinds) == 8
    assert sum(f.correct for f in _figures(app, "Ana")) == 8


def test_browser_drill_answers_leave_the_rooms_item_figures_exactly_as_they_were(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    from datetime import UTC, datetime

    from dealer_trainer.store import Answer, roomdata, totals
    from tests.dbrows import rows
    from tests.web.test_training_drill import _point, _start

    target = app.config["DATABASE"]
    with open_store(target) as store:  # two quiz answers in the terminal: in every room of Ana's
        session = store.start_session("Ana", "quiz")
        store.record(session, Answer("Ana", "premature-turn-basic", "premature-turn", "quiz", True))
        store.record(session, Answer("Ana", "misdeal-two-exposed", "misdeal", "quiz", False))

    def figures() -> dict[str, object]:
        with open_store(target) as store:
            return {
                "answers": store.answers(),
                "due": store.due("Ana", now=datetime(2999, 1, 1, tzinfo=UTC)),
                "missed": roomdata.most_missed(store, room.id),
                "grid": roomdata.accuracy_grid(store, room.id),
                "topics": roomdata.topic_totals(store, room.id),
                "export": roomdata.export_rows(store, room.id),
                "totals": {
                    t: sorted(map(repr, rows(target, f"SELECT * FROM {t}"))) for t in totals.TABLES
                },
            }

    before = figures()
    sign_in(client, "Ana")
    where = _start(client, room)
    for _ in range(10):  # ten dealing-drill picks, the first option each time
        point = _point(client.get(where).text)
        client.post(where, data={"point": str(point), "option": "1"})
    for n in range(1, 4):
        client.post("/drill/money", data=_form(room, n, **{"answer-0": "1"}))
    hands = asked.item_of("hands", SEED, 1)
    assert isinstance(hands, HandsItem)
    seat = [str(min(hands.hands))]
    client.post("/drill/hands", data=_form(room, 1, ruleset="", seat=seat))
    assert figures() == before
    kept: dict[str, int] = {}
    for figure in _figures(app, "Ana"):
        kept[figure.skill] = kept.get(figure.skill, 0) + figure.answered
    assert kept["dealing"] == 10 and kept["hands"] == 1
    assert kept["money"] >= 1  # a side-pot item wants more than one field: refused (422)
