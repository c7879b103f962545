"""Reading an exam blueprint (DESIGN.md, contract 3): every field typed and checked, every
error at its ``file:line:col``, and the two grammars of time (``time_limit``, ``valid_for``)."""

from __future__ import annotations

import shutil
from datetime import date, timedelta
from pathlib import Path

import pytest

from dealer_trainer.errors import ScriptError
from dealer_trainer.training.exam.blueprint import BlueprintErrors, Section
from dealer_trainer.training.exam.periods import (
    Period,
    Validity,
    parse_time_limit,
    parse_valid_for,
    show_time_limit,
)
from dealer_trainer.training.exam.reader import (
    load_blueprint,
    load_blueprint_text,
    shipped_blueprints,
)

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "tests" / "data" / "house_bank" / "house-reburn.yaml"

#: a valid blueprint; each test changes one line of it (the line numbers below are its own)
GOOD = """\
id: floor-basics
title: Floor basics
ruleset: tda-2024
time_limit: 45m
pass_mark: 80%
attempts: 3
valid_for: 18mo
sections:
  - {topics: [misdeal, extra-card], count: 3}
  - topics: [betting, side-pots]
    count: 4
    difficulty: [2, 3]
"""


def _with(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new)


def _errors(text: str) -> list[str]:
    with pytest.raises(BlueprintErrors) as caught:
        load_blueprint_text(text, "exam.yaml")
    return [str(error) for error in caught.value.errors]


def test_a_blueprint_is_read_into_typed_fields() -> None:
    blueprint = load_blueprint_text(GOOD, "exam.yaml")
    assert blueprint.id == "floor-basics"
    assert blueprint.title == "Floor basics"
    assert blueprint.ruleset.name == "tda-2024"
    assert blueprint.time_limit == timedelta(minutes=45)
    assert blueprint.pass_mark == 80
    assert blueprint.attempts == 3
    assert blueprint.valid_for == Validity(amount=18, unit=Period.MONTHS)
    assert blueprint.sections == (
        Section(topics=("misdeal", "extra-card"), count=3),
        Section(topics=("betting", "side-pots"), count=4, difficulty=(2, 3)),
    )
    assert [section.where for section in blueprint.sections] == ["exam.yaml:9:5", "exam.yaml:10:5"]
    assert blueprint.items == 7


def test_the_pass_mark_is_reached_exactly_without_rounding() -> None:
    blueprint = load_blueprint_text(_with("pass_mark: 80%", "pass_mark: 90%"), "exam.yaml")
    assert blueprint.passes(36, 40)
    assert not blueprint.passes(35, 40)
    assert not blueprint.passes(0, 0)


@pytest.mark.parametrize(
    ("old", "new", "place", "words"),
    [
        ("time_limit: 45m", "time_limit: 0m", "4:13", "at least 1m"),
        ("time_limit: 45m", "time_limit: -5m", "4:13", "positive"),
        ("time_limit: 45m", "time_limit: 9999y", "4:13", "hours, minutes and seconds"),
        ("time_limit: 45m", "time_limit: 25h", "4:13", "at most 24h"),
        ("time_limit: 45m", "time_limit: 45", "4:13", "write 45m"),
        ("pass_mark: 80%", "pass_mark: 120%", "5:12", "from 1% to 100%"),
        ("pass_mark: 80%", "pass_mark: 0%", "5:12", "from 1% to 100%"),
        ("pass_mark: 80%", "pass_mark: 80", "5:12", "write 80%"),
        ("attempts: 3", "attempts: 0", "6:11", "from 1 to 10"),
        ("attempts: 3", "attempts: 500", "6:11", "from 1 to 10"),
        ("attempts: 3", "attempts: two", "6:11", "whole number"),
        ("valid_for: 18mo", "valid_for: 9999y", "7:12", "at most ten years"),
        ("valid_for: 18mo", "valid_for: 0y", "7:12", "at least 1d"),
        ("valid_for: 18mo", "valid_for: 18m", "7:12", "write 18mo"),
        ("valid_for: 18mo", "valid_for: 2 years", "7:12", "days, weeks, months or years"),
        ("id: floor-basics", "id: Floor Basics", "1:5", "lower-case words"),
        ("ruleset: tda-2024", "ruleset: tda-2042", "3:10", "did you mean 'tda-2024'?"),
        ("ruleset: tda-2024", "ruleset: missing-house.yaml", "3:10", "unknown ruleset"),
    ],
)
def test_a_bad_value_is_refused_at_its_line_and_column(
    old: str, new: str, place: str, words: str
) -> None:
    (error,) = _errors(_with(old, new))
    assert error.startswith(f"exam.yaml:{place}: "), error
    assert words in error


def test_an_unknown_topic_is_refused_at_its_place_with_a_suggestion() -> None:
    (error,) = _errors(_with("[misdeal, extra-card]", "[misdeal, extra-crad]"))
    assert error.startswith("exam.yaml:9:24: unknown topic 'extra-crad'")
    assert "did you mean 'extra-card'?" in error


