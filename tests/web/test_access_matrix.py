"""The access matrix over the whole URL map: every route declares its access policy where it
is defined (``@policy(Access.…)``, dealer_trainer.web.access), the app refuses to start
without one, and each policy holds for every role, in one's own room and in another's
(DESIGN.md, "People, rooms and roles"; web-anchors.md's security checklist).

The policies are read from the app itself, not listed here: public (anyone), signed in (any
role), admin (admins; others 403), trainer of the room (the room's trainers and admins; the
room's trainees 403; anyone outside the room 404), owner of the run (the run's owner only;
anyone else 404, as for a run that does not exist), owner of the attempt (an exam attempt's
owner only; anyone else 404, likewise), holder of the certificate (the person it was issued
to only; anyone else 404).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Blueprint, Flask, url_for
from flask.testing import FlaskClient

import dealer_trainer.web
from dealer_trainer import workbench as wb
from dealer_trainer.accounts import Accounts, Person, Room
from dealer_trainer.rules.corpus import load_corpus
from dealer_trainer.store import drafts, exam_rooms
from dealer_trainer.store.certificates import issue_certificate
from dealer_trainer.training.exam.attempts import load_exam, start
from dealer_trainer.training.progress import open_store
from dealer_trainer.web.access import Access, PolicyError, policies, policy

from .conftest import HASHER, World, make_app, sign_in, without_token
from .test_training import _entries, _run


def _declared() -> dict[str, Access]:
    """Each endpoint with the policy its route declares, as the app reads them."""
    with tempfile.TemporaryDirectory() as folder:
        found = policies(make_app(Path(folder) / "routes.sqlite3"))
    return {endpoint: access for endpoint, access in found.items() if access is not None}


#: read from the app (which refuses to start while a route declares none)
POLICY = _declared()
#: the policies that refuse someone signed in
REFUSING = (
    Access.ADMIN,
    Access.TRAINER_OF_ROOM,
    Access.OWNER_OF_RUN,
    Access.HOLDER_OF_CERTIFICATE,
    Access.OWNER_OF_ATTEMPT,
)


@dataclass
class Cast:
    own: Room
    other: Room
    trainer: Person
    trainee: Person
    outsider: Person  # a trainer of the other room
    admin: Person
    stranger: Person  # a trainee of the other room, with runs of their own
    runs: dict[str, tuple[int, int]]  # own / other: (the quiz, the drill) of Ana / of Leo
    certificates: dict[str, str]  # own / other: Ana's certificate (Evening) / Leo's (Morning)
    exams: dict[str, tuple[int, int]]  # own / other: (an exam assigned, Ana's / Leo's attempt)
    drafts: dict[str, int]  # own / other: a sound scenario draft of Mia's (Evening) / Bo's


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """One app for the module: the matrix only reads (a refused POST changes nothing)."""
    return make_app(tmp_path_factory.mktemp("matrix") / "room.sqlite3")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _exams(app: Flask, person: Person, room: Room) -> tuple[int, int]:
    """An exam assigned in ``room``, and an attempt of ``person`` at it."""
    exam = load_exam("tda-style-dealer")
    with open_store(app.config["DATABASE"]) as store:
        assigned = exam_rooms.add_exam_assignment(
            store,
            room_id=room.id,
            exam_id=exam.blueprint.id,
            title=exam.blueprint.title,
            text=exam.text,
            person_id=None,
            opens_at=datetime.now(UTC) - timedelta(days=1),
            closes_at=datetime.now(UTC) + timedelta(days=1),
            by=None,
        )
        found = start(store, exam, trainee=person.name, room_id=room.id, assignment_id=assigned)
    return assigned, found.id


def _runs(app: Flask, person: Person, room: Room) -> tuple[int, int]:
    """A quiz of ``person`` and a drill they started through the page."""
    quiz = _run(app, person, room, _entries("choice", 2))
    starter = app.test_client()
    sign_in(starter, person.name)
    started = starter.post("/drill", data={"room": str(room.id)}).headers["Location"]
    return quiz, int(started.rsplit("/", 1)[1])


def _certificate(app: Flask, person: Person, room: Room) -> str:
    """A certificate of ``person`` in ``room``, valid now; its public id."""
    issued = datetime.now(UTC)
    with open_store(app.config["DATABASE"]) as store:
        return issue_certificate(
            store,
            trainee=person.name,
            room_id=room.id,
            exam_id="dealer-cert",
            exam_title="Dealer certification",
            ruleset=room.ruleset,
            ruleset_version="dealer-trainer 0.1.0",
            score_percent=95.0,
            expires_at=issued + timedelta(days=730),
            issued_at=issued,
        ).id


@pytest.fixture(scope="module")
def cast(app: Flask) -> Cast:
    world = World(app)
    own, other = world.room("Evening"), world.room("Morning")
    trainee = world.person("Ana", room=own)
    stranger = world.person("Leo", room=other)
    return Cast(
        own=own,
        other=other,
        trainer=world.trainer("Mia", own),
        trainee=trainee,
        outsider=world.trainer("Bo", other),
        admin=world.person("Root", admin=True),
        stranger=stranger,
        runs={"own": _runs(app, trainee, own), "other": _runs(app, stranger, other)},
        certificates={
            "own": _certificate(app, trainee, own),
            "other": _certificate(app, stranger, other),
        },
        exams={"own": _exams(app, trainee, own), "other": _exams(app, stranger, other)},
        drafts={"own": _draft(app, "Mia", own), "other": _draft(app, "Bo", other)},
    )


def _draft(app: Flask, author: str, room: Room) -> int:
    """A sound scenario draft of ``author``'s in ``room`` (its YAML downloads)."""
    draft = wb.set_table(wb.Draft(), seats="3", button="1", small_blind="1", big_blind="2",
                         stacks="200")  # fmt: skip
    draft = wb.ask(wb.stage_error(draft, "premature_turn"), "choice")
    with open_store(app.config["DATABASE"]) as store:
        found = Accounts(store, HASHER).person_by_name(author)
        assert found is not None
        number = drafts.create_draft(
            store, room_id=room.id, person_id=found.id, body=wb.to_json(draft)
        )
    assert number is not None and wb.check_draft(draft).sound
    return number


