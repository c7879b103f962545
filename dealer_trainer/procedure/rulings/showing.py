"""The floor's rulings on showing hands (issue 25): a called hand asked for at the showdown, and
cards shown to one player that the whole table may then see (show one, show all)."""

from __future__ import annotations

from dealer_trainer.betting import Action
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.rulings.parts import DEAL, POST_BLINDS, TO_RIVER, E, per_book
from dealer_trainer.procedure.rulings.records import Outcome, Situation
from dealer_trainer.procedure.staging import Macro, Staging

__all__ = ["SITUATIONS"]

_ANY_PLAYER_WORDS = (
    "Any player dealt in may ask to see a called hand; the dealer turns it up, bringing it back "
    "from the muck if it was thrown away.",
    "A hand still held is tabled and keeps its claim. A mucked hand asked for by the pot's "
    "winner is live again and takes the pot if it is better; asked for by anyone else it stays "
    "dead.",
)
_RIVER_CALLER_WORDS = (
    "The player who called the last bet and still holds or has tabled cards may see the last "
    "aggressor's hand: the dealer has it tabled, and it keeps its claim.",
    "Any other request is the floor's to allow or refuse; a player with no cards has no right "
    "to see any hand.",
)
_FLOOR_ONLY_WORDS = (
    "No player may simply ask to see a called hand: the floor looks at a mucked hand only when "
    "it fears collusion, and then with a floor person there.",
)
_SHOW_ALL_WORDS = (
    "Cards shown to one player are shown to the whole table.",
    "If the player who saw them can still bet in this round, they are shown to everyone at "
    "once; otherwise the table may ask for them once the betting is over.",
)
#: the river: seat 2 bets, seat 3 and the button call (the examples' table, three seats)
_RIVER_BET_CALLED = (
    *TO_RIVER,
    Event(name=E.ACT, seat=2, action=Action.BET, amount=2),
    Event(name=E.ACT, seat=3, action=Action.CALL),
    Event(name=E.ACT, seat=1, action=Action.CALL),
)
_SHOWN = ("showdown", "hand_over")

SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="hand_seen",
        kind="hand_seen",
        title="A player asks to see a called hand",
        decided_by="see_hand",
        variants={
            "any_player": Outcome("RRoP-SD 5", (), _ANY_PLAYER_WORDS),
            "river_caller": Outcome("TDA24 18", (), _RIVER_CALLER_WORDS),
            "floor_only": Outcome("LA26 147", (), _FLOOR_ONLY_WORDS),
        },
        topic="showing-hands",
        window=frozenset(_SHOWN),
        staging=Staging(
            lead_in=_RIVER_BET_CALLED,
            make=(Event(name=E.SEE_HAND, seat=3, of=2),),
        ),
    ),
    Situation(
        name="shown_to_one",
        kind="shown_to_one",
        title="A player shows cards to one other player",
        decided_by="family",
        variants=per_book(("RRoP-SD 6", "LA26 148"), (), _SHOW_ALL_WORDS),
        topic="showing-hands",
        window=frozenset({"preflop", "flop", "turn", "river", "showdown"}),
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL),
            make=(Event(name=E.SHOW_ONE, seat=3, to=1),),
        ),
    ),
    Situation(
        name="shown_to_all",
        kind="shown_to_one",
        title="The table asks for cards a player showed to one other player",
        decided_by="family",
        variants=per_book(("RRoP-SD 6", "LA26 148"), (), _SHOW_ALL_WORDS),
        topic="showing-hands",
        window=frozenset(_SHOWN),
        staging=Staging(
            lead_in=(*TO_RIVER, Macro.BETTING),
            make=(Event(name=E.SHOW_ONE, seat=2, to=3), Event(name=E.SEE_HAND, seat=1, of=2)),
        ),
    ),
)
