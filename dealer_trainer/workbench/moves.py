"""Playing the hand on the draft's table: every move judged by the engine (a move it refuses
is refused with its rule and the draft is left as it was), undo, and a dealer error of the
catalogue made at this moment (refused when the moment cannot have it). A dealer error played
by hand (the turn turned while a player is still to act) is recognised by the engine as it is
in any hand."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from dealer_trainer.authoring import setup_for, situations
from dealer_trainer.errors import Rejected, ScriptError
from dealer_trainer.handscript import parse_script, script_item
from dealer_trainer.procedure.events import DEALER_EVENTS, EVENT_WORDS, Event
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.machine import STATE_BY_NAME
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.scenario.soundness import RANDOM_EVENTS
from dealer_trainer.setups import Choices, ready, stage
from dealer_trainer.workbench.draft import AuthoringError, Draft
from dealer_trainer.workbench.table import HOUSE, ruleset_of

__all__ = [
    "MAX_MOVES",
    "PLAYER_MOVES",
    "Position",
    "asked_error",
    "make_error",
    "move_item",
    "play",
    "played",
    "position",
    "stage_error",
    "undo",
]

#: the most moves a draft keeps (a hand to the river is about 40)
MAX_MOVES = 200
#: what a player or the floor does that the floor rules on (procedure/player_rulings.py), with
#: its words: a player away at the deal, a hand tabled (or one card of it), let go face down,
#: mucked, or ordered tabled by the floor
PLAYER_MOVES: dict[str, str] = {
    "absent": "Away from the seat at the deal",
    "show": "Tables the hand",
    "release": "Lets the hand go face down",
    "muck": "Mucks the hand",
    "order_show": "The floor orders the hand tabled",
}
#: the actions a player may take, as a script names them
_ACTIONS = ("fold", "check", "call", "bet", "raise", "all_in")


@dataclass(frozen=True, slots=True, kw_only=True)
class Position:
    """The hand where the draft's moves leave it, for a page or a terminal to show."""

    hand: Hand
    ruleset: Ruleset
    #: the dealer's moves the engine allows now (event name, words)
    dealer_moves: tuple[tuple[str, str], ...]
    #: the seat to act (None: nobody) and the actions it may take
    to_act: int | None
    actions: tuple[str, ...]
    #: the dealer errors recognised so far (their situations)
    errors: tuple[str, ...]
    #: the catalogue errors that can be made at this moment (name, title)
    can_make: tuple[tuple[str, str], ...]


#: the seed a draft's hand is played with when a move draws on chance (a reshuffle, a cut, a
#: scramble): written into the scenario, so every trainee meets the hand the author dealt
SEED = 1


def stock(moves: tuple[Any, ...] | list[Any]) -> dict[str, Any]:
    """The deck fields of a draft's script: the deck in its order, and a ``seed`` when a move
    draws on chance (a scenario must not play out differently from run to run)."""
    named = {
        move if isinstance(move, str) else next(iter(move), None)
        for move in moves
        if isinstance(move, str | dict)
    }
    return {"deck": [], **({"seed": SEED} if named & RANDOM_EVENTS else {})}


def _script(draft: Draft, moves: tuple[Any, ...], house_yaml: str | None) -> Any:
    ruleset_of(draft.table, house_yaml)  # named and readable
    table = {**draft.table.mapping(), "ruleset": draft.table.ruleset}
    data = {"table": table, **stock(moves), "events": list(moves)}
    try:
        return parse_script(data, rulesets={HOUSE: house_yaml} if house_yaml else {})
    except ScriptError as exc:
        raise AuthoringError(str(exc.message), place="move") from None


@contextmanager
def _played(
    draft: Draft, house_yaml: str | None, moves: tuple[Any, ...] | None = None
) -> Iterator[Hand]:
    """The hand with the draft's moves (or ``moves``) played, open for more; a move the engine
    refuses is an :class:`AuthoringError` with its rule."""
    script = _script(draft, draft.moves if moves is None else moves, house_yaml)
    with Hand(script) as hand:
        for event in script.events:
            verdict = hand.handle(event)
            if verdict.outcome != "accepted":
                raise AuthoringError(
                    f"{event.describe()}: {verdict.reason}", place="move", rule=verdict.rule
                )
        yield hand


#: the hand with a draft's moves played, open for more (for the other steps of authoring)
played = _played


def move_item(
    name: str,
    *,
    seat: int | None = None,
    action: str | None = None,
    amount: int | None = None,
    exposed: bool = False,
    out_of_turn: bool = False,
    cards: int | None = None,
) -> Any:
    """A move as a hand script writes it, from a page's or a terminal's fields: a dealer's
    move, a player's action (in turn or out of turn), or what a player or the floor does that
    the floor rules on (:data:`PLAYER_MOVES`)."""
    if name == "act":
        if action not in _ACTIONS:
            raise AuthoringError(f"an action is one of {', '.join(_ACTIONS)}", place="action")
        args: dict[str, Any] = {"seat": seat, "action": action}
        if amount is not None:
            args["amount"] = amount
        if out_of_turn:
            args["out_of_turn"] = True
        return {"act": args}
    if name in PLAYER_MOVES:
        if seat is None:
            raise AuthoringError("choose the seat it concerns", place="seat")
        found: dict[str, Any] = {"seat": seat}
        if name == "show" and cards is not None:
            found["cards"] = cards
        return {name: found}
    if name not in DEALER_EVENTS:
        raise AuthoringError(f"{name!r} is not a dealer's move", place="move")
    return {name: {"exposed": True}} if exposed else name


