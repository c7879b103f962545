"""The quiz, independent of any screen: which scenarios to ask, how to ask them, how to grade.

A quiz runs over the scenario bank (or any folder of scenario files):

1. :func:`catalogue` lists the scenarios with their id, topic, difficulty and ruleset, read
   from each file's top-level lines without parsing the whole bank, so the first question is
   on screen at once. :func:`select` filters them (topics, difficulty, ruleset) and picks
   ``length`` of them, spread over the topics, in a seeded random order.
2. :func:`prepare` loads one scenario and proves it with the engine (:func:`scenario.verify`)
   just before it is asked: every answer key the trainee meets is the engine's. The choices
   are shuffled; an order question offers its steps shuffled.
3. :func:`grade` judges an answer and gives the feedback: right or wrong, the right answer,
   the recovery as numbered steps, the explanation and the cited rule.
4. :class:`Quiz` keeps the run: each answer goes to the progress store the moment it is
   given, and :meth:`Quiz.summary` gives the score per topic, the time and the misses.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import DealerTrainerError, ScriptError

if TYPE_CHECKING:
    from dealer_trainer.procedure.hand import Hand
    from dealer_trainer.progress import Due, Store
    from dealer_trainer.scenario import Scenario, Verified

__all__ = [
    "Entry",
    "Feedback",
    "Item",
    "Option",
    "Quiz",
    "QuizError",
    "Result",
    "Selection",
    "Summary",
    "TopicScore",
    "catalogue",
    "due_entries",
    "grade",
    "prepare",
    "select",
]

DEFAULT_RULESET = "roberts"
#: the table facts a fact question would give away if they were drawn
HIDDEN_FOR_FACT: dict[str, frozenset[str]] = {
    "to_act": frozenset({"to_act"}),
    "burns": frozenset({"burns"}),
    "board_cards": frozenset({"board"}),
    "pot": frozenset({"pot"}),
    "pots": frozenset({"pot"}),
}


class QuizError(DealerTrainerError):
    """A quiz that cannot be run as asked (no scenario matches, a bad answer...): exit 2."""

    exit_code = 2


# --- the catalogue ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One scenario of a bank, known from its file's top-level lines."""

    id: str
    topic: str
    difficulty: int
    ruleset: str
    path: Path


_TOP = re.compile(r"^(id|topic|difficulty|ruleset):[ \t]*(.*?)[ \t]*(?:#.*)?$", re.MULTILINE)


def _scalar(raw: str) -> str | None:
    """A plain or quoted one-line YAML scalar, else None (leave it to the real parser)."""
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"":
        raw = raw[1:-1]
    elif not raw or raw[0] in "[{&*!|>'\"%@`":
        return None
    return raw


def _quick(path: Path) -> Entry | None:
    """The entry from the file's top-level lines, or None when they are not plain."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found: dict[str, str] = {}
    for key, raw in _TOP.findall(text):
        value = _scalar(raw)
        if value is None or key in found:
            return None
        found[key] = value
    if "id" not in found or "topic" not in found or not found.get("difficulty", "").isdigit():
        return None
    if "ruleset" not in found and "ruleset" in text:  # named inside the table: parse it all
        return None
    return Entry(
        found["id"],
        found["topic"],
        int(found["difficulty"]),
        found.get("ruleset", DEFAULT_RULESET),
        path,
    )


def catalogue(folder: Path) -> tuple[list[Entry], list[str]]:
    """Every scenario in ``folder``, and the problems met (one line per file left out).

    Most files are read from their top-level lines alone; a file whose lines are not plain
    is parsed in full (and left out, with its error, when it does not load).
    """
    from dealer_trainer.scenario import find_scenarios, load_scenario

    entries: list[Entry] = []
    problems: list[str] = []
    for path in find_scenarios([folder]):
        entry = _quick(path)
        if entry is None:
            try:
                scenario = load_scenario(path)
            except ScriptError as exc:
                problems.append(str(exc))
                continue
            entry = Entry(
                scenario.id, scenario.topic.slug, scenario.difficulty, scenario.ruleset.name, path
            )
        entries.append(entry)
    return entries, problems


# --- selecting --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Selection:
    """What to ask: topics (none: all), a difficulty and a ruleset (None: any), how many."""

    topics: tuple[str, ...] = ()
    difficulty: int | None = None
    ruleset: str | None = None
    length: int | None = 10


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
    return chosen if selection.length is None else chosen[: selection.length]


def due_entries(due: Iterable[Due], entries: Sequence[Entry]) -> list[Entry]:
    """The bank entries of the due items, in the order given (items not in the bank left out)."""
    by_id = {entry.id: entry for entry in entries}
    return [by_id[item.item] for item in due if item.item in by_id]


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


def step_label(step: str, hand: Hand) -> str:
    """A recovery step in dealer words, on the scenario's hand (which card, which seat)."""
    from dealer_trainer.procedure.rulings import STEP_ALIASES
    from dealer_trainer.procedure.words import label

    return label(STEP_ALIASES.get(step, step), hand)


