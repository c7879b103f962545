"""The rulings: for each dealer error, the recovery each rulebook requires, as data.

A :class:`Situation` is one dealer error as the engine recognises it (a flashed first card, a
four-card flop, a turn card before the flop betting is over, ...). It names the irregularity
kind the engine records and, per variant, an :class:`Outcome`: the rule cited, the recovery as
dealer events (``steps``) and the same recovery in words. Which variant a table follows is a
ruleset choice (:mod:`dealer_trainer.rules.rulesets`): either the ruleset's family (``roberts``
or ``tda-2024``) or one of its options.

Steps are script event names, and three waits: :data:`WAIT_DEAL` (the deal goes on until every
seat has its starting cards), :data:`WAIT_PITCHES` (more of the same error may follow; the
recovery falls due at the first event that is not a ``pitch``) and :data:`WAIT_BETTING` (the
players finish the betting round). The engine (:mod:`dealer_trainer.procedure.hand`) performs
each step; the docs, the rules lookup and the scenario checks read the same table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_trainer.betting import Action
from dealer_trainer.procedure.events import AUTO_STEPS, SCRIPT_STEPS, STEP_ALIASES, Event, EventName
from dealer_trainer.procedure.staging import MISDEAL_CARDS, Macro, Staging
from dealer_trainer.rules.rulesets import Ruleset

__all__ = [
    "AUTO_STEPS",
    "EXAMPLE_TABLE",
    "LETS_THROUGH",
    "SCRIPT_STEPS",
    "SITUATIONS",
    "STEP_ALIASES",
    "WAITS",
    "WAIT_BETTING",
    "WAIT_DEAL",
    "WAIT_PITCHES",
    "Outcome",
    "Situation",
    "drilled",
    "situation",
    "situations_of",
]

WAIT_DEAL = "(the deal goes on)"
WAIT_PITCHES = "(the next event that is not a pitch)"
WAIT_BETTING = "(the betting round completes)"
WAITS = frozenset({WAIT_DEAL, WAIT_PITCHES, WAIT_BETTING})
#: the events each wait lets through (any other event is refused while the recovery waits)
LETS_THROUGH: dict[str, tuple[str, ...]] = {
    WAIT_DEAL: ("pitch", "deal"),
    WAIT_PITCHES: ("pitch",),  # another one is more of the same error
    WAIT_BETTING: ("act",),
}

#: the steps of every misdeal: all dealt cards back, shuffle, cut; then the script redeals
MISDEAL_STEPS = ("retrieve", "reshuffle", "cut")
MISDEAL_WORDS = (
    "Call a misdeal: the button stays where it is and the blinds stay posted.",
    "Bring every card dealt back to the deck.",
    "Shuffle the whole deck.",
    "Cut it.",
    "Deal the hand again from the first seat left of the button.",
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rulebook's recovery from one dealer error."""

    rule: str
    steps: tuple[str, ...]
    words: tuple[str, ...]
    misdeal: bool = False
    #: streets whose burn card is already on the table once this recovery is done
    burned: tuple[str, ...] = ()
    #: streets that get a fresh burn although a burn was taken early
    reburn: tuple[str, ...] = ()
    #: steps the dealer may take once ``steps`` are done, or leave out: allowed, not required
    #: (TDA 2024 reshuffles the stub and is silent on a cut: a cut is allowed, not required)
    optional: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Situation:
    """One dealer error: how the engine recognises it, its recovery under each rulebook, where
    and how it happens, and its topic.

    The rows of the procedure table that recognise it name it (``error=`` or ``records=``);
    :attr:`rows` reads them back.
    """

    name: str
    #: the irregularity kind the engine records
    kind: str
    title: str
    #: the topic slug (:mod:`dealer_trainer.rules.topics`) it is trained and looked up under
    topic: str
    #: what decides the variant: ``family`` (roberts / tda-2024) or a ruleset option's name
    decided_by: str
    variants: Mapping[Any, Outcome]
    #: the procedure states in which the error can be made
    window: frozenset[str]
    #: how to bring it about on a table (the wizard, the drill, the docs' example)
    staging: Staging

    def outcome(self, ruleset: Ruleset) -> Outcome:
        """The outcome a ruleset calls for."""
        key = ruleset.family if self.decided_by == "family" else getattr(ruleset, self.decided_by)
        return self.variants[key]

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules its variants cite."""
        return tuple(dict.fromkeys(outcome.rule for outcome in self.variants.values()))

    @property
    def rows(self) -> tuple[tuple[str, str], ...]:
        """The (event, state) rows of the procedure table that recognise it."""
        from dealer_trainer.procedure.machine import RECOGNISING_ROWS  # the lookup needs no machine

        return tuple(
            (trigger, state) for trigger, state, names in RECOGNISING_ROWS if self.name in names
        )


#: the examples' table: three seats, button on 1, blinds 1-2, the deck in standard order
EXAMPLE_TABLE: dict[str, Any] = {"seats": 3, "button": 1, "blinds": [1, 2]}

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
_TO_FLOP = (POST_BLINDS, DEAL, Macro.BETTING, BURN, FLOP)
_TO_TURN = (*_TO_FLOP, Macro.BETTING, BURN, TURN)
_TO_RIVER = (*_TO_TURN, Macro.BETTING, BURN, RIVER)
_DEALING = frozenset({"dealing"})
_BETTING = frozenset({"preflop", "flop", "turn", "river"})
_TO_FLOP_DEAL = frozenset({"preflop", "flop_burn", "flop_deal"})
_STREET_DEALING = frozenset({"flop_burn", "flop_deal", "turn_burn", "turn_deal", "river_burn",
                             "river_deal"})  # fmt: skip
#: where a stub can be dropped: cards are still to be dealt
_DROPPABLE = frozenset({"dealing", "preflop", "flop", "turn", *_STREET_DEALING})
DROP_STUB = Event(name=E.DROP_STUB)


def _misdeal(rule: str) -> Outcome:
    return Outcome(rule, MISDEAL_STEPS, MISDEAL_WORDS, misdeal=True)


def _both(outcome_roberts: Outcome, outcome_tda: Outcome) -> dict[str, Outcome]:
    return {"roberts": outcome_roberts, "tda-2024": outcome_tda}


def _per_book(rules: tuple[str, str], *recovery: Any, **details: Any) -> dict[str, Outcome]:
    """One recovery under both rulebooks, each citing its own rule (Robert's first)."""
    return _both(*(Outcome(rule, *recovery, **details) for rule in rules))


def _alike(outcome: Outcome) -> dict[str, Outcome]:
    """One outcome under both rulebooks."""
    return _both(outcome, outcome)


_PREMATURE_FLOP_WORDS = (
    "Bring the three flop cards back into the stub; the burn card stays where it is.",
    "Let the players finish the betting round.",
    "Shuffle the stub with the flop cards in it.",
)


#: TDA 2024 reshuffles the stub after a premature card (RP-5A/B/C) and says nothing of a cut
TDA_CUT_WORDS = "A cut after that reshuffle is allowed, not required: TDA is silent on it."


def _tda_premature_street(rule: str, street: str, betting: str, after: str) -> Outcome:
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

_SHOWN_DOWN: tuple[Event | Macro, ...] = (
    *_TO_RIVER,
    Macro.BETTING,
    *(Event(name=E.SHOW, seat=seat) for seat in (1, 2, 3)),
)
#: on the examples' table and deck seat 1 wins the showdown; seat 2 is pushed the pot
_WRONG_PUSH = Event(name=E.PUSH, seat=2)
_DEALING_AND_BETTING = _DEALING | _BETTING
#: the states where a hand is under way and a foul deck voids it
_HAND_UNDER_WAY = _DEALING_AND_BETTING | frozenset(
    {"flop_burn", "flop_deal", "turn_burn", "turn_deal", "river_burn", "river_deal", "showdown"}
)
_VOID_WORDS = (
    "Stop the hand: the deck is foul, and the hand is void.",
    "Every bet comes back to the player who made it; the blinds stay posted for the redeal.",
    "Take the foul deck out of play; shuffle a good deck and cut it.",
    "Deal the hand again: the button does not move.",
)
_SCRAP_WORDS = (
    "A joker in a game that does not use one is a scrap of paper, not a card: take it out.",
    "It is no misdeal: deal on with the next card in its place.",
    "A player who acted on a hand holding it has a dead hand.",
)


def _void(rule: str) -> Outcome:
    """A foul deck: the hand is void, every bet back, a new deck (the misdeal's steps)."""
    return Outcome(rule, MISDEAL_STEPS, _VOID_WORDS, misdeal=True)


def _scrap(rule: str) -> Outcome:
    return Outcome(rule, (), _SCRAP_WORDS)


def _stands(rule: str, *words: str) -> Outcome:
    return Outcome(rule, (), words)


_EXPOSED_OTHER_WORDS = (
    "Finish the deal; the exposed card stays face up in front of the player.",
    "Give that player the top card of the stub in its place.",
    "Put the exposed card on the burn pile: it is the flop's burn card.",
    "Deal the flop with no other burn.",
)


SITUATIONS: tuple[Situation, ...] = (
    Situation(
        name="exposed_first_cards",
        kind="exposed_hole_card",
        title="The first or second card off the deck is exposed",
        decided_by="family",
        variants=_both(_misdeal("RRoP-HE 1"), _misdeal("TDA24 35-A-7")),
        topic="exposed-card",
        window=_DEALING,
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
        variants=_per_book(
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
        window=_DEALING,
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
        variants=_both(_misdeal("RRoP-HE 1"), _misdeal("TDA24 35-A-7")),
        topic="exposed-card",
        window=_DEALING,
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
        window=_DEALING | {"preflop"},
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
        variants=_per_book(
            ("RRoP-HE 5", "TDA24 35-A-5"),
            (WAIT_PITCHES, *MISDEAL_STEPS),
            MISDEAL_WORDS,
            misdeal=True,
        ),
        topic="extra-card",
        window=_DEALING | {"preflop"},
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
        variants=_per_book(
            ("RRoP-IR 7", "LA26 23"),
            ("replace",),
            (
                "Treat the boxed card as if it were a scrap of paper: it is not an exposed card.",
                "Set it aside and give the player the next card in its place.",
                "Go on dealing.",
            ),
        ),
        topic="boxed-card",
        window=_DEALING,
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
        variants=_both(_misdeal("RRoP-MD(c)"), _misdeal("TDA24 35-A-1")),
        topic="boxed-card",
        window=_DEALING,
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
        variants=_both(_misdeal("RRoP-MD(h)"), _misdeal("TDA24 35-A-2")),
        topic="wrong-seat",
        window=_DEALING,
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
        variants=_both(_misdeal("RRoP-MD(f)"), _misdeal("TDA24 35-A-4")),
        topic="wrong-seat",
        window=_DEALING,
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
        variants=_both(_misdeal("RRoP-MD(i)"), _misdeal("TDA24 35-A-3")),
        topic="wrong-seat",
        window=_DEALING,
        staging=Staging(lead_in=(POST_BLINDS,), make=(PITCH, Event(name=E.PITCH, to=7))),
    ),
    Situation(
        name="button_two_cards",
        kind="wrong_seat",
        title="The button gets two cards in a row (a second card at once, or both last)",
        decided_by="family",
        variants=_both(
            _misdeal("RRoP-MD(f)"),
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
        window=_DEALING,
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
        variants=_per_book(
            ("RRoP-MD", "TDA24 35-D"),
            (),
            (
                "Too late for a misdeal: substantial action has taken place.",
                "Every player has two cards, so the deal stands and play goes on.",
            ),
        ),
        topic="wrong-seat",
        window=_BETTING,
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
        variants=_per_book(
            ("RRoP Dead Hands", "TDA24 38"),
            (),
            (
                "Too late for a misdeal: substantial action has taken place.",
                "A hand with too many or too few cards is dead; its chips stay in the pot.",
                "The dealer burns one card per street as usual.",
            ),
        ),
        topic="wrong-seat",
        window=_BETTING,
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
        variants=_per_book(
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
        window=_BETTING,
        staging=Staging(
            lead_in=(POST_BLINDS,),
            make=(Event(name=E.PITCH, to=7, unnoticed=True), DEAL, Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
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
        window=_TO_FLOP_DEAL,
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
        variants=_per_book(
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
        window=_TO_FLOP_DEAL,
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
                    *_PREMATURE_FLOP_WORDS,
                    "Cut the deck.",
                    "Deal a new flop without burning a card; the flopped cards never play.",
                ),
                burned=("flop",),
            ),
            False: Outcome(
                "TDA24 RP-5A",
                ("retrieve", WAIT_BETTING, "reshuffle"),
                (
                    *_PREMATURE_FLOP_WORDS,
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
            "reshuffle": _tda_premature_street(
                "TDA24 RP-5B", "turn", "flop", "the river is dealt as usual"
            ),
        },
        topic="premature-turn",
        window=frozenset({"flop"}),
        staging=Staging(
            lead_in=(*_TO_FLOP, Macro.ALL_BUT_ONE),
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
            "tda-2024": _tda_premature_street(
                "TDA24 RP-5C", "river", "turn", "it is dealt again from the reshuffled stub"
            ),
        },
        topic="premature-river",
        window=frozenset({"turn"}),
        staging=Staging(
            lead_in=(*_TO_TURN, Macro.ALL_BUT_ONE),
            make=(Macro.BURN, RIVER),
            moment="river",
            told="Seat {to_act} had still to act, but the river card was turned ({board}).",
        ),
    ),
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
            lead_in=(*_TO_RIVER, Macro.BETTING),
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
        variants=_per_book(
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
        staging=Staging(lead_in=_SHOWN_DOWN, make=(_WRONG_PUSH,)),
    ),
    Situation(
        name="wrong_pot_award_late",
        kind="wrong_pot_award",
        title="A pot pushed to the wrong player comes to light only after the next hand began",
        decided_by="family",
        variants=_per_book(
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
            lead_in=_SHOWN_DOWN,
            make=(Event(name=E.PUSH, seat=2, unnoticed=True), Event(name=E.NEXT_HAND)),
        ),
    ),
    Situation(
        name="tabled_hand_killed",
        kind="hand_killed",
        title="The dealer kills a hand that was tabled at the showdown",
        decided_by="family",
        variants=_per_book(
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
            lead_in=(*_TO_RIVER, Macro.BETTING, Event(name=E.SHOW, seat=1)),
            make=(Event(name=E.KILL, seat=1),),
        ),
    ),
    Situation(
        name="hand_killed",
        kind="hand_killed",
        title="The dealer kills a hand that was not tabled",
        decided_by="family",
        variants=_per_book(
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
        window=_BETTING | {"showdown"},
        staging=Staging(lead_in=(POST_BLINDS, DEAL), make=(Event(name=E.KILL, seat=1),)),
    ),
    Situation(
        name="stuck_cards",
        kind="stuck_cards",
        title="Two cards stuck together are pitched to a seat as one during the deal",
        decided_by="family",
        variants=_per_book(
            ("RRoP-MD(e)", "TDA24 35-A-5"),
            MISDEAL_STEPS,
            (
                "The seat holds the wrong number of cards: that is a misdeal.",
                *MISDEAL_WORDS,
            ),
            misdeal=True,
        ),
        topic="extra-card",
        window=_DEALING,
        staging=Staging(lead_in=(POST_BLINDS,), make=(PITCH, Event(name=E.PITCH, cards=2))),
    ),
    Situation(
        name="dropped_card",
        kind="exposed_hole_card",
        title="The dealer drops a hole card off the table during the deal (not one of the "
        "first two)",
        decided_by="family",
        variants=_per_book(
            ("RRoP-IR 12", "LA26 123"),
            (WAIT_DEAL, "replace"),
            _EXPOSED_OTHER_WORDS,
            burned=("flop",),
        ),
        topic="exposed-card",
        window=_DEALING,
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
        variants=_per_book(
            ("RRoP-IR 12", "TDA24 68"),
            (),
            (
                "A card a player shows is no dealer error and no misdeal: it plays.",
                "Go on with the hand; no card is replaced.",
            ),
        ),
        topic="exposed-card",
        window=_DEALING_AND_BETTING,
        staging=Staging(lead_in=(POST_BLINDS, PITCH), make=(Event(name=E.FLASH, seat=2),)),
    ),
    Situation(
        name="foul_deck_duplicate",
        kind="foul_deck",
        title="Two cards of the same rank and suit turn up: the deck is foul",
        decided_by="family",
        variants=_both(_void("RRoP-IR 4"), _void("TDA24 35-E")),
        topic="foul-deck",
        window=_HAND_UNDER_WAY,
        staging=Staging(
            lead_in=(*_TO_FLOP, Macro.BETTING),
            make=(Event(name=E.FOUL_DECK, found="duplicate"),),
        ),
    ),
    Situation(
        name="foul_deck_back",
        kind="foul_deck",
        title="A card with a different back turns up in the hand: the deck is foul",
        decided_by="family",
        variants=_both(_void("RRoP-IR 3"), _void("LA26 115")),
        topic="foul-deck",
        window=_HAND_UNDER_WAY,
        staging=Staging(lead_in=(POST_BLINDS, DEAL), make=(Event(name=E.FOUL_DECK, found="back"),)),
    ),
    Situation(
        name="joker_found",
        kind="foul_deck",
        title="A joker turns up before substantial action",
        decided_by="family",
        variants=_both(_scrap("RRoP-IR 8"), _misdeal("TDA24 35-A-6")),
        topic="foul-deck",
        window=_HAND_UNDER_WAY,
        staging=Staging(
            lead_in=(POST_BLINDS, PITCH), make=(Event(name=E.FOUL_DECK, found="joker"),)
        ),
    ),
    Situation(
        name="joker_found_late",
        kind="foul_deck",
        title="A joker turns up after substantial action",
        decided_by="family",
        variants=_both(_scrap("RRoP-IR 8"), _scrap("TDA24 35-D")),
        topic="foul-deck",
        window=_HAND_UNDER_WAY,
        staging=Staging(lead_in=_TO_FLOP, make=(Event(name=E.FOUL_DECK, found="joker"),)),
    ),
    Situation(
        name="short_deck",
        kind="short_deck",
        title="The deck is found a card short after the hand",
        decided_by="family",
        variants=_per_book(
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
    # --- burn errors on the turn and river (LA26 169; Robert's Rules' later copies agree) ----
    Situation(
        name="missed_burn",
        kind="missed_burn",
        title="The turn or river is turned without a burn card",
        decided_by="family",
        variants=_alike(
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
        staging=Staging(lead_in=(*_TO_FLOP, Macro.BETTING), make=(TURN,)),
    ),
    Situation(
        name="missed_burn_late",
        kind="missed_burn",
        title="A turn or river turned without a burn comes to light after action on it",
        decided_by="family",
        variants=_alike(
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
            lead_in=(*_TO_FLOP, Macro.BETTING),
            make=(Event(name=E.TURN, unnoticed=True), Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
    Situation(
        name="extra_burn",
        kind="extra_burn",
        title="Two cards are burned for the turn or river",
        decided_by="family",
        variants=_alike(
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
        staging=Staging(lead_in=(*_TO_FLOP, Macro.BETTING, BURN), make=(BURN,)),
    ),
    Situation(
        name="extra_burn_turned",
        kind="extra_burn",
        title="Two burns and the card turned come to light before any action on it",
        decided_by="family",
        variants=_alike(
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
            lead_in=(*_TO_FLOP, Macro.BETTING, BURN),
            make=(Event(name=E.BURN, unnoticed=True), TURN, NOTICE),
        ),
    ),
    Situation(
        name="extra_burn_late",
        kind="extra_burn",
        title="Two burns come to light after action on the card turned",
        decided_by="family",
        variants=_both(
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
            lead_in=(*_TO_FLOP, Macro.BETTING, BURN),
            make=(Event(name=E.BURN, unnoticed=True), TURN, Macro.ALL_BUT_ONE, NOTICE),
        ),
    ),
    # --- the flop's missed burn, noticed after action (TDA24 39-B, second half) -------------
    Situation(
        name="flop_without_burn_late",
        kind="flop_without_burn",
        title="A flop turned without a burn comes to light after action on it",
        decided_by="family",
        variants=_per_book(
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
        variants=_per_book(
            ("RRoP-IR 7", "LA26 23"),
            ("replace",),
            (
                "A boxed card means nothing, like a scrap of paper: set it aside.",
                "The next card off the stub takes its place, as the burn or on the board.",
            ),
        ),
        topic="boxed-card",
        window=_STREET_DEALING,
        staging=Staging(
            lead_in=(*_TO_FLOP, Macro.BETTING, BURN), make=(Event(name=E.TURN, boxed=True),)
        ),
    ),
    Situation(
        name="boxed_board_cards",
        kind="boxed_card",
        title="A second boxed card turns up in the same hand, on the board",
        decided_by="family",
        variants=_alike(
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
        window=_STREET_DEALING,
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
        variants=_both(
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
        variants=_both(
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
    ),
    # --- a dropped or disordered stub (TDA24 RP-4) ------------------------------------------
    Situation(
        name="dropped_stub",
        kind="dropped_stub",
        title="The stub is dropped and cannot be put back in its order",
        decided_by="family",
        variants=_alike(
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
        window=_DROPPABLE,
        staging=Staging(lead_in=(*_TO_FLOP, Macro.ALL_BUT_ONE), make=(DROP_STUB,)),
    ),
    Situation(
        name="dropped_stub_mixed",
        kind="dropped_stub",
        title="The stub is dropped into the muck or the burns",
        decided_by="family",
        variants=_alike(
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
        window=_DROPPABLE,
        staging=Staging(
            lead_in=(*_TO_FLOP, Macro.ALL_BUT_ONE), make=(Event(name=E.DROP_STUB, mixed=True),)
        ),
    ),
    # --- the floor's rulings on what players do (issue 18): no dealer error; the dealer holds
    # the action or the cards and the floor rules (docs/engine.md, "Player actions") ----------
    Situation(
        name="action_out_of_turn",
        kind="action_out_of_turn",
        title="A player acts out of turn",
        decided_by="family",
        variants=_both(
            _stands(
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
            _stands(
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
        window=_BETTING,
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
            "acts": _stands(
                "RRoP Betting 11",
                "Robert's Rules set no limit on how much may happen out of turn: back the "
                "action up to the skipped player, who acts with every right.",
                "Each action out of turn binds only if the action to it has not changed when "
                "its turn comes; a bet or raise by the skipped player frees it.",
            ),
            "no_raise": _stands(
                "TDA24 53-B",
                "The skipped player had time to speak up and did not: the actions out of turn "
                "after that player are binding.",
                "Back the action up to the skipped player, whom the floor limits to checking, "
                "calling or folding: no bet or raise on this turn.",
            ),
            "dead": _stands(
                "TDA24 53-B",
                "The skipped player had time to speak up and did not: the actions out of turn "
                "after that player are binding.",
                "The floor rules the skipped hand dead: into the muck; chips it has put in "
                "stay in the pot.",
                "Play goes on with the actions out of turn taken as made.",
            ),
        },
        topic="action-order",
        window=_BETTING,
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
        variants=_per_book(
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
        variants=_both(
            _stands(
                "RRoP Showdown 1",
                "One card face up is not a tabled hand: it claims no part of the pot.",
                "Ask the player to turn both cards face up, or to muck.",
            ),
            _stands(
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
            lead_in=(*_TO_RIVER, Macro.BETTING), make=(Event(name=E.SHOW, seat=1, cards=1),)
        ),
    ),
    Situation(
        name="hand_ordered_tabled",
        kind="hand_ordered_tabled",
        title="The floor orders a hand tabled at the showdown",
        decided_by="family",
        variants=_both(
            _stands(
                "RRoP Showdown 7",
                "The floor may make the players show in order: the hand ordered is turned "
                "face up, not mucked unshown.",
            ),
            _stands(
                "TDA24 17-A",
                "When hands are not tabled of themselves, the floor may enforce the order of "
                "show: the hand ordered must be tabled, not mucked unshown.",
            ),
        ),
        topic="showdown-order",
        window=frozenset({"showdown"}),
        staging=Staging(
            lead_in=(*_TO_RIVER, Macro.BETTING), make=(Event(name=E.ORDER_SHOW, seat=1),)
        ),
    ),
    Situation(
        name="hand_released",
        kind="hand_released",
        title="A player lets a hand go face down at the showdown, before it reaches the muck",
        decided_by="family",
        variants=_both(
            _stands(
                "RRoP Dead Hands",
                "A hand thrown away is folded: take it into the muck; it is dead.",
                "Only a hand the floor can still pick out for certain may be brought back, "
                "and only when that is fairest.",
            ),
            _stands(
                "TDA24 14",
                "Cards let go face down are not dead yet: while they can be picked out for "
                "certain, the player may change their mind and table them.",
                "They die once the dealer pushes them into the muck.",
            ),
        ),
        topic="killed-hand",
        window=frozenset({"showdown"}),
        staging=Staging(lead_in=(*_TO_RIVER, Macro.BETTING), make=(Event(name=E.RELEASE, seat=1),)),
    ),
)

_BY_NAME = {item.name: item for item in SITUATIONS}


def situation(name: str) -> Situation:
    """A situation by name."""
    return _BY_NAME[name]


def situations_of(topic: str) -> tuple[str, ...]:
    """The situations of a topic slug, in the catalogue's order."""
    return tuple(item.name for item in SITUATIONS if item.topic == topic)


def drilled() -> tuple[Situation, ...]:
    """The dealer errors the drill and the wizard bring about (those with a moment)."""
    return tuple(item for item in SITUATIONS if item.staging.moment is not None)
