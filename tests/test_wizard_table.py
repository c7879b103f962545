"""Issue 29: the terminal wizard sets the game and the betting structure through the same
screen-free core as the room's page (``dealer-trainer scenarios new --game --structure``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.scenario import load_scenario, verify
from tests.test_wizard import _flags, _in_tmp, _new

__all__ = ["_in_tmp"]  # the fixture, shared


@pytest.mark.parametrize(("structure", "game"), [("limit", "cash"), ("pot-limit", "tournament")])
def test_the_wizard_writes_the_game_and_structure_it_is_given(
    capsys: pytest.CaptureFixture[str], structure: str, game: str
) -> None:
    flags = _flags("premature_turn", "tda-2024", "choice", "pt-table")
    code, _, err = _new(capsys, *flags, "--structure", structure, "--game", game)
    assert code == 0, err
    scenario = load_scenario(Path("scenarios/premature-turn/pt-table.yaml"))
    assert scenario.script.table.game == game
    assert scenario.script.table.stakes.structure.value == structure
    verify(scenario)


def test_an_unknown_game_is_refused_by_the_flag_with_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["scenarios", "new", "--game", "home"])
    assert exited.value.code == 2
    assert "--game: invalid choice" in capsys.readouterr().err