def _url(app: Flask, endpoint: str, cast: Cast, place: str = "own") -> str:
    """The endpoint's URL over the own room's things (Evening, Ana, Ana's runs), or over the
    other room's (Morning, Leo, Leo's runs)."""
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    room = cast.own if place == "own" else cast.other
    quiz, drill = cast.runs[place]
    values: dict[str, object] = {}
    for name in rule.arguments:
        values[name] = {
            "room_id": room.id,
            "person_id": (cast.trainee if place == "own" else cast.stranger).id,
            "run_id": drill if endpoint.startswith("training.drill") else quiz,
            "position": 1,
            "scenario_id": _entries("choice")[0].id,
            "rule_id": load_corpus().rules[0].id,
            "filename": "app.css",
            "cert_id": cast.certificates[place],
            "assignment_id": cast.exams[place][0],
            "attempt_id": cast.exams[place][1],
            "draft_id": cast.drafts[place],
            "step": "undo",
            "drill": "money",
        }[name]
    with app.test_request_context():
        return url_for(endpoint, **values)


def _methods(app: Flask, endpoint: str) -> set[str]:
    found: set[str] = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == endpoint:
            found |= (rule.methods or set()) - {"HEAD", "OPTIONS"}
    return found


def test_every_route_declares_a_policy_of_the_closed_vocabulary(app: Flask) -> None:
    declared = policies(app)
    assert set(declared) == {rule.endpoint for rule in app.url_map.iter_rules()}
    undeclared = sorted(endpoint for endpoint, access in declared.items() if access is None)
    assert not undeclared, f"undeclared: {undeclared}"
    assert all(isinstance(access, Access) for access in declared.values())
    assert set(declared.values()) == set(Access), "every policy of the vocabulary is in use"
    assert declared == POLICY


def test_the_app_refuses_to_start_when_a_route_declares_no_policy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = Blueprint("extra", __name__)

    @extra.route("/forgotten")
    def forgotten() -> str:
        return "open to anyone signed in, by default?"

    monkeypatch.setattr(dealer_trainer.web, "BLUEPRINTS", (*dealer_trainer.web.BLUEPRINTS, extra))
    with pytest.raises(PolicyError, match=r"extra\.forgotten \(/forgotten\) declares no access"):
        make_app(tmp_path / "refused.sqlite3")


def test_the_app_refuses_a_room_policy_on_a_url_that_names_no_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = Blueprint("extra", __name__)

    @extra.route("/somewhere")
    @policy(Access.TRAINER_OF_ROOM)
    def somewhere() -> str:
        return "which room?"

    monkeypatch.setattr(dealer_trainer.web, "BLUEPRINTS", (*dealer_trainer.web.BLUEPRINTS, extra))
    with pytest.raises(PolicyError, match="has no <room_id>"):
        make_app(tmp_path / "refused.sqlite3")


def test_a_policy_is_only_one_of_the_vocabulary() -> None:
    with pytest.raises(TypeError):
        policy("trainer")  # type: ignore[arg-type]


