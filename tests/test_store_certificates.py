"""Certificates in the store (dealer_trainer.store.certificates), on SQLite and on PostgreSQL:
an unguessable public id, the status by date (valid, expired, revoked), the lookups by id,
person and room, revocation (once, with a reason), the 60-day recertification list, and a
store from before certificates upgrading; and the ruleset's version and the verification
address (dealer_trainer.certificates)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer import __version__
from dealer_trainer.certificates import public_url, ruleset_version, verification_url
from dealer_trainer.errors import UsageError
from dealer_trainer.store import MIGRATIONS, SCHEMA_VERSION, Store, people
from dealer_trainer.store.adapters import connect
from dealer_trainer.store.certificates import (
    ID_ALPHABET,
    ID_LENGTH,
    Certificate,
    Status,
    certificate,
    certificates_of,
    expiring_within,
    issue_certificate,
    new_public_id,
    normal_id,
    of_room,
    revoke,
    shown_id,
)
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.review import next_card
from tests.pg import fresh_schema, store_on

HASH = "not-a-real-hash"
ISSUED = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)
TWO_YEARS = timedelta(days=730)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with store_on(request.param, tmp_path) as opened:
        yield opened


def _issue(
    store: Store,
    person: people.Person,
    room: people.Room,
    *,
    issued: datetime = ISSUED,
    valid_for: timedelta = TWO_YEARS,
    exam: str = "dealer-cert-2026",
) -> Certificate:
    return issue_certificate(
        store,
        trainee=person.name,
        room_id=room.id,
        exam_id=exam,
        exam_title="Hold'em dealer certification",
        ruleset="tda-2024",
        ruleset_version=ruleset_version("tda-2024"),
        score_percent=92.5,
        expires_at=issued + valid_for,
        issued_at=issued,
        attempt_id=7,
    )


def _people(store: Store) -> tuple[people.Room, people.Person, people.Person]:
    room = people.add_room(store, name="Evening", ruleset="tda-2024")
    ana = people.add_person(store, name="Ana", password_hash=HASH)
    bob = people.add_person(store, name="Bob", password_hash=HASH)
    return room, ana, bob


def test_an_issued_certificate_is_kept_with_everything_it_names(store: Store) -> None:
    room, ana, _ = _people(store)
    made = _issue(store, ana, room)
    found = certificate(store, made.id)
    assert found == made
    assert (found.person_name, found.room_id, found.exam_id, found.attempt_id) == (
        "Ana",
        room.id,
        "dealer-cert-2026",
        7,
    )
    assert found.ruleset == "tda-2024" and found.ruleset_version == f"dealer-trainer {__version__}"
    assert found.issued_at == ISSUED and found.expires_at == ISSUED + TWO_YEARS
    assert found.score_percent == 92.5
    assert found.revoked_at is None and found.revoke_reason is None


def test_a_public_id_has_at_least_64_random_bits_of_unambiguous_characters(store: Store) -> None:
    assert ID_LENGTH * math.log2(len(ID_ALPHABET)) >= 64
    assert not set("01ILOU") & set(ID_ALPHABET)
    room, ana, _ = _people(store)
    ids = {_issue(store, ana, room).id for _ in range(20)}
    assert len(ids) == 20  # fresh every time
    assert all(re.fullmatch(f"[{ID_ALPHABET}]{{{ID_LENGTH}}}", ident) for ident in ids)
    drawn = "".join(new_public_id() for _ in range(400))
    assert set(drawn) == set(ID_ALPHABET)  # every character is drawn, none other


def test_an_id_is_found_as_printed_in_groups_and_in_lower_case(store: Store) -> None:
    room, ana, _ = _people(store)
    made = _issue(store, ana, room)
    printed = shown_id(made.id)
    assert re.fullmatch(r"(\w{4}-){3}\w{4}", printed)
    assert certificate(store, printed) == made
    assert certificate(store, f"  {printed.lower()} ") == made


@pytest.mark.parametrize(
    "text", ["", "A" * 15, "A" * 17, "0" * 16, "IIIIOOOOLLLLUUUU", "A" * 10_000, "' OR 1=1 --"]
)
def test_a_text_that_is_no_id_is_none_before_any_query(text: str) -> None:
    assert normal_id(text) is None


def test_the_status_is_valid_then_expired_and_revoked_wins_from_its_date(store: Store) -> None:
    room, ana, boss = _people(store)
    made = _issue(store, ana, room)
    assert made.status(ISSUED) is Status.VALID
    assert made.status(ISSUED + TWO_YEARS - timedelta(seconds=1)) is Status.VALID
    assert made.status(ISSUED + TWO_YEARS) is Status.EXPIRED
    assert made.status((ISSUED + TWO_YEARS + timedelta(days=1)).replace(tzinfo=None)) is (
        Status.EXPIRED
    )  # a naive time is UTC
    when = ISSUED + timedelta(days=100)
    revoked = revoke(store, made.id, by=boss.id, reason="answers shared", now=when)
    assert revoked.status(when - timedelta(seconds=1)) is Status.VALID  # held until then
    assert revoked.status(when) is Status.REVOKED
    assert revoked.status(ISSUED + TWO_YEARS * 2) is Status.REVOKED
    assert (revoked.revoked_at, revoked.revoked_by, revoked.revoke_reason) == (
        when,
        boss.id,
        "answers shared",
    )
    assert certificate(store, made.id) == revoked


def test_a_revocation_needs_a_reason_and_the_first_one_stands(store: Store) -> None:
    room, ana, _ = _people(store)
    made = _issue(store, ana, room)
    with pytest.raises(UsageError, match="needs a reason"):
        revoke(store, made.id, by=None, reason="   ")
    with pytest.raises(UsageError, match="at most 500"):
        revoke(store, made.id, by=None, reason="x" * 501)
    first = revoke(store, made.id, by=None, reason="from the terminal")
    with pytest.raises(UsageError, match="already revoked"):
        revoke(store, made.id, by=None, reason="again")
    assert certificate(store, made.id) == first
    with pytest.raises(UsageError, match="no certificate"):
        revoke(store, new_public_id(), by=None, reason="unknown")


def test_a_person_and_a_room_have_their_own_certificates_newest_first(store: Store) -> None:
    room, ana, bob = _people(store)
    other = people.add_room(store, name="Morning", ruleset="roberts")
    old = _issue(store, ana, room, issued=ISSUED - timedelta(days=400))
    new = _issue(store, ana, room)
    bobs = _issue(store, bob, other)
    assert certificates_of(store, ana.name) == [new, old]
    assert certificates_of(store, bob.name) == [bobs]
    assert of_room(store, room.id) == [new, old]
    assert of_room(store, other.id) == [bobs]


def test_the_recertification_list_holds_only_valid_certificates_expiring_within_the_days(
    store: Store,
) -> None:
    room, ana, bob = _people(store)
    other = people.add_room(store, name="Morning", ruleset="roberts")
    at = ISSUED + timedelta(days=700)  # 30 days before a two-year certificate expires
    soon = _issue(store, ana, room)
    sooner = _issue(store, bob, room, valid_for=TWO_YEARS - timedelta(days=10))
    later = _issue(store, ana, room, valid_for=TWO_YEARS + timedelta(days=61))
    gone = _issue(store, bob, room, valid_for=timedelta(days=699))  # expired a day ago
    revoked = _issue(store, bob, room, exam="revoked")
    revoke(store, revoked.id, by=None, reason="copied", now=at - timedelta(days=1))
    _issue(store, ana, other)  # another room's
    assert expiring_within(store, room.id, 60, now=at) == [sooner, soon]
    assert later.expires_at > at + timedelta(days=60) and gone.expires_at < at
    assert expiring_within(store, room.id, 0, now=at) == []
    with pytest.raises(UsageError):
        expiring_within(store, room.id, -1, now=at)


def test_issuing_refuses_what_a_certificate_cannot_say(store: Store) -> None:
    room, ana, _ = _people(store)
    with pytest.raises(UsageError, match="expire after"):
        _issue(store, ana, room, valid_for=timedelta(0))
    with pytest.raises(UsageError, match="no trainee"):
        _issue(
            store,
            people.Person(
                id=999, name="x", admin=False, epoch="", must_change=False, disabled=False
            ),
            room,
        )
    with pytest.raises(UsageError, match="exam id"):
        _issue(store, ana, room, exam=" ")
    assert of_room(store, room.id) == []


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "old.sqlite3")
        return
    with fresh_schema() as url:
        yield url


def test_a_store_from_before_certificates_upgrades_and_can_issue(target: str) -> None:
    step = next(m for m in MIGRATIONS if m.description.startswith("certificates:"))
    old = Store(connect(target), target, scheduler=next_card)
    old.migrate(upto=step.version - 1)
    room = people.add_room(old, name="Evening", ruleset="roberts")
    ana = people.add_person(old, name="Ana", password_hash=HASH)
    old.close()
    with open_store(target) as store:
        assert store.schema_version() == SCHEMA_VERSION
        made = _issue(store, ana, room)
        assert certificate(store, made.id) == made


def test_a_ruleset_version_is_the_package_for_a_built_in_and_the_digest_for_a_house() -> None:
    assert ruleset_version("roberts") == f"dealer-trainer {__version__}"
    house = "name: river-room\nbase: roberts\noptions:\n  exposed_misdeal_cards: 1\n"
    version = ruleset_version("river-room", house)
    assert re.fullmatch(r"house sha256:[0-9a-f]{16}", version)
    assert ruleset_version("river-room", house + "# changed\n") != version


def test_the_verification_address_is_the_public_address_and_the_id() -> None:
    ident = new_public_id()
    assert verification_url("https://room.example.org/", ident) == (
        f"https://room.example.org/verify/{ident}"
    )
    assert verification_url("http://10.0.0.2:8000/training", shown_id(ident).lower()) == (
        f"http://10.0.0.2:8000/training/verify/{ident}"
    )
    for base in ("ftp://x.example", "room.example.org", "https://x.example/?a=1"):
        with pytest.raises(UsageError):
            verification_url(base, ident)
    with pytest.raises(UsageError, match="no certificate id"):
        verification_url("https://x.example", "nope")
    assert public_url({}) is None
    assert public_url({"DEALER_TRAINER_PUBLIC_URL": " https://x.example/ "}) == "https://x.example"
    with pytest.raises(UsageError, match="DEALER_TRAINER_PUBLIC_URL"):
        public_url({"DEALER_TRAINER_PUBLIC_URL": "x.example"})
