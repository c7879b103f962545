"""Burn errors on every street (LA26 169; TDA24 39-B), boxed board cards, the button a card
short, a shown burn and a dropped stub (RRoP-IR 7; RRoP-MD(e); TDA24 37, RP-4, RP-14)."""

from __future__ import annotations

from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.rulings.parts import (
    BOXED,
    BURN,
    DEAL,
    DROP_STUB,
    DROPPABLE,
    NOTICE,
    PITCH,
    POST_BLINDS,
    REPLACE,
    STREET_DEALING,
    TO_FLOP,
    TURN,
    E,
    alike,
    both,
    per_book,
)
from dealer_trainer.procedure.rulings.records import (
    MISDEAL_STEPS,
    Outcome,
    Situation,
)
from dealer_trainer.procedure.staging import Macro, Staging

__all__ = ["SITUATIONS"]

SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="missed_burn",
        kind="missed_burn",
        title="The turn or river is turned without a burn card",
        decided_by="family",
        variants=alike(
            Outcome(
                "LA26 169",
                ("replace",),
                (
                    "No one has acted on the street yet, so the error is put right.",
                    "The card turned is the one that should have been burned: put it on the "
                    "burn pile.",
                    "Turn the next card in its place: the board is what it would have been.",
                ),
            )
        ),
        topic="burn-error",
        window=frozenset({"turn_burn", "river_burn", "turn", "river"}),
        staging=Staging(lead_in=(*TO_FLOP, Macro.BETTING), make=(TURN,)),
        labels={"replace": "Put the card turned on the burns and turn the next card in its place"},
    ),
    Situation(
        name="missed_burn_late",
        kind="missed_burn",
        title="A turn or river turned without a burn comes to light after action on it",
        decided_by="family",
        variants=alike(
            Outcome(
                "LA26 169",
                (),
                (
                    "A player has acted on the card: it stands, and play goes on.",
                    "The next street gets its usual single burn.",
                ),
            )
        ),
        topic="burn-error",
        window=frozenset({"turn", "river"}),
        staging=Staging(
            lead_in=(*TO_FLOP, Macro.BETTING),
            make=(Event(name=E.TURN, unnoticed=True), Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
    Situation(
        name="extra_burn",
        kind="extra_burn",
        title="Two cards are burned for the turn or river",
        decided_by="family",
        variants=alike(
            Outcome(
                "LA26 169",
                ("retrieve",),
                (
                    "Nothing has been turned or acted on yet, so the error is put right.",
                    "Put the second burn card back on top of the stub.",
                    "Turn it: it is the card that would have come.",
                ),
            )
        ),
        topic="burn-error",
        window=frozenset({"turn_deal", "river_deal"}),
        staging=Staging(lead_in=(*TO_FLOP, Macro.BETTING, BURN), make=(BURN,)),
    ),
    Situation(
        name="extra_burn_turned",
        kind="extra_burn",
        title="Two burns and the card turned come to light before any action on it",
        decided_by="family",
        variants=alike(
            Outcome(
                "LA26 169",
                ("replace",),
                (
                    "No one has acted on the street yet, so the error is put right.",
                    "The second burn card is the card that should have come: it takes the "
                    "turned card's place on the board.",
                    "The turned card goes back on top of the stub: it is the next street's burn.",
                ),
            )
        ),
        topic="burn-error",
        window=frozenset({"turn", "river"}),
        staging=Staging(
            lead_in=(*TO_FLOP, Macro.BETTING, BURN),
            make=(Event(name=E.BURN, unnoticed=True), TURN, NOTICE),
        ),
        labels={
            "replace": "Put the second burn card on the board in place of the card turned, and "
            "that card back on top of the stub"
        },
    ),
    Situation(
        name="extra_burn_late",
        kind="extra_burn",
        title="Two burns come to light after action on the card turned",
        decided_by="family",
        variants=both(
            Outcome(
                "LA26 169",
                ("retrieve",),
                (
                    "A player has acted on the card: it stands, and play goes on.",
                    "So that the later cards are the ones that would have come, put the extra "
                    "burn card back on top of the stub: it is the next street's burn.",
                ),
            ),
            Outcome(
                "TDA24 38",
                (),
                (
                    "A player has acted on the card: it stands, and play goes on.",
                    "The burn guards the stub, it does not keep the cards in order: the extra "
                    "burn stays, and the next street gets one burn off the stub as usual.",
                ),
            ),
        ),
        topic="burn-error",
        window=frozenset({"turn", "river"}),
        staging=Staging(
            lead_in=(*TO_FLOP, Macro.BETTING, BURN),
            make=(Event(name=E.BURN, unnoticed=True), TURN, Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
    # --- the flop's missed burn, noticed after action (TDA24 39-B, second half) -------------
    Situation(
        name="flop_without_burn_late",
        kind="flop_without_burn",
        title="A flop turned without a burn comes to light after action on it",
        decided_by="family",
        variants=per_book(
            ("LA26 169", "TDA24 39-B"),
            (),
            (
                "A player has acted on the flop (a check is enough): it stands, and "
                "play goes on with those three cards.",
                "The turn gets one burn card, not two.",
            ),
        ),
        topic="flop-without-burn",
        window=frozenset({"flop", "turn", "river"}),
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL, Macro.BETTING),
            make=(Event(name=E.FLOP, unnoticed=True), Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
    # --- a boxed card on the board (RRoP-IR 7; LA26 23) -------------------------------------
    Situation(
        name="boxed_board_card",
        kind="boxed_card",
        title="A board or burn card is found face up in the stub (boxed)",
        decided_by="family",
        variants=per_book(
            ("RRoP-IR 7", "LA26 23"),
            ("replace",),
            (
                "A boxed card means nothing, like a scrap of paper: set it aside.",
                "The next card off the stub takes its place, as the burn or on the board.",
            ),
        ),
        topic="boxed-card",
        window=STREET_DEALING,
        staging=Staging(
            lead_in=(*TO_FLOP, Macro.BETTING, BURN), make=(Event(name=E.TURN, boxed=True),)
        ),
        labels={"replace": "Set the boxed card aside and take the next card in its place"},
    ),
    Situation(
        name="boxed_board_cards",
        kind="boxed_card",
        title="A second boxed card turns up in the same hand, on the board",
        decided_by="family",
        variants=alike(
            Outcome(
                "LA26 23",
                MISDEAL_STEPS,
                (
                    "Two boxed cards in one hand, counting the deal: the hand is void.",
                    "Every bet made comes back; the button stays and the blinds stay posted.",
                    "Bring every card back, shuffle the whole deck and cut it.",
                    "Deal the hand again.",
                ),
                misdeal=True,
            )
        ),
        topic="boxed-card",
        window=STREET_DEALING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(BOXED, REPLACE, DEAL, Macro.BETTING, Event(name=E.BURN, boxed=True)),
        ),
    ),
    # --- the button a card short (RRoP-MD(e); TDA24 37) -------------------------------------
    Situation(
        name="button_short_card",
        kind="button_short_card",
        title="The button is dealt one card short and gets it late",
        decided_by="family",
        variants=both(
            Outcome(
                "RRoP-MD(e)",
                ("pitch",),
                (
                    "No other card has come off the stub since, so the next card is still the "
                    "button's, in its proper order: this is no misdeal.",
                    "Pitch it to the button now, even after players have acted.",
                ),
            ),
            Outcome(
                "TDA24 37",
                ("pitch",),
                (
                    "The button announces the missing card before acting on the hand.",
                    "Pitch it the next card now, even after substantial action.",
                ),
            ),
        ),
        topic="wrong-seat",
        window=frozenset({"dealing", "preflop"}),
        staging=Staging(
            lead_in=(POST_BLINDS,),
            # the example's three seats: five cards out, the button's second one missing
            make=(PITCH, PITCH, PITCH, PITCH, PITCH, NOTICE),
            follow=(PITCH,),
        ),
    ),
    Situation(
        name="button_short_acted",
        kind="button_short_card",
        title="The button acted on a hand a card short before the card was given",
        decided_by="family",
        variants=both(
            Outcome(
                "RRoP-MD(e)",
                ("pitch",),
                (
                    "No other card has come off the stub since, so the next card is still the "
                    "button's, in its proper order: the hand plays.",
                    "Pitch it to the button now.",
                ),
            ),
            Outcome(
                "TDA24 37",
                (),
                (
                    "The button checked or bet holding too few cards: the hand is dead.",
                    "Its chips stay in the pot; play goes on without it.",
                ),
            ),
        ),
        topic="wrong-seat",
        window=frozenset({"dealing", "preflop"}),
        staging=Staging(
            lead_in=(POST_BLINDS,),
            # three seats: the button acts first preflop, with one card
            make=(PITCH, PITCH, PITCH, PITCH, PITCH, Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
    # --- an exposed burn card: no rule, the floor decides (TDA24 RP-14) ----------------------
    Situation(
        name="exposed_burn",
        kind="exposed_burn",
        title="The dealer shows a burn card",
        decided_by="exposed_burn",
        variants={
            "stays": Outcome(
                "TDA24 RP-14",
                (),
                (
                    "No rule covers a burn card the dealer shows: the floor decides (TDA24 "
                    "RP-14). This house lets it stand.",
                    "It stays the street's burn; make sure every player has seen the same card.",
                    "Deal the street as usual.",
                ),
            ),
            "reburn": Outcome(
                "TDA24 RP-14",
                ("replace",),
                (
                    "No rule covers a burn card the dealer shows: the floor decides (TDA24 "
                    "RP-14). This house burns again.",
                    "Set the shown card aside and burn the next card face down in its place.",
                    "Deal the street.",
                ),
            ),
        },
        topic="burn-error",
        window=frozenset({"flop_burn", "turn_burn", "river_burn"}),
        staging=Staging(
            lead_in=(POST_BLINDS, DEAL, Macro.BETTING), make=(Event(name=E.BURN, exposed=True),)
        ),
        labels={"replace": "Set the shown burn card aside and burn the next card face down"},
    ),
    # --- a dropped or disordered stub (TDA24 RP-4) ------------------------------------------
    Situation(
        name="dropped_stub",
        kind="dropped_stub",
        title="The stub is dropped and cannot be put back in its order",
        decided_by="family",
        variants=alike(
            Outcome(
                "TDA24 RP-4",
                ("reshuffle", "cut"),
                (
                    "If the stub's order can be rebuilt, rebuild it; if not, make a new stub of "
                    "the stub's own cards only (not the muck or the burns).",
                    "Scramble and shuffle them face down, then cut.",
                    "Play goes on from the new stub.",
                ),
            )
        ),
        topic="dropped-stub",
        window=DROPPABLE,
        staging=Staging(lead_in=(*TO_FLOP, Macro.ALL_BUT_ONE), make=(DROP_STUB,)),
    ),
    Situation(
        name="dropped_stub_mixed",
        kind="dropped_stub",
        title="The stub is dropped into the muck or the burns",
        decided_by="family",
        variants=alike(
            Outcome(
                "TDA24 RP-4",
                ("reshuffle", "cut"),
                (
                    "The stub is mixed with the muck or the burns: scramble all those cards "
                    "together.",
                    "Shuffle them face down and cut.",
                    "Play goes on from the new stub.",
                ),
            )
        ),
        topic="dropped-stub",
        window=DROPPABLE,
        staging=Staging(
            lead_in=(*TO_FLOP, Macro.ALL_BUT_ONE), make=(Event(name=E.DROP_STUB, mixed=True),)
        ),
    ),
)
