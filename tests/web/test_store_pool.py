"""A server thread keeps one open store and lends it to its requests one at a time: a page
costs no connection set-up, and a schema moved by another process, or a store that failed,
is never lent again."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from dealer_trainer.errors import StoreError
from dealer_trainer.store import Store
from dealer_trainer.web import store as web_store
from dealer_trainer.web.store import StorePool

from .conftest import make_app


def test_a_thread_s_requests_share_one_open_store(app: Flask) -> None:
    with app.app_context():
        first = web_store.get_store()
    with app.app_context():
        assert web_store.get_store() is first


def test_a_store_is_never_lent_to_two_requests_at_once(app: Flask) -> None:
    with app.app_context():
        outer = web_store.get_store()
        with app.app_context():  # a nested context (a request inside a request)
            assert web_store.get_store() is not outer


def test_a_request_that_failed_closes_its_store(app: Flask) -> None:
    with pytest.raises(RuntimeError), app.app_context():
        failed = web_store.get_store()
        raise RuntimeError("the request failed")
    with app.app_context():
        assert web_store.get_store() is not failed


def test_a_schema_moved_by_another_process_opens_the_store_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pool = StorePool(str(tmp_path / "pool.sqlite3"))
    first = pool.take()
    pool.give_back(first, failed=False)
    monkeypatch.setattr(Store, "schema_version", lambda self: 999)  # upgraded elsewhere
    monkeypatch.setattr(Store, "migrate", _refuse)
    with pytest.raises(StoreError, match="newer"):  # opened afresh: refused, as on a start
        pool.take()


def _refuse(self: Store, upto: int = 0) -> None:
    raise StoreError("the store is newer than this dealer-trainer")


def test_the_pages_work_on_the_lent_store(tmp_path: Path) -> None:
    app = make_app(tmp_path / "room.sqlite3")
    client = app.test_client()
    for _ in range(3):
        assert client.get("/sign-in").status_code == 200
