"""Behind nginx (``PROXY_HOPS=1``) the app's log lines name the tablet that made the request,
not nginx: the sign-in line and the access line (``ACCESS_LOG``). A first hop the client
forged itself changes nothing; the access line leaves out the query (an invite's code)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from .conftest import PASSWORD, World, make_app

NGINX = "127.0.0.1"
TABLET = "198.51.100.7"
FORWARDED = {"X-Forwarded-For": f"203.0.113.9, {TABLET}", "X-Forwarded-Proto": "https"}


def test_sign_in_and_access_lines_name_the_client_behind_the_proxy(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app(tmp_path / "room.sqlite3", PROXY_HOPS=1, ACCESS_LOG=True)
    World(app).person("Ana")
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = NGINX
    with caplog.at_level(logging.INFO):
        client.get("/join?code=SECRET-CODE", headers=FORWARDED)
        client.post("/sign-in", data={"name": "Ana", "password": PASSWORD}, headers=FORWARDED)
    lines = [r.getMessage() for r in caplog.records]
    assert f"sign-in: Ana from {TABLET}" in lines
    assert f"{TABLET} GET /join 200" in lines
    assert any(line.startswith(f"{TABLET} POST /sign-in 30") for line in lines)
    assert not any("SECRET-CODE" in line or "203.0.113.9" in line for line in lines)
    assert not any(line.startswith(NGINX) or line.endswith(f"from {NGINX}") for line in lines)


def test_no_access_lines_unless_asked(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    client = make_app(tmp_path / "room.sqlite3").test_client()
    with caplog.at_level(logging.INFO, logger="dealer_trainer.access"):
        client.get("/sign-in")
    assert not [r for r in caplog.records if r.name == "dealer_trainer.access"]
