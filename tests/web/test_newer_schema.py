"""A process that meets a schema newer than it knows (another process has been upgraded and
migrated the store) answers a plain 503 "being upgraded" page with Retry-After, never a 500;
``serve`` started on a newer schema exits 2 with one line saying so (docs/deploy.md,
"Upgrades")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from flask import Flask

from dealer_trainer.store import SCHEMA_VERSION
from dealer_trainer.store.adapters import now
from dealer_trainer.store.rows import db_time
from dealer_trainer.training.progress import open_store
from tests.dbrows import rows

from .conftest import World, sign_in

BIN = Path(sys.executable).parent / "dealer-trainer"


def _upgrade_elsewhere(target: str) -> None:
    """What a newer dealer-trainer's migration leaves: a schema version this one does not know."""
    rows(
        target,
        "INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)",
        (SCHEMA_VERSION + 1, "from a newer dealer-trainer", db_time("sqlite", now())),
    )


def test_a_running_room_that_meets_a_newer_schema_answers_503_being_upgraded(
    app: Flask, world: World
) -> None:
    world.person("Ana")
    client = app.test_client()
    sign_in(client, "Ana")
    assert client.get("/").status_code == 200  # the thread's store is open and lent
    _upgrade_elsewhere(app.config["DATABASE"])
    for path in ("/", "/sign-in", "/rules"):
        response = client.get(path)
        assert response.status_code == 503, (path, response.text[:300])
        assert response.headers["Retry-After"].isdigit()
        assert "being upgraded" in response.text
        assert "Traceback" not in response.text
    assert client.post("/sign-out").status_code == 503


def test_serve_on_a_newer_schema_exits_2_with_one_line(tmp_path: Path) -> None:
    target = str(tmp_path / "room.sqlite3")
    open_store(target).close()
    _upgrade_elsewhere(target)
    done = subprocess.run(
        [str(BIN), "serve", "--db", target, "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "DEALER_TRAINER_SECRET_KEY": "k" * 40},
    )
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"schema version {SCHEMA_VERSION + 1}, newer than" in lines[0]
    assert "Traceback" not in done.stderr and done.stdout == ""
