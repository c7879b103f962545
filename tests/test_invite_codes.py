"""Invite codes a person reads out and types (issue 27, item 15): no look-alike symbols, at
least 60 bits from the secrets module, any case and any separators, shown in groups; codes
made before them still redeem until they expire."""

from __future__ import annotations

import hashlib
import math
import re
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from hypothesis import given
from hypothesis import strategies as st

from dealer_trainer import invitecodes
from dealer_trainer.accounts import MAX_INVITES, TRAINEE, Accounts
from dealer_trainer.errors import UsageError
from dealer_trainer.invitecodes import ALPHABET, BITS, GROUP, LENGTH, grouped, make_code, normalise
from dealer_trainer.roles import Role
from dealer_trainer.store import SCHEMA_VERSION, Store, invites, open_store, people
from dealer_trainer.store.adapters import connect
from dealer_trainer.training.review import next_card
from tests.dbrows import rows
from tests.pg import fresh_schema

PASSWORD = "correct horse battery"
LOOK_ALIKES = "ILOU"  # I and L look like 1, O like 0, U like V (Crockford's base32 drops them)
SEPARATORS = st.sampled_from([" ", "-", "  ", ".", "\t", "_", ""])


@pytest.fixture
def accounts(tmp_path: Path) -> Iterator[Accounts]:
    store = open_store(str(tmp_path / "room.sqlite3"))
    yield Accounts(store, PasswordHasher.from_parameters(CHEAPEST))
    store.close()


codes = st.text(alphabet=ALPHABET, min_size=LENGTH, max_size=LENGTH)


def test_the_alphabet_has_no_look_alike_letters_and_a_code_carries_60_bits() -> None:
    assert not set(LOOK_ALIKES) & set(ALPHABET)
    assert len(set(ALPHABET)) == len(ALPHABET) == 32
    assert BITS == LENGTH * math.log2(len(set(ALPHABET))) >= 60


