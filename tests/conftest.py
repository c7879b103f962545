"""What every test shares: the hypothesis profiles, and no test touches the user's real settings
or progress store."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# pytest-xdist sets COLUMNS=80 and LINES=24 in its workers, as if they had a terminal: the
# commands the tests run would then wrap their output at 80 columns, where a pipe wraps nothing
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)

# --- hypothesis profiles (docs/testing.md) -------------------------------------------------------
#
# "ci", the default: the budget the whole run is sized for (at most 120 s on two cores). Each run
# draws fresh random examples, so CI keeps exploring; a failure prints the blob that reproduces
# it (@reproduce_failure). No deadline: a slow moment on a shared machine is not a bug.
# "thorough": ten times the examples of every property (tests/strategies.py: examples) for a
# long run before a release or after a change to the engine:
#     HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest -m slow
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("thorough", settings.get_profile("ci"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
