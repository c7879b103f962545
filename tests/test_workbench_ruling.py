"""Issue 29: a player's ruling asked as a question, as the bank's player-ruling items are: the
author plays what the player did (an action out of turn, a hand let go face down), the engine
keys who acts or who wins under the table's ruleset, drafts the distractors, and the item
proves like an upload and opens again as a draft."""

from __future__ import annotations

import pytest

from dealer_trainer import workbench as wb
from dealer_trainer.scenario import loads_scenario, verify


def _out_of_turn_call(ruleset: str) -> wb.Draft:
    draft = wb.set_table(wb.Draft(), seats="7", button="1", small_blind="100",
                         big_blind="200", stacks="10000", ruleset=ruleset)  # fmt: skip
    for move in ("post_blinds", "deal"):
        draft = wb.play(draft, move)
    return wb.play(draft, wb.move_item("act", seat=6, action="call", out_of_turn=True))


def _released_at_showdown(ruleset: str) -> wb.Draft:
    draft = wb.set_table(wb.Draft(), seats="3", button="1", small_blind="100",
                         big_blind="200", stacks="6000", ruleset=ruleset)  # fmt: skip
    moves: list[object] = ["post_blinds", "deal"]
    preflop = ((1, "call"), (2, "call"), (3, "check"))
    moves += [{"act": {"seat": s, "action": a}} for s, a in preflop]
    for street in ("flop", "turn", "river"):
        moves += ["burn", street, *({"act": {"seat": s, "action": "check"}} for s in (2, 3, 1))]
    for move in moves:
        draft = wb.play(draft, move)
    return wb.play(draft, wb.move_item("release", seat=2))


@pytest.mark.parametrize("ruleset", ["tda-2024", "roberts"])
def test_an_action_out_of_turn_is_asked_as_whose_turn_it_is_keyed_by_the_engine(
    ruleset: str,
) -> None:
    draft = _out_of_turn_call(ruleset)
    assert "ruling" in [k for k, _ in wb.kinds_here(draft)]
    asked = wb.ask(draft, "ruling")
    assert asked.error == "action_out_of_turn" and asked.fact == "to_act"
    key = [o for o in asked.options if o.correct]
    assert [o.answer for o in key] == [4]  # backed up to the seat skipped
    assert 7 in [o.answer for o in asked.options]  # the action standing: a tempting answer
    checked = wb.check_draft(asked)
    assert checked.sound, checked.problems
    proved = verify(loads_scenario(checked.yaml, "ruling.yaml"))
    assert proved.scenario.question.fact == "to_act"
    assert proved.situation == "action_out_of_turn"


def test_a_hand_let_go_at_the_showdown_is_asked_as_who_wins_with_the_cards_said() -> None:
    asked = wb.ask(_released_at_showdown("tda-2024"), "ruling")
    assert asked.fact == "winners" and asked.ask.startswith("Board ")
    checked = wb.check_draft(asked)
    assert checked.sound, checked.problems


def test_a_ruling_scenario_opens_again_as_a_ruling_draft() -> None:
    asked = wb.ask(_out_of_turn_call("tda-2024"), "ruling")
    checked = wb.check_draft(asked)
    again = wb.reopen(checked.yaml)
    assert again.kind == "ruling" and again.fact == "to_act"
    assert wb.check_draft(again).yaml == checked.yaml
    assert wb.from_json(wb.to_json(again)) == again


def test_no_players_ruling_yet_is_refused_beside_the_question() -> None:
    draft = wb.set_table(wb.Draft(), seats="3", button="1", small_blind="1", big_blind="2",
                         stacks="200")  # fmt: skip
    with pytest.raises(wb.AuthoringError) as refused:
        wb.ask(wb.play(draft, "post_blinds"), "ruling")
    assert refused.value.place == "kind"


def test_a_player_move_without_a_seat_is_refused_beside_the_seat() -> None:
    with pytest.raises(wb.AuthoringError) as refused:
        wb.move_item("absent")
    assert refused.value.place == "seat"
