"""The trainer's pages read on a phone (issue 27, items 17 and 18): at 375 px the dashboard
and a trainee's page draw no word under 12 CSS px (an SVG chart's words measured at the size
they are drawn) and never make the page scroll sideways (a wide chart scrolls in its own
region); topics and items are shown by their titles. Screenshots at 375 and 1024 px."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.training.progress import Answer, open_store
from dealer_trainer.training.runs import bank_entries
from tests.browser.conftest import People, Shots, check_page, heading, sign_in

#: every element that holds words of its own, and the size they are drawn at (an SVG text's
#: computed size times the picture's scale)
_SMALL_WORDS = """(least) => {
  const small = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if (el.closest(".visually-hidden, title, desc")) continue;  // not drawn
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement && el.getScreenCTM) {
      const m = el.getScreenCTM();  // its scale (a turned word: not its cosine)
      size *= Math.hypot(m.a, m.b);
    }
    const words = el.textContent.trim().slice(0, 30);
    if (size < least) small.push(`${el.tagName} "${words}" ${size.toFixed(1)}px`);
  }
  return small;
}"""
_OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _answers(people: People, name: str, count: int = 40) -> None:
    """Answers over many topics (as the terminal quiz records them, in no room: they show
    in each of the trainee's rooms), some right, some wrong, over the last days."""
    entries = bank_entries()
    picked = []
    for topic in TOPICS:
        found = next((e for e in entries if e.topic == topic.slug), None)
        if found is not None:
            picked.append(found)
    with open_store(people.database) as store:
        session = store.start_session(name, "quiz")
        for index in range(count):
            entry = picked[index % len(picked)]
            store.record(
                session,
                Answer(
                    trainee=name,
                    item=entry.id,
                    topic=entry.topic,
                    mode="quiz",
                    correct=index % 3 != 0,
                    ruleset="roberts",
                    answered_at=datetime.now(UTC) - timedelta(days=index % 9, minutes=index),
                ),
            )
        store.finish_session(session)


@pytest.mark.parametrize("width", [375, 1024])
def test_the_dashboard_and_a_trainees_page_read_on_a_phone(
    page: Page, people: People, shot: Shots, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    room = people.room()
    boss = people.trainer("Rae", room)
    trainees = [people.person(f"Trainee {n} with a long name", room=room) for n in range(3)]
    for trainee in trainees:
        _answers(people, trainee.name)
    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/")
    expect(heading(page, room.name)).to_be_visible()
    # titles, not slugs: the topic's title heads its column and names the weakest topics
    weakest = page.get_by_role("region", name="Weakest topics")
    expect(weakest.get_by_role("listitem").first).to_be_visible()
    expect(weakest).not_to_contain_text(re.compile(r"\([a-z]+(-[a-z]+)+\)"))
    missed = page.get_by_role("region", name="Most-missed items")
    expect(missed.get_by_role("link").first).to_be_visible()  # a title, linked to its page
    expect(missed).not_to_contain_text(re.compile(r"\([a-z0-9]+(-[a-z0-9]+)+\)"))
    assert page.evaluate(_SMALL_WORDS, 12) == []
    assert page.evaluate(_OVERFLOW) <= 0, "the page scrolls sideways"
    check_page(page)
    shot(page, f"dashboard-{width}")

    page.goto(f"/rooms/{room.id}/trainees/{trainees[0].id}")
    expect(heading(page, trainees[0].name)).to_be_visible()
    assert page.evaluate(_SMALL_WORDS, 12) == []
    assert page.evaluate(_OVERFLOW) <= 0, "the page scrolls sideways"
    check_page(page)
    shot(page, f"trainee-{width}")


def test_an_empty_room_says_no_answers_yet(page: Page, people: People) -> None:
    room = people.room()
    boss = people.trainer("Ned", room)
    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/")
    weakest = page.get_by_role("region", name="Weakest topics")
    expect(weakest).to_contain_text("No answers yet")
    expect(weakest).not_to_contain_text("answered right")


def test_the_dashboard_and_a_scenario_print_without_navigation_and_with_tables_whole(
    page: Page, people: People, shot: Shots
) -> None:
    room = people.room()
    boss = people.trainer("Pat", room)
    trainee = people.person("Trainee", room=room)
    _answers(people, trainee.name, count=12)
    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/")
    expect(heading(page, room.name)).to_be_visible()
    page.emulate_media(media="print")
    expect(page.get_by_role("banner")).to_be_hidden()  # the top bar and its links
    expect(page.get_by_role("link", name="Assign a quiz")).to_be_hidden()  # the room's links
    accuracy = page.get_by_role("region", name="Accuracy by trainee and topic")
    # the numbers table, folded away on screen, prints whole
    expect(accuracy.get_by_role("table")).to_be_visible()
    expect(accuracy.get_by_role("rowheader", name=trainee.name)).to_be_visible()
    colours = page.evaluate(
        "() => { const s = getComputedStyle(document.body); return [s.color, s.backgroundColor]; }"
    )
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]
    for region in page.locator(".scroll").all():  # nothing left to scroll on paper
        assert region.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
    page.pdf(path=str(shot.folder / "dashboard.pdf"))

    page.goto(f"/rooms/{room.id}/scenarios/premature-river-raise-not-closed-tda")
    expect(page.get_by_role("banner")).to_be_hidden()
    expect(page.get_by_role("img", name="The table")).to_be_visible()
    expect(page.get_by_role("heading", name="The answer key")).to_be_visible()
    shot(page, "scenario-print")
