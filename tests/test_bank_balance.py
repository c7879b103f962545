"""The shipped scenario bank gives nothing away by its form, and every item cites its rule.

Issue 15: a trainee who can spot the right option by its length, or pick between two texts
that read the same, learns nothing. These checks read the YAML of every shipped scenario:

* the right option is the only shortest or the only longest in at most a third of the choice
  items (the texts measured with their whitespace folded);
* every choice item offers at least three choices, unless it is a yes/no question by nature
  (a ``misdeal`` fact, or choices whose answers are true and false);
* no item offers the same text twice (case and whitespace folded);
* every scenario names the rule it teaches (``rule:``), and the corpus knows that rule;
* every order question asks for three steps or more, and no two order questions share their
  correct step sequence (issue 16: two steps to order are a coin toss, and seven questions
  that are all "gather, shuffle, cut" teach one thing seven times).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from dealer_trainer.rules import corpus
from dealer_trainer.scenario import lint, load_scenario, recovery_steps, verify
from tests.yamlfast import FAST_LOADER

BANK = Path(__file__).resolve().parents[1] / "scenarios"


def _scenarios() -> Iterator[tuple[str, dict[str, Any]]]:
    for path in sorted(BANK.rglob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=FAST_LOADER)
        if isinstance(data, dict) and "question" in data:  # a house ruleset file is no item
            yield path.stem, data


SCENARIOS = dict(_scenarios())


def _folded(text: Any) -> str:
    return " ".join(str(text).split())


def _choice_items() -> dict[str, list[dict[str, Any]]]:
    return {
        name: data["question"]["choices"]
        for name, data in SCENARIOS.items()
        if data["question"].get("kind", "choice") in ("choice", "fact")
    }


def _yes_no(question: dict[str, Any]) -> bool:
    """Yes/no by nature: a misdeal fact, true/false answers, or two options "Yes: ..." and
    "No: ..." (as the validator's lint reads it)."""
    answers = [choice.get("answer") for choice in question["choices"]]
    starts = sorted(
        str(choice["text"]).split(maxsplit=1)[0].strip(",.;:").casefold()
        for choice in question["choices"]
    )
    return (
        question.get("fact") == "misdeal"
        or all(isinstance(a, bool) for a in answers)
        or starts == ["no", "yes"]
    )


def right_option_stands_out(choices: list[dict[str, Any]]) -> bool:
    """Whether the right option is the only shortest or the only longest of its item."""
    lengths = [len(_folded(choice["text"])) for choice in choices]
    right = next(i for i, choice in enumerate(choices) if choice.get("correct"))
    others = [length for i, length in enumerate(lengths) if i != right]
    return lengths[right] < min(others) or lengths[right] > max(others)


def test_the_bank_is_read() -> None:
    assert len(SCENARIOS) >= 100
    assert len(_choice_items()) >= 80


def test_right_option_stands_out_by_length_in_at_most_a_third_of_choice_items() -> None:
    items = _choice_items()
    standing_out = sorted(
        name for name, choices in items.items() if right_option_stands_out(choices)
    )
    assert len(standing_out) * 3 <= len(items), (
        f"{len(standing_out)} of {len(items)} choice items: {', '.join(standing_out)}"
    )


def test_right_option_stands_out_is_measured_on_the_only_shortest_or_longest() -> None:
    def item(*texts: str, right: int) -> list[dict[str, Any]]:
        return [{"text": t, "correct": i == right} for i, t in enumerate(texts)]

    assert right_option_stands_out(item("a", "bb", "ccc", right=0))
    assert right_option_stands_out(item("a", "bb", "ccc", right=2))
    assert not right_option_stands_out(item("a", "bb", "ccc", right=1))
    assert not right_option_stands_out(item("aa", "bb", "ccc", right=0))  # shortest, not only
    assert not right_option_stands_out(item("a  b", "a b", "abcd", right=1))  # spaces folded


@pytest.mark.parametrize("name", sorted(_choice_items()))
def test_every_choice_item_offers_three_choices_unless_yes_no_or_two_seats(name: str) -> None:
    """Two choices only for a yes/no question, or a seat asked of a hand two players are in
    (a third option would repeat a seat, and give the key away): the validator's own lint,
    on the engine's proof, agrees."""
    question = SCENARIOS[name]["question"]
    if _yes_no(question) or len(question["choices"]) >= 3:
        return
    assert question.get("fact") in ("to_act", "next_card_to", "showdown_first", "odd_chip"), name
    scenario = load_scenario(next(BANK.rglob(f"{name}.yaml")))
    assert lint(scenario, verify(scenario)) == [], name


@pytest.mark.parametrize("name", sorted(_choice_items()))
def test_no_item_offers_the_same_choice_text_twice(name: str) -> None:
    texts = [
        _folded(choice["text"]).casefold() for choice in SCENARIOS[name]["question"]["choices"]
    ]
    assert len(set(texts)) == len(texts), f"{name}: {texts}"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_scenario_cites_a_rule_of_the_corpus(name: str) -> None:
    cited = SCENARIOS[name].get("rule")
    assert isinstance(cited, str) and cited, f"{name} cites no rule"
    assert corpus.rule(cited).id == cited, f"{name}: {cited!r} is not spelt as the corpus id"


def _order_items() -> dict[str, tuple[str, ...]]:
    """Each order question's correct step sequence, as the engine compares it (waits dropped,
    ``shuffle`` read as ``reshuffle``)."""
    return {
        name: recovery_steps(tuple(data["question"]["order"]))
        for name, data in SCENARIOS.items()
        if data["question"].get("kind") == "order"
    }


def alike_orders(orders: Mapping[str, tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The groups of order questions (by name) that share one step sequence, the steps read
    as the engine reads them."""
    by_steps: dict[tuple[str, ...], list[str]] = {}
    for name, steps in orders.items():
        by_steps.setdefault(recovery_steps(steps), []).append(name)
    return [tuple(sorted(names)) for names in by_steps.values() if len(names) > 1]


def test_the_bank_has_order_questions() -> None:
    assert len(_order_items()) >= 3


@pytest.mark.parametrize("name", sorted(_order_items()))
def test_every_order_question_has_three_steps_or_more(name: str) -> None:
    steps = _order_items()[name]
    assert len(steps) >= 3, f"{name}: only {len(steps)} steps to order: {', '.join(steps)}"


def test_no_two_order_questions_share_a_step_sequence() -> None:
    assert alike_orders(_order_items()) == []


def test_order_questions_are_alike_when_their_steps_match_once_read_as_the_engine_does() -> None:
    orders = {
        "a": ("retrieve", "reshuffle", "cut"),
        "b": ("retrieve", "shuffle", "cut"),  # shuffle is reshuffle
        "c": ("set_aside", "reshuffle", "cut"),
    }
    assert alike_orders(orders) == [("a", "b")]
    assert alike_orders({"a": orders["a"], "c": orders["c"]}) == []
