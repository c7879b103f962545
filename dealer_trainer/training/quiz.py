"""The quiz, independent of any screen: which scenarios to ask, how to ask them, how to grade.

A quiz runs over the scenario bank (or any folder of scenario files):

1. :func:`~dealer_trainer.training.catalogue.catalogue` lists the scenarios (id, topic,
   difficulty, ruleset, family) from each file's top-level lines. :func:`select` filters them
   (topics, difficulty, ruleset) and picks ``length`` of them, spread over the topics, in a
   seeded random order, at most one of a family.
2. :func:`prepare` loads one scenario and proves it with the engine (:func:`scenario.verify`)
   just before it is asked: every answer key the trainee meets is the engine's. The choices
   are shuffled; an order question offers its steps shuffled.
3. :func:`grade` judges an answer and gives the feedback: right or wrong, the right answer,
   the recovery as numbered steps, the explanation and the cited rule. A number question
   has no options: the trainee types the number (:func:`read_number`), and the engine's value
   is the answer.
4. :class:`Quiz` keeps the run: each answer goes to the progress store the moment it is
   given (:class:`~dealer_trainer.training.recorder.Recorder`), and :meth:`Quiz.summary`
   gives the score per topic, the time and the misses
   (:class:`~dealer_trainer.training.summary.Summary`).

A review is a quiz over the items due (:func:`dealer_trainer.training.review.due_entries`).
Nothing here reads or writes a screen: the terminal and the browser drive the same session.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dealer_trainer import scenario as scenarios
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.procedure.rulings import STEP_ALIASES
from dealer_trainer.rules.corpus import NotFound, rule, suggest
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.scenario import Scenario, Verified, recovery_steps
from dealer_trainer.training.catalogue import DEFAULT_RULESET as DEFAULT_RULESET
from dealer_trainer.training.catalogue import Entry, catalogue
from dealer_trainer.training.families import one_per_family
from dealer_trainer.training.labels import label
from dealer_trainer.training.recorder import Recorder
from dealer_trainer.training.summary import Mark, Summary
from dealer_trainer.view import HIDDEN_FOR_FACT as HIDDEN_FOR_FACT  # the view's, kept here too
from dealer_trainer.view import hidden_for

if TYPE_CHECKING:
    from dealer_trainer.procedure.hand import Hand
    from dealer_trainer.store import Store

__all__ = [
    "Entry",
    "Feedback",
    "Item",
    "Option",
    "Quiz",
    "Selection",
    "bank_rulesets",
    "catalogue",
    "grade",
    "lay_out",
    "number_problem",
    "parse_length",
    "parse_topics",
    "prepare",
    "proof",
    "read_number",
    "select",
]

# --- selecting --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Selection:
    """What to ask: topics (none: all), a difficulty and a ruleset (None: any), how many."""

    topics: tuple[str, ...] = ()
    difficulty: int | None = None
    ruleset: str | None = None
    length: int | None = 10


def parse_length(value: str | None, default: int | None) -> int | None:
    """``--length``: a number of questions, or None for all of them."""
    if value is None:
        return default
    if value.strip().lower() == "all":
        return None
    if not value.strip().isdigit() or int(value) < 1:
        raise UsageError(f"--length: {value!r} is not a number of questions (1 or more, or 'all')")
    return int(value)


def parse_topics(given: list[str] | None) -> tuple[str, ...] | None:
    """``--topic`` (repeatable, comma-separated): the topics named, () for 'all', None: none
    given."""
    if not given:
        return None
    slugs = [item.slug for item in TOPICS]
    wanted: list[str] = []
    for name in given:
        for slug in name.split(","):
            slug = slug.strip()
            if slug == "all":
                return ()
            if slug not in slugs:
                close = suggest(slug, slugs)
                hint = f"; did you mean {', '.join(close)}?" if close else ""
                raise UsageError(
                    f"--topic: unknown topic {slug!r}{hint} ('dealer-trainer rules list' has them)"
                )
            wanted.append(slug)
    return tuple(dict.fromkeys(wanted))


def bank_rulesets(entries: Sequence[Entry], wanted: str | None) -> list[str]:
    """The rulesets of the bank's scenarios; ``--ruleset`` ``wanted`` must be one (or 'any')."""
    rulesets = sorted({entry.ruleset for entry in entries})
    if wanted is not None and wanted != "any" and wanted not in rulesets:
        raise UsageError(
            f"--ruleset: no scenario in the bank is under {wanted!r} (there are: "
            f"{', '.join(rulesets)}, or any)"
        )
    return rulesets


