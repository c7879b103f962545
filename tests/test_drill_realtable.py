"""Real-table mode's core: the players' moves told, each dealer operation, the pot and the push
asked and checked by the engine, the instructor's dealer error and its recovery, and the whole
session replayed from its seed, its answers and its errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.errors import UsageError
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.training.drill.players import STACK
from dealer_trainer.training.drill.realtable import Ask, Question, RealTable, answer_of

ROBERTS = BUILTIN["roberts"]


def _right(table: RealTable) -> tuple[str, ...]:
    question = table.question()
    if question.ask is Ask.OPERATION:
        allowed = set(table.hand.expected_next())
        return (next(o.event for o in question.options if o.event in allowed),)
    if question.ask is Ask.POT:
        return (str(sum(pot.amount for pot in table.hand.current_pots())),)
    return tuple(str(seat) for seat, won in sorted(table.hand.won.items()) if won)


def _until(table: RealTable, ask: Ask) -> Question:
    for _ in range(200):
        if table.question().ask is ask:
            return table.question()
        table.answer(_right(table))
    raise AssertionError(f"no {ask} question in 200")


def test_the_tablet_tells_the_players_moves_and_asks_the_first_operation() -> None:
    table = RealTable(3, ROBERTS)
    question = table.question()
    assert question.ask is Ask.OPERATION and question.number == 1
    assert any(line.startswith("A new table") for line in question.lines)
    assert table.question() is question  # the same question until it is answered
    later = _until(table, Ask.POT)
    assert any(" calls " in line or " checks" in line for line in later.lines)


def test_the_engines_operation_is_right_and_a_refused_one_wrong_with_the_right_one_played() -> None:
    table = RealTable(5, ROBERTS)
    question = table.question()
    allowed = set(table.hand.expected_next())
    wrong = next(o for o in question.options if o.event not in allowed)
    checked = table.answer((wrong.event,))
    assert not checked.correct and checked.reason and checked.right != wrong.label
    assert table.hand.log[-1].outcome == "accepted"  # the right operation went on
    assert table.answer(_right(table)).correct


def test_the_pot_is_the_chips_in_every_pot_when_a_round_ends() -> None:
    table = RealTable(7, ROBERTS)
    _until(table, Ask.POT)
    pot = sum(pot.amount for pot in table.hand.current_pots())
    assert pot > 0
    checked = table.answer((str(pot + 1),))
    assert not checked.correct and checked.right == str(pot)


def test_the_push_names_the_seats_the_engine_awards() -> None:
    table = RealTable(11, ROBERTS)
    question = _until(table, Ask.PUSH)
    winners = {seat for seat, won in table.hand.won.items() if won}
    assert winners and winners <= set(question.seats)
    wrong = next(seat for seat in question.seats if seat not in winners)
    assert not table.answer((str(wrong),)).correct
    assert table.question().ask is Ask.OPERATION  # then the next hand


def test_an_injected_error_is_one_valid_now_and_asks_its_recovery_until_put_right() -> None:
    table = RealTable(2, ROBERTS)
    for _ in range(100):
        if table.errors_now():
            break
        table.answer(_right(table))
    name = table.errors_now()[0]
    told = table.inject(name)
    question = table.question()
    assert question.situation == name and told in question.lines[-1]
    assert question.kind == f"table:{name}" and question.skill == "dealing"
    assert table.errors_now() == ()  # one error at a time
    for _ in range(20):
        if table.question().situation is None:
            break
        assert table.answer(_right(table)).correct
    assert table.question().situation is None and not table.hand.recoveries


def test_an_error_that_cannot_be_made_now_is_refused() -> None:
    table = RealTable(2, ROBERTS)
    with pytest.raises(UsageError, match="cannot be made"):
        table.inject("no_such_error")
    _until(table, Ask.POT)
    assert table.errors_now() == ()  # only at an operation question


def test_what_the_trainee_enters_becomes_a_kept_answer_or_a_clear_error() -> None:
    table = RealTable(4, ROBERTS)
    question = table.question()
    assert answer_of(question, "1") == (question.options[0].event,)
    for bad in ("0", "x", "", str(len(question.options) + 1)):
        with pytest.raises(UsageError):
            answer_of(question, bad)
    pot = _until(table, Ask.POT)
    assert answer_of(pot, " 0012 ") == ("12",)
    for bad in ("-1", "1.5", "", "1234567890", "١٢"):
        with pytest.raises(UsageError):
            answer_of(pot, bad)
    push = _until(table, Ask.PUSH)
    seat = str(push.seats[0])
    assert answer_of(push, [seat, seat]) == (seat,)
    for bad_seats in ([], ["0"], ["11"], ["a"]):
        with pytest.raises(UsageError):
            answer_of(push, bad_seats)


def _every_chip_accounted_for(table: RealTable) -> None:
    """The chips behind and in the middle are the table's buy-ins, whatever was answered."""
    hand = table.hand
    behind = sum(hand.chips(seat) for seat in hand.table.stacks)
    middle = 0 if hand.awarded else sum(pot.amount for pot in hand.current_pots())
    assert behind + middle == STACK * len(hand.table.stacks)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), picks=st.integers(0, 2**31 - 1))
