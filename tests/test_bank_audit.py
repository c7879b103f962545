"""The bank audit (`dealer-trainer scenarios audit`): a trainee who never reads the question must
not pass by the shape of the options, and one hand is one declared family."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_trainer.audit import MARGIN, AuditItem, audit, audit_items, parallel_problem

BANK = Path(__file__).resolve().parent.parent / "scenarios"

_HAND = """\
table: {seats: 3, button: 1, blinds: [1, 2], stacks: 100}
deck: []
setup: [post_blinds, deal]
"""


def _item(folder: Path, ident: str, options: list[str], key: int, **extra: str) -> None:
    lines = [
        f"id: {ident}",
        f"title: {extra.get('title', 'A hand at the table')}",
        "topic: misdeal",
        "difficulty: 1",
    ]
    if "family" in extra:
        lines.append(f"family: {extra['family']}")
    if "ruleset" in extra:
        lines.append(f"ruleset: {extra['ruleset']}")
    lines.append(extra.get("hand", _HAND).rstrip())
    lines += [
        "question:",
        "  kind: fact",
        "  fact: misdeal",
        "  ask: Is it a misdeal?",
        "  choices:",
    ]
    for index, text in enumerate(options):
        lines.append(f"    - text: {json.dumps(text)}")
        lines.append(f"      answer: {'true' if index == key else 'false'}")
        if index == key:
            lines.append("      correct: true")
    lines.append("  explain: Because.")
    (folder / f"{ident}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _hand(seed: int) -> str:
    return _HAND.replace("deck: []", f"seed: {seed}")


def test_keys_written_longest_are_found_by_picking_the_longest(tmp_path: Path) -> None:
    for n in range(6):
        _item(
            tmp_path,
            f"long-{n}",
            ["No.", "Yes, because two cards were exposed.", "Maybe."],
            key=1,
            hand=_hand(n),
        )
    found = audit([tmp_path])
    longest = {s.name: s for s in found.strategies}["longest"]
    assert longest.score == pytest.approx(100.0)
    assert longest.blind == pytest.approx(100 / 3)
    assert any("longest" in f for f in found.failures())


def test_keys_of_the_middle_length_are_found_by_picking_neither_extreme(tmp_path: Path) -> None:
    for n in range(6):
        _item(
            tmp_path,
            f"mid-{n}",
            ["No.", "Yes, it is one.", "Only if the button says so now."],
            key=1,
            hand=_hand(n),
        )
    found = audit([tmp_path])
    assert {s.name: s.score for s in found.strategies}["middle"] == pytest.approx(100.0)
    assert found.failures()


def test_keys_spread_over_lengths_score_as_blind_guessing(tmp_path: Path) -> None:
    options = ["No.", "Yes, it is one.", "Only if the button says so now."]
    for n in range(6):
        _item(tmp_path, f"even-{n}", options, key=n % 3, hand=_hand(n))
    found = audit([tmp_path])
    assert all(abs(s.margin) < 1e-9 for s in found.strategies)
    assert found.failures() == []


def test_tied_lengths_share_the_strategy_s_pick() -> None:
    item = AuditItem(id="tie", source="t", kind="choice", options=("aa", "bb", "c"), key=0)
    scores = {s.name: s.score for s in audit_items([item]).strategies}
    assert scores["longest"] == pytest.approx(50.0)
    assert scores["shortest"] == 0.0


def test_a_bare_number_among_numbers_with_reasons_is_not_parallel() -> None:
    assert parallel_problem(["4", "6: the raise", "8: the cap"]) is not None
    assert parallel_problem(["4: the bet", "6: the raise", "8: the cap"]) is None
    assert parallel_problem(["4", "6", "8"]) is None


def test_options_with_a_reason_beside_bare_ones_are_not_parallel() -> None:
    assert parallel_problem(["Misdeal: two cards exposed", "Play on", "Redeal"]) is not None
    assert parallel_problem(["Misdeal", "Play on", "Redeal"]) is None


def test_options_led_by_a_number_beside_words_are_not_parallel() -> None:
    assert parallel_problem(["3 cards", "Seat 4", "Nobody"]) is not None


def test_the_same_hand_asked_twice_is_an_undeclared_family(tmp_path: Path) -> None:
    _item(tmp_path, "twice-roberts", ["No.", "Yes.", "Maybe."], 0, ruleset="roberts")
    _item(tmp_path, "twice-tda", ["No.", "Yes.", "Maybe."], 1, ruleset="tda-2024")
    found = audit([tmp_path])
    assert [f.items for f in found.families] == [("twice-roberts", "twice-tda")]
    assert found.families[0].undeclared
    assert any("family" in f for f in found.failures())


def test_one_hand_declared_as_one_family_passes(tmp_path: Path) -> None:
    _item(tmp_path, "one-roberts", ["No.", "Yes.", "Maybe."], 0, family="one")
    _item(tmp_path, "one-tda", ["No.", "Yes.", "Maybe."], 1, family="one")
    assert not audit([tmp_path]).families[0].undeclared


def test_a_title_that_states_the_key_is_a_giveaway(tmp_path: Path) -> None:
    _item(
        tmp_path,
        "told",
        ["Play on.", "Redeal after a reshuffle.", "Kill the hand."],
        1,
        title="Reshuffle and redeal",
    )
    assert [g.item for g in audit([tmp_path]).giveaways] == ["told"]


def test_an_unreadable_file_is_reported_with_its_place(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    found = audit([tmp_path])
    assert found.unreadable and "bad.yaml" in found.unreadable[0].reason


def test_the_shipped_bank_cannot_be_passed_by_the_shape_of_its_options() -> None:
    found = audit([BANK])
    assert found.measured >= 250
    for strategy in found.strategies:
        assert strategy.margin <= MARGIN, strategy
    assert [f.items for f in found.families if f.undeclared] == []


def _command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dealer_trainer", "scenarios", "audit", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_prints_the_figures_as_json_and_fails_on_a_planted_bank(
    tmp_path: Path,
) -> None:
    for n in range(4):
        _item(
            tmp_path,
            f"cue-{n}",
            ["No.", "Yes, because two cards were exposed.", "Maybe."],
            key=1,
            hand=_hand(n),
        )
    done = _command(str(tmp_path), "--json")
    assert done.returncode == 1, done.stderr
    figures = json.loads(done.stdout)
    assert figures["ok"] is False
    assert {s["name"] for s in figures["strategies"]} == {"longest", "shortest", "middle"}


def test_the_command_passes_the_shipped_bank() -> None:
    done = _command(str(BANK))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "blind" in done.stdout


def test_the_command_names_a_missing_path_with_exit_2(tmp_path: Path) -> None:
    done = _command(str(tmp_path / "nowhere"))
    assert done.returncode == 2
    assert "nowhere" in done.stderr


_UNEVEN = """\
id: uneven-options
title: A hand at the table
topic: pitch-order
difficulty: 1
table: {seats: 3, button: 1, blinds: [1, 2], stacks: 100}
deck: []
setup: [post_blinds, deal]
question:
  kind: fact
  fact: misdeal
  ask: Is it a misdeal?
  choices:
    - {text: "Yes: a card went to the wrong seat", answer: true}
    - {text: "No", answer: false, correct: true}
  explain: Every seat got its two cards in turn.