def play(draft: Draft, move: Any, house_yaml: str | None = None) -> Draft:
    """The draft with ``move`` played: :class:`AuthoringError` (its rule, the draft unchanged)
    when the engine refuses it."""
    if len(draft.moves) >= MAX_MOVES:
        raise AuthoringError(f"a draft keeps at most {MAX_MOVES} moves", place="move")
    moves = (*draft.moves, _sized(draft, move, house_yaml))
    with _played(draft, house_yaml, moves):
        pass
    return draft.with_moves(moves)


def _sized(draft: Draft, move: Any, house_yaml: str | None) -> Any:
    """A limit game's bet or raise given without an amount: the one size the structure allows
    now (the small bet before the turn, the big bet after), as a dealer would count it."""
    args = move.get("act") if isinstance(move, dict) else None
    if draft.table.structure != "limit" or not isinstance(args, dict) or "amount" in args:
        return move
    if args.get("action") not in ("bet", "raise"):
        return move
    with _played(draft, house_yaml) as hand:
        betting = hand.betting
        if betting is None or hand.to_act != args.get("seat"):
            return move
        return {"act": {**args, "amount": betting.min_raise_to()}}


def undo(draft: Draft) -> Draft:
    """The draft without its last move (a dealer error made is undone with its moves)."""
    if not draft.moves:
        raise AuthoringError("there is no move to undo", place="move")
    undone = draft.with_moves(draft.moves[:-1])
    made = draft.error
    return replace(undone, error=made if made and _still_made(undone, made) else None)


def _still_made(draft: Draft, name: str) -> bool:
    try:
        with _played(draft, None) as hand:
            return any(item.situation == name for item in hand.irregularities)
    except AuthoringError:
        return False


def position(draft: Draft, house_yaml: str | None = None) -> Position:
    """Where the draft's moves leave the hand."""
    ruleset = ruleset_of(draft.table, house_yaml)
    with _played(draft, house_yaml) as hand:
        betting = hand.betting
        to_act = hand.to_act
        actions: tuple[str, ...] = ()
        if betting is not None and to_act is not None:
            actions = tuple(action.value for action in betting.legal_actions(to_act))
        dealer = tuple(
            (name, EVENT_WORDS.get(name, name))
            for name in hand.expected_next()
            if name in DEALER_EVENTS
        )
        errors = tuple(dict.fromkeys(i.situation for i in hand.irregularities if i.situation))
        can_make = tuple(
            (name, situation(name).title) for name in situations() if _can_make(hand, name)
        )
    return Position(
        hand=hand,
        ruleset=ruleset,
        dealer_moves=dealer,
        to_act=to_act,
        actions=actions,
        errors=errors,
        can_make=can_make,
    )


def _can_make(hand: Hand, name: str) -> bool:
    found = situation(name)
    return (
        not hand.recoveries
        and not hand.irregularities
        and hand.state in found.window
        and len(hand.order) >= found.staging.players
        and ready(hand, found.staging)
    )


def make_error(draft: Draft, name: str, house_yaml: str | None = None) -> Draft:
    """The draft with the catalogue dealer error ``name`` made at this moment (and what must
    follow for its recovery to fall due); :class:`AuthoringError` when the moment cannot have
    it."""
    if name not in situations():
        raise AuthoringError(f"{name!r} is not a dealer error of the catalogue", place="error")
    found = situation(name)
    made: list[Any] = []
    with _played(draft, house_yaml) as hand:
        if not _can_make(hand, name):
            now = STATE_BY_NAME[hand.state].waits_for
            why = "a dealer error is made already" if hand.irregularities else f"now {now}"
            raise AuthoringError(
                f"{found.title} cannot be made at this moment ({why}): play on to where it can "
                "happen",
                place="error",
            )

        def do(event: Event) -> None:
            event = replace(event, index=len(draft.moves) + len(made))
            verdict = hand.handle(event)
            if verdict.outcome != "accepted":
                raise Rejected(verdict.reason, rule=verdict.rule)
            made.append(script_item(event))

        try:
            stage(hand, (*found.staging.make, *found.staging.follow), found.staging, Choices(), do)
        except Rejected as refused:
            raise AuthoringError(
                f"{found.title} cannot be made here: {refused.reason}",
                place="error",
                rule=refused.rule,
            ) from None
        arisen = {item.situation for item in hand.irregularities}
    if name not in arisen:
        raise AuthoringError(
            f"{found.title} cannot arise under {draft.table.ruleset} here", place="error"
        )
    return replace(draft.with_moves((*draft.moves, *made)), error=name)


def stage_error(draft: Draft, name: str, house_yaml: str | None = None) -> Draft:
    """The draft's table dealt from the start to the dealer error ``name`` as its record
    stages it (the wizard's way: no move by hand)."""
    if name not in situations():
        raise AuthoringError(f"{name!r} is not a dealer error of the catalogue", place="error")
    ruleset = ruleset_of(draft.table, house_yaml)
    try:
        setup = setup_for(draft.table.mapping(), name, ruleset)
    except ScriptError as exc:
        raise AuthoringError(str(exc.message), place="error") from None
    return replace(draft.with_moves(tuple(setup)), error=name)


def asked_error(draft: Draft, house_yaml: str | None = None) -> str:
    """The dealer error a question on the draft asks: the one made, else the first the engine
    recognised in the moves played by hand."""
    with _played(draft, house_yaml) as hand:
        arisen = [i.situation for i in hand.irregularities if i.situation]
    if draft.error is not None and draft.error in arisen:
        return draft.error
    known = set(situations())
    for name in arisen:
        if name in known:
            return name
    raise AuthoringError(
        "no dealer error yet: make one, or play the wrong move by hand", place="kind"
    )
