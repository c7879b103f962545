"""A trainer's journey (issue 27, item 15): many invite codes at once on a sheet to print,
the sheet as paper shows it, a roster with a bad line mended, and a trainee who joins by the
card's link with the code already filled in."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    Console,
    People,
    Shots,
    check_page,
    heading,
    sign_in,
    sign_out,
    unique,
)
from tests.browser.journeys import PASSWORD

CODE = re.compile(r"^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$")


def test_a_trainer_prints_a_sheet_of_codes_and_a_trainee_joins_by_its_link(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    _console_is_clean.allow(r"status of 422")  # the roster with a bad line, as expected
    room = people.room()
    boss = people.trainer("Mia", room)
    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/invite")
    expect(heading(page, re.compile("Invite people"))).to_be_visible()
    page.get_by_label(re.compile("How many codes")).fill("3")
    check_page(page)
    shot(page, "invite-form")
    page.get_by_role("button", name="Make the codes").click()

    expect(heading(page, "3 invite codes")).to_be_visible()
    cards = page.get_by_role("listitem").filter(has=page.locator("output"))
    expect(cards).to_have_count(3)
    codes = [card.locator("output").inner_text() for card in cards.all()]
    assert all(CODE.match(code) for code in codes) and len(set(codes)) == 3
    for card in cards.all():
        expect(card).to_contain_text(room.name)
        expect(card.locator("svg.qr")).to_be_visible()
    check_page(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "invite-sheet")
    page.emulate_media(media="print")
    expect(page.get_by_role("navigation", name=room.name)).to_be_hidden()
    expect(cards.first).to_be_visible()
    shot(page, "invite-sheet-as-printed")
    page.emulate_media(media="screen")

    page.get_by_role("link", name="Codes from a roster").click()
    expect(heading(page, re.compile("Invite a roster"))).to_be_visible()
    roster = page.get_by_label(re.compile("The roster"))
    roster.set_input_files(
        files=[{"name": "shift.csv", "mimeType": "text/csv", "buffer": b"Cleo\nDora\ncleo\n"}]
    )
    page.get_by_role("button", name="Make the sheet").click()
    expect(page.get_by_text("line 3: cleo is already on line 1")).to_be_visible()
    check_page(page)
    shot(page, "roster-bad-line")
    page.get_by_label(re.compile("The roster")).set_input_files(
        files=[{"name": "shift.csv", "mimeType": "text/csv", "buffer": b"name\nCleo\nDora\n"}]
    )
    page.get_by_role("button", name="Make the sheet").click()
    expect(heading(page, "2 invite codes")).to_be_visible()
    expect(page.get_by_role("listitem").filter(has_text="For Cleo")).to_have_count(1)
    check_page(page)
    shot(page, "roster-sheet")
    link = page.get_by_role("listitem").filter(has_text="For Dora").get_by_role("link")
    href = link.get_attribute("href")
    assert href is not None and "/join?code=" in href
    sign_out(page, boss.name)

    page.goto(href)
    expect(page.get_by_label("Invite code")).to_have_value(href.rsplit("=", 1)[1])
    name = unique("Dora")
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Choose a password").fill(PASSWORD)
    page.get_by_label("Type it again").fill(PASSWORD)
    page.get_by_role("button", name="Join").click()
    expect(heading(page, re.compile(re.escape(name)))).to_be_visible()
