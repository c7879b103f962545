"""The trainee's pages: home, starting a quiz or a review, a run's questions and feedback,
the summary; runs kept in the store (a reload or a double tap loses and doubles nothing);
a run or an assignment is seen only by its owner and room."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import cache
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.assignments import create_assignment
from dealer_trainer.scenario import bank_dir, load_scenario
from dealer_trainer.store import Answer
from dealer_trainer.store import open_store as open_store_with
from dealer_trainer.training import runs
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.quiz import Entry
from dealer_trainer.web.citations import room_citation
from dealer_trainer.web.drawing import card_name, rank_text, suit_symbol

from .conftest import World, sign_in, without_token


@cache
def _kinds() -> dict[str, list[Entry]]:
    """The bank's entries by question kind."""
    found: dict[str, list[Entry]] = {}
    for entry in runs.bank_entries():
        kind = load_scenario(entry.path).question.kind
        found.setdefault(kind, []).append(entry)
    return found


def _entries(kind: str, count: int = 1) -> list[Entry]:
    return sorted(_kinds()[kind], key=lambda e: e.id)[:count]


def _plan(entries: list[Entry], seed: int = 11) -> runs.Plan:
    folder = bank_dir()
    return runs.Plan(
        ruleset="roberts",
        items=tuple(
            runs.PlanItem(id=e.id, path=e.path.relative_to(folder).as_posix(), seed=seed + i)
            for i, e in enumerate(entries)
        ),
    )


def _run(app: Flask, person: Person, room: Room, entries: list[Entry], mode: str = "quiz") -> int:
    store = open_store(app.config["DATABASE"])
    try:
        return runs.create_run(
            store,
            person_id=person.id,
            trainee=person.name,
            room_id=room.id,
            mode=mode,
            plan=_plan(entries),
        )
    finally:
        store.close()


def _store_answers(app: Flask, trainee: str) -> list[object]:
    store = open_store(app.config["DATABASE"])
    try:
        return list(store.answers(trainee))
    finally:
        store.close()


def _due_an_hour_ago(app: Flask, trainee: str, entry: Entry) -> None:
    """Let the minutes pass before a miss comes back: one more miss of ``entry``, kept by a
    store whose review scheduler (the seam :func:`dealer_trainer.store.open_store` offers)
    makes the trainee's card for it due an hour ago. The card must be there already."""

    def an_hour_ago(card: str | None, correct: bool, when: datetime) -> tuple[str, datetime]:
        assert card is not None, "the miss left no review card"
        return card, when - timedelta(hours=1)

    store = open_store_with(app.config["DATABASE"], scheduler=an_hour_ago)
    try:
        session = store.start_session(trainee, "review")
        store.record(session, Answer(trainee, entry.id, entry.topic, "review", correct=False))
        store.finish_session(session)
    finally:
        store.close()