def prepare(entry: Entry, rng: random.Random) -> Item:
    """Load ``entry``'s scenario, prove it, and lay out its options (shuffled)."""
    from dealer_trainer.scenario import load_scenario, verify

    scenario = load_scenario(entry.path)
    proved = verify(scenario)
    question = scenario.question
    if question.kind == "order":
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
    hidden = HIDDEN_FOR_FACT.get(question.fact or "", frozenset())
    return Item(entry, scenario, proved, options, hidden)


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


def _option_index(item: Item, value: str, prefix: str) -> int:
    if not value.startswith(prefix) or value not in {option.value for option in item.options}:
        raise QuizError(f"{value!r} is not one of this question's options")
    return int(value[1:])


def _cited(item: Item) -> tuple[str | None, str, str]:
    from dealer_trainer.rules.corpus import NotFound, rule

    cited = item.scenario.rule or item.proved.rule
    if cited is None:
        return None, "", ""
    try:
        found = rule(cited)
    except NotFound:
        return cited, "", ""
    return found.id, found.title, found.text


def grade(item: Item, answer: Sequence[str]) -> Feedback:
    """Judge ``answer``: one option value (choice, fact), or every step's value in order."""
    question = item.scenario.question
    if question.kind == "order":
        steps = [question.order[_option_index(item, value, "s")] for value in answer]
        if sorted(answer) != sorted(option.value for option in item.options):
            raise QuizError("put every step in order, each once")
        from dealer_trainer.scenario import recovery_steps

        correct = recovery_steps(tuple(steps)) == recovery_steps(question.order)
        words = {option.value: option.label for option in item.options}
        given = "; ".join(words[value] for value in answer)
        expected = "; ".join(words[f"s{index}"] for index in range(len(question.order)))
    else:
        if len(answer) != 1:
            raise QuizError("pick one answer")
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
    )


# --- a run ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Result:
    """One question asked and answered."""

    entry: Entry
    title: str
    feedback: Feedback
    seconds: float


@dataclass(frozen=True, slots=True)
class TopicScore:
    topic: str
    title: str
    right: int
    asked: int


@dataclass(frozen=True, slots=True)
class Summary:
    """The end of a quiz: the score per topic, the time taken, the misses."""

    trainee: str
    mode: str
    asked: int
    right: int
    planned: int
    seconds: float
    topics: tuple[TopicScore, ...]
    misses: tuple[Result, ...]
    stopped: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        return {
            "trainee": self.trainee,
            "mode": self.mode,
            "asked": self.asked,
            "right": self.right,
            "planned": self.planned,
            "accuracy": round(self.right / self.asked, 3) if self.asked else None,
            "seconds": round(self.seconds, 1),
            "stopped": self.stopped,
            "topics": [
                {"topic": t.topic, "title": t.title, "right": t.right, "asked": t.asked}
                for t in self.topics
            ],
            "misses": [
                {
                    "id": miss.entry.id,
                    "title": miss.title,
                    "given": miss.feedback.given,
                    "expected": miss.feedback.expected,
                    "rule": miss.feedback.rule,
                }
                for miss in self.misses
            ],
        }


@dataclass
class Quiz:
    """A run over ``entries``: answers are graded, kept and (with a store) saved at once."""

    trainee: str
    entries: list[Entry]
    mode: str = "quiz"
    seed: int | None = None
    store: Store | None = None
    clock: Callable[[], float] = time.monotonic
    results: list[Result] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    stopped: bool = False

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.started = self.clock()
        self.session: int | None = None  # opened in the store with the first answer

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
        result = Result(item.entry, scenario.title, feedback, seconds)
        if self.store is not None:
            from dealer_trainer.progress import Answer

            if self.session is None:
                self.session = self.store.start_session(self.trainee, self.mode)
            self.store.record(
                self.session,
                Answer(
                    trainee=self.trainee,
                    item=scenario.id,
                    topic=scenario.topic.slug,
                    mode=self.mode,
                    correct=feedback.correct,
                    ruleset=scenario.ruleset.name,
                    difficulty=scenario.difficulty,
                    given=feedback.given,
                    expected=feedback.expected,
                    seconds=round(seconds, 3),
                ),
            )
        self.results.append(result)
        return feedback

    def finish(self) -> Summary:
        """End the run (the store's session is closed) and sum it up."""
        if self.store is not None and self.session is not None:
            self.store.finish_session(self.session)
            self.session = None
        return self.summary()

    def summary(self) -> Summary:
        from dealer_trainer.rules.topics import TOPICS

        titles = {item.slug: item.title for item in TOPICS}
        scores: dict[str, list[int]] = {}
        for result in self.results:
            score = scores.setdefault(result.entry.topic, [0, 0])
            score[0] += result.feedback.correct
            score[1] += 1
        topics = tuple(
            TopicScore(slug, titles.get(slug, slug), right, asked)
            for slug, (right, asked) in scores.items()
        )
        return Summary(
            trainee=self.trainee,
            mode=self.mode,
            asked=len(self.results),
            right=sum(result.feedback.correct for result in self.results),
            planned=len(self.entries) - len(self.skipped),
            seconds=self.clock() - self.started,
            topics=topics,
            misses=tuple(result for result in self.results if not result.feedback.correct),
            stopped=self.stopped,
        )
