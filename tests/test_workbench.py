"""Issue 29: the screen-free authoring core (dealer_trainer/workbench) that the wizard and the
room's page both call: the table set, moves judged by the engine, undo, a catalogue error made
at this moment, the question drafted, the words checked, the YAML proved."""

from __future__ import annotations

import pytest

from dealer_trainer import workbench as wb
from dealer_trainer.scenario import loads_scenario, verify

FLOP = (
    "post_blinds",
    "deal",
    {"act": {"seat": 1, "action": "call"}},
    {"act": {"seat": 2, "action": "call"}},
    {"act": {"seat": 3, "action": "check"}},
    "burn",
    "flop",
    {"act": {"seat": 2, "action": "check"}},
)


def _on_the_flop(ruleset: str = "tda-2024") -> wb.Draft:
    draft = wb.set_table(
        wb.Draft(), seats="3", button="1", small_blind="1", big_blind="2", stacks="200",
        ruleset=ruleset,
    )  # fmt: skip
    for move in FLOP:
        draft = wb.play(draft, move)
    return draft


def test_a_bad_table_field_is_named_and_nothing_is_set() -> None:
    with pytest.raises(wb.AuthoringError) as refused:
        wb.set_table(wb.Draft(), seats="3", button="5", small_blind="1", big_blind="2",
                     stacks="200")  # fmt: skip
    assert refused.value.place == "button"
    assert "from 1 to 3" in refused.value.message
    with pytest.raises(wb.AuthoringError) as refused:
        wb.set_table(wb.Draft(), seats="6", button="1", small_blind="1", big_blind="2",
                     stacks="200", ruleset="house.yaml")  # fmt: skip
    assert refused.value.place == "ruleset"


def test_an_illegal_move_is_refused_with_its_rule_and_the_draft_is_unchanged() -> None:
    draft = _on_the_flop()
    with pytest.raises(wb.AuthoringError) as refused:
        wb.play(draft, {"act": {"seat": 1, "action": "check"}})  # seat 3 is to act
    assert refused.value.place == "move"
    assert wb.position(draft).to_act == 3


def test_a_river_before_the_turn_is_refused_with_the_procedures_rule() -> None:
    with pytest.raises(wb.AuthoringError) as refused:
        wb.play(_on_the_flop(), "river")
    assert refused.value.rule is not None and "river is not the next step" in refused.value.message


def test_undo_takes_back_the_last_move_and_the_error_it_made() -> None:
    draft = wb.make_error(_on_the_flop(), "premature_turn")
    assert draft.error == "premature_turn"
    undone = wb.undo(draft)
    assert undone.moves == draft.moves[:-1] and undone.error is None
    with pytest.raises(wb.AuthoringError):
        wb.undo(wb.Draft())


def test_the_moment_offers_the_errors_it_can_have_and_refuses_others() -> None:
    draft = _on_the_flop()
    assert "premature_turn" in dict(wb.position(draft).can_make)
    with pytest.raises(wb.AuthoringError) as refused:
        wb.make_error(draft, "exposed_first_cards")  # a deal's error, on the flop
    assert refused.value.place == "error" and "cannot be made at this moment" in str(refused.value)
    with pytest.raises(wb.AuthoringError):
        wb.make_error(wb.make_error(draft, "premature_turn"), "premature_turn")


def test_a_wrong_move_played_by_hand_is_recognised_as_the_error() -> None:
    draft = wb.play(wb.play(_on_the_flop(), "burn"), "turn")
    assert wb.asked_error(draft) == "premature_turn"


@pytest.mark.parametrize("ruleset", ["roberts", "tda-2024"])
def test_the_drafted_question_is_keyed_by_the_ruleset_and_validates(ruleset: str) -> None:
    draft = wb.ask(wb.make_error(_on_the_flop(ruleset), "premature_turn"), "choice")
    checked = wb.check_draft(draft)
    assert checked.sound, checked.problems
    proved = verify(loads_scenario(checked.yaml, "draft.yaml"))
    key = next(c for c in proved.scenario.question.choices if c.correct)
    assert key.steps == proved.steps
    others = [o.steps for o in draft.options if not o.correct]
    # the other rulebook's ruling, a step out of order, a neighbouring error's recovery
    assert len(others) == 3 and len(set(others)) == 3
    assert sorted(others[1] or ()) == sorted(key.steps or ()) and others[1] != key.steps


def test_an_order_question_on_a_short_recovery_is_refused() -> None:
    draft = wb.make_error(_on_the_flop("tda-2024"), "premature_turn")
    assert [k for k, _ in wb.kinds_here(draft)] == ["choice", "fact", "number"]  # no order
    with pytest.raises(wb.AuthoringError) as refused:
        wb.ask(draft, "order")
    assert refused.value.place == "kind"


def test_words_with_quotes_and_colons_are_kept_and_written_as_yaml_that_validates() -> None:
    draft = wb.ask(wb.make_error(_on_the_flop(), "premature_turn"), "choice")
    title = 'Seat 3: "I wasn\'t done!" # the turn came early'
    draft = wb.edit_words(
        draft, ident="pt-quotes", title=title, question="Now what? Say: which step first",
        explain=draft.explain, difficulty="2", options=[o.text for o in draft.options],
    )  # fmt: skip
    checked = wb.check_draft(draft)
    assert checked.sound, checked.problems
    assert loads_scenario(checked.yaml, "x.yaml").title == title


@pytest.mark.parametrize(
    ("field", "text", "says"),
    [
        ("title", "", "cannot be empty"),
        ("title", "x" * 121, "at most 120 characters"),
        ("title", "<script>alert(1)</script>", "no HTML"),
        ("ask", "What\x1b[31m now?", "control character"),
        ("ident", "Bad Id", "lower-case words"),
    ],
)
def test_bad_words_are_named_beside_their_field_and_kept_as_typed(
    field: str, text: str, says: str
) -> None:
    draft = wb.ask(wb.make_error(_on_the_flop(), "premature_turn"), "choice")
    words = {"ident": "ok-id", "title": "A title", "question": "What now?"}
    words[{"ask": "question"}.get(field, field)] = text
    edited = wb.edit_words(draft, explain=draft.explain, difficulty="2", **words)
    problems = wb.word_problems(edited)
    assert says in problems[field]
    assert getattr(edited, field) == text
    checked = wb.check_draft(edited)
    assert not checked.sound and checked.yaml == ""


def test_a_draft_survives_its_json() -> None:
    draft = wb.ask(wb.make_error(_on_the_flop(), "premature_turn"), "choice")
    assert wb.from_json(wb.to_json(draft)) == draft


def test_a_house_ruleset_plays_the_table() -> None:
    house = "name: our-room\nbase: tda-2024\noptions: {}\n"
    draft = wb.set_table(wb.Draft(), seats="3", button="1", small_blind="1", big_blind="2",
                         stacks="200", ruleset="house.yaml", house_yaml=house)  # fmt: skip
    assert wb.position(draft, house).ruleset.name == "our-room"
