"""Whether a bank can fill an exam's sections, and an attempt's draw: every section gets its
count, never two items of one family nor one item twice (even across sections), never a
retired item, each item on the section's topics and difficulty and under the exam's ruleset;
the same seed draws the same attempt, and seeds differ."""

from __future__ import annotations

import itertools
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.rulesets import builtin
from dealer_trainer.training.catalogue import Entry
from dealer_trainer.training.exam.blueprint import (
    FIELDS,
    SECTION_FIELDS,
    Blueprint,
    BlueprintErrors,
    Section,
)
from dealer_trainer.training.exam.check import check_blueprint_text
from dealer_trainer.training.exam.draw import Draw, draw_attempt, lay_out
from dealer_trainer.training.exam.fill import bank_for_exams, family_of, fill_errors, pools
from dealer_trainer.training.exam.periods import Period, Validity
from dealer_trainer.training.exam.reader import (
    load_blueprint,
    load_blueprint_text,
    shipped_blueprints,
)
from tests.strategies import examples

BANK, _PROBLEMS = bank_for_exams()
(SHIPPED,) = [load_blueprint(p) for p in shipped_blueprints() if p.stem == "tda-style-dealer"]
TOPICS = ("misdeal", "extra-card", "odd-chip")


def _blueprint(*sections: Section, ruleset: str = "tda-2024") -> Blueprint:
    return Blueprint(
        id="made-up",
        title="Made up",
        ruleset=builtin(ruleset),
        time_limit=timedelta(minutes=30),
        pass_mark=90,
        attempts=2,
        valid_for=Validity(amount=2, unit=Period.YEARS),
        sections=sections,
    )


def _entry(ident: str, topic: str, *, level: int = 2, family: str | None = None) -> Entry:
    return Entry(ident, topic, level, "tda-2024", Path(f"{ident}.yaml"), family=family)


def _assert_sound(draw: Draw, blueprint: Blueprint, retired: frozenset[str]) -> None:
    """Every property an attempt's draw must have."""
    assert [len(items) for items in draw.sections] == [s.count for s in blueprint.sections]
    families = [family_of(item.entry) for item in draw.items]
    assert len(set(families)) == len(families), "a family twice"
    assert len({item.id for item in draw.items}) == len(draw.items), "an item twice"
    for index, (section, items) in enumerate(zip(blueprint.sections, draw.sections, strict=True)):
        for item in items:
            assert item.section == index
            assert item.id not in retired
            assert item.entry.ruleset == blueprint.ruleset.name
            assert section.admits(topic=item.entry.topic, difficulty=item.entry.difficulty)


# --- the shipped blueprint and bank -----------------------------------------------------------


def test_the_bank_fills_the_shipped_blueprint_under_one_item_per_family() -> None:
    assert _PROBLEMS == []
    assert fill_errors(SHIPPED, BANK) == []
    # each section has more than it asks for: an attempt is a real choice
    available = [len(pool) for pool in pools(SHIPPED, BANK)]
    assert all(n > s.count for n, s in zip(available, SHIPPED.sections, strict=True)), available


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_every_draw_of_the_shipped_exam_is_sound(seed: int) -> None:
    _assert_sound(draw_attempt(SHIPPED, BANK, seed), SHIPPED, frozenset())


def test_the_same_seed_draws_the_same_attempt_in_any_order_of_the_bank() -> None:
    first = draw_attempt(SHIPPED, BANK, 11)
    assert draw_attempt(SHIPPED, list(reversed(BANK)), 11) == first
    assert [item.id for item in first.items] == [
        item.id for item in draw_attempt(SHIPPED, BANK, 11).items
    ]


def test_seeds_draw_different_attempts() -> None:
    drawn = {
        tuple(item.id for item in draw_attempt(SHIPPED, BANK, seed).items) for seed in range(8)
    }
    assert len(drawn) == 8
    # and, across seeds, a section draws from all over its pool (not always the same few)
    seen = {item.id for seed in range(40) for item in draw_attempt(SHIPPED, BANK, seed).sections[0]}
    assert len(seen) > 25


def test_an_items_options_are_laid_out_the_same_under_its_seed() -> None:
    draw = draw_attempt(SHIPPED, BANK, 5)
    item = next(i for i in draw.items if len(lay_out(i).options) >= 3)
    order = [option.value for option in lay_out(item).options]
    assert [option.value for option in lay_out(item).options] == order
    assert sorted(order) == sorted(f"{order[0][0]}{i}" for i in range(len(order)))
    # other seeds lay the same item out in other orders
    orders = {
        tuple(o.value for o in lay_out(type(item)(entry=item.entry, section=0, seed=s)).options)
        for s in range(12)
    }
    assert len(orders) > 1


