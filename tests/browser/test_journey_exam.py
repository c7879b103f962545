"""The exam's journey of issue 23, at tablet and phone size: a trainer uploads a short
blueprint to the room and assigns it to a trainee; the trainee takes it, reloading in the
middle (the answer kept is shown again), and passes; the room's exams page and the trainee's
own exams page show the attempt done and passed; the certificate the pass issued verifies
without signing in; the trainer revokes it and the verification page says so. axe and the
44 px check on every exam and certificate page; a screenshot of each step.

The trainee answers through the page, as a person would, by the options' labels. Which
answer is right comes from the test process, never from the page: the attempt's plan read
through the store (``asked``) and the scenario's own key (``tests/exam_answers.py``)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from playwright.sync_api import Page, expect

from dealer_trainer.store import exams as stored
from dealer_trainer.store.exams import StoredAttempt
from dealer_trainer.training.exam.attempts import asked
from dealer_trainer.training.progress import open_store
from dealer_trainer.training.quiz import Item
from tests.browser.conftest import People, Shots, check_page, heading, sign_in, sign_out
from tests.exam_answers import right_answer

#: three items, one from each section (an order question may come from the third: pitch order
#: and burns), 60% to pass, one attempt; ``exam validate`` finds 10, 15 and 12 families
BLUEPRINT = """\
id: journey-exam
title: Short dealer check
ruleset: roberts
time_limit: 20m
pass_mark: 60%
attempts: 1
valid_for: 1y
sections:
  - {topics: [misdeal, exposed-card], count: 1}
  - {topics: [side-pots, odd-chip], count: 1}
  - {topics: [pitch-order, burns], count: 1}
