"""Issue 15, items 7 and 8: the rules lookup reads a house ruleset whole, the wizard names the
right topic and the closest error and writes fact and order questions, the drill speaks in
dealer words and takes a house ruleset file."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import yaml

from dealer_trainer.authoring import draft, find_error, kinds
from dealer_trainer.cli.main import main
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.procedure.events import EVENT_WORDS
from dealer_trainer.rules.rulesets import builtin, load_ruleset
from dealer_trainer.scenario import load_scenario, verify
from dealer_trainer.training.drill.session import Drill
from dealer_trainer.whatif import compare, find_situations

FIRST_CARD_ONLY = "name: river-room\nbase: roberts\noptions:\n  exposed_misdeal_cards: 1\n"


@pytest.fixture
def house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("DEALER_TRAINER_DB", str(tmp_path / "progress.sqlite3"))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    path = tmp_path / "house.yaml"
    path.write_text(FIRST_CARD_ONLY, encoding="utf-8")
    return path


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out))


# --- rules what-if and diff under a house ruleset --------------------------------------------


def test_rrop_he_1_older_copies_house_second_card_exposed_is_no_misdeal(
    house: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _json(capsys, "rules", "what-if", "second card exposed", "--ruleset", str(house))
    found = doc["situations"]
    assert isinstance(found, list) and len(found) == 1
    assert found[0]["situation"] == "exposed_other_card"
    assert found[0]["misdeal"] is False
    assert found[0]["title"] == "The second card off the deck is exposed"
    assert "exposed_misdeal_cards: 1" in found[0]["when"]


def test_rrop_he_1_second_card_exposed_is_a_misdeal_under_roberts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = _json(capsys, "rules", "what-if", "second card exposed", "--ruleset", "roberts")
    found = doc["situations"]
    assert isinstance(found, list)
    assert [(f["situation"], f["misdeal"]) for f in found] == [("exposed_first_cards", True)]


def test_what_if_the_first_cards_under_the_house_says_which_card_is_a_misdeal(
    house: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "what-if", "exposed_first_cards", "--ruleset", str(house)]) == 0
    out = capsys.readouterr().out
    assert "The first card off the deck is exposed MISDEAL" in out
    assert "The first or second card" not in out
    assert re.search(
        r"^The second card off the deck is exposed  \[RRoP-HE 1; river-room\]", out, re.M
    )


def test_diff_of_roberts_and_a_first_card_only_house_finds_the_exposed_cards(
    house: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "diff", "roberts", str(house)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 of ")
    assert "0 of " not in out
    assert "covers: the first or the second card" in out
    assert "covers: the first card off the deck" in out
    doc = _json(capsys, "rules", "diff", "roberts", str(house))
    differ = doc["differ"]
    assert isinstance(differ, list)
    first = differ[0]
    assert first["situation"] == "exposed_first_cards"
    assert first["river-room"]["title"] == "The first card off the deck is exposed"


def test_a_house_substantial_action_option_moves_the_late_deal_errors(tmp_path: Path) -> None:
    path = tmp_path / "late.yaml"
    path.write_text("name: late-room\nbase: roberts\noptions:\n  substantial_action: tda\n")
    found = compare(builtin("roberts"), load_ruleset(path))
    assert {item.name for item, _, _ in found.differ} == {
        "late_wrong_seat",
        "late_wrong_count",
        "late_empty_seat",
        "joker_found",
        "joker_found_late",
    }


def test_find_situations_under_a_builtin_ruleset_is_one_reading_per_situation() -> None:
    readings, how = find_situations("premature_turn", builtin("tda-2024"))
    assert how == "name"
    assert [r.outcome.rule for r in readings] == ["TDA24 RP-5B"]


# --- the wizard -------------------------------------------------------------------------------


def test_wizard_error_in_topic_spelling_suggests_the_error_and_names_its_topic(
    house: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scenarios", "new", "--error", "premature-flop", "--yes"]) == 2
    err = capsys.readouterr().err
    assert "did you mean premature_flop (topic premature-flop)" in " ".join(err.split())
    assert "exposed_first_cards" not in err  # not the first topic's errors


def test_wizard_suggests_the_closest_error_of_a_misspelt_name() -> None:
    with pytest.raises(UsageError, match=r"did you mean premature_river \(topic premature-river\)"):
        find_error("premature_rivr")


def test_wizard_error_of_another_topic_names_its_own_topic() -> None:
    with pytest.raises(UsageError, match="topic premature-turn, not premature-flop"):
        find_error("premature_turn", "premature-flop")
    assert find_error("premature_turn", "premature-turn") == "premature_turn"


@pytest.mark.parametrize(
    ("error", "ruleset", "misdeal"),
    [
        ("exposed_first_cards", "roberts", True),
        ("boxed_card", "roberts", False),
        ("extra_card", "roberts", False),
        ("extra_card", "tda-2024", True),
    ],
)
def test_wizard_writes_a_misdeal_fact_question_the_engine_proves(
    house: Path, capsys: pytest.CaptureFixture[str], error: str, ruleset: str, misdeal: bool
) -> None:
    args = ["scenarios", "new", "--error", error, "--ruleset", ruleset, "--kind", "fact"]
    assert main([*args, "--yes", "--output", "fact.yaml"]) == 0, capsys.readouterr().err
    data = yaml.safe_load(Path("fact.yaml").read_text(encoding="utf-8"))
    question = data["question"]
    assert (question["kind"], question["fact"]) == ("fact", "misdeal")
    assert question["ask"] == "Is this a misdeal?"
    right = [choice for choice in question["choices"] if choice.get("correct")]
    assert [choice["answer"] for choice in right] == [misdeal]
    assert verify(load_scenario(Path("fact.yaml"))).fact is misdeal


def test_wizard_refuses_an_order_question_of_fewer_than_three_steps() -> None:
    tda = builtin("tda-2024")
    assert "order" not in dict(kinds("premature_turn", tda))
    assert "order" in dict(kinds("premature_turn", builtin("roberts")))
    table = {"seats": 3, "button": 1, "blinds": [1, 2], "stacks": 100}
    with pytest.raises(ScriptError, match="needs 3 or more"):
        draft(name="premature_turn", ruleset=tda, table=table, ident="x", kind="order")


# --- the drill --------------------------------------------------------------------------------

_SNAKE_EVENTS = [name for name in EVENT_WORDS if "_" in name]


def test_drill_feedback_says_the_moves_in_dealer_words() -> None:
    told: list[str] = []
    with Drill(seed=3, rate=1.0) as drill:
        for _ in range(40):
            point = drill.point()
            wrong = [o for o in point.options if o.event not in point.allowed]
            judgement = drill.choose(wrong[0] if wrong else point.options[0])
            if not judgement.correct:
                told.append(judgement.said)
    assert told
    for said in told:
        assert "expected:" not in said
        assert not any(re.search(rf"\b{name}\b", said) for name in _SNAKE_EVENTS), said
        assert said.startswith('"')  # the move as it was offered
    assert any("due: cut the deck" in said or "due: shuffle" in said for said in told)


def test_drill_cli_takes_a_house_ruleset_file(
    house: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n" * 15))
    argv = ["drill", "--trainee", "Di", "--seed", "4", "--rate", "1", "--ruleset", str(house)]
    assert main([*argv, "--answers", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dealer drill: river-room rules")
    assert "expected: " not in out
    assert out.rstrip().endswith(f"--ruleset {house}")


def test_drill_refuses_an_unknown_ruleset_with_what_it_takes(
    house: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["drill", "--trainee", "Di", "--ruleset", "robert", "--answers", "-"]) == 2
    assert "or a house ruleset file" in capsys.readouterr().err
