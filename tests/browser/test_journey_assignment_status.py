"""Assignments tracked to done, in the browser at 375 px (issue 23): a trainee starts an
assigned quiz from the home page and finishes it, and the home then shows it done with its
score and date instead of Start; the trainer's dashboard lists the overdue assignment first,
the quiz done, and the item analysis with its Retire buttons. No page scrolls sideways, no
word is under 12 px, and axe and the touch targets pass."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

from playwright.sync_api import Page, expect

from dealer_trainer.assignments import create_assignment
from dealer_trainer.training.progress import open_store
from tests.browser.conftest import People, Shots, check_page, sign_in, sign_out
from tests.browser.journeys import take_quiz
from tests.browser.test_phone_pages import _OVERFLOW, _SMALL_WORDS

#: _SMALL_WORDS over one part of the page (the home's older chart is drawn smaller at 375 px)
_SMALL_WORDS_IN = (
    "([least, scope]) => ("
    + _SMALL_WORDS.replace(
        'document.querySelectorAll("body *")', "document.querySelectorAll(scope + ' *')"
    )
    + ")(least)"
)


def _readable(page: Page, scope: str = "body") -> None:
    assert page.evaluate(_OVERFLOW) <= 0, f"{page.url} scrolls sideways"
    assert page.evaluate(_SMALL_WORDS_IN, [12, scope]) == []
    check_page(page)


def test_an_assigned_quiz_done_shows_on_the_home_and_the_dashboard_at_375_px(
    page: Page, people: People, shot: Shots
) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    room = people.room()
    boss = people.trainer("Rae", room)
    ana = people.person("Ana", room=room)
    people.person("Bo", room=room)
    with open_store(people.database) as store:
        for title, due in (
            ("Overdue quiz with a long title", date.today() - timedelta(days=2)),
            ("This week's quiz", date.today() + timedelta(days=5)),
        ):
            create_assignment(
                store,
                room_id=room.id,
                title=title,
                topics=(),
                length=2,
                due_on=due,
                created_by=None,
            )

    sign_in(page, ana.name)
    assigned = page.get_by_role("region", name="Assigned to you")
    expect(assigned.get_by_text("Overdue", exact=True)).to_be_visible()
    _readable(page, "section[aria-labelledby=assigned-heading]")
    shot(page, "home-before")
    assigned.get_by_role("button", name="Start This week's quiz").click()
    take_quiz(page, shot, reload_at=0)
    page.goto("/")
    assigned = page.get_by_role("region", name="Assigned to you")
    expect(assigned.get_by_role("button", name="Start This week's quiz")).to_have_count(0)
    today = datetime.now(UTC).date().isoformat()
    expect(assigned.get_by_text(re.compile(rf"Done {today}: \d of 2 right"))).to_be_visible()
    _readable(page, "section[aria-labelledby=assigned-heading]")
    shot(page, "home-done")
    sign_out(page, ana.name)

    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/")
    region = page.get_by_role("region", name="Assignments")
    rows = region.get_by_role("region", name="Not done yet").get_by_role("row").all()[1:]
    assert len(rows) == 3  # both trainees overdue, Bo not started the other
    for row in rows[:2]:
        expect(row).to_contain_text("overdue")
    expect(rows[2]).to_contain_text("This week's quiz")
    expect(region).to_contain_text("done by 1 of 2")
    items = page.get_by_role("region", name="Item analysis")
    expect(items.get_by_role("button", name=re.compile("^Retire ")).first).to_be_visible()
    _readable(page)
    shot(page, "dashboard")
