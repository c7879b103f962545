"""The rules search as you type, and a question answered with the keyboard alone (issue 17)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import People, Shots, check_page, heading, sign_in, unique
from tests.browser.journeys import QUIZ_LENGTH, QuizRoom, join, start_quiz


def test_a_rules_search_updates_as_you_type(
    page: Page, people: People, shot: Shots, viewport: str
) -> None:
    ana = people.person("Ana", room=people.room())
    sign_in(page, ana.name)
    page.get_by_role("link", name="Rules").click()
    expect(heading(page, "Look up a rule")).to_be_visible()
    check_page(page)
    box = page.get_by_role("searchbox", name=re.compile("Describe the situation"))
    box.press_sequentially("flashed card", delay=40)  # typing, no Enter, no button
    results = page.get_by_role("link", name=re.compile("flash|expos", re.IGNORECASE))
    expect(results.first).to_be_visible()
    expect(page).to_have_url(re.compile(r"q=flashed"))  # hx-replace-url: a reload keeps it
    check_page(page)
    shot(page, "search-results")

    results.first.click()
    expect(heading(page, re.compile(r"."))).to_be_visible()
    check_page(page)
    shot(page, "rule")


def test_the_keyboard_alone_answers_a_question_with_a_number_key(
    page: Page, people: People, viewport: str
) -> None:
    name = unique("Hal")
    join(page, people.invite(people.room()), name)
    start_quiz(page)
    room = QuizRoom(page)
    expect(room.heading).to_be_visible()
    for _ in range(QUIZ_LENGTH - 1):  # keys 1-9 choose an option of a choice item
        if not (room.is_order() or room.is_number()):
            break
        room.answer_first()
        room.next()
        expect(room.heading).to_be_visible()
    assert not (room.is_order() or room.is_number()), "no choice question drawn"
    page.keyboard.press("2")  # a number key chooses...
    page.keyboard.press("1")  # ...and another changes the choice; nothing is sent yet
    expect(room.options().nth(0)).to_be_checked()
    expect(room.feedback).to_have_count(0)
    page.keyboard.press("Enter")  # Enter answers
    expect(room.feedback).to_be_visible()
    expect(room.feedback).to_be_focused()
