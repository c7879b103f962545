"""The dealing drill in every mode, and reading hands, in the browser (issue 26 item 4): one
page, at tablet size. Each mode is started from the drill's choices and named on its page;
practice and table-ready offer the floor at every point, guided and learn do not; a move is
judged; table-ready shows the pick's time; the summary grades each decision's time against
its target. Then a hand-reading item is answered, and a weak skill shows as a drill due on the
trainee's home, whose link starts that drill."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from dealer_trainer.training.drill import asked
from dealer_trainer.training.drill.hands import HandsItem
from tests.browser.conftest import VIEWPORTS, Console, People, Shots, check_page, heading, sign_in

_FLOOR = "Floor! Something is wrong"


def _a_drill_in(page: Page, mode: str) -> None:
    page.goto("/drill")
    page.get_by_role("radio", name=re.compile(f"^{mode}:")).check()
    page.get_by_role("button", name="Start a drill").click()
    expect(heading(page, re.compile(r"^Drill: move 1 "))).to_be_visible()
    expect(page.get_by_text(f"{mode} mode · roberts rules")).to_be_visible()
    floor = page.get_by_role("radio", name=_FLOOR)
    expect(floor).to_have_count(1 if mode in ("practice", "table-ready") else 0)
    page.get_by_role("radio").first.check()
    page.get_by_role("button", name="Make this move").click()
    expect(page.get_by_role("heading", name=re.compile(r"^\s*(Right|Wrong): "))).to_be_visible()
    expect(heading(page, re.compile(r"^Drill: move 2 "))).to_be_visible()
    if mode == "table-ready":
        expect(
            page.get_by_text(re.compile(r"^Your time: [\d.]+ s \((fast|steady|slow)\)"))
        ).to_be_visible()
    page.get_by_role("button", name="Stop the drill and see the summary").click()
    expect(heading(page, re.compile(r"^Drill: \d of 1 right"))).to_be_visible()
    expect(page.get_by_role("heading", name="Speed")).to_be_visible()
    expect(page.get_by_role("table", name="Every decision's time")).to_contain_text("4 s")


@pytest.mark.parametrize("viewport", [VIEWPORTS[0]])
def test_the_dealing_drill_in_every_mode_and_a_hands_item(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    room = people.room()
    ana = people.person("Ana", room=room)
    sign_in(page, ana.name)
    for mode in ("learn", "guided", "practice", "table-ready"):
        _a_drill_in(page, mode)
    check_page(page)
    shot(page, "drill-summary")
    # reading hands: tick a wrong seat three times, and the skill is weak
    for number in (1, 2, 3):
        item = asked.item_of("hands", 5, number, asked.drill_ruleset("roberts", None))
        assert isinstance(item, HandsItem)
        wrong = next(seat for seat in sorted(item.hands) if seat not in item.winners)
        page.goto(f"/drill/hands?seed=5&n={number}")
        expect(heading(page, re.compile(f"^Reading hands: item {number}"))).to_be_visible()
        page.get_by_role("checkbox", name=re.compile(f"^Seat {wrong}:")).check()
        page.get_by_role("button", name="Answer").click()
        expect(page.get_by_role("heading", name=re.compile("Wrong"))).to_be_visible()
    page.goto("/")
    due = page.get_by_role("link", name="Drill due: Reading hands")
    expect(due).to_be_visible()
    check_page(page)
    due.click()
    expect(heading(page, re.compile(r"^Reading hands: item 1"))).to_be_visible()
