"""Issue 29: a number asked on the Write a scenario page, as the bank's ``number`` items are:
the author plays a hand to a betting round, chooses a count or an amount (the pot by default),
the engine's value is the answer, and the item proves like an upload and opens again."""

from __future__ import annotations

import pytest

from dealer_trainer import workbench as wb
from dealer_trainer.scenario import loads_scenario, verify
from dealer_trainer.scenario.facts import FACTS
from tests.test_workbench import _on_the_flop


def _pot_limit_raise_and_call() -> wb.Draft:
    """The bank's pot-limit re-raise: seat 4 raises to 7, the button calls; the small blind
    to act (betting-number-pot-limit-reraise)."""
    draft = wb.set_table(wb.Draft(), seats="4", button="1", small_blind="1", big_blind="2",
                         stacks="300", structure="pot-limit")  # fmt: skip
    for move in ("post_blinds", "deal"):
        draft = wb.play(draft, move)
    draft = wb.play(draft, wb.move_item("act", seat=4, action="raise", amount=7))
    return wb.play(draft, wb.move_item("act", seat=1, action="call"))


def test_a_number_is_offered_once_the_hand_has_a_betting_round() -> None:
    assert "number" in [k for k, _ in wb.kinds_here(_pot_limit_raise_and_call())]


def test_no_number_is_offered_before_the_betting() -> None:
    with pytest.raises(wb.AuthoringError):
        wb.kinds_here(wb.set_table(wb.Draft(), seats="4", button="1", small_blind="1",
                                   big_blind="2", stacks="300"))  # fmt: skip


def test_a_number_asks_the_pot_by_default() -> None:
    asked = wb.ask(_pot_limit_raise_and_call(), "number")
    assert asked.kind == "number" and asked.fact == "pot"
    assert asked.options == () and asked.explain.startswith("17 chips")


def test_the_pot_limit_raise_keys_the_engines_largest_bet_as_the_bank_does() -> None:
    asked = wb.ask(_pot_limit_raise_and_call(), "number", fact="max_bet")
    checked = wb.check_draft(asked)
    assert checked.sound, checked.problems
    proved = verify(loads_scenario(checked.yaml, "number.yaml"))
    assert proved.scenario.question.fact == "max_bet"
    assert FACTS["max_bet"][1](proved.hand) == 30  # the bank item's answer


@pytest.mark.parametrize("fact", list(wb.NUMBER_ASKED))
def test_every_number_the_page_asks_proves_where_the_table_has_it(fact: str) -> None:
    checked = wb.check_draft(wb.ask(_pot_limit_raise_and_call(), "number", fact=fact))
    assert checked.sound, checked.problems


def test_a_fact_that_is_not_a_number_is_refused_at_its_field() -> None:
    with pytest.raises(wb.AuthoringError) as refused:
        wb.ask(_pot_limit_raise_and_call(), "number", fact="to_act")
    assert refused.value.place == "fact"


def test_a_number_scenario_opens_again_as_a_number_draft() -> None:
    asked = wb.ask(_pot_limit_raise_and_call(), "number", fact="to_call")
    reopened = wb.reopen(wb.check_draft(asked).yaml)
    assert (reopened.kind, reopened.fact, reopened.error) == ("number", "to_call", None)
    assert wb.check_draft(reopened).yaml == wb.check_draft(asked).yaml


def test_a_number_asked_after_a_dealer_error_names_the_error_proves_and_opens_again() -> None:
    draft = wb.make_error(_on_the_flop("tda-2024"), "premature_turn")
    checked = wb.check_draft(wb.ask(draft, "number", fact="burns"))
    assert checked.sound, checked.problems
    proved = verify(loads_scenario(checked.yaml, "burns.yaml"))
    assert proved.situation == "premature_turn"
    reopened = wb.reopen(checked.yaml)
    assert (reopened.kind, reopened.fact, reopened.error) == ("number", "burns", "premature_turn")
