"""What every test shares: the hypothesis profiles, the order the files run in (the longest
first), and no test touches the user's real settings or progress store."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from tests import blank_stores, routes_once

# werkzeug's URL builders compiled once per rule, not once per app (tests/routes_once.py)
routes_once.install()
# a new SQLite store copied from one the migrations made, not migrated again (tests/blank_stores.py)
blank_stores.install()

# pytest-xdist sets COLUMNS=80 and LINES=24 in its workers, as if they had a terminal: the
# commands the tests run would then wrap their output at 80 columns, where a pipe wraps nothing
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)

# --- hypothesis profiles (docs/testing.md) -------------------------------------------------------
#
# "ci", the default: the budget the whole run is sized for (pytest at most 150 s in CI, on two
# cores: docs/testing.md). Each run draws fresh random examples, so CI keeps exploring; a
# failure prints the blob that reproduces it (@reproduce_failure). No deadline: a slow moment
# on a shared machine is not a bug.
# "thorough": ten times the examples of every property (tests/strategies.py: examples) for a
# long run before a release or after a change to the engine:
#     HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest -m slow
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("thorough", settings.get_profile("ci"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def _worker_folders(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The folders that hold each test's own home (one per worker) and its ``tmp_path`` (the
    run's temporary root, as pytest's own: a path no longer than pytest's, whose length some
    messages tested include)."""
    root = tmp_path_factory.getbasetemp()
    homes = root / "homes"
    homes.mkdir(mode=0o700, exist_ok=True)
    return homes, root


# Every folder below is made with tempfile.mkdtemp (new, empty, owner-only), not with
# tmp_path_factory.mktemp: pytest numbers a new folder by listing every folder already in the
# run's root, so a folder made for each of a worker's 5,000 tests cost more with every test
# (0.9 ms at the first thousand, 6.7 ms at the eighth: some 20 s of each worker's time).


@pytest.fixture(autouse=True)
def _private_user_folders(
    monkeypatch: pytest.MonkeyPatch, _worker_folders: tuple[Path, Path]
) -> None:
    """The user's data and settings folders (platformdirs) in a temporary folder of the test's
    own, and no progress store named by the environment: a test (or a command it runs) that
    forgets to name its own store writes there, never into the real home."""
    home = Path(tempfile.mkdtemp(prefix="user", dir=_worker_folders[0]))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, _worker_folders: tuple[Path, Path]) -> Path:
    """pytest's ``tmp_path``, made as above: a new, empty folder named after the test (its
    first 22 characters and 8 random ones, where pytest puts 30 and a number), in the run's
    temporary root and kept after the run as pytest keeps its own."""
    name = re.sub(r"[^A-Za-z0-9_-]+", "_", request.node.name)[:22]
    return Path(tempfile.mkdtemp(prefix=name, dir=_worker_folders[1]))


# --- the longest files first (docs/testing.md, "Where the time goes") ---------------------------
#
# pytest-xdist (--dist loadfile) hands each worker one file at a time, in the order collected
# (pyproject.toml sets --no-loadscope-reorder: xdist's own order, the files with the most tests
# first, left the files of a few long tests, the browser journeys and the servers, to the end,
# where one worker ran them while the other had finished). Longest first, the short files fill
# in at the end and both workers finish within seconds of each other. The figures are seconds
# per file in a CI run (fresh clone, two cores); a file not listed keeps its place after these.
# A renamed or split file that is not listed here only runs later: nothing fails.
LONGEST_FIRST = (  # seconds per file, 2026-12-04, two full runs on a loaded machine, scaled to
    # the 482 s the tests take on an idle one (relative sizes; * a file whose servers timed out)
    "tests/browser/test_journey_exam.py",  # 28
    "tests/browser/test_sign_in_journeys.py",  # 27
    "tests/test_screens_width.py",  # 26
    "tests/test_engine_properties.py",  # 25
    "tests/test_irregularity_properties.py",  # 24
    "tests/test_code_quality.py",  # mypy without a cache: 13-20
    "tests/web/test_two_processes_postgres.py",  # 22
    "tests/web/test_restart_under_load.py",  # about 28 (two servers, SIGTERM under answers)
    "tests/test_serve_starts.py",  # about 25 (three servers racing, twice)
    "tests/web/test_deployment_shape.py",  # about 21 (nginx with TLS, three server starts)
    "tests/test_backup_docs.py",  # about 20 (two databases, a dump, a restore, a server)
    "tests/test_packaging.py",  # about 20: a clone tagged, a wheel built in a fresh build env
    "tests/web/test_serve_behind_a_proxy.py",  # * real servers behind a proxy
    "tests/test_cli.py",  # 19
    "tests/browser/test_journey_quiz.py",  # 17
    "tests/test_progress.py",  # 15
    "tests/test_fuzz_inputs.py",  # 15
    "tests/browser/test_table_picture.py",  # 15
    "tests/test_quiz_cli.py",  # 13
    "tests/web/test_room.py",  # 13
    "tests/test_drill.py",  # 12
    "tests/test_serve_lan.py",  # * 10
    "tests/test_betting.py",  # 9
    "tests/test_totals.py",  # 8
    "tests/test_scenarios.py",  # 8
    "tests/browser/test_phone_pages.py",  # 7
    "tests/browser/test_journey_dashboard.py",  # 7
    "tests/web/test_access_matrix.py",  # 6
    "tests/test_serve_and_admin_commands.py",  # * 6
    "tests/browser/test_journey_rules_keyboard.py",  # 6
    "tests/test_rules_cli.py",  # 5
    "tests/test_store.py",  # 5
    "tests/browser/test_journey_upload_advice.py",  # 5
    "tests/test_damaged_rows_cli.py",  # 5
    "tests/web/test_training.py",  # 5
    "tests/browser/test_journey_invites.py",  # 5
    "tests/browser/test_journey_certificates.py",  # 4
)
_RANK = {path: rank for rank, path in enumerate(LONGEST_FIRST)}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of :data:`LONGEST_FIRST` first, in its order; the rest after, as collected
    (a stable sort: the tests of a file stay together and in their order)."""
    items.sort(key=lambda item: _RANK.get(item.nodeid.split("::", 1)[0], len(LONGEST_FIRST)))
