"""The quiz logic, without a terminal: selection, asking, grading, keeping the answers."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.errors import UsageError
from dealer_trainer.rules.corpus import rule
from dealer_trainer.rules.rulesets import is_ruleset_file
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.scenario import bank_dir, load_scenario, recovery_steps
from dealer_trainer.training.quiz import (
    Entry,
    Item,
    Quiz,
    Selection,
    catalogue,
    grade,
    prepare,
    select,
)
from dealer_trainer.training.review import due_entries

BANK, PROBLEMS = catalogue(bank_dir())


class _Prepared(Mapping[str, Item]):
    """Every bank entry by id, prepared with ``random.Random(5)`` when a test first asks for
    it: the ids alone parametrize the tests (preparing all 310 at import cost every pytest
    worker a second)."""

    def __init__(self, entries: list[Entry]) -> None:
        self._entries = {entry.id: entry for entry in entries}
        self._items: dict[str, Item] = {}

    def __getitem__(self, entry_id: str) -> Item:
        if entry_id not in self._items:
            self._items[entry_id] = prepare(self._entries[entry_id], random.Random(5))
        return self._items[entry_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


ITEMS = _Prepared(BANK)


def _right(item: Any) -> list[str]:
    question = item.scenario.question
    if question.kind == "order":
        return [f"s{index}" for index in range(len(question.order))]
    if question.kind == "number":  # typed: the engine's value
        return [str(item.proved.fact)]
    return [f"c{next(i for i, c in enumerate(question.choices) if c.correct)}"]


# --- the catalogue ----------------------------------------------------------------------------


def test_catalogue_lists_every_bank_file_as_the_full_parser_reads_it() -> None:
    assert PROBLEMS == []
    # a bank folder may also hold the house ruleset files its scenarios name
    files = [path for path in bank_dir().rglob("*.yaml") if not is_ruleset_file(path)]
    assert len(BANK) == len(files) > 100
    for entry in BANK:
        scenario = load_scenario(entry.path)
        found = (scenario.id, scenario.topic.slug, scenario.difficulty, scenario.ruleset.name)
        assert found == (entry.id, entry.topic, entry.difficulty, entry.ruleset), entry.path


def test_catalogue_parses_in_full_what_its_quick_read_cannot_trust(tmp_path: Path) -> None:
    source = next(entry for entry in BANK if entry.id == "burns-all-in-next-step").path
    text = source.read_text()
    assert "ruleset: tda-2024" in text and "\nruleset:" not in text  # named inside the table
    (tmp_path / "a.yaml").write_text(text)
    quoted = text.replace("id: burns-all-in-next-step", 'id: "quoted-id"')
    (tmp_path / "b.yaml").write_text(quoted)
    entries, problems = catalogue(tmp_path)
    assert problems == []
    assert [(e.id, e.ruleset) for e in entries] == [
        ("burns-all-in-next-step", "tda-2024"),
        ("quoted-id", "tda-2024"),
    ]


def test_catalogue_reads_a_ruleset_named_in_a_one_line_table_without_parsing_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dealer_trainer.scenario

    text = next(entry for entry in BANK if entry.id == "burns-all-in-next-step").path.read_text()
    flow = "table: {seats: 2, button: 1, blinds: [5, 10], stacks: 600, ruleset: tda-2024}"
    assert flow in text
    (tmp_path / "a.yaml").write_text(text)
    block = "table:\n  seats: 2\n  button: 1\n  blinds: [5, 10]\n  stacks: 600\n  ruleset: tda-2024"
    (tmp_path / "b.yaml").write_text(text.replace(flow, block).replace("-next-step", "-block"))
    parsed: list[str] = []
    real = dealer_trainer.scenario.load_scenario

    def load_scenario(path: Path) -> Any:
        parsed.append(path.name)
        return real(path)

    monkeypatch.setattr(dealer_trainer.scenario, "load_scenario", load_scenario)
    entries, problems = catalogue(tmp_path)
    assert problems == []
    assert [(e.id, e.ruleset) for e in entries] == [
        ("burns-all-in-next-step", "tda-2024"),
        ("burns-all-in-block", "tda-2024"),
    ]
    assert parsed == ["b.yaml"]  # a ruleset named anywhere else: the file is parsed in full


def test_catalogue_leaves_out_a_broken_file_and_says_where(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("id: x\ntitle: [unclosed\n")
    good = next(entry for entry in BANK if entry.id == "exposed-card-misdeal-order").path
    (tmp_path / "good.yaml").write_text(good.read_text())
    entries, problems = catalogue(tmp_path)
    assert [entry.id for entry in entries] == ["exposed-card-misdeal-order"]
    assert len(problems) == 1 and "bad.yaml:" in problems[0]


# --- selecting --------------------------------------------------------------------------------


def test_select_filters_by_topic_level_and_ruleset() -> None:
    chosen = select(
        BANK,
        Selection(topics=("premature-turn",), difficulty=2, ruleset="roberts", length=None),
        random.Random(1),
    )
    assert chosen
    assert all(
        (e.topic, e.difficulty, e.ruleset) == ("premature-turn", 2, "roberts") for e in chosen
    )
    expected = [
        e for e in BANK if (e.topic, e.difficulty, e.ruleset) == ("premature-turn", 2, "roberts")
    ]
    assert sorted(chosen, key=lambda e: e.id) == sorted(expected, key=lambda e: e.id)


def test_select_spreads_a_short_quiz_over_the_topics() -> None:
    topics = {entry.topic for entry in BANK}
    chosen = select(BANK, Selection(length=len(topics)), random.Random(3))
    assert len({entry.topic for entry in chosen}) == len(topics)


def test_select_is_reproducible_with_a_seed_and_varies_without_one() -> None:
    first = select(BANK, Selection(length=10), random.Random(42))
    assert first == select(BANK, Selection(length=10), random.Random(42))
    orders = {
        tuple(e.id for e in select(BANK, Selection(length=10), random.Random(n))) for n in range(5)
    }
    assert len(orders) > 1


def test_select_all_takes_every_matching_scenario_once_and_one_of_each_family() -> None:
    chosen = select(BANK, Selection(length=None), random.Random(0))
    ids = [e.id for e in chosen]
    assert len(ids) == len(set(ids))
    assert {e.id for e in BANK if e.family is None} <= set(ids)
    families = [e.family for e in chosen if e.family is not None]
    assert sorted(families) == sorted({e.family for e in BANK if e.family is not None})


def test_due_entries_keep_the_schedule_order_and_skip_items_not_in_the_bank() -> None:
    class Due:
        def __init__(self, item: str) -> None:
            self.item = item

    ids = [BANK[3].id, "drill:premature_turn", BANK[0].id]
    assert [e.id for e in due_entries([Due(i) for i in ids], BANK)] == [BANK[3].id, BANK[0].id]  # type: ignore[arg-type]


# --- asking and grading -----------------------------------------------------------------------


@pytest.mark.parametrize("entry_id", sorted(ITEMS))
def test_every_bank_question_grades_its_key_right_and_every_other_answer_wrong(
    entry_id: str,
) -> None:
    item = ITEMS[entry_id]
    question = item.scenario.question
    assert grade(item, _right(item)).correct
    if question.kind == "order":
        key = recovery_steps(question.order)
        for order in itertools.permutations(range(len(question.order))):
            steps = recovery_steps(tuple(question.order[i] for i in order))
            feedback = grade(item, [f"s{i}" for i in order])
            assert feedback.correct == (steps == key)
    elif question.kind == "number":
        for other in (item.proved.fact - 1, item.proved.fact + 1, 0):
            assert grade(item, [str(other)]).correct == (other == item.proved.fact)
    else:
        for index, choice in enumerate(question.choices):
            assert grade(item, [f"c{index}"]).correct == choice.correct


def test_feedback_gives_the_engines_recovery_steps_and_the_cited_rule() -> None:
    item = ITEMS["exposed-card-misdeal-order"]
    feedback = grade(item, ["s2", "s1", "s0"])
    assert not feedback.correct
    assert feedback.steps == item.proved.words and len(feedback.steps) >= 3
    assert feedback.rule == "TDA24-35-A-7"
    assert feedback.rule_title == rule("TDA24-35-A-7").title
    assert feedback.rule_text == rule("TDA24-35-A-7").text
    assert feedback.explain == item.scenario.question.explain
    assert (
        feedback.expected.split("; ")[0]
        == "Call a misdeal: bring every card dealt back to the deck"
    )


@pytest.mark.parametrize("entry_id", sorted(ITEMS))
def test_every_cited_rule_resolves_in_the_corpus(entry_id: str) -> None:
    feedback = grade(ITEMS[entry_id], _right(ITEMS[entry_id]))
    if feedback.rule is not None:
        assert feedback.rule_title, f"{feedback.rule} is not in the corpus"


def test_order_options_are_shown_shuffled_never_in_the_key_order() -> None:
    orders = [item for item in ITEMS.values() if item.kind == "order"]
    assert orders
    for item in orders:
        assert [o.value for o in item.options] != [f"s{i}" for i in range(len(item.options))]
        assert sorted(o.value for o in item.options) == [f"s{i}" for i in range(len(item.options))]


def test_choices_are_shuffled_with_the_seed() -> None:
    entry = next(e for e in BANK if e.id == "big-blind-option-next-step")
    layouts = {tuple(o.value for o in prepare(entry, random.Random(n)).options) for n in range(8)}
    assert len(layouts) > 1
    one = prepare(entry, random.Random(7)).options
    assert one == prepare(entry, random.Random(7)).options


def test_a_fact_question_hides_the_fact_it_asks_from_the_table() -> None:
    hidden = {item.scenario.question.fact: item.hidden for item in ITEMS.values()}
    assert hidden["to_act"] == {"to_act"}
    assert hidden["burns"] == {"burns"}
    assert hidden["pot"] == {"pot", "in_front"}  # issue 15: the bets in front add up to it
    assert hidden["next_step"] == frozenset()


def test_grade_refuses_an_answer_that_names_no_option() -> None:
    item = ITEMS["big-blind-option-next-step"]
    with pytest.raises(UsageError):
        grade(item, ["c9"])
    with pytest.raises(UsageError):
        grade(item, ["c0", "c1"])
    order = ITEMS["exposed-card-misdeal-order"]
    with pytest.raises(UsageError):
        grade(order, ["s0", "s0", "s1"])


# --- a run ------------------------------------------------------------------------------------


class FakeStore:
    """Records what the quiz saves, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def start_session(self, trainee: str, mode: str) -> int:
        self.calls.append(("start", (trainee, mode)))
        return 7

    def record(self, session: int, answer: Any) -> None:
        self.calls.append(("record", (session, answer)))

    def finish_session(self, session: int) -> None:
        self.calls.append(("finish", session))


