"""What the journeys of issue 17 share (test_journey_*.py, one file each so that they run on
every core): the quiz room's page object and the steps of a trainee. Everything is found by
role and label, as a screen reader finds it. The journeys, at tablet and phone size:

- a trainee joins with an invite, answers five questions including an order question (tapping
  the steps, with an undo), reloads in the middle of the quiz and loses nothing, sees the
  feedback after each answer, sees the summary, and starts a review;
- the trainer sees those answers on the room's dashboard;
- a rules search as you type (htmx) updates the results without a submit;
- axe and the 44 px check on every page met on the way; a screenshot of each step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from playwright.sync_api import Locator, Page, expect

from dealer_trainer.training.progress import Answer, open_store
from tests.browser.conftest import (
    People,
    Shots,
    check_page,
    heading,
)

PASSWORD = "a phrase for the practice table"
QUIZ_LENGTH = 5
#: two topics whose Robert's items include an order question each (scenarios/*/*-order*.yaml),
#: as the topic checkboxes on the home page name them (rules/topics.py has the titles): a
#: five-question quiz on them misses both order items about one time in five
ORDER_TOPICS = [re.compile(r"^The turn shown before"), re.compile(r"^The river shown before")]
#: how many quizzes to start at most until one has drawn an order question (the bank draws
#: at random: six quizzes all without one, about one time in 15,000)
MAX_QUIZZES = 6


# --- the quiz room's page object ---------------------------------------------------------------


@dataclass
class QuizRoom:
    """One quiz item on screen: its question, its answer controls, its feedback."""

    page: Page

    @property
    def question(self) -> Locator:
        """The question: a fieldset named by its legend."""
        return self.page.get_by_role("group").first

    @property
    def heading(self) -> Locator:
        """'Quiz: question 2 of 5' (the page's h1)."""
        return heading(self.page, re.compile(r"question \d+ of \d+"))

    def position(self) -> tuple[int, int]:
        found = re.search(r"question (\d+) of (\d+)", self.heading.inner_text())
        assert found, self.heading.inner_text()
        return int(found.group(1)), int(found.group(2))

    def options(self) -> Locator:
        """The answers of a choice question: radio buttons (a tap chooses, Submit answers)."""
        return self.question.get_by_role("radio")

    def submit(self) -> None:
        self.page.get_by_role("button", name="Submit answer").click()

    def is_order(self) -> bool:
        return self.page.get_by_role("group", name=re.compile("Steps left")).count() > 0

    def is_number(self) -> bool:
        return self.page.get_by_role("textbox").count() > 0

    def answer(self, text: str | re.Pattern[str]) -> None:
        """Choose the option whose name matches ``text``, and submit it."""
        self.question.get_by_role("radio", name=text).check()
        self.submit()

    def answer_first(self) -> None:
        """Answer whatever the item asks, with a valid answer (right or wrong)."""
        if self.is_order():
            self.answer_order()
        elif self.is_number():
            self.page.get_by_role("textbox").fill("10")
            self.page.get_by_role("button", name="Save").click()
        else:
            self.answer_choice()

    def answer_choice(self) -> None:
        """Choose one answer, change the choice (nothing is sent), and submit the second."""
        first, second = self.options().nth(0), self.options().nth(1)
        first.check()
        expect(first).to_be_checked()
        second.check()
        expect(first).not_to_be_checked()
        expect(self.feedback).to_have_count(0)  # a choice alone answers nothing
        self.submit()

    def answer_order(self) -> None:
        """Tap a step, take it back with Undo, then tap every step in the order shown and
        submit the order. Each tap is checked in the list of the order so far."""
        steps = self.page.get_by_role("group", name=re.compile("Steps left")).get_by_role("button")
        chosen = self.page.get_by_role("list", name=re.compile("order so far")).get_by_role(
            "listitem"
        )
        total = steps.count()
        steps.first.click()
        expect(chosen).to_have_count(1)
        self.page.get_by_role("button", name="Undo the last step").click()
        expect(self.page.get_by_role("status")).to_contain_text("taken back")
        expect(steps).to_have_count(total)
        for tapped in range(1, total + 1):
            steps.first.click()
            expect(chosen).to_have_count(tapped)
        self.page.get_by_role("button", name="Submit this order").click()

    @property
    def feedback(self) -> Locator:
        """The verdict: a section whose heading says Right or Wrong (a word, not a colour)."""
        return self.page.get_by_role("heading", level=2, name=re.compile(r"^(Right|Wrong)$"))

    def next(self) -> None:
        """Go on: the next question, or the summary after the last."""
        link = self.page.get_by_role("link", name=re.compile("^(Next question|See your summary)$"))
        link.click()


# --- steps -------------------------------------------------------------------------------------


def join(page: Page, code: str, name: str) -> None:
    page.goto("/join")
    page.get_by_label("Invite code").fill(code)
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Choose a password").fill(PASSWORD)
    page.get_by_label("Type it again").fill(PASSWORD)
    page.get_by_role("button", name="Join").click()
    expect(heading(page, re.compile(re.escape(name)))).to_be_visible()


def start_quiz(page: Page, length: int = QUIZ_LENGTH) -> None:
    """From the home page: the quiz form."""
    page.goto("/")
    page.get_by_label("How many questions").select_option(str(length))
    topics = page.get_by_role("group", name=re.compile("Topics"))
    if not topics.is_visible():
        page.get_by_text("Choose topics").click()  # a <details> summary
    for pattern in ORDER_TOPICS:
        topics.get_by_role("checkbox", name=pattern).check()
    page.get_by_role("button", name="Start the quiz").click()


def take_quiz(
    page: Page, shot: Shots, *, reload_at: int = 3, checked: set[str] | None = None
) -> list[str]:
    """Answer every item of the quiz on screen; reload once before answering item
    ``reload_at`` and once after answering it (nothing is lost either way). The kinds met.

    axe and the touch targets are checked once per kind of question and of feedback (in
    ``checked``, shared across quizzes): the pages of one kind differ only in their words."""
    room = QuizRoom(page)
    kinds = []
    checked = set() if checked is None else checked

    def check_once(kind: str) -> None:
        if kind not in checked:
            checked.add(kind)
            check_page(page)

    while True:
        expect(room.heading).to_be_visible()
        position, length = room.position()
        if position == reload_at:
            page.reload()
            expect(room.heading).to_have_text(re.compile(f"question {position} of {length}"))
        kinds.append("order" if room.is_order() else "number" if room.is_number() else "choice")
        check_once(f"question-{kinds[-1]}")
        shot(page, f"question-{position}-{kinds[-1]}")
        room.answer_first()
        expect(room.feedback).to_be_visible()
        expect(room.feedback).to_be_focused()
        expect(page.get_by_role("status")).to_contain_text(re.compile("Right|Wrong"))
        if position == reload_at:
            page.reload()  # the answer is kept, with its feedback
            expect(room.feedback).to_be_visible()
        check_once(f"feedback-{kinds[-1]}")
        shot(page, f"feedback-{position}")
        room.next()
        if position == length:
            return kinds


def missed_days_ago(people: People, name: str, item: str, topic: str, days: int = 3) -> None:
    """A miss of ``item`` ``days`` ago in the trainee's history (as the terminal quiz writes
    it into the same store): the item is due for review now."""
    with open_store(people.database) as store:
        session = store.start_session(name, "quiz")
        store.record(
            session,
            Answer(
                trainee=name,
                item=item,
                topic=topic,
                mode="quiz",
                correct=False,
                ruleset="roberts",
                answered_at=datetime.now(UTC) - timedelta(days=days),
            ),
        )
        store.finish_session(session)
