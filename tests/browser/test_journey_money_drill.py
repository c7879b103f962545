"""The money drill on a phone: the choices, a number field that refuses a non-number beside
itself and keeps it, then the right answer judged with the engine's answer and the rule,
and the figure kept per skill (issue 26, items 1 and 6)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from dealer_trainer.training.drill import asked
from dealer_trainer.training.drill.money import MoneyItem
from tests.browser.conftest import VIEWPORTS, Console, People, Shots, check_page, heading, sign_in

SEED = 11
_OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("viewport", [VIEWPORTS[1]])
def test_a_money_item_answered_on_a_phone(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    _console_is_clean.allow(r"status of 422")  # the non-number refused, as expected
    room = people.room()
    ana = people.person("Ana", room=room)
    item = asked.item_of("money", SEED, 1, asked.drill_ruleset("roberts", None))
    assert isinstance(item, MoneyItem)
    sign_in(page, ana.name)
    page.goto("/drill/money")
    expect(heading(page, "Money math")).to_be_visible()
    page.get_by_label("Ruleset").select_option("roberts")
    page.get_by_label("Seed").fill(str(SEED))
    page.get_by_role("button", name="Start").click()
    expect(heading(page, "Money math: item 1")).to_be_visible()
    first = page.locator("#answer-0")
    expect(first).to_have_attribute("inputmode", "numeric")
    first.fill("ten")
    page.get_by_role("button", name="Answer").click()
    expect(page.locator("#answer-0-error")).to_contain_text("is not a whole number")
    expect(page.locator("#answer-0")).to_have_value("ten")
    check_page(page)
    for place, number in enumerate(item.answer_numbers()):
        page.locator(f"#answer-{place}").fill(str(number))
    page.get_by_role("button", name="Answer").click()
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    expect(page.locator(".feedback")).to_contain_text("The engine's answer")
    expect(heading(page, "Money math: item 2")).to_be_visible()
    assert page.evaluate(_OVERFLOW) <= 0, "the page scrolls sideways"
    check_page(page)
    shot(page, "money-feedback")
    page.goto("/")
    expect(page.get_by_role("region", name="Your drills per skill")).to_contain_text("Money math")
    check_page(page)  # the per-skill table on a phone
