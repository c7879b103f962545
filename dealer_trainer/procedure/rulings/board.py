"""The board's errors: a flop of too many cards or with no burn, a premature flop, turn or
river (RRoP-HE 2-4; TDA24 39, RP-5)."""

from __future__ import annotations

from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.rulings.parts import (
    BURN,
    DEAL,
    FLOP,
    POST_BLINDS,
    PREMATURE_FLOP_WORDS,
    RIVER,
    TDA_CUT_WORDS,
    TO_FLOP,
    TO_FLOP_DEAL,
    TO_TURN,
    TURN,
    E,
    per_book,
    tda_premature_street,
)
from dealer_trainer.procedure.rulings.records import (
    WAIT_BETTING,
    Outcome,
    Situation,
)
from dealer_trainer.procedure.staging import Macro, Staging

__all__ = ["SITUATIONS"]

SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="flop_too_many_cards",
        kind="flop_too_many_cards",
        title="The flop comes with four cards",
        decided_by="flop_too_many",
        variants={
            "redeal": Outcome(
                "RRoP-HE 2",
                ("retrieve", "reshuffle", "cut"),
                (
                    "The flop must be dealt again, even if everyone knows which card is extra.",
                    "Bring the board cards back into the stub; the burn card stays.",
                    "Shuffle the stub and cut it.",
                    "Deal a new flop without burning a card.",
                ),
                burned=("flop",),
            ),
            "scramble": Outcome(
                "TDA24 39-A",
                ("scramble",),
                (
                    "Call the floor; turn the four cards face down and mix them.",
                    "One card chosen at random goes to the burns: it is the turn's burn card.",
                    "The other three are turned up as the flop.",
                    "Deal the turn without burning another card.",
                ),
                burned=("turn",),
            ),
        },
        topic="flop-too-many",
        window=TO_FLOP_DEAL,
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL, Macro.BETTING, BURN),
            make=(Event(name=E.FLOP, cards=4),),
            moment="flop",
            told="4 cards were turned for the flop ({board}).",
        ),
    ),
    Situation(
        name="flop_five_or_more_cards",
        kind="flop_too_many_cards",
        title="The flop comes with five cards or more",
        decided_by="family",
        variants=per_book(
            ("RRoP-HE 2", "LA26 167"),
            ("retrieve", "reshuffle", "cut"),
            (
                "Too many cards to pick a burn from: the flop must be dealt again.",
                "Bring the board cards back into the stub; the burn card stays.",
                "Shuffle the stub and cut it.",
                "Deal a new flop without burning a card.",
            ),
            burned=("flop",),
        ),
        topic="flop-too-many",
        window=TO_FLOP_DEAL,
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL, Macro.BETTING, BURN),
            make=(Event(name=E.FLOP, cards=5),),
            moment="flop",
            told="5 cards were turned for the flop ({board}).",
        ),
    ),
    Situation(
        name="flop_without_burn",
        kind="flop_without_burn",
        title="The flop is turned without a burn card",
        decided_by="flop_without_burn",
        variants={
            "reshuffle": Outcome(
                "LA26 168",
                ("retrieve", "reshuffle", "cut"),
                (
                    "Board cards were exposed, so the error cannot simply be fixed.",
                    "Bring the three cards back into the stub, shuffle and cut.",
                    "Burn a card and deal the flop.",
                ),
            ),
            "scramble": Outcome(
                "TDA24 39-B",
                ("scramble",),
                (
                    "Before any action on the flop, turn the three cards down and mix them.",
                    "One chosen at random becomes the burn card.",
                    "The other two stay on the board and the top card of the stub completes "
                    "the flop.",
                ),
            ),
        },
        topic="flop-without-burn",
        window=frozenset({"preflop", "flop_burn"}),
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL, Macro.BETTING),
            make=(FLOP,),
            moment="flop",
            told="The flop was turned with no burn card ({board}).",
        ),
    ),
    Situation(
        name="premature_flop",
        kind="premature_flop",
        title="The flop is dealt before the first betting round is over",
        decided_by="recut_after_premature_flop",
        variants={
            True: Outcome(
                "RRoP-HE 3",
                ("retrieve", WAIT_BETTING, "reshuffle", "cut"),
                (
                    *PREMATURE_FLOP_WORDS,
                    "Cut the deck.",
                    "Deal a new flop without burning a card; the flopped cards never play.",
                ),
                burned=("flop",),
            ),
            False: Outcome(
                "TDA24 RP-5A",
                ("retrieve", WAIT_BETTING, "reshuffle"),
                (
                    *PREMATURE_FLOP_WORDS,
                    TDA_CUT_WORDS,
                    "Deal a new flop without burning a card; the flopped cards never play.",
                ),
                burned=("flop",),
                optional=("cut",),
            ),
        },
        topic="premature-flop",
        window=frozenset({"preflop"}),
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL, Macro.ALL_BUT_ONE),
            make=(Macro.BURN, FLOP),
            moment="flop",
            told="Seat {to_act} had still to act, but the flop was turned ({board}).",
        ),
    ),
    Situation(
        name="premature_turn",
        kind="premature_turn",
        title="The turn card is dealt before the flop betting is over",
        decided_by="premature_turn",
        variants={
            "set_aside": Outcome(
                "RRoP-HE 4",
                (
                    "set_aside",
                    WAIT_BETTING,
                    "burn",
                    "turn",
                    WAIT_BETTING,
                    "reshuffle",
                    "cut",
                ),
                (
                    "Take the card out of play for this round and set it aside, even if the "
                    "players still to act fold.",
                    "Let the players finish the flop betting.",
                    "Burn and turn the next card: it is the turn, in the premature card's place.",
                    "After the turn betting, shuffle the set-aside card into the stub (not the "
                    "burns or the discards) and cut.",
                    "Turn the river without burning a card.",
                ),
                burned=("river",),
                reburn=("turn",),
            ),
            "reshuffle": tda_premature_street(
                "TDA24 RP-5B", "turn", "flop", "the river is dealt as usual"
            ),
        },
        topic="premature-turn",
        window=frozenset({"flop"}),
        staging=Staging(
            lead_in=(*TO_FLOP, Macro.ALL_BUT_ONE),
            make=(Macro.BURN, TURN),
            moment="turn",
            told="Seat {to_act} had still to act, but the turn card was turned ({board}).",
        ),
    ),
    Situation(
        name="premature_river",
        kind="premature_river",
        title="The river card is dealt before the turn betting is over",
        decided_by="family",
        variants={
            "roberts": Outcome(
                "RRoP-HE 4",
                ("set_aside", WAIT_BETTING, "reshuffle", "cut"),
                (
                    "Take the card out of play and set it aside; the burn card stays.",
                    "Let the players finish the turn betting.",
                    "Shuffle the set-aside card into the stub (not the burns or the "
                    "discards) and cut.",
                    "Turn the river without burning a card.",
                ),
                burned=("river",),
            ),
            "tda-2024": tda_premature_street(
                "TDA24 RP-5C", "river", "turn", "it is dealt again from the reshuffled stub"
            ),
        },
        topic="premature-river",
        window=frozenset({"turn"}),
        staging=Staging(
            lead_in=(*TO_TURN, Macro.ALL_BUT_ONE),
            make=(Macro.BURN, RIVER),
            moment="river",
            told="Seat {to_act} had still to act, but the river card was turned ({board}).",
        ),
    ),
)
