"""What every test shares: no test touches the user's real settings or progress store."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_user_folders(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The user's data and settings folders (platformdirs) in a temporary folder, and no
    progress store named by the environment: a test (or a command it runs) that forgets to
    name its own store writes there, never into the real home."""
    home: Path = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)
