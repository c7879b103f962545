"""The floor's errors of the showdown, the pot and the deck (issue 13): an undeclared board, a
pot pushed to the wrong player, a killed hand, stuck, dropped and flashed cards, a foul deck."""

from __future__ import annotations

from dealer_trainer.betting import Action
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.rulings.parts import (
    BETTING,
    DEAL,
    DEALING,
    DEALING_AND_BETTING,
    EXPOSED_OTHER_WORDS,
    HAND_UNDER_WAY,
    PITCH,
    POST_BLINDS,
    SHOWN_DOWN,
    TO_FLOP,
    TO_RIVER,
    WRONG_PUSH,
    E,
    both,
    misdeal,
    per_book,
    scrap,
    void,
)
from dealer_trainer.procedure.rulings.records import (
    MISDEAL_STEPS,
    MISDEAL_WORDS,
    WAIT_DEAL,
    Outcome,
    Situation,
)
from dealer_trainer.procedure.staging import MISDEAL_CARDS, Macro, Staging

__all__ = ["SITUATIONS"]

SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="board_not_declared",
        kind="board_not_declared",
        title="A player throws the cards away without a valid claim to play the board",
        decided_by="board_claim",
        variants={
            "declare": Outcome(
                "RRoP-HE 6",
                (),
                (
                    "A player who means to play the board must say so before letting go of "
                    "the cards.",
                    "Mucked without a declaration, the hand gives up every claim to the pot.",
                ),
            ),
            "table": Outcome(
                "TDA24 19",
                (),
                (
                    "Only a tabled hand can win: a player playing the board must still turn "
                    "both hole cards face up.",
                    "Declaring the board and mucking gives up every claim to the pot.",
                ),
            ),
        },
        topic="play-the-board",
        window=frozenset({"showdown"}),
        staging=Staging(
            lead_in=(*TO_RIVER, Macro.BETTING),
            make=tuple(
                Event(name=name, seat=seat)
                for name, seat in ((E.SHOW, 2), (E.MUCK, 3), (E.SHOW, 1))
            ),
            # the board is a royal flush: every hand plays it
            deck="2c 3c 4c 5c 6c 7c 8c Ts Js Qs 9c Ks 2d As",
        ),
    ),
    Situation(
        name="wrong_pot_award",
        kind="wrong_pot_award",
        title="The pot is pushed to the wrong player (a misread hand), noticed before the next "
        "hand",
        decided_by="family",
        variants=per_book(
            ("RRoP-DM 6", "TDA24 22"),
            ("correct_award",),
            (
                "The next hand has not begun, so the award can still be corrected.",
                "Take the chips of the pot back from the player who was pushed them.",
                "Push the pot to the hand that won it: cards speak.",
            ),
        ),
        topic="pot-award",
        window=frozenset({"hand_over"}),
        staging=Staging(lead_in=SHOWN_DOWN, make=(WRONG_PUSH,)),
    ),
    Situation(
        name="wrong_pot_award_late",
        kind="wrong_pot_award",
        title="A pot pushed to the wrong player comes to light only after the next hand began",
        decided_by="family",
        variants=per_book(
            ("RRoP-DM 5", "TDA24 22"),
            (),
            (
                "Too late: a pot can be disputed only until the next hand begins (the "
                "first riffle).",
                "The award stands as it was pushed.",
            ),
        ),
        topic="pot-award",
        window=frozenset({"hand_over"}),
        staging=Staging(
            lead_in=SHOWN_DOWN,
            make=(Event(name=E.PUSH, seat=2, unnoticed=True), Event(name=E.NEXT_HAND)),
        ),
    ),
    Situation(
        name="tabled_hand_killed",
        kind="hand_killed",
        title="The dealer kills a hand that was tabled at the showdown",
        decided_by="family",
        variants=per_book(
            ("RRoP Showdown 2", "TDA24 13-C"),
            ("retrieve",),
            (
                "A hand turned face up and read cannot be killed: cards speak.",
                "Take the tabled cards back out of the muck and put them in front of the player.",
                "The hand keeps its claim: award the pot to the best hand.",
            ),
        ),
        topic="killed-hand",
        window=frozenset({"showdown"}),
        staging=Staging(
            lead_in=(*TO_RIVER, Macro.BETTING, Event(name=E.SHOW, seat=1)),
            make=(Event(name=E.KILL, seat=1),),
        ),
        labels={"retrieve": "Take the tabled hand back out of the muck"},
    ),
    Situation(
        name="hand_killed",
        kind="hand_killed",
        title="The dealer kills a hand that was not tabled",
        decided_by="family",
        variants=per_book(
            ("RRoP-IR 2", "TDA24 65-A"),
            (),
            (
                "Players must protect their cards: a hand the dealer kills by mistake is "
                "dead, with no redress.",
                "The chips it called stay in the pot; only a bet or raise nobody has "
                "called yet goes back to it.",
            ),
        ),
        topic="killed-hand",
        window=BETTING | {"showdown"},
        staging=Staging(lead_in=(POST_BLINDS, DEAL), make=(Event(name=E.KILL, seat=1),)),
    ),
    Situation(
        name="stuck_cards",
        kind="stuck_cards",
        title="Two cards stuck together are pitched to a seat as one during the deal",
        decided_by="family",
        variants=per_book(
            ("RRoP-MD(e)", "TDA24 35-A-5"),
            MISDEAL_STEPS,
            (
                "The seat holds the wrong number of cards: that is a misdeal.",
                *MISDEAL_WORDS,
            ),
            misdeal=True,
        ),
        topic="extra-card",
        window=DEALING,
        staging=Staging(lead_in=(POST_BLINDS,), make=(PITCH, Event(name=E.PITCH, cards=2))),
    ),
    Situation(
        name="dropped_card",
        kind="exposed_hole_card",
        title="The dealer drops a hole card off the table during the deal (not one of the "
        "first two)",
        decided_by="family",
        variants=per_book(
            ("RRoP-IR 12", "LA26 123"),
            (WAIT_DEAL, "replace"),
            EXPOSED_OTHER_WORDS,
            burned=("flop",),
        ),
        topic="exposed-card",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Macro.PITCHES, Event(name=E.PITCH, dropped=True)),
            follow=(DEAL,),
            pitches=(MISDEAL_CARDS, 0),
        ),
    ),
    Situation(
        name="player_flashed_card",
        kind="player_exposed_card",
        title="A player flashes a hole card (no dealer error)",
        decided_by="family",
        variants=per_book(
            ("RRoP-IR 12", "TDA24 68"),
            (),
            (
                "A card a player shows is no dealer error and no misdeal: it plays.",
                "Go on with the hand; no card is replaced.",
            ),
        ),
        topic="exposed-card",
        window=DEALING_AND_BETTING,
        staging=Staging(lead_in=(POST_BLINDS, PITCH), make=(Event(name=E.FLASH, seat=2),)),
    ),
    Situation(
        name="foul_deck_duplicate",
        kind="foul_deck",
        title="Two cards of the same rank and suit turn up: the deck is foul",
        decided_by="family",
        variants=both(void("RRoP-IR 4"), void("TDA24 35-E")),
        topic="foul-deck",
        window=HAND_UNDER_WAY,
        staging=Staging(
            lead_in=(*TO_FLOP, Macro.BETTING),
            make=(Event(name=E.FOUL_DECK, found="duplicate"),),
        ),
    ),
    Situation(
        name="foul_deck_back",
        kind="foul_deck",
        title="A card with a different back turns up in the hand: the deck is foul",
        decided_by="family",
        variants=both(void("RRoP-IR 3"), void("LA26 115")),
        topic="foul-deck",
        window=HAND_UNDER_WAY,
        staging=Staging(lead_in=(POST_BLINDS, DEAL), make=(Event(name=E.FOUL_DECK, found="back"),)),
    ),
    Situation(
        name="joker_found",
        kind="foul_deck",
        title="A joker turns up before substantial action",
        decided_by="family",
        variants=both(scrap("RRoP-IR 8"), misdeal("TDA24 35-A-6")),
        topic="foul-deck",
        window=HAND_UNDER_WAY,
        staging=Staging(
            lead_in=(POST_BLINDS, PITCH), make=(Event(name=E.FOUL_DECK, found="joker"),)
        ),
    ),
    Situation(
        name="joker_found_late",
        kind="foul_deck",
        title="A joker turns up after substantial action",
        decided_by="family",
        variants=both(scrap("RRoP-IR 8"), scrap("TDA24 35-D")),
        topic="foul-deck",
        window=HAND_UNDER_WAY,
        staging=Staging(lead_in=TO_FLOP, make=(Event(name=E.FOUL_DECK, found="joker"),)),
    ),
    Situation(
        name="short_deck",
        kind="short_deck",
        title="The deck is found a card short after the hand",
        decided_by="family",
        variants=per_book(
            ("RRoP-IR 10", "LA26 121"),
            (),
            (
                "Cards missing from the deck do not void a hand: the result stands.",
                "Replace the deck before the next hand.",
            ),
        ),
        topic="foul-deck",
        window=frozenset({"hand_over"}),
        staging=Staging(
            lead_in=(
                POST_BLINDS,
                DEAL,
                *(Event(name=E.ACT, seat=seat, action=Action.FOLD) for seat in (1, 2)),
            ),
            make=(Event(name=E.SHORT_DECK),),
        ),
    ),
)