def _plain(label: str) -> str:
    """A label's text as the plan writes it: markup dropped, a card drawn as K♣ (with its
    name for screen readers) read back as its code, Kc."""
    label = re.sub(r'<span class="visually-hidden">.*?</span>', "", label)
    label = re.sub(r"<[^>]+>", "", label).strip()
    label = re.sub(r"10(?=[♣♦♥♠])", "T", label)
    return label.translate(str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"}))


def _options(html: str) -> list[str]:
    """The options' labels (radio buttons), in the order shown."""
    found = re.findall(
        r'<span class="option-text">(.*?)</span><span class="chosen-mark"', html, re.S
    )
    return [_plain(label) for label in found]


@pytest.fixture
def room(world: World) -> Room:
    return world.room("Evening shift")


@pytest.fixture
def ana(world: World, room: Room) -> Person:
    return world.person("Ana", room=room)


# --- home -------------------------------------------------------------------------------------


def test_home_shows_reviews_assignments_progress_and_misses(
    app: Flask, client: FlaskClient, world: World, room: Room, ana: Person
) -> None:
    store = open_store(app.config["DATABASE"])
    create_assignment(
        store,
        room_id=room.id,
        title="Premature cards <b>",
        topics=("premature-turn",),
        length=3,
        due_on=date(2026, 12, 24),
        created_by=None,
    )
    store.close()
    number = _run(app, ana, room, _entries("choice", 1))
    sign_in(client, "Ana")
    client.post(f"/runs/{number}/items/1", data={"option": "1"})
    page = client.get("/").text
    assert "Premature cards &lt;b&gt;" in page  # the title, escaped
    assert 'name="assignment"' in page and ">Start</button>" in page
    assert "Reviews due" in page
    assert 'role="img"' in page and '<title id="chart-title">' in page
    assert "<table>" in page  # the chart's numbers as a table too
    answers = _store_answers(app, "Ana")
    if not answers[0].correct:  # type: ignore[attr-defined]
        assert "Recent misses" in page and "You answered" in page


def test_home_without_a_room_says_to_ask_for_an_invite(client: FlaskClient, world: World) -> None:
    world.person("Lone")
    sign_in(client, "Lone")
    assert "ask your trainer for an invite code" in client.get("/").text


# --- starting ---------------------------------------------------------------------------------


def test_a_quiz_started_from_home_lands_on_its_first_question(
    client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    started = client.post("/quiz", data={"room": room.id, "length": 5})
    assert started.location.startswith("/runs/")
    first = client.get(started.location)
    assert first.location.endswith("/items/1")
    page = client.get(first.location).text
    assert "question 1 of 5" in page
    assert "<fieldset>" in page and "<legend>" in page


def test_a_quiz_with_topics_asks_only_those(
    app: Flask, client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    started = client.post(
        "/quiz", data={"room": room.id, "length": 5, "topics": ["premature-turn"]}
    )
    number = int(started.location.rsplit("/", 1)[1])
    store = open_store(app.config["DATABASE"])
    found = runs.run(store, run_id=number, person_id=ana.id)
    store.close()
    assert found is not None and found.plan.items
    topics = {e.id: e.topic for e in runs.bank_entries()}
    assert {topics[i.id] for i in found.plan.items} == {"premature-turn"}


def test_a_quiz_in_another_room_is_404(client: FlaskClient, world: World, ana: Person) -> None:
    other = world.room("Day shift")
    sign_in(client, "Ana")
    assert client.post("/quiz", data={"room": other.id, "length": 5}).status_code == 422
    # the room is not among the choices; named outright in an assignment start: 404
    assert client.post("/quiz", data={"room": other.id, "assignment": 1}).status_code == 404


def test_another_rooms_assignment_is_404(
    app: Flask, client: FlaskClient, world: World, room: Room, ana: Person
) -> None:
    other = world.room("Day shift")
    store = open_store(app.config["DATABASE"])
    theirs = create_assignment(
        store, room_id=other.id, title="Theirs", topics=(), length=3, due_on=None, created_by=None
    )
    ours = create_assignment(
        store, room_id=room.id, title="Ours", topics=(), length=3, due_on=None, created_by=None
    )
    store.close()
    sign_in(client, "Ana")
    # their assignment named with our room, or with theirs: 404 both ways
    assert client.post("/quiz", data={"room": room.id, "assignment": theirs}).status_code == 404
    assert client.post("/quiz", data={"room": other.id, "assignment": theirs}).status_code == 404
    started = client.post("/quiz", data={"room": room.id, "assignment": ours})
    assert started.location.startswith("/runs/")


def test_an_assigned_quiz_asks_its_length(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    store = open_store(app.config["DATABASE"])
    number = create_assignment(
        store, room_id=room.id, title="Three", topics=(), length=3, due_on=None, created_by=None
    )
    store.close()
    sign_in(client, "Ana")
    started = client.post("/quiz", data={"room": room.id, "assignment": number})
    landed = client.get(client.get(started.location).location).text
    assert "question 1 of 3" in landed


def test_a_review_with_nothing_due_says_so(client: FlaskClient, ana: Person) -> None:
    sign_in(client, "Ana")
    response = client.post("/review", data={})
    assert response.status_code == 422
    assert "Nothing is due for review" in response.text


def test_a_missed_item_comes_back_in_a_review(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    entry = _entries("choice", 1)[0]
    number = _run(app, ana, room, [entry])
    sign_in(client, "Ana")
    scenario = load_scenario(entry.path)
    right = scenario.question.correct
    assert right is not None
    labels = _options(client.get(f"/runs/{number}/items/1").text)
    wrong = next(i for i, label in enumerate(labels, 1) if label.endswith(right.text) is False)
    client.post(f"/runs/{number}/items/1", data={"option": str(wrong)})
    _due_an_hour_ago(app, "Ana", entry)  # a miss comes back within minutes: let them pass
    assert "1 question is due" in client.get("/").text
    started = client.post("/review", data={})
    assert started.location.startswith("/runs/")
    page = client.get(client.get(started.location).location).text
    assert "Review: question 1 of 1" in page


# --- a run in the store -----------------------------------------------------------------------


def test_a_reload_shows_the_same_options_in_the_same_order(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 2))
    sign_in(client, "Ana")
    first = _options(client.get(f"/runs/{number}/items/1").text)
    again = _options(client.get(f"/runs/{number}/items/1").text)
    assert len(first) >= 2 and first == again


def test_an_answer_given_twice_is_recorded_once(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 2))
    sign_in(client, "Ana")
    first = client.post(f"/runs/{number}/items/1", data={"option": "1"})
    second = client.post(f"/runs/{number}/items/1", data={"option": "2"})  # a double tap
    assert first.location == second.location == f"/runs/{number}/items/1"
    assert len(_store_answers(app, "Ana")) == 1
    store = open_store(app.config["DATABASE"])
    kept = runs.answers(store, number)
    store.close()
    assert [(a.position, len(a.answer)) for a in kept] == [(1, 1)]


def test_a_double_tap_with_htmx_shows_the_first_answers_feedback(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 2))
    sign_in(client, "Ana")
    hx = {"HX-Request": "true"}
    first = client.post(f"/runs/{number}/items/1", data={"option": "1"}, headers=hx)
    second = client.post(f"/runs/{number}/items/1", data={"option": "2"}, headers=hx)
    given = re.search(r"<dt>Your answer</dt><dd>(.*?)</dd>", first.text, re.S)
    again = re.search(r"<dt>Your answer</dt><dd>(.*?)</dd>", second.text, re.S)
    assert given and again and given.group(1) == again.group(1)
    assert len(_store_answers(app, "Ana")) == 1


def test_a_resumed_run_lands_on_the_first_unanswered_item(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 3))
    sign_in(client, "Ana")
    client.post(f"/runs/{number}/items/1", data={"option": "1"})
    client.post(f"/runs/{number}/items/2", data={"option": "1"})
    fresh = client.application.test_client()  # another tablet, a new session
    sign_in(fresh, "Ana")
    assert fresh.get(f"/runs/{number}").location == f"/runs/{number}/items/3"
    # no skipping ahead, and an answered item shows its feedback again
    assert client.get(f"/runs/{number}/items/3").status_code == 200
    back = client.get(f"/runs/{number}/items/1").text
    assert 'id="feedback-heading"' in back and "Your answer" in back
    assert "Carry on" in client.get("/").text


def test_an_item_not_yet_reached_sends_to_the_current_one(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 3))
    sign_in(client, "Ana")
    assert client.get(f"/runs/{number}/items/3").location == f"/runs/{number}/items/1"
    assert client.get(f"/runs/{number}/items/4").status_code == 404
    assert client.get(f"/runs/{number}/items/0").status_code == 404