def select(entries: Sequence[Entry], selection: Selection, rng: random.Random) -> list[Entry]:
    """The scenarios to ask: those matching, spread over the topics, in a random order."""
    matching = [
        entry
        for entry in entries
        if (not selection.topics or entry.topic in selection.topics)
        and (selection.difficulty is None or entry.difficulty == selection.difficulty)
        and (selection.ruleset is None or entry.ruleset == selection.ruleset)
    ]
    by_topic: dict[str, list[Entry]] = {}
    for entry in sorted(matching, key=lambda item: item.id):
        by_topic.setdefault(entry.topic, []).append(entry)
    for group in by_topic.values():
        rng.shuffle(group)
    topics = list(by_topic)
    rng.shuffle(topics)
    chosen: list[Entry] = []
    while any(by_topic.values()):  # one of each topic in turn, so a short quiz is varied
        for slug in topics:
            if by_topic[slug]:
                chosen.append(by_topic[slug].pop())
    chosen = one_per_family(chosen)  # never one hand twice in a sitting
    return chosen if selection.length is None else chosen[: selection.length]


# --- asking -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the trainee may pick: ``value`` is what the answer names, ``label`` is shown."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Item:
    """A scenario ready to ask: proved by the engine, its options in the order shown."""

    entry: Entry
    scenario: Scenario
    proved: Verified
    options: tuple[Option, ...]
    #: the table facts not to draw (they would give the answer away)
    hidden: frozenset[str] = frozenset()

    @property
    def kind(self) -> str:
        return self.scenario.question.kind

    @property
    def ask(self) -> str:
        return self.scenario.question.ask

    @property
    def typed(self) -> bool:
        """Is the answer a number typed (no options)?"""
        return self.scenario.question.typed

    @property
    def ordered(self) -> bool:
        """Is the answer every step put in order?"""
        return self.scenario.question.ordered

    @property
    def unit(self) -> str:
        """What a number question's answer counts: chips or cards."""
        return scenarios.fact_unit(self.scenario.question.fact)


def step_label(step: str, hand: Hand) -> str:
    """A recovery step in dealer words, on the scenario's hand (which card, which seat)."""
    return label(STEP_ALIASES.get(step, step), hand)


def proof(entry: Entry) -> Verified:
    """``entry``'s scenario proved: from its text or its file, proved once per process and
    kept (:func:`~dealer_trainer.scenario.proof_of_text`)."""
    if entry.text is not None:
        return scenarios.proof_of_text(entry.text, str(entry.path), rulesets=dict(entry.rulesets))
    return scenarios.proof_of_file(entry.path)


def prepare(entry: Entry, rng: random.Random) -> Item:
    """``entry``'s scenario proved (once: the proof is kept), its options laid out."""
    return lay_out(entry, proof(entry), rng)


def lay_out(entry: Entry, proved: Verified, rng: random.Random) -> Item:
    """A proved scenario ready to ask: its options laid out (shuffled with ``rng``)."""
    question = proved.scenario.question
    if question.typed:  # typed, not picked
        options: tuple[Option, ...] = ()
    elif question.ordered:
        steps = list(enumerate(question.order))
        key = list(steps)
        while len(steps) > 1 and steps == key:
            rng.shuffle(steps)
        hand = proved.hand
        options = tuple(Option(f"s{index}", step_label(step, hand)) for index, step in steps)
    else:
        choices = list(enumerate(question.choices))
        rng.shuffle(choices)
        options = tuple(Option(f"c{index}", choice.text) for index, choice in choices)
    return Item(entry, proved.scenario, proved, options, hidden_for(question))


# --- grading ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on one answer, with everything the trainee should learn from it."""

    correct: bool
    #: the answer given and the right one, in words
    given: str
    expected: str
    #: the recovery the engine requires, as numbered steps in words (empty: not a dealer error)
    steps: tuple[str, ...]
    explain: str
    #: the cited rule: its id, title and text (from the rules corpus)
    rule: str | None = None
    rule_title: str = ""
    rule_text: str = ""
    #: the scenario's title and topic: shown with the feedback, never before the answer (a
    #: title or a topic may name the answer)
    title: str = ""
    topic: str = ""


def _option_index(item: Item, value: str, prefix: str) -> int:
    if not value.startswith(prefix) or value not in {option.value for option in item.options}:
        raise UsageError(f"{value!r} is not one of this question's options")
    return int(value[1:])


def _cited(item: Item) -> tuple[str | None, str, str]:
    cited = item.scenario.rule or item.proved.rule
    if cited is None:
        return None, "", ""
    try:
        found = rule(cited)
    except NotFound:
        return cited, "", ""
    return found.id, found.title, found.text


#: the most digits a typed number may have (no pot in a card room is larger)
MAX_DIGITS = 9
_NUMBER = re.compile(r"[0-9]+", re.ASCII)


