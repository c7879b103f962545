"""The dashboard, and its item analysis panel, name the room's ruleset as people call it
(its description's name: "Robert's Rules of Poker"), not its slug (``roberts``)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from dealer_trainer.rules.rulesets import BUILTIN

from .conftest import World, sign_in


@pytest.mark.parametrize(
    ("ruleset", "title"),
    [("roberts", "Robert's Rules of Poker"), ("tda-2024", "Poker TDA 2024 rules")],
)
def test_the_item_analysis_header_names_the_ruleset_not_its_slug(
    client: FlaskClient, world: World, ruleset: str, title: str
) -> None:
    room = world.room("Evening", ruleset=ruleset)
    world.trainer("Mia", room)
    sign_in(client, "Mia")
    board = client.get(f"/rooms/{room.id}/").text
    items = board.split('id="items-h"')[1].split("</section>")[0]
    said = BUILTIN[ruleset].description.split(":")[0].replace("'", "&#39;")
    assert title.replace("'", "&#39;") in said
    assert f"under {said}." in items and f"Ruleset: {said}</p>" in board
    assert f"under {ruleset}" not in items and f"Ruleset: {ruleset}<" not in board
