"""docs/authoring.md's topics table is generated from the topics (rules/topics.py), so it names
every topic and every dealer error a scenario may set up; and its question table names every
question kind (scenario/kinds.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_trainer import topics_doc
from dealer_trainer.procedure.rulings import situations_of
from dealer_trainer.rules.topics import TOPICS, Topic
from dealer_trainer.scenario import KINDS, QUESTION_KINDS

PAGE = Path(__file__).resolve().parent.parent / "docs" / "authoring.md"


def _table() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text[text.index(topics_doc.BEGIN) : text.index(topics_doc.END) + len(topics_doc.END)]


def test_the_topics_table_in_authoring_md_is_current() -> None:
    assert _table() + "\n" == topics_doc.render(), (
        f"the topics table of docs/authoring.md is stale: run `{topics_doc.COMMAND}`"
    )


@pytest.mark.parametrize("item", TOPICS, ids=lambda item: item.slug)
def test_the_topics_table_names_the_topic_and_each_of_its_errors(item: Topic) -> None:
    rows = [line for line in _table().splitlines() if line.startswith(f"| `{item.slug}` |")]
    assert len(rows) == 1
    for name in situations_of(item.slug):
        assert f"`{name}`" in rows[0]


def test_a_topic_added_to_topics_changes_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    more = (*TOPICS, Topic("new-topic", "A topic not yet in the page", "procedure"))
    monkeypatch.setattr(topics_doc, "TOPICS", more)
    assert "`new-topic`" in topics_doc.render()
    assert topics_doc.render() != _table() + "\n"


def test_updating_the_page_replaces_only_the_table() -> None:
    text = PAGE.read_text(encoding="utf-8")
    stale = text.replace("| `burns` | Burn cards |", "| `burns` | Old words |")
    assert stale != text
    assert topics_doc.update(stale) == text


def test_authoring_md_names_every_question_kind() -> None:
    text = PAGE.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `kind` |"))
    assert [kind for kind in KINDS if f"`{kind}`" not in row] == []
    assert len(QUESTION_KINDS) == len(KINDS)