def test_codes_come_from_the_secrets_module(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def choice(seq: str) -> str:
        drawn.append(seq)
        return seq[-1]

    monkeypatch.setattr(secrets, "choice", choice)
    assert make_code() == "ZZZZ-ZZZZ-ZZZZ"
    assert drawn == [ALPHABET] * LENGTH


def test_made_codes_are_grouped_of_the_alphabet_and_all_differ() -> None:
    made = [make_code() for _ in range(2000)]
    assert len(set(made)) == len(made)
    pattern = re.compile(rf"^[{ALPHABET}]{{{GROUP}}}(-[{ALPHABET}]{{1,{GROUP}}})+$")
    assert all(pattern.match(code) for code in made)
    assert set("".join(made).replace("-", "")) == set(ALPHABET)  # every symbol is drawn


@given(code=codes, case=st.lists(st.booleans(), min_size=LENGTH, max_size=LENGTH), data=st.data())
def test_a_code_typed_in_any_case_with_any_separators_is_the_same_code(
    code: str, case: list[bool], data: st.DataObject
) -> None:
    typed = "".join(
        (ch.lower() if low else ch) + data.draw(SEPARATORS)
        for ch, low in zip(code, case, strict=True)
    )
    assert normalise(f"  {typed}  ") == code
    assert normalise(grouped(code)) == code
    assert invitecodes.code_hashes(typed)[0] == invitecodes.code_hash(grouped(code))


@given(code=codes)
def test_look_alikes_are_read_as_crockford_reads_them(code: str) -> None:
    misread = code.replace("0", "O").replace("1", "l")
    assert normalise(misread) == code


@given(
    typed=st.text(min_size=1, max_size=30).filter(
        lambda t: any(ch.upper() not in ALPHABET + "OIL -._\t" for ch in t.strip())
    )
)
def test_anything_with_another_symbol_is_no_code(typed: str) -> None:
    assert normalise(typed) is None


@given(code=st.text(alphabet=ALPHABET, min_size=0, max_size=30).filter(lambda c: len(c) != LENGTH))
def test_a_code_of_another_length_is_no_code(code: str) -> None:
    assert normalise(code) is None


def test_a_code_joins_typed_in_lower_case_with_spaces(accounts: Accounts) -> None:
    room = accounts.create_room(name="Evening")
    code = accounts.create_invite(room_id=room.id, role=TRAINEE, created_by=None)
    typed = " ".join(code.replace("-", "").lower())
    ana = accounts.redeem_invite(code=typed, name="Ana", password=PASSWORD)
    assert accounts.role_in(person_id=ana.id, room_id=room.id) == TRAINEE
    with pytest.raises(UsageError, match="unknown, used or expired"):
        accounts.redeem_invite(code=code, name="Bo", password=PASSWORD)


def test_an_old_style_code_still_joins_as_it_was_given_until_it_expires(
    accounts: Accounts,
) -> None:
    """Codes made before these were kept as the hash of the code as typed (case-sensitive)."""
    room = accounts.create_room(name="Evening")
    old, late = "Il0-aB_cDeFgHiJk", "Xy0lI_aBcDeFgHiJ"
    for code, hours in ((old, 5), (late, -1)):
        invites.add_invite(
            accounts.store,
            room_id=room.id,
            code_hash=hashlib.sha256(code.encode()).hexdigest(),
            role=Role.TRAINEE,
            created_by=None,
            expires_at=datetime.now(UTC) + timedelta(hours=hours),
        )
    with pytest.raises(UsageError, match="unknown, used or expired"):
        accounts.redeem_invite(code=old.upper(), name="Cy", password=PASSWORD)  # case counts
    ana = accounts.redeem_invite(code=f" {old} ", name="Ana", password=PASSWORD)
    assert accounts.role_in(person_id=ana.id, room_id=room.id) == TRAINEE
    with pytest.raises(UsageError, match="unknown, used or expired"):
        accounts.redeem_invite(code=late, name="Bo", password=PASSWORD)


def test_many_codes_are_made_at_once_within_the_bound_each_joining_once(
    accounts: Accounts,
) -> None:
    room = accounts.create_room(name="Evening")
    made = accounts.create_invites(
        room_id=room.id, role=TRAINEE, created_by=None, names=["Ana", None, "Bo"]
    )
    assert [invite.name for invite in made] == ["Ana", None, "Bo"]
    assert len({invite.code for invite in made}) == 3
    labels = rows(accounts.store.target, "SELECT label FROM invites ORDER BY id")
    assert [row[0] for row in labels] == ["Ana", None, "Bo"]
    for number, invite in enumerate(made):
        accounts.redeem_invite(code=invite.code, name=f"P{number}", password=PASSWORD)
    for count in (0, MAX_INVITES + 1):
        with pytest.raises(UsageError, match=f"from 1 to {MAX_INVITES}"):
            accounts.create_invites(
                room_id=room.id, role=TRAINEE, created_by=None, names=[None] * count
            )


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "store.sqlite3")
        return
    with fresh_schema() as url:
        yield url


def test_a_store_from_before_invite_labels_upgrades_and_its_invites_still_redeem(
    target: str,
) -> None:
    """Migration 8 adds the label (a roster's name) to invites; older invites have none."""
    old = Store(connect(target), target, scheduler=next_card)
    old.migrate(upto=5)
    room = people.add_room(old, name="Evening", ruleset="roberts")
    code = make_code()
    invites.add_invite(
        old,
        room_id=room.id,
        code_hash=invitecodes.code_hash(code),
        role=Role.TRAINEE,
        created_by=None,
        expires_at=datetime.now(UTC) + timedelta(hours=1),
    )
    old.close()
    with open_store(target, scheduler=next_card) as store:
        assert store.schema_version() == SCHEMA_VERSION
        accounts = Accounts(store, PasswordHasher.from_parameters(CHEAPEST))
        (named,) = accounts.create_invites(
            room_id=room.id, role=TRAINEE, created_by=None, names=["Cleo"]
        )
        labels = rows(target, "SELECT label FROM invites ORDER BY id")
        assert [row[0] for row in labels] == [None, "Cleo"]
        ana = accounts.redeem_invite(code=code.lower(), name="Ana", password=PASSWORD)
        cleo = accounts.redeem_invite(code=named.code, name="Cleo", password=PASSWORD)
        assert {accounts.role_in(person_id=p.id, room_id=room.id) for p in (ana, cleo)} == {TRAINEE}
