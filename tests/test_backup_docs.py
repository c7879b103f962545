"""docs/deploy.md's backups, run as written against the test PostgreSQL server: the cron line's
dump is readable by its owner only (``umask 077``), in a folder made ``0700`` by the guide's
``install`` line; and the restore check script restores the newest dump into a scratch
database, starts a server on the copy and signs in there. Only what names this machine's paths
and users is changed (the backup folder, ``sudo -u``, the database owner and URL). Skipped
without a PostgreSQL server or its client programs (pg_dump, pg_restore, createdb, curl)."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from dealer_trainer.accounts import Accounts
from dealer_trainer.training.progress import open_store
from tests.pg import PG_BASE, admin, postgres_unavailable

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
BIN = Path(sys.executable).parent


def _sh_blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)```", GUIDE, re.S)


def _block_with(marker: str) -> str:
    found = [block for block in _sh_blocks() if marker in block]
    assert len(found) == 1, f"docs/deploy.md: one sh block with {marker!r}"
    return found[0]


def _url_of(database: str) -> str:
    parts = urlsplit(PG_BASE)
    return urlunsplit(parts._replace(path=f"/{database}", query=""))


def _pg_env() -> dict[str, str]:
    """libpq's settings for the client programs: the tests' server, as its administrator."""
    parts = urlsplit(PG_BASE)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_TRAINER_")}
    env.update(PGHOST=parts.hostname or "127.0.0.1", PGPORT=str(parts.port or 5432))
    env["PGUSER"] = parts.username or "postgres"
    if parts.password:
        env["PGPASSWORD"] = parts.password
    return env


@pytest.fixture(scope="module")
def source() -> Iterator[str]:
    """A database with a store in it (the admin of a first start), dropped afterwards. Both
    tests only read it (pg_dump), so they share it: CREATE and DROP DATABASE each cost the
    server a checkpoint."""
    reason = postgres_unavailable()
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    missing = [
        p for p in ("pg_dump", "pg_restore", "createdb", "dropdb", "curl") if not shutil.which(p)
    ]
    if missing:
        pytest.skip(f"the backup tests need {', '.join(missing)}")
    name = f"dt_src_{secrets.token_hex(5)}"
    admin(f"CREATE DATABASE {name}")
    try:
        with open_store(_url_of(name)) as store:
            Accounts(store).create_person(name="admin", password="x" * 24, admin=True)
        yield name
    finally:
        admin(f"DROP DATABASE IF EXISTS {name}")


def test_the_folder_is_owner_only_and_the_nightly_dump_too(tmp_path: Path, source: str) -> None:
    backups = tmp_path / "backups"
    folder = _block_with("install -d -m 700 -o postgres").strip()
    cron = _block_with("/etc/cron.d/dealer-trainer-backup").strip().splitlines()[-1]
    command = cron.split(None, 6)[6]  # minute hour day month weekday user COMMAND
    command = command.replace("\\%", "%")  # cron's escape of %
    for text in (folder, command):
        assert "/var/backups/dealer-trainer" in text
    folder = folder.replace(" -o postgres -g postgres", "")
    folder = folder.replace("/var/backups/dealer-trainer", str(backups))
    command = command.replace("/var/backups/dealer-trainer", str(backups))
    command = command.replace(" dealer_trainer &&", f" {source} &&")
    subprocess.run(["sh", "-c", folder], check=True)
    subprocess.run(["sh", "-c", command], check=True, env=_pg_env())
    assert stat.S_IMODE(backups.stat().st_mode) == 0o700
    dumps = list(backups.glob("*.dump"))
    assert len(dumps) == 1 and dumps[0].stat().st_size > 0
    assert stat.S_IMODE(dumps[0].stat().st_mode) == 0o600


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_restore_check_restores_the_newest_dump_and_signs_in(
    tmp_path: Path, source: str
) -> None:
    backups = tmp_path / "backups"
    backups.mkdir(mode=0o700)
    env = _pg_env()
    subprocess.run(
        ["pg_dump", "--format=custom", f"--file={backups / 'nightly.dump'}", source],
        check=True,
        env=env,
    )
    script = tmp_path / "dealer-trainer-restore-check"
    script.write_text(_block_with("dealer-trainer-restore-check: the newest dump"))
    check = f"dt_check_{secrets.token_hex(5)}"
    owner = env["PGUSER"]
    env.update(
        BACKUPS=str(backups),
        CHECK_DB=check,
        CHECK_URL=_url_of(check),
        OWNER=owner,
        PORT=str(_free_port()),
        AS_POSTGRES="",
        AS_SERVICE="",
        DT=str(BIN / "dealer-trainer"),
    )
    # in a session of its own: should it time out, the server it started goes with it
    script_run = subprocess.Popen(
        ["sh", str(script)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = script_run.communicate(timeout=120)
    finally:
        with contextlib.suppress(ProcessLookupError):  # the script and its server have ended
            os.killpg(script_run.pid, signal.SIGKILL)
        script_run.communicate()
        admin(f"DROP DATABASE IF EXISTS {check}")
    assert script_run.returncode == 0, (out, err)
    assert "restores and signs in" in out