def test_a_retired_item_is_never_drawn() -> None:
    retired = frozenset(item.id for item in draw_attempt(SHIPPED, BANK, 3).items)
    for seed in range(5):
        _assert_sound(draw_attempt(SHIPPED, BANK, seed, retired), SHIPPED, retired)


# --- what the bank cannot fill ----------------------------------------------------------------

#: a blueprint whose second section asks for more odd-chip items than the bank has (tda-2024)
SHORT = """\
id: short-exam
title: Short
ruleset: tda-2024
time_limit: 30m
pass_mark: 90%
attempts: 2
valid_for: 2y
sections:
  - {topics: [misdeal], count: 2}
  - {topics: [odd-chip], count: 40}
"""


def test_a_count_the_bank_cannot_fill_is_refused_at_the_sections_line() -> None:
    checked = check_blueprint_text(SHORT, "short.yaml", BANK)
    assert checked.blueprint is None
    (error,) = checked.errors
    odd_chips = sum(1 for e in BANK if e.topic == "odd-chip" and e.ruleset == "tda-2024")
    assert str(error) == (
        "short.yaml:10:5: the bank cannot fill this section: it asks for 40 items on odd-chip, "
        f"and the bank has {odd_chips} (under tda-2024, one item per family)"
    )
    # and no attempt is drawn from it
    with pytest.raises(BlueprintErrors, match=r"^short.yaml:10:5: the bank cannot fill"):
        draw_attempt(load_blueprint_text(SHORT, "short.yaml"), BANK, 1)


def test_the_fill_is_checked_even_when_other_fields_have_errors() -> None:
    text = SHORT.replace("time_limit: 30m", "time_limit: 0m")
    errors = [str(e) for e in check_blueprint_text(text, "short.yaml", BANK).errors]
    assert [e.split(": ")[0] for e in errors] == ["short.yaml:4:13", "short.yaml:10:5"]


def test_sections_sharing_topics_compete_for_the_same_families() -> None:
    odd, side = (
        {family_of(e) for e in BANK if e.topic == t and e.ruleset == "tda-2024"}
        for t in ("odd-chip", "side-pots")
    )
    both = len(odd) + len(side)
    # each section alone could be filled; together they ask for one more than there is
    text = SHORT.replace(
        "  - {topics: [misdeal], count: 2}\n",
        f"  - {{topics: [odd-chip, side-pots], count: {both - len(odd) + 1}}}\n",
    ).replace("count: 40", f"count: {len(odd)}")
    errors = [str(e) for e in check_blueprint_text(text, "two.yaml", BANK).errors]
    assert [e.split(": ")[0] for e in errors] == ["two.yaml:9:5", "two.yaml:10:5"]
    assert "the section at line 10" in errors[0] and "the section at line 9" in errors[1]
    assert f"together they ask for {both + 1} items, and the bank has {both} for them" in errors[0]
    # one fewer, and it fills
    fits = text.replace(f"count: {both - len(odd) + 1}", f"count: {both - len(odd)}")
    assert check_blueprint_text(fits, "two.yaml", BANK).valid


def test_retired_items_count_against_the_fill() -> None:
    blueprint = _blueprint(Section(topics=("odd-chip",), count=1))
    odd = [e.id for e in BANK if e.topic == "odd-chip" and e.ruleset == "tda-2024"]
    assert fill_errors(blueprint, BANK, frozenset(odd[1:])) == []
    (error,) = fill_errors(blueprint, BANK, frozenset(odd))
    assert "the bank has 0 (under tda-2024, one item per family, retired items left out)" in str(
        error
    )


def test_items_under_another_ruleset_or_difficulty_are_not_drawn() -> None:
    roberts_only = [e for e in BANK if e.ruleset == "roberts"]
    blueprint = _blueprint(Section(topics=("misdeal",), count=1))
    assert fill_errors(blueprint, roberts_only)
    hard = _blueprint(Section(topics=("misdeal",), count=2, difficulty=(3,)))
    hard_misdeals = {
        e.id for e in BANK if (e.topic, e.difficulty, e.ruleset) == ("misdeal", 3, "tda-2024")
    }
    assert len(hard_misdeals) == 1 and fill_errors(hard, BANK)


