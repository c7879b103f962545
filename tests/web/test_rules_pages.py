"""The rules pages: search as you type, a rule's page, what-if, the glossary and the diff of
two rulesets, for anyone signed in; a house ruleset only for the people of its room."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from markupsafe import escape

from dealer_trainer.accounts import Room
from dealer_trainer.procedure.rulings import SITUATIONS
from dealer_trainer.rules.corpus import load_corpus
from dealer_trainer.rules.search import search
from tests.web.conftest import World, sign_in

HOUSE = """\
name: river-room
base: roberts
description: Our room calls a misdeal on the first card only.
options:
  exposed_misdeal_cards: 1
  premature_turn: reshuffle
"""

PAGES = (
    "/rules",
    "/rules?q=flashed+card",
    "/rules/glossary",
    "/rules/what-if",
    "/rules/what-if?situation=premature_turn&ruleset=tda-2024",
    "/rules/diff",
    "/rules/diff?first=tda-2024&second=roberts",
)


def _house_room(world: World, name: str = "River") -> Room:
    room = world.room(name)
    keeper = world.accounts()
    try:
        keeper.set_ruleset(room_id=room.id, ruleset="river-room", house_yaml=HOUSE)
    finally:
        keeper.store.close()
    return room


def _a_rule_id() -> str:
    return load_corpus().rules[0].id


@pytest.mark.parametrize("role", ["trainee", "trainer", "admin"])
def test_every_rules_page_opens_for_every_role(
    client: FlaskClient, world: World, role: str
) -> None:
    room = world.room("Evening")
    if role == "admin":
        world.person("Mia", admin=True)
    else:
        world.person("Mia", room=room, role=role)
    sign_in(client, "Mia")
    for url in (*PAGES, f"/rules/{_a_rule_id()}"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "<h1" in response.text


@pytest.mark.parametrize("url", [*PAGES, "/rules/RRoP-HE-4"])
def test_an_anonymous_visitor_is_sent_to_sign_in(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/sign-in")


def test_search_lists_rules_with_id_title_and_citation(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    response = client.get("/rules?q=4+card+flop")
    assert response.status_code == 200
    hits = search("4 card flop", limit=12)
    assert hits
    for hit in hits:
        assert f'href="/rules/{hit.rule.id}"' in response.text
        assert hit.rule.cite in response.text
        assert escape(hit.rule.title) in response.text
    # the form works without script too: a plain GET form to the same page
    assert 'method="get" action="/rules"' in response.text


def test_search_as_you_type_gets_the_results_alone_for_htmx(
    client: FlaskClient, world: World
) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    fragment = client.get("/rules?q=premature+turn", headers={"HX-Request": "true"})
    whole = client.get("/rules?q=premature+turn")
    assert fragment.status_code == whole.status_code == 200
    assert "<html" not in fragment.text and "<html" in whole.text
    assert "HX-Request" in fragment.headers["Vary"] and "HX-Request" in whole.headers["Vary"]
    assert "RRoP-HE-4" in fragment.text
    # the count is announced in the status region
    assert 'hx-swap-oob="innerHTML:#status"' in fragment.text


def test_the_search_box_triggers_without_filters_the_csp_would_refuse(
    client: FlaskClient, world: World
) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    text = client.get("/rules").text
    assert 'hx-trigger="input changed delay:200ms, search"' in text
    assert "[" not in text.split('hx-trigger="')[1].split('"')[0]
    assert "<script>" not in text and "hx-on" not in text and "style=" not in text


def test_a_search_nothing_answers_says_so(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    response = client.get("/rules?q=zzqxw")
    assert response.status_code == 200
    assert "No rule answers" in response.text


def test_a_hostile_search_is_shown_as_text(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    for headers in ({}, {"HX-Request": "true"}):
        response = client.get("/rules?q=<script>alert(1)</script>", headers=headers)
        assert "<script>alert" not in response.text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in response.text


def test_a_rules_page_shows_its_text_citation_and_related_rules(
    client: FlaskClient, world: World
) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    corpus = load_corpus()
    item = next(r for r in corpus.rules if r.situations)
    response = client.get(f"/rules/{item.id}")
    assert response.status_code == 200
    assert item.cite in response.text
    assert escape(item.text) in response.text
    assert "Related rules" in response.text
    assert "/rules/what-if?situation=" in response.text


def test_a_rule_is_found_by_its_citation_too(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    assert client.get("/rules/rrop-he-4").status_code == 200


def test_an_unknown_rule_is_404(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    assert client.get("/rules/NO-SUCH-RULE-99").status_code == 404
    assert client.get("/rules/" + "x" * 300).status_code == 404


def test_the_glossary_has_an_anchor_for_every_term(client: FlaskClient, world: World) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    text = client.get("/rules/glossary").text
    assert 'id="term-burn-card"' in text
    assert 'href="#term-burn-card"' in text
    assert text.count("<dt id=") == len(load_corpus().terms)


def test_what_if_gives_the_recovery_as_numbered_steps_with_the_rule(
    client: FlaskClient, world: World
) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    found = next(s for s in SITUATIONS if s.name == "premature_turn")
    for ruleset in ("roberts", "tda-2024"):
        from dealer_trainer.rules.rulesets import BUILTIN

        outcome = found.outcome(BUILTIN[ruleset])
        response = client.get(f"/rules/what-if?situation=premature_turn&ruleset={ruleset}")
        assert response.status_code == 200
        assert '<ol class="steps">' in response.text
        assert response.text.count("<li>") >= len(outcome.words)
        assert outcome.rule in response.text


def test_what_if_with_an_unknown_situation_is_a_form_error(
    client: FlaskClient, world: World
) -> None:
    world.person("Ana")
    sign_in(client, "Ana")
    response = client.get("/rules/what-if?situation=nonsense&ruleset=roberts")
    assert response.status_code == 422
    assert 'aria-invalid="true"' in response.text


def test_what_if_and_diff_offer_the_house_ruleset_of_ones_own_room(
    client: FlaskClient, world: World
) -> None:
    room = _house_room(world)
    world.person("Ana", room=room)
    sign_in(client, "Ana")
    key = f"room-{room.id}"
    assert f'value="{key}"' in client.get("/rules/diff").text
    response = client.get(f"/rules/diff?first=roberts&second={key}")
    assert response.status_code == 200
    assert "river-room" in response.text
    assert "exposed_misdeal_cards" not in response.text  # the option's question, not its name
    assert "How many of the first cards off the deck" in response.text
    whatif = client.get(f"/rules/what-if?situation=premature_turn&ruleset={key}")
    assert whatif.status_code == 200 and "river-room" in whatif.text


def test_another_rooms_house_ruleset_is_404_as_a_missing_one(
    client: FlaskClient, world: World
) -> None:
    theirs = _house_room(world, "Theirs")
    mine = world.room("Mine")
    world.person("Ana", room=mine)
    sign_in(client, "Ana")
    other = client.get(f"/rules/diff?first=roberts&second=room-{theirs.id}")
    missing = client.get("/rules/diff?first=roberts&second=room-9999")
    no_house = client.get(f"/rules/diff?first=roberts&second=room-{mine.id}")
    assert other.status_code == missing.status_code == no_house.status_code == 404
    assert other.text == missing.text
    assert "Theirs" not in other.text and "river-room" not in other.text
    assert f"room-{theirs.id}" not in client.get("/rules/diff").text
    assert (
        client.get(f"/rules/what-if?situation=premature_turn&ruleset=room-{theirs.id}").status_code
        == 404
    )


def test_a_hostile_room_name_in_the_ruleset_list_is_escaped(
    client: FlaskClient, world: World
) -> None:
    room = _house_room(world, '<script>alert("x")</script>')
    world.person("Ana", room=room)
    sign_in(client, "Ana")
    text = client.get("/rules/diff").text
    assert "<script>alert" not in text
    assert "&lt;script&gt;" in text


def test_an_anonymous_search_as_you_type_gets_401_and_hx_redirect(client: FlaskClient) -> None:
    response = client.get("/rules?q=burn", headers={"HX-Request": "true"})
    assert response.status_code == 401
    assert response.headers["HX-Redirect"].startswith("/sign-in")
