"""A pit boss uploads a scenario whose title holds a colon (issue 27 item 20): the page says
to put the title in quotes, shows the line with its column marked, and links to the authoring
guide, which reads on a phone. Both pages pass the checks every page gets (axe, touch targets)
and neither is wider than the screen."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.conftest import Console, People, Shots, check_page, heading, sign_in

BANK = Path(__file__).resolve().parents[2] / "scenarios"
GOOD = (BANK / "premature-turn" / "premature-turn-basic.yaml").read_text("utf-8")
BROKEN = GOOD.replace("id: premature-turn-basic", "id: our-flop-colon").replace(
    "title: The turn is shown before flop betting ends", "title: Flop: turned early"
)

#: how far the page is wider than the screen (0: nothing to scroll sideways)
_OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def test_a_colon_in_a_title_is_explained_and_the_guide_reads_on_a_phone(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    _console_is_clean.allow(r"status of 422")  # the upload refused, as expected
    assert "title: Flop: turned early" in BROKEN
    room = people.room()
    boss = people.trainer("Mia", room)
    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/upload")
    page.get_by_label("Or paste its text").fill(BROKEN)
    page.get_by_role("button", name="Check and upload").click()
    problems = page.locator("#problems")
    expect(problems).to_contain_text('put the whole value in quotes: title: "Flop: turned early"')
    expect(problems.locator("mark")).to_have_text(":")
    assert page.evaluate(_OVERFLOW) <= 0
    check_page(page)
    shot(page, "upload-advice")

    problems.get_by_role("link", name="How to write a scenario").click()
    expect(heading(page, re.compile("Writing scenarios"))).to_be_visible()
    expect(page.get_by_role("heading", name="Every error message, explained")).to_be_in_viewport()
    assert page.evaluate(_OVERFLOW) <= 0
    check_page(page)
    shot(page, "guide")