def test_unknown_fields_are_refused_with_a_suggestion_and_not_called_missing() -> None:
    errors = _errors(_with("title: Floor basics", "titel: Floor basics"))
    assert errors == [
        "exam.yaml:2:1: unknown field 'titel' (did you mean 'title'?); expected one of: "
        "attempts, id, pass_mark, ruleset, sections, time_limit, title, valid_for"
    ]
    errors = _errors(_with("    count: 4", "    cuont: 4"))
    assert len(errors) == 1 and errors[0].startswith("exam.yaml:11:5: unknown section field")
    assert "did you mean 'count'?" in errors[0]


def test_a_missing_field_is_named_and_every_error_is_reported_in_file_order() -> None:
    text = _with("attempts: 3\n", "").replace("time_limit: 45m", "time_limit: 0m")
    text = text.replace("count: 3", "count: 0").replace("difficulty: [2, 3]", "difficulty: [4]")
    errors = _errors(text)
    assert errors[0] == "exam.yaml:1:1: the blueprint has no 'attempts'"
    assert [error.split(": ")[0] for error in errors[1:]] == [
        "exam.yaml:4:13",
        "exam.yaml:8:44",
        "exam.yaml:11:18",
    ]


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("difficulty: [2, 3]", "difficulty: 2", "write [2]"),
        ("difficulty: [2, 3]", "difficulty: [2, 2]", "named twice"),
        ("[misdeal, extra-card]", "[misdeal, misdeal]", "named twice"),
        ("[misdeal, extra-card]", "[]", "an empty list"),
        ("count: 3", "count: 1000", "from 1 to 200"),
    ],
)
def test_a_bad_section_is_refused_inside_the_section(old: str, new: str, words: str) -> None:
    (error,) = _errors(_with(old, new))
    line = int(error.split(":")[1])
    assert line in (9, 10, 11, 12) and words in error, error


def test_a_file_that_is_not_a_mapping_or_has_no_sections_is_refused() -> None:
    with pytest.raises(ScriptError, match=r"^exam.yaml:1:1: a blueprint is a mapping"):
        load_blueprint_text("- just a list\n", "exam.yaml")
    (error,) = _errors(GOOD.split("sections:")[0] + "sections: []\n")
    assert error.startswith("exam.yaml:8:11: 'sections' must be a list")


def test_a_house_ruleset_file_beside_the_blueprint_is_its_ruleset(tmp_path: Path) -> None:
    shutil.copy(HOUSE, tmp_path / "house-reburn.yaml")
    path = tmp_path / "house-exam.yaml"
    path.write_text(_with("ruleset: tda-2024", "ruleset: house-reburn.yaml"), encoding="utf-8")
    assert load_blueprint(path).ruleset.name == "reburn-room"
    # an upload names it among the texts given, and reads no file
    text = path.read_text(encoding="utf-8")
    given = {"house-reburn.yaml": HOUSE.read_text(encoding="utf-8")}
    assert load_blueprint_text(text, "up.yaml", rulesets=given).ruleset.name == "reburn-room"
    with pytest.raises(BlueprintErrors, match=r"^up.yaml:3:10: unknown ruleset"):
        load_blueprint_text(text, "up.yaml", rulesets={})
    # a file beside it that is not there is named
    (tmp_path / "house-reburn.yaml").unlink()
    with pytest.raises(BlueprintErrors, match=r"house-exam.yaml:3:10: no such ruleset file"):
        load_blueprint(path)


def test_the_shipped_blueprint_is_the_tda_style_exam() -> None:
    (path,) = [p for p in shipped_blueprints() if p.name == "tda-style-dealer.yaml"]
    blueprint = load_blueprint(path)
    assert blueprint.ruleset.name == "tda-2024"
    assert (blueprint.items, blueprint.pass_mark, blueprint.attempts) == (40, 90, 2)
    assert blueprint.valid_for == Validity(amount=2, unit=Period.YEARS)
    assert blueprint.time_limit == timedelta(minutes=60)


# --- the grammars of time -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("60m", 3600), ("1h30m", 5400), ("90s", 90), ("2h", 7200), ("1m", 60), ("24h", 86400)],
)
def test_a_time_limit_reads_hours_minutes_and_seconds(text: str, seconds: int) -> None:
    limit = parse_time_limit(text)
    assert limit.total_seconds() == seconds
    assert parse_time_limit(show_time_limit(limit)) == limit


@pytest.mark.parametrize("text", ["0m", "-5m", "9999y", "59s", "24h1s", "30m1h", "1.5h", "", "m"])
def test_a_time_limit_outside_the_grammar_or_its_range_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="'time_limit'"):
        parse_time_limit(text)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("2y", date(2026, 3, 15), date(2028, 3, 15)),
        ("1y", date(2028, 2, 29), date(2029, 2, 28)),
        ("18mo", date(2026, 8, 31), date(2028, 2, 29)),
        ("1mo", date(2026, 1, 31), date(2026, 2, 28)),
        ("26w", date(2026, 1, 1), date(2026, 7, 2)),
        ("90d", date(2026, 1, 1), date(2026, 4, 1)),
    ],
)
def test_a_certificate_expires_on_the_same_day_or_the_months_last(
    text: str, start: date, end: date
) -> None:
    validity = parse_valid_for(text)
    assert str(validity) == text
    assert validity.expiry(start) == end


@pytest.mark.parametrize("text", ["18m", "0d", "11y", "121mo", "-1y", "2", "2 y", "2yr"])
def test_a_validity_outside_the_grammar_or_its_range_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="'valid_for'"):
        parse_valid_for(text)