"""


def _validate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dealer_trainer", "scenarios", "validate", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_validate_warns_about_options_not_in_one_form_and_still_passes(tmp_path: Path) -> None:
    item = tmp_path / "uneven.yaml"
    item.write_text(_UNEVEN, encoding="utf-8")
    done = _validate(str(item))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "warning: options not in one form" in done.stdout
    report = json.loads(_validate(str(item), "--json").stdout)
    assert report["invalid"] == 0
    assert "reason" in report["warnings"][0]["message"]


_SEAT_ASKED = """\
id: seat-asked
title: Who acts first
topic: action-order
difficulty: 1
table: {{seats: {seats}, button: 1, blinds: [1, 2], stacks: 100}}
deck: []
setup: [post_blinds, deal]
question:
  kind: fact
  fact: to_act
  ask: The cards are out. Who acts first?
  choices:
    - {{text: "Seat 1, the button", answer: 1, correct: {heads_up}}}
    - {{text: "Seat 2, the big blind", answer: 2}}{third}
  explain: The button acts first before the flop, heads-up and three-handed.
"""


def test_a_seat_asked_of_two_players_may_offer_the_two_seats_alone(tmp_path: Path) -> None:
    item = tmp_path / "heads-up.yaml"
    item.write_text(_SEAT_ASKED.format(seats=2, heads_up="true", third=""), encoding="utf-8")
    done = _validate(str(item))
    assert done.returncode == 0, done.stdout


def test_a_seat_asked_of_three_players_needs_three_options(tmp_path: Path) -> None:
    item = tmp_path / "three-handed.yaml"
    item.write_text(_SEAT_ASKED.format(seats=3, heads_up="true", third=""), encoding="utf-8")
    done = _validate(str(item))
    assert done.returncode == 1
    assert "at least three choices" in done.stdout
