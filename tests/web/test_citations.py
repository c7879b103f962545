"""A room's pages cite the room's own rulebook (issue 27, item 18): a Robert's Rules room reads
Robert's Rules where they have the rule, and is told plainly when they have none."""

from __future__ import annotations

from flask.testing import FlaskClient

from dealer_trainer.web.citations import room_citation
from tests.web.conftest import World, sign_in


def test_a_rule_of_the_rooms_own_book_is_cited_as_it_is() -> None:
    cited = room_citation("RRoP-HE-4", None, "roberts")
    assert cited is not None
    assert cited.rule == "RRoP-HE 4" and cited.book.startswith("Robert's Rules")
    assert cited.note == ""


def test_another_books_rule_gives_way_to_the_rooms_own_rule_for_the_same_situation() -> None:
    cited = room_citation("LA26-123", "player_flashed_card", "roberts")
    assert cited is not None
    assert cited.rule.startswith("RRoP") and "World Series" not in cited.book


def test_where_the_rooms_book_has_no_rule_the_page_says_so_and_names_the_book_followed() -> None:
    cited = room_citation("LA26-169", "missed_burn", "roberts")
    assert cited is not None
    assert cited.rule == "LA26 169"
    assert cited.note.startswith("Robert's Rules of Poker (Bob Ciaffone) has no rule on this")
    assert "World Series of Poker" in cited.book


def test_a_tda_room_reads_the_tda_rule_for_a_premature_flop() -> None:
    cited = room_citation("LA26-170", "premature_flop", "tda-2024")
    assert cited is not None and cited.rule.startswith("TDA24")


def test_the_scenario_page_of_a_roberts_room_says_roberts_has_no_burn_rule(
    client: FlaskClient, world: World
) -> None:
    room = world.room("Evening shift", ruleset="roberts")
    world.trainer("Mia", room)
    sign_in(client, "Mia")
    page = client.get(f"/rooms/{room.id}/scenarios/burn-error-two-burns-caught-roberts").text
    key = page[page.index('id="key-h"') :]
    assert "Rule LA26 169" in key
    assert "has no rule on this; the roberts ruleset follows this rule of" in key
