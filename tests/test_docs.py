"""Generated docs stay current; the examples in the docs do what the docs say."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from dealer_trainer import replay
from dealer_trainer.procedure.diagram import render

ROOT = Path(__file__).resolve().parent.parent


def test_procedure_diagram_is_current() -> None:
    committed = (ROOT / "docs" / "procedure.md").read_text(encoding="utf-8")
    assert committed == render(), (
        "docs/procedure.md is stale: run "
        "`python -m dealer_trainer.procedure.diagram > docs/procedure.md`"
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


def test_engine_md_flop_before_burn_example_is_rejected_as_documented() -> None:
    result = replay(_yaml_examples()[1])
    assert result["rejected"] == [
        {
            "event": 6,
            "name": "flop",
            "reason": "flop is not the next step: now the dealer burns one card for the flop "
            "(expected: burn)",
            "rule": "RRoP-HEP 3",
        }
    ]
    assert result["state"] == "flop"


def test_engine_md_format_block_is_a_valid_script_shape() -> None:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    block = re.findall(r"```yaml\n(.*?)```", text, flags=re.S)[0]
    data = yaml.safe_load(block)
    assert set(data) == {"table", "deck", "seed", "events"}