def test_the_declaration_alone_closes_a_route_that_checks_nothing_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = Blueprint("extra", __name__)

    @extra.route("/extra/<int:room_id>", methods=["GET", "POST"])
    @policy(Access.TRAINER_OF_ROOM)
    def unguarded(room_id: int) -> str:
        return f"the secrets of room {room_id}"

    monkeypatch.setattr(dealer_trainer.web, "BLUEPRINTS", (*dealer_trainer.web.BLUEPRINTS, extra))
    app = make_app(tmp_path / "extra.sqlite3")
    world = World(app)
    room, elsewhere = world.room("Evening"), world.room("Morning")
    world.person("Ana", room=room)
    world.trainer("Mia", room)
    world.trainer("Bo", elsewhere)
    expected = {"Ana": 403, "Mia": 200, "Bo": 404}
    for name, status in expected.items():
        client = app.test_client()
        sign_in(client, name)
        for method in ("GET", "POST"):
            assert client.open(f"/extra/{room.id}", method=method).status_code == status
    anonymous = app.test_client().get(f"/extra/{room.id}")
    assert anonymous.headers["Location"].startswith("/sign-in")


def test_a_route_added_after_start_up_without_a_policy_is_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path / "late.sqlite3")

    @app.route("/late")
    def late() -> str:
        return "never shown"

    with pytest.raises(PolicyError, match="late declares no access policy"):
        app.test_client().get("/late")


@pytest.mark.parametrize(
    "endpoint", sorted(e for e, access in POLICY.items() if access is not Access.PUBLIC)
)
def test_every_closed_route_sends_an_anonymous_visitor_to_sign_in(
    app: Flask, client: FlaskClient, cast: Cast, endpoint: str
) -> None:
    url = _url(app, endpoint, cast)
    for method in _methods(app, endpoint):
        response = client.open(url, method=method)
        assert response.status_code == 302, (method, url)
        assert response.headers["Location"].startswith("/sign-in")
        htmx = client.open(url, method=method, headers={"HX-Request": "true"})
        assert htmx.status_code == 401 and htmx.headers["HX-Redirect"].startswith("/sign-in")


WHO = ("trainee", "trainer", "outsider", "admin")
PLACES = ("own", "other")


def _person(cast: Cast, who: str) -> Person:
    return {
        "trainee": cast.trainee,
        "trainer": cast.trainer,
        "outsider": cast.outsider,
        "admin": cast.admin,
    }[who]


def _expected(access: Access, who: str, place: str) -> set[int]:
    """The status codes ``who`` may get for a URL over the ``place`` room's things (an allowed
    GET page answers 200). Ana and Mia are the own room's trainee and trainer, Bo the other
    room's trainer; the own room's runs are Ana's, the other room's Leo's."""
    role = {
        ("trainee", "own"): "trainee",
        ("trainer", "own"): "trainer",
        ("outsider", "other"): "trainer",
    }.get((who, place))
    if access in (Access.PUBLIC, Access.SIGNED_IN):
        return {200}
    if access is Access.ADMIN:
        return {200} if who == "admin" else {403}
    if access is Access.TRAINER_OF_ROOM:
        if who == "admin" or role == "trainer":
            return {200}
        return {403} if role == "trainee" else {404}
    if access in (Access.OWNER_OF_RUN, Access.OWNER_OF_ATTEMPT):
        # a run's (an attempt's) own page sends its owner on to the question due
        return {200, 302} if (who, place) == ("trainee", "own") else {404}
    if access is Access.HOLDER_OF_CERTIFICATE:  # Ana's certificate is hers alone
        return {200} if (who, place) == ("trainee", "own") else {404}
    raise AssertionError(access)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("endpoint", sorted(POLICY))
def test_each_role_gets_the_page_a_403_or_a_404_as_the_policy_says(
    app: Flask, client: FlaskClient, cast: Cast, endpoint: str, who: str, place: str
) -> None:
    if "GET" not in _methods(app, endpoint):
        return  # POST only: the POST matrix below
    sign_in(client, _person(cast, who).name)
    with client.get(_url(app, endpoint, cast, place)) as response:  # a file: closed after
        status = response.status_code
    wanted = _expected(POLICY[endpoint], who, place)
    assert status in wanted, (endpoint, who, place, status)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize(
    "endpoint", sorted(e for e, access in POLICY.items() if access in REFUSING)
)
def test_a_refused_post_changes_nothing_and_answers_403_or_404(
    app: Flask, client: FlaskClient, cast: Cast, endpoint: str, who: str, place: str
) -> None:
    if "POST" not in _methods(app, endpoint):
        return
    sign_in(client, _person(cast, who).name)
    wanted = _expected(POLICY[endpoint], who, place)
    if 200 in wanted:
        return  # allowed: each area's own tests post real forms
    response = client.post(_url(app, endpoint, cast, place), data={})
    assert response.status_code in wanted, (endpoint, who, place, response.status_code)


def test_another_rooms_page_has_the_body_of_a_missing_one(
    app: Flask, client: FlaskClient, cast: Cast
) -> None:
    sign_in(client, cast.outsider.name)
    foreign = client.get(f"/rooms/{cast.own.id}/")
    missing = client.get("/rooms/99999/")
    assert foreign.status_code == missing.status_code == 404
    assert without_token(foreign.text) == without_token(missing.text)
    assert "Evening" not in foreign.text and "Ana" not in foreign.text
