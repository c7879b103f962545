"""Issue 29, bad input: whatever moves an author plays, in whatever order, with whatever seats,
actions and amounts, each is either played or refused with an :class:`AuthoringError` naming
its field, never another exception (the page's 422, never a 500); and every question the
workbench then offers is drafted and checked without one either."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer import workbench as wb

_DEALER = ("post_blinds", "pitch", "deal", "burn", "flop", "turn", "river", "next_hand")
_ACTIONS = ("fold", "check", "call", "bet", "raise", "all_in", "shove")


def _act(seat: int, action: str, amount: int | None, early: bool) -> tuple[str, dict[str, Any]]:
    return ("act", {"seat": seat, "action": action, "amount": amount, "out_of_turn": early})


_moves = st.one_of(
    st.sampled_from(_DEALER).map(lambda name: (name, {})),
    st.builds(
        _act,
        st.integers(0, 7),
        st.sampled_from(_ACTIONS),
        st.none() | st.integers(0, 500),
        st.booleans(),
    ),
    st.builds(
        lambda name, seat: (name, {"seat": seat}),
        st.sampled_from(list(wb.PLAYER_MOVES)),
        st.none() | st.integers(0, 7),
    ),
)


def _next(data: st.DataObject, draft: wb.Draft) -> Any:
    """A move most often legal now (a dealer's move the procedure expects, the seat to act's
    action), sometimes a player's action out of turn, a floor ruling's move, or any move."""
    here = wb.position(draft)
    way = data.draw(st.integers(0, 9))
    if way < 3 and here.dealer_moves:
        return wb.move_item(data.draw(st.sampled_from([n for n, _ in here.dealer_moves])))
    if way < 7 and here.to_act is not None and here.actions:
        action = data.draw(st.sampled_from(here.actions))
        amount = data.draw(st.none() | st.integers(1, 120)) if action in ("bet", "raise") else None
        return wb.move_item("act", seat=here.to_act, action=action, amount=amount)
    if way == 7 and here.can_make:
        return ("error", data.draw(st.sampled_from([n for n, _ in here.can_make])))
    if way == 8:  # a player acts out of turn, or the floor rules on a player
        seat = data.draw(st.integers(1, 4))
        if data.draw(st.booleans()):
            action = data.draw(st.sampled_from(("fold", "check", "call")))
            return wb.move_item("act", seat=seat, action=action, out_of_turn=True)
        return wb.move_item(data.draw(st.sampled_from(list(wb.PLAYER_MOVES))), seat=seat)
    name, args = data.draw(_moves)
    return wb.move_item(name, **args)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    structure=st.sampled_from(wb.STRUCTURES),
    ruleset=st.sampled_from(["roberts", "tda-2024"]),
    data=st.data(),
)
def test_any_moves_are_played_or_refused_by_field_and_any_offered_question_checks(
    structure: str, ruleset: str, data: st.DataObject
) -> None:
    draft = wb.set_table(wb.Draft(), seats="4", button="1", small_blind="1", big_blind="2",
                         stacks="100", structure=structure, ruleset=ruleset)  # fmt: skip
    draft = wb.play(draft, "post_blinds")
    for _ in range(data.draw(st.integers(0, 30))):
        try:
            move = _next(data, draft)
            if isinstance(move, tuple):
                draft = wb.make_error(draft, move[1])
            else:
                draft = wb.play(draft, move)
        except wb.AuthoringError as refused:
            assert refused.place in ("move", "action", "seat", "amount", "error")
    try:
        offered = wb.kinds_here(draft)
    except wb.AuthoringError:
        return
    for kind, _words in offered:
        try:
            asked = wb.ask(draft, kind)
        except wb.AuthoringError as refused:
            assert refused.place == "kind"
            continue
        checked = wb.check_draft(asked)
        assert checked.sound or checked.problems
        if kind == "ruling":  # the key the engine drafted is the one the proof rules
            assert checked.sound, checked.problems