"""
TITLE = "Short dealer check"
ITEMS = 3
#: the item before which the trainee reloads (and after whose answer they go back to it)
RELOAD_AT = 2


def _attempt(people: People, attempt_id: int) -> StoredAttempt:
    with open_store(people.database) as store:
        found = stored.attempt(store, attempt_id)
    assert found is not None
    return found


def _labels(item: Item) -> list[str]:
    """The right answer as the page labels it: the options' labels, in order for an order
    question; the number itself for a typed one."""
    answer = right_answer(item)
    if item.typed:
        return answer
    labels = {option.value: option.label for option in item.options}
    return [labels[value] for value in answer]


def _answer(page: Page, item: Item) -> None:
    """Give the right answer through the form, by the labels a screen reader reads."""
    labels = _labels(item)
    question = page.get_by_role("group", name=item.ask)
    if item.typed:
        question.get_by_role("textbox").fill(labels[0])
    elif item.ordered:
        for step, label in enumerate(labels, 1):
            question.get_by_label(f"Step {step}", exact=True).select_option(label=label)
    else:
        question.get_by_role("radio", name=labels[0], exact=True).check()


def _is_kept(page: Page, item: Item) -> None:
    """The page shows the answer kept for ``item`` as chosen."""
    labels = _labels(item)
    question = page.get_by_role("group", name=item.ask)
    if item.typed:
        expect(question.get_by_role("textbox")).to_have_value(labels[0])
    elif item.ordered:
        first = question.get_by_label("Step 1", exact=True)
        expect(first.locator("option:checked")).to_have_text(labels[0])
    else:
        expect(question.get_by_role("radio", name=labels[0], exact=True)).to_be_checked()


def _item_heading(position: int) -> re.Pattern[str]:
    return re.compile(f"^{re.escape(TITLE)}: item {position} of {ITEMS}$")


def test_a_trainee_passes_an_assigned_exam_and_its_certificate_verifies_until_revoked(
    page: Page, people: People, shot: Shots, viewport: str
) -> None:
    room = people.room()
    boss = people.trainer("Mia", room)
    ana = people.person("Ana Pereira", room=room)

    # --- the trainer uploads a blueprint and assigns it to Ana --------------------------------
    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/exams")
    expect(heading(page, "Exams")).to_be_visible()
    page.get_by_role("link", name="Upload a blueprint for this room").click()
    expect(heading(page, "Upload an exam blueprint")).to_be_visible()
    check_page(page)
    page.get_by_label("Or paste its text").fill(BLUEPRINT)
    shot(page, "trainer-upload")
    page.get_by_role("button", name="Check and keep").click()
    expect(page.get_by_role("alert")).to_contain_text(f"The exam {TITLE} is kept for this room")

    today = date.today()
    page.get_by_label("Exam", exact=True).select_option(
        label=f"{TITLE} (journey-exam, this room's)"
    )
    page.get_by_label("Who sits it").select_option(label=ana.name)
    page.get_by_label("Opens on").fill(today.isoformat())
    page.get_by_label("Closes after").fill((today + timedelta(days=7)).isoformat())
    page.get_by_role("button", name="Assign").click()
    expect(page.get_by_role("alert")).to_contain_text(f"{TITLE} is assigned.")
    assigned = page.get_by_role("region", name=re.compile("^Assigned exams"))
    expect(assigned.get_by_role("row", name=re.compile(re.escape(ana.name)))).to_contain_text(TITLE)
    check_page(page)
    shot(page, "trainer-assigned")
    sign_out(page, boss.name)

    # --- Ana takes it, with a reload in the middle, and passes ---------------------------------
    page.clock.install()  # the page's clock runs as usual until the test moves it on
    sign_in(page, ana.name)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Exams").click()
    expect(heading(page, "Your exams")).to_be_visible()
    expect(page.get_by_role("heading", level=2, name=TITLE)).to_be_visible()
    check_page(page)
    shot(page, "trainee-exams")
    page.get_by_role("button", name="Start the exam").click()
    expect(heading(page, _item_heading(1))).to_be_visible()
    found = re.search(r"/attempts/(\d+)/items/1$", page.url)
    assert found, page.url
    attempt = _attempt(people, int(found.group(1)))
    assert (attempt.exam_id, attempt.items, attempt.room_id) == ("journey-exam", ITEMS, room.id)
    expect(page.get_by_text(re.compile(r"^Time left: \d+:\d\d"))).to_be_visible()

    items = page.get_by_role("navigation", name="Items")
    for position in range(1, ITEMS + 1):
        item = asked(attempt, position)
        expect(heading(page, _item_heading(position))).to_be_visible()
        if position == RELOAD_AT:
            page.reload()  # the answers saved before are kept, and said to be
            expect(heading(page, _item_heading(position))).to_be_visible()
            expect(items).to_contain_text(f"{RELOAD_AT - 1} of {ITEMS} answered")
        if position == 1 or item.ordered or item.typed:
            check_page(page)
        shot(page, f"item-{position}")
        _answer(page, item)
        page.get_by_role("button", name=re.compile("^Save")).click()
        expect(items).to_contain_text(f"{position} of {ITEMS} answered")
        if position == RELOAD_AT:  # back to the item through the list: the answer is kept
            items.get_by_role("link", name=re.compile(rf"^{position}\W+answered$")).click()
            expect(heading(page, _item_heading(position))).to_be_visible()
            page.reload()
            _is_kept(page, item)
            shot(page, f"item-{position}-kept")
            items.get_by_role("link", name=re.compile(rf"^{position + 1}\W")).click()

    # a minute before the end the page says so, once, in its alert region (the clock itself
    # is no live region: it would be read out every second)
    # (to 50 s before the end of the time this page was given: however long the steps above
    # took on a busy machine; once the page's script has started its clock: moved on before,
    # the clock would start from the moved time)
    page.wait_for_load_state("load")
    remaining = int(page.locator("#exam-timer").get_attribute("data-remaining") or "0")
    assert remaining > 60, remaining
    page.clock.fast_forward((remaining - 50) * 1000)
    expect(page.get_by_role("alert")).to_have_text(re.compile("^One minute left"))
    expect(page.get_by_text(re.compile(r"^Time left: 0:\d\d"))).to_be_visible()
    expect(page.locator("#exam-timer")).not_to_have_attribute("role", re.compile("."))
    shot(page, "one-minute-left")
    submit = page.get_by_role("button", name=f"Submit the exam ({ITEMS} of {ITEMS} answered)")
    submit.click()
    expect(heading(page, f"{TITLE}: passed")).to_be_visible()
    expect(page.get_by_text(f"{ITEMS} of {ITEMS} right (100.0%)")).to_be_visible()
    expect(page.get_by_role("heading", level=2, name=re.compile(r"right$"))).to_have_count(ITEMS)
    check_page(page)
    shot(page, "trainee-result")

    page.get_by_role("link", name="Back to your exams").click()
    expect(page.get_by_text(re.compile(rf"{ITEMS} of {ITEMS} \(100\.0%\), passed"))).to_be_visible()
    expect(page.get_by_text("Done: passed.")).to_be_visible()
    expect(page.get_by_role("button", name="Start the exam")).to_have_count(0)
    check_page(page)
    shot(page, "trainee-exams-done")

    # --- the pass issued a certificate: Ana has it, and it verifies ------------------------------
    page.get_by_role("link", name="your certificates").click()
    expect(heading(page, "Your certificates")).to_be_visible()
    expect(page.get_by_role("heading", level=2, name=TITLE)).to_be_visible()
    check_page(page)
    shot(page, "trainee-certificates")
    page.get_by_role("link", name="Its verification page").click()
    expect(heading(page, "Certificate check")).to_be_visible()
    verify = page.url
    expect(page.get_by_text("Valid.")).to_be_visible()
    expect(page.get_by_role("main").get_by_text(ana.name, exact=True)).to_be_visible()
    expect(page.get_by_text(f"{TITLE} (journey-exam)")).to_be_visible()
    sign_out(page, ana.name)

    page.goto(verify)  # nobody signed in
    expect(page.get_by_text("Valid.")).to_be_visible()
    check_page(page)
    shot(page, "verify-valid")

    # --- the trainer sees it done, then revokes the certificate --------------------------------
    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/exams")
    attempts = page.get_by_role("region", name=re.compile("^Attempts"))
    row = attempts.get_by_role("row", name=re.compile(re.escape(ana.name)))
    expect(row).to_contain_text(TITLE)
    expect(row).to_contain_text(f"{ITEMS}/{ITEMS} (100.0%)")
    # on a phone the table is a card per row, each cell named with its column ("Result passed")
    expect(row.get_by_role("cell", name=re.compile("^(Result )?passed$"))).to_be_visible()
    check_page(page)
    shot(page, "trainer-attempts")

    page.get_by_role("navigation", name=re.compile(room.name)).get_by_role(
        "link", name="Certificates"
    ).click()
    expect(heading(page, "Certificates")).to_be_visible()
    expect(page.get_by_role("heading", level=2, name=f"{ana.name}: {TITLE}")).to_be_visible()
    check_page(page)
    page.get_by_label(re.compile(f"Why revoke {re.escape(ana.name)}")).fill("answers shared")
    page.get_by_role("button", name=f"Revoke {ana.name}'s certificate").click()
    expect(page.get_by_role("alert")).to_contain_text("is revoked")
    expect(page.get_by_text("answers shared")).to_be_visible()
    check_page(page)
    shot(page, "trainer-revoked")
    sign_out(page, boss.name)

    page.goto(verify)
    expect(page.get_by_text("Revoked.")).to_be_visible()
    expect(page.get_by_text("Valid.")).to_have_count(0)
    expect(page.get_by_text("answers shared")).to_have_count(0)
    check_page(page)
    shot(page, "verify-revoked")