def test_one_family_fills_one_place_however_many_rulebooks_ask_it() -> None:
    pair = [
        _entry("a-tda", "misdeal", family="one-hand"),
        _entry("b-tda", "misdeal", family="one-hand"),
    ]
    blueprint = _blueprint(Section(topics=("misdeal",), count=2))
    assert fill_errors(blueprint, pair)
    assert fill_errors(blueprint, [*pair, _entry("c", "misdeal")]) == []


def test_an_item_an_earlier_section_could_take_is_left_to_the_section_that_needs_it() -> None:
    # the first section could take either item; only the exact matching leaves it the other one
    bank = [_entry("a-misdeal", "misdeal"), _entry("b-extra", "extra-card")]
    blueprint = _blueprint(
        Section(topics=("misdeal", "extra-card"), count=1), Section(topics=("misdeal",), count=1)
    )
    assert fill_errors(blueprint, bank) == []
    for seed in range(6):
        draw = draw_attempt(blueprint, bank, seed)
        assert [[i.id for i in items] for items in draw.sections] == [["b-extra"], ["a-misdeal"]]


# --- the matching is exact: against every assignment, on small banks -------------------------


@st.composite
def _banks(draw: st.DrawFn) -> tuple[list[Entry], Blueprint, frozenset[str]]:
    count = draw(st.integers(1, 7))
    entries = [
        Entry(
            f"item-{i}",
            draw(st.sampled_from(TOPICS)),
            draw(st.integers(2, 3)),
            draw(st.sampled_from(["tda-2024"] * 4 + ["roberts"])),
            Path(f"item-{i}.yaml"),
            family=draw(st.sampled_from([None, None, "f-a", "f-b"])),
        )
        for i in range(count)
    ]
    sections = draw(
        st.lists(
            st.builds(
                lambda topics, n, levels: Section(
                    topics=tuple(topics), count=n, difficulty=tuple(sorted(levels))
                ),
                st.lists(st.sampled_from(TOPICS), min_size=1, max_size=2, unique=True),
                st.integers(1, 2),
                st.sampled_from([{1, 2, 3}, {1, 2, 3}, {2, 3}, {2}, {3}]),
            ),
            min_size=1,
            max_size=3,
        )
    )
    retired = frozenset(draw(st.sets(st.sampled_from([e.id for e in entries]))) if entries else ())
    return entries, _blueprint(*sections), retired


def _fillable(entries: list[Entry], blueprint: Blueprint, retired: frozenset[str]) -> bool:
    """Brute force: some choice of one section (or none) per item fills every section with
    no family twice."""
    usable = [e for e in entries if e.id not in retired and e.ruleset == blueprint.ruleset.name]
    where = [None, *range(len(blueprint.sections))]
    for choice in itertools.product(where, repeat=len(usable)):
        taken = [(e, s) for e, s in zip(usable, choice, strict=True) if s is not None]
        families = [family_of(e) for e, _ in taken]
        if len(set(families)) < len(families):
            continue
        if not all(
            blueprint.sections[s].admits(topic=e.topic, difficulty=e.difficulty) for e, s in taken
        ):
            continue
        filled = [sum(1 for _, s in taken if s == i) for i in range(len(blueprint.sections))]
        if filled == [s.count for s in blueprint.sections]:
            return True
    return False


@settings(max_examples=examples(150), deadline=None)
@given(case=_banks(), seed=st.integers(0, 2**32))
def test_the_fill_check_agrees_with_every_possible_assignment_and_the_draw_with_it(
    case: tuple[list[Entry], Blueprint, frozenset[str]], seed: int
) -> None:
    entries, blueprint, retired = case
    errors = fill_errors(blueprint, entries, retired)
    assert (errors == []) == _fillable(entries, blueprint, retired)
    if errors:
        with pytest.raises(BlueprintErrors):
            draw_attempt(blueprint, entries, seed, retired)
    else:
        draw = draw_attempt(blueprint, entries, seed, retired)
        _assert_sound(draw, blueprint, retired)
        assert draw_attempt(blueprint, entries, seed, retired) == draw


# --- docs/exams.md -----------------------------------------------------------------------------


def test_the_blueprint_in_docs_exams_md_is_valid_and_its_tables_name_every_field() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "exams.md").read_text(encoding="utf-8")
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    checked = check_blueprint_text(example, "docs/exams.md", BANK)
    assert checked.errors == ()
    assert checked.blueprint is not None and checked.blueprint.items == 40
    for name in (*FIELDS, *SECTION_FIELDS):
        assert f"| `{name}` |" in doc, name
