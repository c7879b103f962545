"""Real-table mode on a tablet (issue 26, item 5): the trainee starts a session from home,
answers the operations the tablet asks after dealing them at a real table, an instructor makes
a dealer error with the button, the tablet asks its recovery step by step and checks it, and a
reload resumes the same question. The right answers come from the session replayed through
the store, never from the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.training import runs
from dealer_trainer.training.drill.realtable import Ask, RealTable
from dealer_trainer.training.progress import open_store
from tests.browser.conftest import VIEWPORTS, Console, People, Shots, check_page, heading, sign_in

_OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _session(people: People, run_id: int, person_id: int) -> RealTable:
    with open_store(people.database) as store:
        found = runs.run(store, run_id=run_id, person_id=person_id)
        assert found is not None and found.plan.drill_seed is not None
        # replayed apart from the server's live sessions (the pages' own are left alone)
        return RealTable.replay(
            found.plan.drill_seed,
            BUILTIN[found.plan.ruleset],
            [tuple(kept.answer) for kept in runs.answers(store, run_id)],
            found.plan.injected,
        )


def _answer_right(page: Page, session: RealTable) -> None:
    """Enter the engine's answer to the question showing, as a trainee would tap it."""
    question = session.question()
    if question.ask is Ask.OPERATION:
        allowed = set(session.hand.expected_next())
        place = next(i for i, o in enumerate(question.options) if o.event in allowed)
        page.get_by_role("radio").nth(place).check()
        page.get_by_role("button", name="Done at the table").click()
    elif question.ask is Ask.POT:
        pot = sum(pot.amount for pot in session.hand.current_pots())
        page.get_by_label("Chips in the pot").fill(str(pot))
        page.get_by_role("button", name="That is the pot").click()
    else:
        for seat, won in sorted(session.hand.won.items()):
            if won:
                page.get_by_role("checkbox", name=f"Seat {seat}", exact=True).check()
        page.get_by_role("button", name="Push to these seats").click()
    expect(page.get_by_role("heading", name="Right")).to_be_visible()


@pytest.mark.parametrize("viewport", [VIEWPORTS[0]])
def test_a_real_table_session_with_an_injected_error_on_a_tablet(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    room = people.room()
    ana = people.person("Ana", room=room)
    sign_in(page, ana.name)
    page.get_by_role("link", name="Real-table mode").click()
    expect(heading(page, "Real-table mode")).to_be_visible()
    check_page(page)
    shot(page, "start")
    page.get_by_role("button", name="Start at the table").click()
    expect(heading(page, "Real table: question 1 (hand 1)")).to_be_visible()
    run_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    check_page(page)
    shot(page, "first-operation")

    session = _session(people, run_id, ana.id)
    for _ in range(40):  # deal on until the instructor has an error to make
        if session.errors_now():
            break
        _answer_right(page, session)
        session = _session(people, run_id, ana.id)
    errors = session.errors_now()
    assert errors
    page.get_by_text("Instructor: make a dealer error").click()
    page.get_by_label("The error to make now").select_option(errors[0])
    shot(page, "instructor-picks-an-error")
    page.get_by_role("button", name="Make a dealer error").click()
    expect(page.get_by_text("Dealer error (made by the instructor)")).to_be_visible()
    expect(page.locator("legend")).to_contain_text("a dealer error is being put right")
    check_page(page)
    shot(page, "recovery-asked")

    page.reload()  # the session lives on the server: the same recovery question comes back
    expect(page.locator("legend")).to_contain_text("a dealer error is being put right")

    session = _session(people, run_id, ana.id)
    assert session.errors == [errors[0]]
    steps = 0
    while session.question().situation is not None and steps < 12:
        _answer_right(page, session)
        session = _session(people, run_id, ana.id)
        steps += 1
    assert steps and session.question().situation is None
    assert page.evaluate(_OVERFLOW) <= 0, "the page scrolls sideways"
    check_page(page)
    shot(page, "recovered")


@pytest.mark.parametrize("viewport", [VIEWPORTS[1]])
def test_a_real_table_question_fits_a_phone(
    page: Page, people: People, viewport: str, _console_is_clean: Console
) -> None:
    room = people.room()
    ana = people.person("Ana", room=room)
    sign_in(page, ana.name)
    page.goto("/drill/table")
    page.get_by_role("button", name="Start at the table").click()
    expect(heading(page, "Real table: question 1 (hand 1)")).to_be_visible()
    run_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    session = _session(people, run_id, ana.id)
    for _ in range(30):  # on to the pot, a number typed on a phone's keypad
        if session.question().ask is Ask.POT:
            break
        _answer_right(page, session)
        session = _session(people, run_id, ana.id)
    expect(page.get_by_label("Chips in the pot")).to_have_attribute("inputmode", "numeric")
    assert page.evaluate(_OVERFLOW) <= 0, "the page scrolls sideways"
    check_page(page)
