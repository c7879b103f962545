"""``dealer-trainer exam certificate ID --out FILE.pdf`` and ``exam revoke ID --reason TEXT``:
the PDF written (owner-only) with its QR link at DEALER_TRAINER_PUBLIC_URL, which is required
(exit 2 without it); ``--out`` only a regular file; the exit codes (0 done, 1 no such
certificate or revoked already, 2 bad input); and ``exam`` loading the PDF library only when a
certificate is written."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.store import people
from dealer_trainer.store.certificates import (
    Status,
    certificate,
    issue_certificate,
    new_public_id,
    shown_id,
)
from dealer_trainer.training.progress import open_store

PUBLIC = "https://room.example.org"


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "300")
    monkeypatch.setenv("DEALER_TRAINER_PUBLIC_URL", PUBLIC)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "store.sqlite3")


@pytest.fixture
def ident(db: str) -> str:
    """A valid certificate of Ana's; its id."""
    with open_store(db) as store:
        room = people.add_room(store, name="Evening", ruleset="roberts")
        ana = people.add_person(store, name="Ana", password_hash="x")
        issued = datetime.now(UTC) - timedelta(days=1)
        return issue_certificate(
            store,
            trainee=ana.name,
            room_id=room.id,
            exam_id="dealer-cert",
            exam_title="Dealer certification",
            ruleset="roberts",
            ruleset_version="dealer-trainer 0.1.0",
            score_percent=90.0,
            expires_at=issued + timedelta(days=730),
            issued_at=issued,
        ).id


def test_the_certificate_is_written_owner_only_with_its_verification_link(
    db: str, ident: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ana.pdf"
    assert main(["exam", "certificate", shown_id(ident), "--out", str(out), "--db", db]) == 0
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF-")
    assert set(re.findall(rb"/URI \(([^)]*)\)", pdf)) == {f"{PUBLIC}/verify/{ident}".encode()}
    assert stat.S_IMODE(out.stat().st_mode) == 0o600  # a person's data
    assert f"the certificate {shown_id(ident)} of Ana (Dealer certification), valid" in (
        capsys.readouterr().out
    )


def test_without_a_public_address_the_certificate_is_refused_with_exit_2(
    db: str,
    ident: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("DEALER_TRAINER_PUBLIC_URL")
    out = tmp_path / "ana.pdf"
    assert main(["exam", "certificate", ident, "--out", str(out), "--db", db]) == 2
    assert "set DEALER_TRAINER_PUBLIC_URL" in capsys.readouterr().err
    assert not out.exists()
    monkeypatch.setenv("DEALER_TRAINER_PUBLIC_URL", "room.example.org")  # no scheme
    assert main(["exam", "certificate", ident, "--out", str(out), "--db", db]) == 2
    assert not out.exists()


@pytest.mark.parametrize("kind", ["folder", "symlink", "fifo"])
def test_out_refuses_anything_but_a_regular_file(
    db: str, ident: str, tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.pdf"
    target = tmp_path / "kept.txt"
    target.write_text("kept")
    if kind == "folder":
        out.mkdir()
    elif kind == "symlink":
        out.symlink_to(target)
    else:
        os.mkfifo(out)
    assert main(["exam", "certificate", ident, "--out", str(out), "--db", db]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert target.read_text() == "kept"


def test_an_id_of_the_wrong_form_is_2_and_an_unknown_one_is_1(
    db: str, ident: str, tmp_path: Path
) -> None:
    out = tmp_path / "x.pdf"
    assert main(["exam", "certificate", "nope", "--out", str(out), "--db", db]) == 2
    assert main(["exam", "certificate", "A" * 10_000, "--out", str(out), "--db", db]) == 2
    assert main(["exam", "certificate", new_public_id(), "--out", str(out), "--db", db]) == 1
    assert main(["exam", "revoke", new_public_id(), "--reason", "x", "--db", db]) == 1
    assert main(["exam", "revoke", "nope", "--reason", "x", "--db", db]) == 2
    assert not out.exists()


def test_a_store_that_does_not_exist_is_not_made(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    out = tmp_path / "x.pdf"
    assert (
        main(["exam", "certificate", new_public_id(), "--out", str(out), "--db", str(missing)]) == 2
    )
    assert not missing.exists()


def test_revoke_needs_a_reason_and_the_first_revocation_stands(
    db: str, ident: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["exam", "revoke", ident, "--reason", "  ", "--db", db]) == 2
    assert main(["exam", "revoke", shown_id(ident).lower(), "--reason", "copied", "--db", db]) == 0
    assert "its verification page says so" in capsys.readouterr().out
    with open_store(db) as store:
        found = certificate(store, ident)
    assert found is not None and found.revoke_reason == "copied" and found.revoked_by is None
    assert found.status(datetime.now(UTC)) is Status.REVOKED
    assert main(["exam", "revoke", ident, "--reason", "again", "--db", db]) == 1
    assert "revoked already" in capsys.readouterr().err
    out = tmp_path / "revoked.pdf"  # still printed as issued, with a note
    assert main(["exam", "certificate", ident, "--out", str(out), "--db", db]) == 0
    assert "note: it is revoked" in capsys.readouterr().out


def test_exam_loads_the_pdf_library_only_to_write_a_certificate() -> None:
    code = (
        "import sys; from dealer_trainer.cli.main import _parser; _parser('exam'); "
        "import dealer_trainer.cli.exam; "
        "print(sorted(m for m in ('fpdf', 'PIL', 'segno') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"