def test_the_last_answer_ends_the_run_with_a_summary(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 2))
    sign_in(client, "Ana")
    client.post(f"/runs/{number}/items/1", data={"option": "1"})
    client.post(f"/runs/{number}/items/2", data={"option": "1"})
    assert client.get(f"/runs/{number}").location == f"/runs/{number}/summary"
    page = client.get(f"/runs/{number}/summary").text
    assert re.search(r"Quiz: \d of 2 right", page)
    assert "Score per topic" in page
    answers = _store_answers(app, "Ana")
    misses = [a for a in answers if not a.correct]  # type: ignore[attr-defined]
    assert ("No misses" in page) == (not misses)
    assert "Carry on" not in client.get("/").text


def test_a_run_stopped_early_keeps_its_answers(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 3))
    sign_in(client, "Ana")
    client.post(f"/runs/{number}/items/1", data={"option": "1"})
    stopped = client.post(f"/runs/{number}/finish")
    assert stopped.location == f"/runs/{number}/summary"
    assert "You answered 1 of the 3 questions" in client.get(stopped.location).text
    assert len(_store_answers(app, "Ana")) == 1


# --- who may see a run -----------------------------------------------------------------------


def test_another_persons_run_is_404_like_a_missing_one(
    app: Flask, client: FlaskClient, world: World, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 2))
    world.person("Bo", room=room)
    sign_in(client, "Bo")
    missing = client.get("/runs/9999")
    for url in (
        f"/runs/{number}",
        f"/runs/{number}/items/1",
        f"/runs/{number}/summary",
        f"/drill/{number}",
    ):
        response = client.get(url)
        assert response.status_code == 404, url
        assert without_token(response.text) == without_token(missing.text)
    assert client.post(f"/runs/{number}/items/1", data={"option": "1"}).status_code == 404
    assert client.post(f"/runs/{number}/finish").status_code == 404
    assert _store_answers(app, "Bo") == []


