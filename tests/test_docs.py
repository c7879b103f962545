"""Generated docs stay current; the examples in the docs do what the docs say."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from dealer_trainer import irregularities_doc, replay
from dealer_trainer.handscript import EVENT_ARGS
from dealer_trainer.procedure.rulings import AUTO_STEPS, SITUATIONS, WAITS, Situation
from dealer_trainer.procedure_doc import render
from dealer_trainer.rules.rulesets import BUILTIN, load_ruleset

ROOT = Path(__file__).resolve().parent.parent


def test_procedure_diagram_is_current() -> None:
    committed = (ROOT / "docs" / "procedure.md").read_text(encoding="utf-8")
    assert committed == render(), (
        "docs/procedure.md is stale: run "
        "`python -m dealer_trainer.procedure_doc > docs/procedure.md`"
    )


def test_procedure_diagram_shows_every_state_and_event() -> None:
    text = render()
    for name in ("shuffling", "dealing", "preflop", "flop_burn", "showdown", "hand_over"):
        assert f'state "{name}"' in text
    assert re.search(r"flop_burn --> flop_deal: .*\bburn\b", text)
    assert re.search(r"preflop --> preflop: .*\bflop\b", text)  # a premature flop: an error row


def _yaml_examples() -> list[str]:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = text.split("## Examples", 1)[1]
    return re.findall(r"```yaml\n(.*?)```", section, flags=re.S)


def test_engine_md_split_pot_example_splits_the_pot() -> None:
    result = replay(_yaml_examples()[0])
    assert result["rejected"] == []
    assert result["hand_over"] is True
    assert result["pots"] == [{"amount": 14, "eligible": [2, 3], "winners": [2, 3]}]
    assert result["seats"]["2"]["won"] == result["seats"]["3"]["won"] == 7


def test_engine_md_flop_without_burn_example_is_the_dealer_error_as_documented() -> None:
    result = replay(_yaml_examples()[1])
    assert result["irregularities"] == [
        {"kind": "flop_without_burn", "rule": "LA26 168", "event": 6}
    ]
    assert result["rejected"] == [
        {
            "event": 7,
            "name": "burn",
            "reason": "burn is not the recovery step due: The flop is turned without a burn card "
            "(LA26 168); expected: retrieve",
            "rule": "LA26 168",
        }
    ]
    assert result["state"] == "flop"
    assert len(result["board"]) == 3
    assert len(result["burns"]) == 1


def test_engine_md_flop_without_burn_is_scrambled_under_tda_as_documented() -> None:
    result = replay(_yaml_examples()[2], auto_recover=True)
    assert result["irregularities"] == [
        {"kind": "flop_without_burn", "rule": "TDA24 39-B", "event": 6}
    ]
    assert result["rejected"] == []
    assert result["expected_next"] == ["act"]
    assert len(result["board"]) == 3
    assert len(result["burns"]) == 1


def test_engine_md_format_block_is_a_valid_script_shape() -> None:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    block = re.findall(r"```yaml\n(.*?)```", text, flags=re.S)[0]
    data = yaml.safe_load(block)
    assert set(data) == {"table", "deck", "seed", "events"}


def test_irregularities_doc_is_current() -> None:
    committed = (ROOT / "docs" / "irregularities.md").read_text(encoding="utf-8")
    assert committed == irregularities_doc.render(), (
        f"docs/irregularities.md is stale: run `{irregularities_doc.COMMAND}`"
    )


def _example(item: Situation, ruleset: str) -> dict[str, Any]:
    example = irregularities_doc.example_script(item)
    return {
        "table": {**irregularities_doc.example_table(item), "ruleset": ruleset},
        "deck": example["deck"],
        "events": example["events"],
    }


@pytest.mark.parametrize("ruleset", list(BUILTIN))
@pytest.mark.parametrize("item", SITUATIONS, ids=[item.name for item in SITUATIONS])
def test_every_situation_example_records_its_kind(item: Situation, ruleset: str) -> None:
    result = replay(_example(item, ruleset), auto_recover=True)
    assert result["rejected"] == []
    assert item.kind in {found["kind"] for found in result["irregularities"]}


def test_the_situation_examples_include_board_not_declared() -> None:
    # the showdown error has an example too, checked by the test above like the others
    assert "board_not_declared" in {
        item.kind for item in SITUATIONS if irregularities_doc.example_script(item)["events"]
    }


def test_every_recovery_step_is_a_script_event_or_a_wait() -> None:
    for item in SITUATIONS:
        for key, outcome in item.variants.items():
            for step in outcome.steps:
                assert step in EVENT_ARGS or step in WAITS, (item.name, key, step)
    assert set(EVENT_ARGS) >= AUTO_STEPS


def test_house_ruleset_example_loads() -> None:
    path = ROOT / irregularities_doc.HOUSE_EXAMPLE_FILE
    ruleset = load_ruleset(path)
    assert ruleset.base == "roberts"
    assert ruleset.exposed_misdeal_cards == 1
    others = {k: v for k, v in ruleset.options().items() if k != "exposed_misdeal_cards"}
    roberts = {k: v for k, v in BUILTIN["roberts"].options().items() if k in others}
    assert others == roberts
    # docs/irregularities.md shows this very file
    assert path.read_text(encoding="utf-8") == irregularities_doc.HOUSE_EXAMPLE


def test_a_script_names_a_house_ruleset_beside_it(tmp_path: Path) -> None:
    house = (ROOT / irregularities_doc.HOUSE_EXAMPLE_FILE).read_text(encoding="utf-8")
    (tmp_path / "house.yaml").write_text(house, encoding="utf-8")
    script = tmp_path / "hand.yaml"
    # the second card off the deck is flashed: a misdeal under roberts, not in this house
    events = "[post_blinds, pitch, {pitch: {exposed: true}}]"
    script.write_text(
        f"table: {{seats: 3, button: 1, ruleset: house.yaml}}\ndeck: []\nevents: {events}\n",
        encoding="utf-8",
    )
    assert [item["kind"] for item in replay(script)["irregularities"]] == ["exposed_hole_card"]


def test_engine_md_names_every_event_and_irregularity_kind() -> None:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    for name in EVENT_ARGS:
        assert f"`{name}`" in text, name
    for kind in {item.kind for item in SITUATIONS} | {"misdeal"}:
        assert f"`{kind}`" in text, kind
    assert "irregularities.md" in text
    assert "--auto-recover" in text
