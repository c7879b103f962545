"""An id the store could never hold (2**63 or more) names nothing: a 404 or a 4xx, never an
overflow in the database driver answered as a 500."""

from __future__ import annotations

import pytest
from flask import Flask

from .conftest import World, sign_in

HUGE = str(2**63)


@pytest.fixture
def signed_in(app: Flask, world: World) -> tuple[Flask, int]:
    app.config.update(TESTING=False, PROPAGATE_EXCEPTIONS=False)  # a 500 as a visitor gets it
    room = world.room("Day shift")
    world.trainer("Tom", room)
    return app, room.id


@pytest.mark.parametrize(
    "url",
    [
        f"/runs/{HUGE}/items/1",
        f"/runs/1/items/{HUGE}0",
        f"/rooms/{HUGE}/",
        "/rooms/{room}/trainees/" + HUGE,
    ],
)
def test_an_id_too_large_for_the_store_in_a_url_is_not_found(
    signed_in: tuple[Flask, int], url: str
) -> None:
    app, room = signed_in
    client = app.test_client()
    sign_in(client, "Tom")
    assert client.get(url.format(room=room)).status_code == 404


@pytest.mark.parametrize("field", ["room", "assignment"])
def test_an_id_too_large_for_the_store_in_a_form_is_refused(
    signed_in: tuple[Flask, int], field: str
) -> None:
    app, room = signed_in
    client = app.test_client()
    sign_in(client, "Tom")
    data = {"room": str(room), "assignment": "1", field: HUGE}
    assert 400 <= client.post("/quiz", data=data).status_code < 500
