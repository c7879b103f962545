"""The floor's rulings on what players do (issue 18): no dealer error; the dealer holds the
action or the cards and the floor rules (docs/engine.md, "Player actions")."""

from __future__ import annotations

from dealer_trainer.betting import Action
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.rulings.parts import (
    BETTING,
    DEAL,
    POST_BLINDS,
    TO_RIVER,
    E,
    both,
    per_book,
    stands,
)
from dealer_trainer.procedure.rulings.records import (
    Situation,
)
from dealer_trainer.procedure.staging import Macro, Staging

__all__ = ["SITUATIONS"]

SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="action_out_of_turn",
        kind="action_out_of_turn",
        title="A player acts out of turn",
        decided_by="family",
        variants=both(
            stands(
                "RRoP Betting 11",
                "Stop the action: it goes back to the player whose turn it was; the players "
                "skipped keep every right to act.",
                "The action out of turn is binding if nobody in between bets or raises: a "
                "check, a call or a fold does not change it.",
                "If someone bets or raises in between, it is not binding and its chips come "
                "back; a player who checked or called out of turn may then call or fold, not "
                "bet or raise.",
                "A fold out of turn is binding at once.",
            ),
            stands(
                "TDA24 53-A",
                "Back the action up to the player whose turn it was; the players skipped keep "
                "every right to act.",
                "The action out of turn is binding if the action to that player does not "
                "change: a check, a call or a fold by the players skipped changes nothing.",
                "If a bet or raise changes it, it is not binding: its chips go back and the "
                "player has every option again (call, raise or fold).",
                "A fold out of turn is binding.",
            ),
        ),
        topic="action-order",
        window=BETTING,
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL),
            # three seats, button on 1: seat 1 is to act first; the small blind calls early
            make=(Event(name=E.ACT, seat=2, action=Action.CALL, out_of_turn=True),),
        ),
    ),
    Situation(
        name="skipped_by_out_of_turn",
        kind="skipped_player",
        title="A skipped player says nothing while substantial action comes in out of turn",
        decided_by="skipped_hand",
        variants={
            "acts": stands(
                "RRoP Betting 11",
                "Robert's Rules set no limit on how much may happen out of turn: back the "
                "action up to the skipped player, who acts with every right.",
                "Each action out of turn binds only if the action to it has not changed when "
                "its turn comes; a bet or raise by the skipped player frees it.",
            ),
            "no_raise": stands(
                "TDA24 53-B",
                "The skipped player had time to speak up and did not: the actions out of turn "
                "after that player are binding.",
                "Back the action up to the skipped player, whom the floor limits to checking, "
                "calling or folding: no bet or raise on this turn.",
            ),
            "dead": stands(
                "TDA24 53-B",
                "The skipped player had time to speak up and did not: the actions out of turn "
                "after that player are binding.",
                "The floor rules the skipped hand dead: into the muck; chips it has put in "
                "stay in the pot.",
                "Play goes on with the actions out of turn taken as made.",
            ),
        },
        topic="action-order",
        window=BETTING,
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL),
            # three seats, button on 1: seat 1 is to act first; both blinds act early, one
            # putting chips in: substantial action out of turn (TDA24 36)
            make=(
                Event(name=E.ACT, seat=2, action=Action.CALL, out_of_turn=True),
                Event(name=E.ACT, seat=3, action=Action.CHECK, out_of_turn=True),
            ),
        ),
    ),
    Situation(
        name="absent_at_deal",
        kind="absent_player",
        title="A player is away from the seat when the last starting card is dealt",
        decided_by="family",
        variants=per_book(
            ("RRoP Tournaments", "TDA24 30"),
            (),
            (
                "A player must be at the seat when the last starting card is dealt to "
                "have a live hand: this hand is dead.",
                "Kill it as the deal ends; nobody looks at its cards.",
                "Blinds it has posted stay in the pot.",
            ),
        ),
        topic="blinds-button",
        window=frozenset({"dealing", "preflop"}),
        staging=Staging(
            lead_in=(POST_BLINDS,), make=(Event(name=E.ABSENT, seat=3),), follow=(DEAL,)
        ),
    ),
    Situation(
        name="hand_partly_tabled",
        kind="partial_tabling",
        title="A player tables one hole card at the showdown",
        decided_by="family",
        variants=both(
            stands(
                "RRoP Showdown 1",
                "One card face up is not a tabled hand: it claims no part of the pot.",
                "Ask the player to turn both cards face up, or to muck.",
            ),
            stands(
                "TDA24 13-A",
                "A hand is tabled only with both hole cards face up and readable: one card "
                "claims nothing.",
                "Ask the player to table both cards; if the player will not, call the floor "
                "(TDA24 15-A).",
            ),
        ),
        topic="showdown-order",
        window=frozenset({"showdown"}),
        staging=Staging(
            lead_in=(*TO_RIVER, Macro.BETTING), make=(Event(name=E.SHOW, seat=1, cards=1),)
        ),
    ),
    Situation(
        name="hand_ordered_tabled",
        kind="hand_ordered_tabled",
        title="The floor orders a hand tabled at the showdown",
        decided_by="family",
        variants=both(
            stands(
                "RRoP Showdown 7",
                "The floor may make the players show in order: the hand ordered is turned "
                "face up, not mucked unshown.",
            ),
            stands(
                "TDA24 17-A",
                "When hands are not tabled of themselves, the floor may enforce the order of "
                "show: the hand ordered must be tabled, not mucked unshown.",
            ),
        ),
        topic="showdown-order",
        window=frozenset({"showdown"}),
        staging=Staging(
            lead_in=(*TO_RIVER, Macro.BETTING), make=(Event(name=E.ORDER_SHOW, seat=1),)
        ),
    ),
    Situation(
        name="hand_released",
        kind="hand_released",
        title="A player lets a hand go face down at the showdown, before it reaches the muck",
        decided_by="family",
        variants=both(
            stands(
                "RRoP Dead Hands",
                "A hand thrown away is folded: take it into the muck; it is dead.",
                "Only a hand the floor can still pick out for certain may be brought back, "
                "and only when that is fairest.",
            ),
            stands(
                "TDA24 14",
                "Cards let go face down are not dead yet: while they can be picked out for "
                "certain, the player may change their mind and table them.",
                "They die once the dealer pushes them into the muck.",
            ),
        ),
        topic="killed-hand",
        window=frozenset({"showdown"}),
        staging=Staging(lead_in=(*TO_RIVER, Macro.BETTING), make=(Event(name=E.RELEASE, seat=1),)),
    ),
)
