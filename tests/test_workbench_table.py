"""Issue 29: the table the author sets carries its game (cash or tournament) and its betting
structure (no-limit, pot-limit, limit) into the scenario, and the moves are judged by that
structure: a limit raise is of the one size the structure allows."""

from __future__ import annotations

import pytest

from dealer_trainer import workbench as wb
from dealer_trainer.scenario import loads_scenario, verify
from dealer_trainer.workbench.moves import SEED, stock


def _table(**given: str) -> wb.Draft:
    fields = {"seats": "3", "button": "1", "small_blind": "1", "big_blind": "2",
              "stacks": "200", "ruleset": "tda-2024", **given}  # fmt: skip
    return wb.set_table(wb.Draft(), **fields)


def _premature_turn(draft: wb.Draft) -> wb.Draft:
    for move in ("post_blinds", "deal", {"act": {"seat": 1, "action": "call"}},
                 {"act": {"seat": 2, "action": "call"}}, {"act": {"seat": 3, "action": "check"}},
                 "burn", "flop", {"act": {"seat": 2, "action": "check"}}):  # fmt: skip
        draft = wb.play(draft, move)
    draft = wb.ask(wb.make_error(draft, "premature_turn"), "choice")
    return wb.edit_words(draft, ident="pt-table", title=draft.title, question=draft.ask,
                         explain=draft.explain, difficulty="2")  # fmt: skip


@pytest.mark.parametrize("game", ["cash", "tournament"])
def test_the_game_chosen_at_the_table_is_written_into_the_scenario(game: str) -> None:
    checked = wb.check_draft(_premature_turn(_table(game=game)))
    assert checked.sound, checked.problems
    assert f"game: {game}" in checked.yaml
    assert verify(loads_scenario(checked.yaml, "pt.yaml")).scenario.script.table.game == game


def test_no_game_chosen_plays_the_rulesets_own_and_writes_none() -> None:
    checked = wb.check_draft(_premature_turn(_table()))
    assert checked.sound and "game:" not in checked.yaml


def test_an_unknown_game_is_refused_beside_its_field() -> None:
    with pytest.raises(wb.AuthoringError) as refused:
        _table(game="home-game")
    assert refused.value.place == "game"


def test_a_limit_table_sizes_a_raise_given_without_an_amount_and_refuses_another_size() -> None:
    draft = _table(structure="limit")
    for move in ("post_blinds", "deal"):
        draft = wb.play(draft, move)
    raised = wb.play(draft, {"act": {"seat": 1, "action": "raise"}})
    assert raised.moves[-1] == {"act": {"seat": 1, "action": "raise", "amount": 4}}
    with pytest.raises(wb.AuthoringError) as refused:
        wb.play(raised, {"act": {"seat": 2, "action": "raise", "amount": 100}})
    assert refused.value.place == "move" and "exactly 6" in refused.value.message
    assert refused.value.rule is not None


def test_a_limit_scenario_validates_and_reopens_with_its_structure_and_game() -> None:
    checked = wb.check_draft(_premature_turn(_table(structure="limit", game="cash")))
    assert checked.sound, checked.problems
    assert "structure: limit" in checked.yaml
    again = wb.reopen(checked.yaml)
    assert again.table.structure == "limit" and again.table.game == "cash"
    assert wb.from_json(wb.to_json(again)) == again


def test_a_draft_whose_moves_draw_on_chance_is_written_with_a_seed() -> None:
    """A reshuffle, a cut or a scramble among the moves plays out differently from run to run
    unless the scenario names a seed (found by tests/test_workbench_fuzz.py: a misdeal's
    reshuffle saved without one failed the soundness check)."""

    assert stock(("pitch", {"act": {"seat": 3, "action": "call"}})) == {"deck": []}
    for chance in ("reshuffle", "scramble", {"cut": {}}):
        assert stock(("retrieve", chance, "pitch")) == {"deck": [], "seed": SEED}
