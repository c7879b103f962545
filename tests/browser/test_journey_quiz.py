"""A trainee's journey (issue 17): an invite, a quiz with an order question, a reload, the
feedback, a review."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import People, Shots, check_page, heading, unique
from tests.browser.journeys import (
    MAX_QUIZZES,
    QuizRoom,
    join,
    missed_days_ago,
    start_quiz,
    take_quiz,
)


def test_a_trainee_joins_answers_five_reloads_sees_feedback_and_reviews(
    page: Page, people: People, shot: Shots, viewport: str
) -> None:
    room = people.room()
    name = unique("Fay")
    join(page, people.invite(room), name)
    check_page(page)
    shot(page, "home-new")

    kinds: list[str] = []
    checked: set[str] = set()
    for _ in range(MAX_QUIZZES):
        start_quiz(page)
        kinds += take_quiz(page, shot, checked=checked)
        expect(heading(page, re.compile(r"\d+ of \d+ right"))).to_be_visible()  # the summary
        check_page(page)
        shot(page, "summary")
        if "order" in kinds:
            break
    assert "order" in kinds, f"no order question drawn in {MAX_QUIZZES} quizzes: {kinds}"

    # what is due now: a miss of three days ago, on a topic the quiz did not ask (the items
    # just answered are due in minutes or days, not now)
    missed_days_ago(people, name, "burns-after-flop", "burns")
    page.goto("/")
    review = page.get_by_role("button", name=re.compile(r"^Review now"))
    expect(review).to_be_visible()
    review.click()
    room_view = QuizRoom(page)
    expect(room_view.heading).to_be_visible()
    room_view.answer_first()
    expect(room_view.feedback).to_be_visible()
    check_page(page)
    shot(page, "review")