def test_the_trainee_pages_need_a_sign_in(client: FlaskClient) -> None:
    for url in ("/", "/runs/1", "/runs/1/items/1", "/runs/1/summary", "/drill", "/drill/1"):
        response = client.get(url)
        assert response.location and "/sign-in" in response.location, url


# --- the question page -----------------------------------------------------------------------


def _hidden_cards(entry: Entry, holes_only: bool = False) -> list[str]:
    """The proved hand's cards that the trainee may not see: hole cards face down, burns,
    the stub (or the hole cards face down alone)."""
    item = runs.item(_plan([entry]), 1)
    hand = item.proved.hand
    table = hand.table
    shown = (
        set(item.proved.exposed) | {c.text for c in table.board} | {c.text for c in table.set_aside}
    )
    for seat in hand.shown if hand.betting is not None else set():
        shown |= {c.text for c in table.holes.get(seat, [])}
    hidden = {c.text for cards in table.holes.values() for c in cards} | {
        c.text for c in table.burns
    }
    if holes_only:
        hidden = {c.text for cards in table.holes.values() for c in cards}
    else:
        hidden |= {c.text for c in table.stub}
    return sorted(hidden - shown)


def _with_face_down_cards(kind: str) -> Entry:
    """A bank item of that question kind whose table has hole cards face down (found when the
    test runs: reading the bank at import cost every pytest worker a second)."""
    for entry in sorted(_kinds()[kind], key=lambda e: e.id)[:40]:
        if _hidden_cards(entry, holes_only=True):
            return entry
    raise AssertionError(f"no {kind} item among the first 40 has hole cards face down")


@pytest.mark.parametrize("kind", ["choice", "fact", "order"])
def test_no_face_down_card_appears_in_a_question_page(
    app: Flask, client: FlaskClient, room: Room, ana: Person, kind: str
) -> None:
    entry = _with_face_down_cards(kind)
    number = _run(app, ana, room, [entry])
    sign_in(client, "Ana")
    html = client.get(f"/runs/{number}/items/1").text
    svg = html[html.index("<svg") : html.index("</svg>")]
    asked = runs.item(_plan([entry]), 1)
    words = asked.ask + " ".join(option.label for option in asked.options)
    for code in _hidden_cards(entry):
        if code in words:  # the question itself names it
            continue
        assert card_name(code) not in html, code
        assert f"{rank_text(code)}{suit_symbol(code)}" not in html, code
        assert not re.search(rf"\b{code}\b", svg), code
        assert not re.search(rf'data-[a-z-]+="[^"]*\b{code}\b', html), code
    assert "face-down card" in svg