def test_quiz_saves_each_answer_before_it_returns_and_sums_up_per_topic() -> None:
    entries = [
        e for e in BANK if e.id in ("big-blind-option-next-step", "exposed-card-misdeal-order")
    ]
    store = FakeStore()
    ticks = iter(range(100))
    quiz = Quiz("Ann", entries, seed=1, store=store, clock=lambda: float(next(ticks)))  # type: ignore[arg-type]
    answered = []
    for item in quiz.items():
        wrong = item.kind != "order"
        answer = [o.value for o in item.options][:1] if wrong else _right(item)
        if wrong and grade(item, answer).correct:
            answer = [o.value for o in item.options][1:2]
        quiz.answer(item, answer, 2.5)
        answered.append(store.calls[-1])
        assert store.calls[-1][0] == "record"  # saved before answer() returned
    summary = quiz.finish()
    assert store.calls[0] == ("start", ("Ann", "quiz"))
    assert store.calls[-1] == ("finish", 7)
    saved = [call[1][1] for call in answered]
    assert [a.item for a in saved] == [e.id for e in entries]
    assert all(a.trainee == "Ann" and a.mode == "quiz" and a.seconds == 2.5 for a in saved)
    assert [a.correct for a in saved] == [a.item == "exposed-card-misdeal-order" for a in saved]
    assert summary.asked == 2 and summary.right == 1 and summary.planned == 2
    assert {t.topic: (t.right, t.asked) for t in summary.topics} == {
        "big-blind-option": (0, 1),
        "exposed-card": (1, 1),
    }
    assert [m.item for m in summary.misses] == ["big-blind-option-next-step"]
    assert summary.seconds > 0
    data = summary.to_dict()
    assert data["accuracy"] == 0.5 and data["misses"][0]["id"] == "big-blind-option-next-step"


def test_every_topic_title_in_a_summary_is_the_topics_own() -> None:
    titles = {t.slug: t.title for t in TOPICS}
    quiz = Quiz("Bo", [BANK[0]], seed=2)
    item = next(iter(quiz.items()))
    quiz.answer(item, _right(item), 1.0)
    (score,) = quiz.finish().topics
    assert score.title == titles[BANK[0].topic]


def test_entry_is_plain_data() -> None:
    entry = BANK[0]
    assert isinstance(entry, Entry)
    with pytest.raises(AttributeError):
        entry.id = "x"  # type: ignore[misc]


def test_catalogue_names_a_house_ruleset_as_its_file_declares_it() -> None:
    # a bank folder may keep the house ruleset its scenarios name: the quick read cannot know
    # the ruleset's name from its file name, so such a scenario is parsed in full
    entries, problems = catalogue(Path(__file__).parent / "data" / "house_bank")
    assert problems == []
    assert [(entry.id, entry.ruleset) for entry in entries] == [
        ("burn-error-exposed-burn-reburn", "reburn-room")
    ]