def test_the_same_seed_answers_and_errors_replay_the_same_session(seed: int, picks: int) -> None:
    rng = random.Random(picks)
    table = RealTable(seed, BUILTIN["tda-2024"])
    kept: list[tuple[str, ...]] = []
    injected: dict[int, str] = {}
    for _ in range(60):
        question = table.question()
        errors = table.errors_now()
        if errors and rng.random() < 0.2:
            injected[question.number] = rng.choice(errors)
            table.inject(injected[question.number])
            question = table.question()
        if question.ask is Ask.OPERATION:
            given_ = str(rng.randint(1, len(question.options)))
        elif question.ask is Ask.POT:
            given_ = str(rng.randint(0, 50))
        else:
            given_ = str(rng.choice(question.seats))
        kept.append(answer_of(question, given_))
        table.answer(kept[-1])
        _every_chip_accounted_for(table)
    again = RealTable.replay(seed, BUILTIN["tda-2024"], kept, injected)
    assert again.question() == table.question()
    assert again.errors == table.errors
    assert [c.correct for c in again.checked] == [c.correct for c in table.checked]


def test_the_push_may_be_answered_with_the_winning_cards_typed() -> None:
    table = RealTable(11, ROBERTS)
    for _ in range(20):  # on to a push with hands tabled
        question = _until(table, Ask.PUSH)
        if question.tabled:
            break
        table.answer(_right(table))
    assert question.tabled
    holes = dict(question.tabled)
    winners = [seat for seat, won in sorted(table.hand.won.items()) if won]
    if all(seat in holes for seat in winners):
        typed = " ".join(card for seat in winners for card in holes[seat])
        assert answer_of(question, [], cards=typed.lower()) == tuple(map(str, winners))
    seat, hole = question.tabled[0]
    assert answer_of(question, [], cards=" ".join(hole)) == (str(seat),)
    with pytest.raises(UsageError, match="both cards"):
        answer_of(question, [], cards=hole[0])
    stray = next(
        c for c in ("2c", "2d", "2h", "2s", "3c") if all(c not in h for h in holes.values())
    )
    with pytest.raises(UsageError, match="not a card of a tabled hand"):
        answer_of(question, [], cards=stray)
    with pytest.raises(UsageError, match="is not a card"):
        answer_of(question, [], cards="zz")


def test_an_error_kept_after_its_question_was_answered_leaves_the_replay_in_step() -> None:
    # two tablets: the instructor's error is kept for a question the trainee answered already
    table = RealTable(2, ROBERTS)
    kept: list[tuple[str, ...]] = []
    late: dict[int, str] = {}
    for _ in range(40):
        if table.errors_now() and not late:
            late[table.question().number] = table.errors_now()[0]
        kept.append(table.right_answer())
        table.answer(kept[-1])
    assert late
    again = RealTable.replay(2, ROBERTS, kept, late)
    assert again.asked == len(kept) and again.errors == list(late.values())
    assert again.question().number == len(kept) + 1


def test_the_right_answer_is_always_checked_right() -> None:
    table = RealTable(13, BUILTIN["tda-2024"])
    for _ in range(80):
        assert table.answer(table.right_answer()).correct