def read_number(text: str, unit: str = "chips") -> int:
    """A typed number: whole chips or a count of ``unit``, digits 0-9 (``1,250`` and ``1 250``
    read as 1250; a leading ``$`` is allowed). Anything else is a :class:`UsageError` saying
    why, in the unit asked."""
    plain = text.strip().removeprefix("$").replace(",", "").replace(" ", "").replace("_", "")
    if not _NUMBER.fullmatch(plain) or len(plain) > MAX_DIGITS:
        shown = text.strip()[:20] or "nothing"
        like = "125" if unit == "chips" else "3"
        what = "whole chips" if unit == "chips" else f"how many {unit}"
        raise UsageError(f"{shown!r} is not a number: type {what} in digits, like {like}")
    return int(plain)


def number_problem(text: str, unit: str = "chips") -> str | None:
    """What is wrong with a typed number (None: it reads as one): a prompt's check."""
    try:
        read_number(text, unit)
    except UsageError as exc:
        return str(exc)
    return None


def grade(item: Item, answer: Sequence[str]) -> Feedback:
    """Judge ``answer``: one option value (choice, fact), every step's value in order, or for a
    number question the number typed."""
    question = item.scenario.question
    if question.typed:
        if len(answer) != 1:
            raise UsageError("type one number")
        typed, value = read_number(answer[0], item.unit), item.proved.fact
        correct, given, expected = typed == value, str(typed), str(value)
    elif question.ordered:
        steps = [question.order[_option_index(item, value, "s")] for value in answer]
        if sorted(answer) != sorted(option.value for option in item.options):
            raise UsageError("put every step in order, each once")
        correct = recovery_steps(tuple(steps)) == recovery_steps(question.order)
        words = {option.value: option.label for option in item.options}
        given = "; ".join(words[value] for value in answer)
        expected = "; ".join(words[f"s{index}"] for index in range(len(question.order)))
    else:
        if len(answer) != 1:
            raise UsageError("pick one answer")
        picked = question.choices[_option_index(item, answer[0], "c")]
        right = question.correct
        assert right is not None
        correct = picked is right
        given, expected = picked.text, right.text
    rule_id, title, text = _cited(item)
    return Feedback(
        correct,
        given,
        expected,
        tuple(item.proved.words),
        question.explain,
        rule_id,
        title,
        text,
        title=item.scenario.title,
        topic=item.scenario.topic.title,
    )


# --- a run ------------------------------------------------------------------------------------


@dataclass
class Quiz:
    """A run over ``entries``: answers are graded, kept and (with a store) saved at once."""

    trainee: str
    entries: list[Entry]
    mode: str = "quiz"
    seed: int | None = None
    store: Store | None = None
    clock: Callable[[], float] = time.monotonic
    skipped: list[str] = field(default_factory=list)
    stopped: bool = False

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.recorder = Recorder(self.trainee, self.mode, self.store, clock=self.clock)

    @property
    def answered(self) -> int:
        """How many questions have been answered so far."""
        return len(self.recorder.marks)

    @property
    def planned(self) -> int:
        """How many questions the quiz asks (those that could not be proved left out)."""
        return len(self.entries) - len(self.skipped)

    def items(self) -> Iterable[Item]:
        """Each scenario, proved just before it is asked (in the order chosen).

        A scenario that does not load or that the engine disproves is not asked: its error
        goes to :attr:`skipped` (``file:line:col: message``) and the quiz goes on.
        """
        for entry in self.entries:
            try:
                item = prepare(entry, self.rng)
            except ScriptError as exc:
                self.skipped.append(str(exc))
                continue
            yield item

    def answer(self, item: Item, answer: Sequence[str], seconds: float) -> Feedback:
        """Grade ``answer``, keep it, and save it to the store before returning."""
        feedback = grade(item, answer)
        scenario = item.scenario
        self.recorder.record(
            Mark(
                item=scenario.id,
                topic=scenario.topic.slug,
                correct=feedback.correct,
                given=feedback.given,
                expected=feedback.expected,
                title=scenario.title,
                number=self.answered + 1,
                rule=feedback.rule,
                rule_title=feedback.rule_title,
                ruleset=scenario.ruleset.name,
                difficulty=scenario.difficulty,
                seconds=seconds,
            )
        )
        return feedback

    def finish(self) -> Summary:
        """End the run (the store's session is closed) and sum it up; a run that ends before
        its last question is marked stopped."""
        self.stopped = self.stopped or self.answered < self.planned
        self.recorder.finish()
        return self.summary()

    def summary(self) -> Summary:
        """The score per topic, the time taken and the misses, so far."""
        return self.recorder.summary(planned=self.planned, stopped=self.stopped)
