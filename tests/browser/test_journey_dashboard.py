"""A trainer's journey: the trainee's answers on the room's dashboard (issue 17)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import People, Shots, check_page, heading, sign_in, sign_out, unique
from tests.browser.journeys import join, start_quiz, take_quiz


def test_the_trainer_sees_the_trainees_answers_on_the_dashboard(
    page: Page, people: People, shot: Shots, viewport: str
) -> None:
    room = people.room()
    boss = people.trainer("Mia", room)
    name = unique("Gus")
    join(page, people.invite(room), name)
    start_quiz(page)
    take_quiz(page, shot, reload_at=0)
    sign_out(page, name)

    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/")
    expect(heading(page, room.name)).to_be_visible()
    # the heat map: a picture named for what it shows, its numbers in a table under a
    # <details> ("The numbers as a table") for those who cannot see it
    heat = page.get_by_role("img", name=re.compile("Accuracy of each trainee"))
    expect(heat).to_contain_text(name)
    expect(heat).to_contain_text(re.compile(r"\d+%"))
    accuracy = page.get_by_role("region", name="Accuracy by trainee and topic")
    accuracy.get_by_text("The numbers as a table").click()
    expect(accuracy.get_by_role("rowheader", name=name)).to_be_visible()
    # the quiz's answers are the first option of each item, right or wrong by chance: the
    # most-missed list is there, and names only the quiz's topics when it names any
    missed = page.get_by_role("region", name="Most-missed items")
    expect(missed).to_be_visible()
    for row in missed.get_by_role("row").all()[1:]:
        expect(row).to_contain_text(re.compile(r"turn|river", re.IGNORECASE))
    check_page(page)
    shot(page, "dashboard")

    page.get_by_role("region", name="People in this room").get_by_role("link", name=name).click()
    expect(heading(page, re.compile(re.escape(name)))).to_be_visible()
    check_page(page)
    shot(page, "trainee-detail")
