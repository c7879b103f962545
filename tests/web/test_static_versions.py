"""The CSS and JS are linked by their content's version and kept a year when asked for by it;
anything else is revalidated (docs/deploy.md)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from flask import Flask

from dealer_trainer.web.static_versions import YEAR, version_of


def _linked(app: Flask, path: str = "/sign-in") -> list[str]:
    page = app.test_client().get(path)
    assert page.status_code == 200
    return [link.replace("&amp;", "&") for link in re.findall(r'"(/static/[^"]+)"', page.text)]


def test_every_page_links_its_css_and_js_by_the_files_sha256(app: Flask) -> None:
    links = _linked(app)
    assert {link.split("?")[0] for link in links} >= {"/static/app.css", "/static/app.js"}
    folder = Path(app.static_folder or "")
    for link in links:
        path, _, query = link.partition("?v=")
        data = (folder / path.removeprefix("/static/")).read_bytes()
        assert query == hashlib.sha256(data).hexdigest()[:12], link


def test_a_file_asked_for_by_its_version_is_kept_a_year_and_immutable(app: Flask) -> None:
    client = app.test_client()
    for link in _linked(app):
        with client.get(link) as sent:
            assert sent.status_code == 200
            assert sent.cache_control.max_age == YEAR and sent.cache_control.public
            assert "immutable" in sent.headers["Cache-Control"]
            assert not sent.cache_control.no_cache


def test_a_file_asked_for_by_an_old_version_or_none_is_revalidated(app: Flask) -> None:
    client = app.test_client()
    for asked in ("/static/app.css", "/static/app.css?v=000000000000", "/static/app.css?v="):
        with client.get(asked) as sent:
            assert sent.status_code == 200, asked
            assert sent.cache_control.no_cache and not sent.cache_control.max_age, asked
            assert sent.headers.get("ETag"), asked
    assert client.get("/static/no-such.css?v=1").status_code == 404
    assert client.get("/static/../__init__.py?v=1").status_code == 404


def test_a_file_edited_in_place_gets_a_new_version(tmp_path: Path) -> None:
    (tmp_path / "app.css").write_text("body { color: black }", encoding="utf-8")
    first = version_of(str(tmp_path), "app.css")
    assert first == hashlib.sha256(b"body { color: black }").hexdigest()[:12]
    (tmp_path / "app.css").write_text("body { color: navy; }", encoding="utf-8")
    assert version_of(str(tmp_path), "app.css") not in (None, first)
    assert version_of(str(tmp_path), "gone.css") is None
    assert version_of(str(tmp_path), "../etc/passwd") is None
