"""The building blocks of the rulings' records: the events of a staging, the states of a
window, and the outcomes many records share."""

from __future__ import annotations

from typing import Any

from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.rulings.records import (
    MISDEAL_STEPS,
    MISDEAL_WORDS,
    WAIT_BETTING,
    Outcome,
)
from dealer_trainer.procedure.staging import Macro

E = EventName
# fmt: off
POST_BLINDS, DEAL, PITCH, BURN, FLOP, TURN, RIVER, NOTICE, REPLACE = (
    Event(name=name) for name in (E.POST_BLINDS, E.DEAL, E.PITCH, E.BURN, E.FLOP, E.TURN, E.RIVER,
                                  E.NOTICE, E.REPLACE)
)
# fmt: on
EXPOSED = Event(name=E.PITCH, exposed=True)
BOXED = Event(name=E.PITCH, boxed=True)
UNNOTICED = Event(name=E.PITCH, unnoticed=True)
TO_FLOP = (POST_BLINDS, DEAL, Macro.BETTING, BURN, FLOP)
TO_TURN = (*TO_FLOP, Macro.BETTING, BURN, TURN)
TO_RIVER = (*TO_TURN, Macro.BETTING, BURN, RIVER)
DEALING = frozenset({"dealing"})
BETTING = frozenset({"preflop", "flop", "turn", "river"})
TO_FLOP_DEAL = frozenset({"preflop", "flop_burn", "flop_deal"})
STREET_DEALING = frozenset({"flop_burn", "flop_deal", "turn_burn", "turn_deal", "river_burn",
                             "river_deal"})  # fmt: skip
#: where a stub can be dropped: cards are still to be dealt
DROPPABLE = frozenset({"dealing", "preflop", "flop", "turn", *STREET_DEALING})
DROP_STUB = Event(name=E.DROP_STUB)


def misdeal(rule: str) -> Outcome:
    return Outcome(rule, MISDEAL_STEPS, MISDEAL_WORDS, misdeal=True)


def both(outcome_roberts: Outcome, outcome_tda: Outcome) -> dict[str, Outcome]:
    """The variants of a record decided by the family: one per family with recoveries of its
    own (a rulebook of another family names one of them: ``Ruleset.follows``)."""
    return {"roberts": outcome_roberts, "tda-2024": outcome_tda}


def per_book(rules: tuple[str, str], *recovery: Any, **details: Any) -> dict[str, Outcome]:
    """One recovery under both rulebooks, each citing its own rule (Robert's first)."""
    return both(*(Outcome(rule, *recovery, **details) for rule in rules))


def alike(outcome: Outcome) -> dict[str, Outcome]:
    """One outcome under both rulebooks."""
    return both(outcome, outcome)


PREMATURE_FLOP_WORDS = (
    "Bring the three flop cards back into the stub; the burn card stays where it is.",
    "Let the players finish the betting round.",
    "Shuffle the stub with the flop cards in it.",
)


#: TDA 2024 reshuffles the stub after a premature card (RP-5A/B/C) and says nothing of a cut
TDA_CUT_WORDS = "A cut after that reshuffle is allowed, not required: TDA is silent on it."


def tda_premature_street(rule: str, street: str, betting: str, after: str) -> Outcome:
    """TDA's recovery from a turn or river card dealt before the betting ended (RP-5B, RP-5C):
    the card goes back into the stub at once, the burn stays, and once the betting is over
    the stub is reshuffled (a cut allowed, not required) and the street dealt with no burn."""
    return Outcome(
        rule,
        ("retrieve", WAIT_BETTING, "reshuffle"),
        (
            f"The {street}'s burn card stays; put the turned card back into the stub.",
            f"Let the players finish the {betting} betting.",
            "Reshuffle the whole stub, the early card in it.",
            TDA_CUT_WORDS,
            f"Deal the {street} without burning a card; {after}.",
        ),
        burned=(street,),
        optional=("cut",),
    )


# --- the floor's errors of the showdown, the pot and the deck (issue 13) ----------------------

SHOWN_DOWN: tuple[Event | Macro, ...] = (
    *TO_RIVER,
    Macro.BETTING,
    *(Event(name=E.SHOW, seat=seat) for seat in (1, 2, 3)),
)
#: on the examples' table and deck seat 1 wins the showdown; seat 2 is pushed the pot
WRONG_PUSH = Event(name=E.PUSH, seat=2)
DEALING_AND_BETTING = DEALING | BETTING
#: the states where a hand is under way and a foul deck voids it
HAND_UNDER_WAY = DEALING_AND_BETTING | frozenset(
    {"flop_burn", "flop_deal", "turn_burn", "turn_deal", "river_burn", "river_deal", "showdown"}
)
VOID_WORDS = (
    "Stop the hand: the deck is foul, and the hand is void.",
    "Every bet comes back to the player who made it; the blinds stay posted for the redeal.",
    "Take the foul deck out of play; shuffle a good deck and cut it.",
    "Deal the hand again: the button does not move.",
)
SCRAP_WORDS = (
    "A joker in a game that does not use one is a scrap of paper, not a card: take it out.",
    "It is no misdeal: deal on with the next card in its place.",
    "A player who acted on a hand holding it has a dead hand.",
)


def void(rule: str) -> Outcome:
    """A foul deck: the hand is void, every bet back, a new deck (the misdeal's steps; the new
    deck may come in before the reshuffle, LA26 79, and is the one shuffled and cut)."""
    return Outcome(
        rule, MISDEAL_STEPS, VOID_WORDS, misdeal=True, lets_in=(("deck_change", "reshuffle"),)
    )


def scrap(rule: str) -> Outcome:
    return Outcome(rule, (), SCRAP_WORDS)


def stands(rule: str, *words: str) -> Outcome:
    return Outcome(rule, (), words)


EXPOSED_OTHER_WORDS = (
    "Finish the deal; the exposed card stays face up in front of the player.",
    "Give that player the top card of the stub in its place.",
    "Put the exposed card on the burn pile: it is the flop's burn card.",
    "Deal the flop with no other burn.",
)
