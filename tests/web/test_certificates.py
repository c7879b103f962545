"""Certificates in the training room (dealer_trainer.web.certificates): the public verification
page says valid, expired or revoked and shows only what the certificate shows; an id that is
no certificate's (unknown, malformed, 10 kB long) gets the plain "not found" page, decided
before any query; the page is rate-limited; the holder downloads their own PDF and nobody
else's; a room's trainers list, download and revoke its certificates (with a reason), and
another room's certificate is a 404; the QR address is DEALER_TRAINER_PUBLIC_URL's or the
server's own."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import Person, Room
from dealer_trainer.store import certificates as kept
from dealer_trainer.store.certificates import Certificate, new_public_id, shown_id
from dealer_trainer.training.progress import open_store

from .conftest import World, make_app, sign_in, without_token

NOW = datetime.now(UTC)


def _issue(
    app: Flask,
    person: Person,
    room: Room,
    *,
    issued: datetime = NOW - timedelta(days=30),
    valid_for: timedelta = timedelta(days=730),
    version: str = "dealer-trainer 0.1.0",
) -> Certificate:
    with open_store(app.config["DATABASE"]) as store:
        return kept.issue_certificate(
            store,
            trainee=person.name,
            room_id=room.id,
            exam_id="dealer-cert-2026",
            exam_title="Hold'em dealer certification",
            ruleset="tda-2024",
            ruleset_version=version,
            score_percent=87.5,
            expires_at=issued + valid_for,
            issued_at=issued,
        )


def _revoke(app: Flask, certificate: Certificate, reason: str, when: datetime) -> None:
    with open_store(app.config["DATABASE"]) as store:
        kept.revoke(store, certificate.id, by=None, reason=reason, now=when)


def _day(when: datetime) -> str:
    return f"{when.day} {when:%B %Y}"


def test_a_valid_certificate_verifies_without_signing_in_showing_only_what_it_shows(
    app: Flask, world: World, client: FlaskClient
) -> None:
    room = world.room("Evening")
    ana = world.person("Ana Pereira", room=room)
    made = _issue(app, ana, room)
    page = client.get(f"/verify/{made.id}")
    assert page.status_code == 200
    assert page.headers["X-Robots-Tag"] == "noindex"
    text = page.text
    assert "<strong>Valid.</strong>" in text
    for shown in (
        "Ana Pereira",
        "Hold&#39;em dealer certification",
        "dealer-cert-2026",
        "tda-2024 (dealer-trainer 0.1.0)",
        _day(made.issued_at),
        _day(made.expires_at),
        shown_id(made.id),
    ):
        assert shown in text, shown
    assert "87.5" not in text and "Evening" not in text  # no score, no room
    assert "Sign out" not in text
    assert client.get(f"/verify/{shown_id(made.id).lower()}").status_code == 200  # as typed


def test_an_expired_certificate_says_so(app: Flask, world: World, client: FlaskClient) -> None:
    room = world.room("Evening")
    ana = world.person("Ana", room=room)
    made = _issue(app, ana, room, issued=NOW - timedelta(days=800))
    text = client.get(f"/verify/{made.id}").text
    assert "<strong>Expired.</strong>" in text and "Valid." not in text
    assert _day(made.expires_at) in text


def test_a_revoked_certificate_says_so_with_its_date_but_not_its_reason(
    app: Flask, world: World, client: FlaskClient
) -> None:
    room = world.room("Evening")
    ana = world.person("Ana", room=room)
    made = _issue(app, ana, room)
    when = NOW - timedelta(days=2)
    _revoke(app, made, "answers copied from a neighbour", when)
    text = client.get(f"/verify/{made.id}").text
    assert "<strong>Revoked.</strong>" in text and "Valid." not in text
    assert f"revoked on {_day(when)}" in text
    assert "neighbour" not in text


@pytest.mark.parametrize(
    "ident",
    [
        "7KQM2XHDPW9AFT3R",  # the right form, no certificate (ids are drawn at random)
        "ABCD",
        "0" * 16,
        "not-an-id-at-all!",
        "%27%20OR%201%3D1",
        "A" * 10_000,
    ],
)
def test_an_id_of_no_certificate_gets_the_plain_not_found_page(
    app: Flask, client: FlaskClient, ident: str
) -> None:
    missing = client.get(f"/verify/{new_public_id()}")
    page = client.get(f"/verify/{ident}")
    assert page.status_code == missing.status_code == 404
    assert without_token(page.text) == without_token(missing.text)
    assert "There is no such page." in page.text


def test_a_malformed_id_is_refused_before_any_query(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_query(*args: object, **kwargs: object) -> list[Certificate]:
        raise AssertionError("queried the store for a malformed id")

    monkeypatch.setattr(kept, "_select", no_query)
    for ident in ("A" * 10_000, "short", "0OIL" * 4):
        assert client.get(f"/verify/{ident}").status_code == 404


def test_the_verification_page_is_rate_limited_per_address(tmp_path: Path) -> None:
    app = make_app(tmp_path / "limited.sqlite3", RATELIMIT_ENABLED=True, VERIFY_LIMIT="3/minute")
    world = World(app)
    room = world.room("Evening")
    made = _issue(app, world.person("Ana", room=room), room)
    client = app.test_client()
    answers = [client.get(f"/verify/{made.id}").status_code for _ in range(3)]
    answers += [client.get(f"/verify/{new_public_id()}").status_code]  # guesses count too
    assert answers == [200, 200, 200, 429]
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    assert other.get(f"/verify/{made.id}").status_code == 200  # another address


def _uri(pdf: bytes) -> set[str]:
    return {link.decode() for link in re.findall(rb"/URI \(([^)]*)\)", pdf)}


def test_the_holder_downloads_their_own_pdf_and_nobody_elses(
    app: Flask, world: World, client: FlaskClient
) -> None:
    room = world.room("Evening")
    ana, bo = world.person("Ana", room=room), world.person("Bo", room=room)
    anas = _issue(app, ana, room)
    bos = _issue(app, bo, room)
    sign_in(client, "Ana")
    mine = client.get("/certificates")
    assert shown_id(anas.id) in mine.text and shown_id(bos.id) not in mine.text
    pdf = client.get(f"/certificates/{anas.id}.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert pdf.data.startswith(b"%PDF-")
    assert _uri(pdf.data) == {f"http://localhost/verify/{anas.id}"}  # the server's own
    foreign = client.get(f"/certificates/{bos.id}.pdf")
    missing = client.get(f"/certificates/{new_public_id()}.pdf")
    assert foreign.status_code == missing.status_code == 404
    assert without_token(foreign.text) == without_token(missing.text)
    assert "Bo" not in foreign.text


def test_the_qr_address_is_the_configured_public_address(tmp_path: Path) -> None:
    app = make_app(tmp_path / "public.sqlite3", PUBLIC_URL="https://room.example.org/dealers/")
    world = World(app)
    room = world.room("Evening")
    made = _issue(app, world.person("Ana", room=room), room)
    client = app.test_client()
    sign_in(client, "Ana")
    pdf = client.get(f"/certificates/{made.id}.pdf").data
    assert _uri(pdf) == {f"https://room.example.org/dealers/verify/{made.id}"}


@pytest.fixture
def rooms(app: Flask, world: World) -> tuple[Room, Room, Certificate, Certificate]:
    evening, morning = world.room("Evening"), world.room("Morning")
    world.trainer("Mia", evening)
    world.trainer("Tom", morning)
    ana = world.person("Ana", room=evening)
    leo = world.person("Leo", room=morning)
    return evening, morning, _issue(app, ana, evening), _issue(app, leo, morning)


def test_a_trainer_lists_downloads_and_revokes_the_rooms_certificates(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room, Certificate, Certificate]
) -> None:
    evening, _morning, anas, leos = rooms
    sign_in(client, "Mia")
    listed = client.get(f"/rooms/{evening.id}/certificates")
    assert listed.status_code == 200
    assert shown_id(anas.id) in listed.text and shown_id(leos.id) not in listed.text
    assert "Leo" not in listed.text
    pdf = client.get(f"/rooms/{evening.id}/certificates/{anas.id}.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")

    refused = client.post(
        f"/rooms/{evening.id}/certificates/{anas.id}/revoke", data={"reason": "  "}
    )
    assert refused.status_code == 422 and "not revoked" in refused.text
    assert "<strong>Valid.</strong>" in client.get(f"/verify/{anas.id}").text

    done = client.post(
        f"/rooms/{evening.id}/certificates/{anas.id}/revoke", data={"reason": "shared answers"}
    )
    assert done.location == f"/rooms/{evening.id}/certificates"
    after = client.get(done.location).text
    assert f"The certificate {shown_id(anas.id)} is revoked." in after
    assert "shared answers" in after  # the reason is kept for the room's trainers
    assert "<strong>Revoked.</strong>" in client.get(f"/verify/{anas.id}").text
    again = client.post(
        f"/rooms/{evening.id}/certificates/{anas.id}/revoke", data={"reason": "twice"}
    )
    assert again.status_code == 422 and "already revoked" in again.text


def test_another_rooms_certificate_is_not_found_through_ones_own_room(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room, Certificate, Certificate]
) -> None:
    evening, _morning, _anas, leos = rooms
    sign_in(client, "Mia")
    for method, url in (
        ("GET", f"/rooms/{evening.id}/certificates/{leos.id}.pdf"),
        ("POST", f"/rooms/{evening.id}/certificates/{leos.id}/revoke"),
    ):
        foreign = client.open(url, method=method, data={"reason": "not mine"})
        missing = client.open(
            url.replace(leos.id, new_public_id()), method=method, data={"reason": "x"}
        )
        assert foreign.status_code == missing.status_code == 404, url
        assert without_token(foreign.text) == without_token(missing.text)
    assert "<strong>Valid.</strong>" in client.get(f"/verify/{leos.id}").text


def test_a_trainee_may_not_revoke_their_own_certificate(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room, Certificate, Certificate]
) -> None:
    evening, _morning, anas, _leos = rooms
    sign_in(client, "Ana")
    url = f"/rooms/{evening.id}/certificates/{anas.id}/revoke"
    assert client.post(url, data={"reason": "oops"}).status_code == 403
    assert "<strong>Valid.</strong>" in client.get(f"/verify/{anas.id}").text


def test_the_room_navigation_links_to_the_certificates(
    app: Flask, client: FlaskClient, rooms: tuple[Room, Room, Certificate, Certificate]
) -> None:
    evening = rooms[0]
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{evening.id}/certificates").text
    assert f'href="/rooms/{evening.id}/certificates" aria-current="page"' in page