def test_the_title_and_topic_come_only_with_the_feedback(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    entry = _entries("choice", 1)[0]
    scenario = load_scenario(entry.path)
    number = _run(app, ana, room, [entry])
    sign_in(client, "Ana")
    question = client.get(f"/runs/{number}/items/1").text
    assert scenario.title not in question
    assert scenario.id not in question
    after = client.post(f"/runs/{number}/items/1", data={"option": "1"}, follow_redirects=True)
    assert scenario.title in after.text or scenario.title.replace("'", "&#39;") in after.text
    assert scenario.id not in after.text  # not even in the URL


def test_a_question_page_has_a_fieldset_legend_numbered_radios_and_a_submit(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    """A tap chooses (a radio), a second tap changes the choice, and Submit answers: one tap
    never answers by itself. A plain form: it works without JavaScript."""
    number = _run(app, ana, room, _entries("choice", 1))
    sign_in(client, "Ana")
    html = client.get(f"/runs/{number}/items/1").text
    assert html.count("<h1") == 1 and '<h1 tabindex="-1"' in html
    assert "<fieldset>" in html and "<legend>" in html
    buttons = re.findall(r'<input type="radio" name="option" value="(\d+)" '
                         r'data-key="(\d+)" required>', html)  # fmt: skip
    assert buttons and all(value == key for value, key in buttons)
    assert '<button type="submit" class="option"' not in html
    assert re.search(r'<button type="submit" class="primary answer-submit">Submit answer', html)
    assert [int(v) for v, _ in buttons] == list(range(1, len(buttons) + 1))
    assert 'hx-post="' in html and 'method="post"' in html and "hx-disabled-elt" in html
    assert 'role="img"' in html and '<title id="table-title">' in html
    assert '<desc id="table-desc">' in html
    assert "style=" not in html and "<script>" not in html


def test_feedback_gives_the_verdict_the_right_answer_steps_explanation_and_rule(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    entry = next(e for e in _entries("choice", 30) if load_scenario(e.path).rule)
    scenario = load_scenario(entry.path)
    number = _run(app, ana, room, [entry])
    sign_in(client, "Ana")
    response = client.post(
        f"/runs/{number}/items/1", data={"option": "1"}, headers={"HX-Request": "true"}
    )
    html = response.text
    assert "<html" not in html  # a fragment
    assert response.headers["HX-Push-Url"] == f"/runs/{number}/items/1"
    assert 'hx-swap-oob="innerHTML:#status"' in html
    assert re.search(r'id="feedback-heading" tabindex="-1" autofocus>', html)
    assert ("✓" in html and "Right" in html) or ("✗" in html and "Wrong" in html)
    assert "The right answer" in html
    assert "Why</h2>" in html
    item = runs.item(_plan([entry]), 1)
    if item.proved.words:
        assert '<ol class="steps">' in html
    cited = room_citation(scenario.rule, item.proved.situation, "roberts")
    assert cited is not None and f"Rule {cited.rule}" in html  # as the room's book cites it
    assert "See your summary" in html  # the last (only) item
    # on a phone the verdict and the way on come first, before the picture and the details
    way_on = html.index("See your summary")
    assert html.index("feedback-heading") < way_on < html.index('class="table-pictures"')
    assert way_on < html.index("Why</h2>") < html.index(f"Rule {cited.rule}")


def test_a_pick_that_is_no_option_is_refused_beside_the_question(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 1))
    sign_in(client, "Ana")
    response = client.post(f"/runs/{number}/items/1", data={"option": "99"})
    assert response.status_code == 422
    assert "Pick one of the answers" in response.text
    assert _store_answers(app, "Ana") == []


def test_a_number_question_takes_a_typed_number(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    entry = _entries("number", 1)[0]
    number = _run(app, ana, room, [entry])
    sign_in(client, "Ana")
    html = client.get(f"/runs/{number}/items/1").text
    assert '<label for="number">' in html and 'inputmode="numeric"' in html
    assert ">Save</button>" in html
    bad = client.post(f"/runs/{number}/items/1", data={"number": "twelve"})
    assert bad.status_code == 422
    assert 'aria-invalid="true"' in bad.text and 'value="twelve"' in bad.text
    assert "is not a number" in bad.text
    value = runs.item(_plan([entry]), 1).proved.fact
    done = client.post(f"/runs/{number}/items/1", data={"number": str(value)})
    assert done.location == f"/runs/{number}/items/1"
    page = client.get(done.location).text
    assert "✓" in page and "Right" in page
    answers = _store_answers(app, "Ana")
    assert len(answers) == 1 and answers[0].correct  # type: ignore[attr-defined]


def test_an_order_question_is_answered_by_taps_with_an_undo(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    entry = _entries("order", 1)[0]
    number = _run(app, ana, room, [entry])
    item = runs.item(_plan([entry]), 1)
    right = sorted(
        range(1, len(item.options) + 1), key=lambda i: int(item.options[i - 1].value[1:])
    )
    sign_in(client, "Ana")
    url = f"/runs/{number}/items/1"
    html = client.get(url).text
    assert "No step chosen yet" in html
    assert ">Submit this order</button>" not in html
    # the values on the page are places on the page, never the steps' keys (s0 is the first)
    assert not re.search(r'value="s\d"', html)
    client.post(url, data={"step": str(right[1])})  # a wrong first tap
    html = client.get(url).text
    assert re.search(r'<ol class="chosen"[^>]*><li>', html)
    client.post(url, data={"undo": "1"})
    assert "No step chosen yet" in client.get(url).text
    for place in right:
        client.post(url, data={"step": str(place)})
    html = client.get(url).text  # a reload keeps the order tapped
    chosen = re.findall(r"<li>(.*?)</li>", html[html.index('class="chosen"') :].split("</ol>")[0])
    assert chosen == [item.options[i - 1].label for i in right]
    assert ">Submit this order</button>" in html
    done = client.post(url, data={"done": "1"})
    assert done.location == url
    assert "✓" in client.get(url).text
    answers = _store_answers(app, "Ana")
    assert len(answers) == 1 and answers[0].correct  # type: ignore[attr-defined]


def test_an_order_tap_with_htmx_announces_the_step_and_keeps_the_focus_on_the_steps(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("order", 1))
    sign_in(client, "Ana")
    response = client.post(
        f"/runs/{number}/items/1", data={"step": "1"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert re.search(r'hx-swap-oob="innerHTML:#status">Step 1: ', response.text)
    if "Steps left" in response.text:
        assert re.search(r'data-key="1" autofocus>', response.text)


def test_the_run_survives_a_new_app_on_the_same_store(
    app: Flask, room: Room, ana: Person, tmp_path: Path
) -> None:
    from .conftest import make_app

    number = _run(app, ana, room, _entries("choice", 2))
    client = app.test_client()
    sign_in(client, "Ana")
    client.post(f"/runs/{number}/items/1", data={"option": "1"})
    restarted = make_app(Path(app.config["DATABASE"])).test_client()
    sign_in(restarted, "Ana")
    assert restarted.get(f"/runs/{number}").location == f"/runs/{number}/items/2"


def test_an_answer_needs_the_csrf_token(room: Room, ana: Person, tmp_path: Path) -> None:
    from .conftest import csrf_token, make_app

    app = make_app(tmp_path / "csrf.sqlite3", WTF_CSRF_ENABLED=True)
    world = World(app)
    here = world.room("Guarded")
    person = world.person("Cy", room=here)
    number = _run(app, person, here, _entries("choice", 1))
    client = app.test_client()
    sign_in(client, "Cy")
    url = f"/runs/{number}/items/1"
    token = csrf_token(client.get(url).text)
    assert client.post(url, data={"option": "1"}).status_code == 400
    assert client.post(f"/runs/{number}/finish").status_code == 400
    assert client.post("/review", data={}).status_code == 400
    assert _store_answers(app, "Cy") == []
    # htmx sends the token in a header (base.html's hx-headers)
    sent = client.post(
        url, data={"option": "1"}, headers={"HX-Request": "true", "X-CSRFToken": token}
    )
    assert sent.status_code == 200
    assert len(_store_answers(app, "Cy")) == 1


def test_a_question_page_is_a_fragment_for_htmx_and_a_page_otherwise(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 1))
    sign_in(client, "Ana")
    url = f"/runs/{number}/items/1"
    whole = client.get(url)
    part = client.get(url, headers={"HX-Request": "true"})
    assert "<html" in whole.text and "<html" not in part.text
    assert "HX-Request" in whole.headers["Vary"] and "HX-Request" in part.headers["Vary"]
    started = client.post(
        "/quiz", data={"room": room.id, "length": 5}, headers={"HX-Request": "true"}
    )
    assert started.headers["HX-Redirect"].startswith("/runs/")


def test_a_quiz_whose_topics_match_nothing_says_so(
    client: FlaskClient, ana: Person, room: Room
) -> None:
    sign_in(client, "Ana")
    response = client.post("/quiz", data={"room": room.id, "length": 5, "topics": ["no-such"]})
    assert response.status_code == 422
    assert "Not a valid choice" in response.text or "not a valid choice" in response.text
    bad_length = client.post("/quiz", data={"room": room.id, "length": 7})
    assert bad_length.status_code == 422


def test_home_lists_only_the_assignments_of_ones_own_rooms(
    app: Flask, client: FlaskClient, world: World, room: Room, ana: Person
) -> None:
    other = world.room("Day shift")
    store = open_store(app.config["DATABASE"])
    create_assignment(
        store, room_id=other.id, title="Secret drill", topics=(), length=3, due_on=None,
        created_by=None,
    )  # fmt: skip
    store.close()
    sign_in(client, "Ana")
    page = client.get("/").text
    assert "Secret drill" not in page and "Day shift" not in page


def test_a_stopped_run_takes_no_more_answers(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 3))
    sign_in(client, "Ana")
    client.post(f"/runs/{number}/items/1", data={"option": "1"})
    client.post(f"/runs/{number}/finish")
    summary = f"/runs/{number}/summary"
    assert client.get(f"/runs/{number}/items/2").location == summary
    assert client.post(f"/runs/{number}/items/2", data={"option": "1"}).location == summary
    assert len(_store_answers(app, "Ana")) == 1
    assert client.get(f"/runs/{number}/items/1").status_code == 200  # its feedback stays


def test_the_items_are_answered_in_turn(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("choice", 3))
    sign_in(client, "Ana")
    skipped = client.post(f"/runs/{number}/items/3", data={"option": "1"})
    assert skipped.location == f"/runs/{number}/items/1"
    assert _store_answers(app, "Ana") == []


def test_a_typed_answer_that_is_no_number_goes_to_the_alert_region_with_htmx(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    number = _run(app, ana, room, _entries("number", 1))
    sign_in(client, "Ana")
    response = client.post(
        f"/runs/{number}/items/1", data={"number": "lots"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 422
    assert re.search(r'hx-swap-oob="innerHTML:#alert"><p>[^<]*is not a number', response.text)
    assert re.search(r'<input id="number"[^>]*aria-invalid="true"[^>]* autofocus>', response.text)
    assert '<h1 tabindex="-1" autofocus' not in response.text


@pytest.mark.parametrize("role", ["trainee", "trainer", "admin"])
def test_every_role_may_train_in_its_own_room(
    client: FlaskClient, world: World, room: Room, role: str
) -> None:
    if role == "admin":
        world.person("Ada", admin=True)  # in no room: an admin may see every room
    else:
        world.person("Ada", room=room, role=role)
    sign_in(client, "Ada")
    started = client.post("/quiz", data={"room": room.id, "length": 5})
    if role == "admin":  # the room is not among an admin's own rooms: named outright
        assert started.status_code == 422
        drill = client.post("/drill", data={"room": str(room.id)})
        assert drill.location and drill.location.startswith("/drill/")
    else:
        assert started.location and started.location.startswith("/runs/")
        assert client.get(client.get(started.location).location).status_code == 200


def test_another_room_is_answered_like_a_missing_one(
    client: FlaskClient, world: World, ana: Person
) -> None:
    other = world.room("Day shift")
    sign_in(client, "Ana")
    theirs = client.post("/drill", data={"room": str(other.id)})
    missing = client.post("/drill", data={"room": "9999"})
    assert theirs.status_code == missing.status_code == 404
    assert theirs.text == missing.text and "Day shift" not in theirs.text
    assert client.post("/review", data={"room": str(other.id)}).status_code == 404


def test_a_number_question_names_its_unit_in_the_label_and_the_error(
    app: Flask, client: FlaskClient, room: Room, ana: Person
) -> None:
    burns = [e for e in _entries("number", 50) if e.id == "burns-count-on-the-turn-roberts"]
    number = _run(app, ana, room, burns)
    sign_in(client, "Ana")
    html = client.get(f"/runs/{number}/items/1").text
    assert "Your answer (a number of cards)" in html and "number, in chips" not in html
    bad = client.post(f"/runs/{number}/items/1", data={"number": "two"})
    assert bad.status_code == 422
    assert "how many cards" in bad.text and "whole chips" not in bad.text
