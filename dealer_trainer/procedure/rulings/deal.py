"""The deal's errors: exposed, extra, boxed and misdirected hole cards, a deal begun at the
wrong seat (RRoP-HE 1, 5; RRoP-IR 7; RRoP-MD; TDA24 35)."""

from __future__ import annotations

from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.rulings.parts import (
    BETTING,
    BOXED,
    DEAL,
    DEALING,
    EXPOSED,
    NOTICE,
    PITCH,
    POST_BLINDS,
    REPLACE,
    UNNOTICED,
    E,
    both,
    misdeal,
    per_book,
)
from dealer_trainer.procedure.rulings.records import (
    MISDEAL_STEPS,
    MISDEAL_WORDS,
    WAIT_DEAL,
    WAIT_PITCHES,
    Outcome,
    Situation,
)
from dealer_trainer.procedure.staging import MISDEAL_CARDS, Macro, Staging

__all__ = ["SITUATIONS"]

SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="exposed_first_cards",
        kind="exposed_hole_card",
        title="The first or second card off the deck is exposed",
        decided_by="family",
        variants=both(misdeal("RRoP-HE 1"), misdeal("TDA24 35-A-7")),
        topic="exposed-card",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Macro.PITCHES, EXPOSED),
            moment="deal",
            pitches=(0, MISDEAL_CARDS),
            told="{pitched}the {ordinal} card off the deck, to seat {seat}, was turned face up "
            "while pitching ({card}).",
        ),
    ),
    Situation(
        name="exposed_other_card",
        kind="exposed_hole_card",
        title="Any other single hole card is exposed during the deal",
        decided_by="family",
        variants=per_book(
            ("RRoP-HE 1", "LA26 108"),
            (WAIT_DEAL, "replace"),
            (
                "Finish the deal; the exposed card stays face up in front of the player.",
                "Give that player the top card of the stub in its place.",
                "Put the exposed card on the burn pile: it is the flop's burn card.",
                "Deal the flop with no other burn.",
            ),
            burned=("flop",),
        ),
        topic="exposed-card",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Macro.PITCHES, EXPOSED),
            follow=(DEAL,),
            moment="deal",
            pitches=(MISDEAL_CARDS, 0),
            told="{pitched}the card to seat {seat} was turned face up while pitching ({card}).",
        ),
    ),
    Situation(
        name="exposed_two_cards",
        kind="exposed_hole_card",
        title="A second hole card is exposed in the same deal",
        decided_by="family",
        variants=both(misdeal("RRoP-HE 1"), misdeal("TDA24 35-A-7")),
        topic="exposed-card",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Macro.PITCHES, EXPOSED, Macro.GAP, EXPOSED),
            moment="deal",
            pitches=(MISDEAL_CARDS, -1),
            gap=1,
            told="{pitched}two hole cards were turned face up while pitching: seat {seat}'s "
            "({card}) and seat {seat2}'s ({card2}).",
        ),
    ),
    Situation(
        name="extra_card",
        kind="extra_card",
        title="One extra card is pitched to the first player after every seat has its hand",
        decided_by="extra_card",
        variants={
            "burn": Outcome(
                "RRoP-HE 5",
                (WAIT_PITCHES, "retrieve"),
                (
                    "Take the extra card back and put it on top of the stub.",
                    "It is the flop's burn card: the burn takes it when the flop is dealt.",
                ),
            ),
            "misdeal": Outcome(
                "TDA24 35-A-5",
                (WAIT_PITCHES, *MISDEAL_STEPS),
                ("A player holds the wrong number of cards: that is a misdeal.", *MISDEAL_WORDS),
                misdeal=True,
            ),
        },
        topic="extra-card",
        window=DEALING | {"preflop"},
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL),
            make=(PITCH,),
            moment="deal",
            told="After every player had two cards, seat {seat} was pitched a third card.",
        ),
    ),
    Situation(
        name="extra_cards",
        kind="extra_card",
        title="Two or more extra cards are pitched after the deal",
        decided_by="family",
        variants=per_book(
            ("RRoP-HE 5", "TDA24 35-A-5"),
            (WAIT_PITCHES, *MISDEAL_STEPS),
            MISDEAL_WORDS,
            misdeal=True,
        ),
        topic="extra-card",
        window=DEALING | {"preflop"},
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL),
            make=(PITCH, PITCH),
            moment="deal",
            told="After every player had two cards, seat {seat} was pitched 2 more cards.",
        ),
    ),
    Situation(
        name="boxed_card",
        kind="boxed_card",
        title="A card is found face up in the deck (boxed) during the deal",
        decided_by="family",
        variants=per_book(
            ("RRoP-IR 7", "LA26 23"),
            ("replace",),
            (
                "Treat the boxed card as if it were a scrap of paper: it is not an exposed card.",
                "Set it aside and give the player the next card in its place.",
                "Go on dealing.",
            ),
        ),
        topic="boxed-card",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Macro.PITCHES, BOXED),
            moment="deal",
            told="{pitched}the card for seat {seat} came off the deck face up ({card}): boxed.",
        ),
    ),
    Situation(
        name="boxed_cards",
        kind="boxed_card",
        title="A second boxed card turns up in the same deal",
        decided_by="family",
        variants=both(misdeal("RRoP-MD(c)"), misdeal("TDA24 35-A-1")),
        topic="boxed-card",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Macro.PITCHES, BOXED, REPLACE, Macro.GAP, BOXED),
            moment="deal",
            pitches=(0, -1),
            gap=1,
            told="{pitched}the card to seat {seat} came off the deck face up ({card}) and was "
            "replaced; later another boxed card turned up, for seat {seat2} ({card2}).",
        ),
    ),
    Situation(
        name="wrong_first_seat",
        kind="wrong_seat",
        title="The first card of the deal goes to the wrong seat",
        decided_by="family",
        variants=both(misdeal("RRoP-MD(h)"), misdeal("TDA24 35-A-2")),
        topic="wrong-seat",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Macro.WRONG_FIRST,),
            moment="deal",
            told="The first card of the deal went to seat {seat}; the deal starts at seat "
            "{first}, the first seat left of the button.",
        ),
    ),
    Situation(
        name="missed_seat",
        kind="wrong_seat",
        title="A card goes to a seat out of turn (a seat is missed)",
        decided_by="family",
        variants=both(misdeal("RRoP-MD(f)"), misdeal("TDA24 35-A-4")),
        topic="wrong-seat",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Macro.PITCHES, Macro.SKIP_SEAT),
            moment="deal",
            pitches=(1, 0),
            players=3,
            told="{pitched}seat {due} was skipped: its card went to seat {seat}.",
        ),
    ),
    Situation(
        name="empty_seat",
        kind="wrong_seat",
        title="A card is dealt to an empty seat",
        decided_by="family",
        variants=both(misdeal("RRoP-MD(i)"), misdeal("TDA24 35-A-3")),
        topic="wrong-seat",
        window=DEALING,
        staging=Staging(lead_in=(POST_BLINDS,), make=(PITCH, Event(name=E.PITCH, to=7))),
    ),
    Situation(
        name="button_two_cards",
        kind="wrong_seat",
        title="The button gets two cards in a row (a second card at once, or both last)",
        decided_by="family",
        variants=both(
            misdeal("RRoP-MD(f)"),
            Outcome(
                "TDA24 35-B",
                (),
                (
                    "No misdeal: the button may be dealt two cards in a row.",
                    "Go on dealing clockwise to the seats still owed a card; every player ends "
                    "with two cards and play goes on.",
                ),
            ),
        ),
        topic="wrong-seat",
        window=DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(PITCH, PITCH, PITCH, Event(name=E.PITCH, to=1)),
        ),
    ),
    Situation(
        name="late_wrong_seat",
        kind="wrong_seat",
        title="A deal that began at the wrong seat comes to light after substantial action",
        decided_by="family",
        variants=per_book(
            ("RRoP-MD", "TDA24 35-D"),
            (),
            (
                "Too late for a misdeal: substantial action has taken place.",
                "Every player has two cards, so the deal stands and play goes on.",
            ),
        ),
        topic="wrong-seat",
        window=BETTING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Event(name=E.PITCH, to=3, unnoticed=True), DEAL, Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
    Situation(
        name="late_wrong_count",
        kind="dead_hand",
        title="A hand with the wrong number of cards comes to light after substantial action",
        decided_by="family",
        variants=per_book(
            ("RRoP Dead Hands", "TDA24 38"),
            (),
            (
                "Too late for a misdeal: substantial action has taken place.",
                "A hand with too many or too few cards is dead; its chips stay in the pot.",
                "The dealer burns one card per street as usual.",
            ),
        ),
        topic="wrong-seat",
        window=BETTING,
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL),
            make=(UNNOTICED, UNNOTICED, Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
    Situation(
        name="late_empty_seat",
        kind="wrong_seat",
        title="A card dealt to an empty seat comes to light after substantial action",
        decided_by="family",
        variants=per_book(
            ("RRoP-MD", "TDA24 35-D"),
            (),
            (
                "Too late for a misdeal: substantial action has taken place.",
                "The card at the empty seat belongs to no hand: it is dead and goes to "
                "the muck, as the cards of a dead hand do.",
                "Every player has two cards, so the deal stands and play goes on, with "
                "one burn a street as usual.",
            ),
        ),
        topic="wrong-seat",
        window=BETTING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Event(name=E.PITCH, to=7, unnoticed=True), DEAL, Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
)
