"""An SQLite store made before stores were created owner-only (a file 0644 in a folder 0755)
holds the password hashes and the session-signing key for every local user to read. Opening
it (``serve``, or any command) takes group and other permissions away from its files and its
own folder, when the current user owns them, and says so once."""

from __future__ import annotations

import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from dealer_trainer.store import open_store
from dealer_trainer.store.adapters import tighten

BIN = Path(sys.executable).parent / "dealer-trainer"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _loose_store(folder: Path, *extra: str) -> Path:
    """A store as an older version left it: the file and its WAL 0644, the folder 0755."""
    target = folder / "progress.sqlite3"
    with open_store(target) as store:
        store.start_session("Ana", "quiz")
    for path in (target, Path(f"{target}-wal"), *(folder / name for name in extra)):
        path.touch()
        path.chmod(0o644)
    folder.chmod(0o755)
    return target


def test_opening_a_store_others_can_read_makes_it_owner_only_and_says_so_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    target = _loose_store(tmp_path / "rooms")
    with caplog.at_level(logging.WARNING, logger="dealer_trainer.store"):
        with open_store(target):
            wal = _mode(Path(f"{target}-wal"))  # SQLite removes it when the last one closes
        with open_store(target):
            pass
    assert _mode(target) == wal == 0o600
    assert _mode(target.parent) == 0o700
    notes = [r.getMessage() for r in caplog.records if r.name == "dealer_trainer.store"]
    assert len(notes) == 1, notes  # the second opening finds nothing to change
    assert str(target) in notes[0] and "0644 -> 0600" in notes[0] and "0755 -> 0700" in notes[0]


def test_a_folder_that_holds_other_things_keeps_its_mode(tmp_path: Path) -> None:
    target = _loose_store(tmp_path / "project", "notes.txt")
    changed = tighten(target)
    assert _mode(target) == 0o600
    assert _mode(target.parent) == 0o755  # a project folder is not ours to close
    assert all(str(target.parent) + " " not in item for item in changed)


def test_the_user_data_folder_is_tightened_though_it_holds_other_things(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "dealer-trainer"
    monkeypatch.setattr(platformdirs, "user_data_path", lambda name: tmp_path / name)
    target = _loose_store(data, "progress-backup.sqlite3")
    tighten(target)
    assert _mode(data) == 0o700 and _mode(target) == 0o600


def test_a_store_another_user_owns_is_left_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = _loose_store(tmp_path / "rooms")
    monkeypatch.setattr(os, "getuid", lambda: target.stat().st_uid + 1)
    assert tighten(target) == []
    assert _mode(target) == 0o644 and _mode(target.parent) == 0o755


def test_a_reading_command_tightens_the_store_with_a_note_on_stderr(tmp_path: Path) -> None:
    target = _loose_store(tmp_path / "rooms")
    result = subprocess.run(
        [str(BIN), "admin", "people", "--db", str(target)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "made owner-only" in result.stderr and str(target) in result.stderr
    assert _mode(target) == 0o600 and _mode(target.parent) == 0o700
