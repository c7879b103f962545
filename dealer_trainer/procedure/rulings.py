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

from dealer_trainer.procedure.events import AUTO_STEPS, SCRIPT_STEPS, STEP_ALIASES
from dealer_trainer.rules.rulesets import Ruleset

__all__ = [
    "AUTO_STEPS",
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
    "situation",
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


@dataclass(frozen=True, slots=True)
class Situation:
    """A dealer error the engine recognises, and its outcome under each variant."""

    name: str
    kind: str
    title: str
    #: what decides the variant: ``family`` (roberts / tda-2024) or a ruleset option's name
    decided_by: str
    variants: Mapping[Any, Outcome]
    #: an example script (events after the deal or the blinds) that produces the situation
    example: tuple[Any, ...] = ()
    #: the stacked deck of the example, top first (the standard order when empty)
    deck: tuple[str, ...] = ()

    def outcome(self, ruleset: Ruleset) -> Outcome:
        """The outcome a ruleset calls for."""
        key = ruleset.family if self.decided_by == "family" else getattr(ruleset, self.decided_by)
        return self.variants[key]


def _act(seat: int, action: str) -> dict[str, Any]:
    return {"act": {"seat": seat, "action": action}}


#: the examples' table: three seats, button on 1, blinds 1-2, the deck in standard order
EXAMPLE_TABLE: dict[str, Any] = {"seats": 3, "button": 1, "blinds": [1, 2]}
_PREFLOP = (_act(1, "call"), _act(2, "call"), _act(3, "check"))
_CHECKS = (_act(2, "check"), _act(3, "check"), _act(1, "check"))
_TO_FLOP = ("post_blinds", "deal", *_PREFLOP, "burn", "flop")
_TO_TURN = (*_TO_FLOP, *_CHECKS, "burn", "turn")
_TO_RIVER = (*_TO_TURN, *_CHECKS, "burn", "river")


def _misdeal(rule: str) -> Outcome:
    return Outcome(rule, MISDEAL_STEPS, MISDEAL_WORDS, misdeal=True)


def _both(outcome_roberts: Outcome, outcome_tda: Outcome) -> dict[str, Outcome]:
    return {"roberts": outcome_roberts, "tda-2024": outcome_tda}


_PREMATURE_FLOP_WORDS = (
    "Bring the three flop cards back into the stub; the burn card stays where it is.",
    "Let the players finish the betting round.",
    "Shuffle the stub with the flop cards in it.",
)

SITUATIONS: tuple[Situation, ...] = (
    Situation(
        "exposed_first_cards",
        "exposed_hole_card",
        "The first or second card off the deck is exposed",
        "family",
        _both(_misdeal("RRoP-HE 1"), _misdeal("TDA24 35-A-7")),
        ("post_blinds", {"pitch": {"exposed": True}}),
    ),
    Situation(
        "exposed_other_card",
        "exposed_hole_card",
        "Any other single hole card is exposed during the deal",
        "family",
        _both(
            *(
                Outcome(
                    rule,
                    (WAIT_DEAL, "replace"),
                    (
                        "Finish the deal; the exposed card stays face up in front of the player.",
                        "Give that player the top card of the stub in its place.",
                        "Put the exposed card on the burn pile: it is the flop's burn card.",
                        "Deal the flop with no other burn.",
                    ),
                    burned=("flop",),
                )
                for rule in ("RRoP-HE 1", "LA26 108")
            )
        ),
        ("post_blinds", "pitch", "pitch", "pitch", {"pitch": {"exposed": True}}, "deal"),
    ),
    Situation(
        "exposed_two_cards",
        "exposed_hole_card",
        "A second hole card is exposed in the same deal",
        "family",
        _both(_misdeal("RRoP-HE 1"), _misdeal("TDA24 35-A-7")),
        (
            "post_blinds",
            "pitch",
            "pitch",
            {"pitch": {"exposed": True}},
            "pitch",
            {"pitch": {"exposed": True}},
        ),
    ),
    Situation(
        "extra_card",
        "extra_card",
        "One extra card is pitched to the first player after every seat has its hand",
        "extra_card",
        {
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
        ("post_blinds", "deal", "pitch"),
    ),
    Situation(
        "extra_cards",
        "extra_card",
        "Two or more extra cards are pitched after the deal",
        "family",
        {
            "roberts": Outcome(
                "RRoP-HE 5",
                (WAIT_PITCHES, *MISDEAL_STEPS),
                MISDEAL_WORDS,
                misdeal=True,
            ),
            "tda-2024": Outcome(
                "TDA24 35-A-5",
                (WAIT_PITCHES, *MISDEAL_STEPS),
                MISDEAL_WORDS,
                misdeal=True,
            ),
        },
        ("post_blinds", "deal", "pitch", "pitch"),
    ),
    Situation(
        "boxed_card",
        "boxed_card",
        "A card is found face up in the deck (boxed) during the deal",
        "family",
        _both(
            *(
                Outcome(
                    rule,
                    ("replace",),
                    (
                        "Treat the boxed card as if it were a scrap of paper: it is not an "
                        "exposed card.",
                        "Set it aside and give the player the next card in its place.",
                        "Go on dealing.",
                    ),
                )
                for rule in ("RRoP-IR 7", "LA26 23")
            )
        ),
        ("post_blinds", "pitch", "pitch", {"pitch": {"boxed": True}}, "deal"),
    ),
    Situation(
        "boxed_cards",
        "boxed_card",
        "A second boxed card turns up in the same deal",
        "family",
        _both(_misdeal("RRoP-MD(c)"), _misdeal("TDA24 35-A-1")),
        (
            "post_blinds",
            {"pitch": {"boxed": True}},
            "replace",
            "pitch",
            {"pitch": {"boxed": True}},
        ),
    ),
    Situation(
        "wrong_first_seat",
        "wrong_seat",
        "The first card of the deal goes to the wrong seat",
        "family",
        _both(_misdeal("RRoP-MD(h)"), _misdeal("TDA24 35-A-2")),
        ("post_blinds", {"pitch": {"to": 3}}),
    ),
    Situation(
        "missed_seat",
        "wrong_seat",
        "A card goes to a seat out of turn (a seat is missed)",
        "family",
        _both(_misdeal("RRoP-MD(f)"), _misdeal("TDA24 35-A-4")),
        ("post_blinds", "pitch", {"pitch": {"to": 1}}),
    ),
    Situation(
        "empty_seat",
        "wrong_seat",
        "A card is dealt to an empty seat",
        "family",
        _both(_misdeal("RRoP-MD(i)"), _misdeal("TDA24 35-A-3")),
        ("post_blinds", "pitch", {"pitch": {"to": 7}}),
    ),
    Situation(
        "late_wrong_seat",
        "wrong_seat",
        "A deal that began at the wrong seat comes to light after substantial action",
        "family",
        _both(
            *(
                Outcome(
                    rule,
                    (),
                    (
                        "Too late for a misdeal: substantial action has taken place.",
                        "Every player has two cards, so the deal stands and play goes on.",
                    ),
                )
                for rule in ("RRoP-MD(h)", "TDA24 34-A")
            )
        ),
        (
            "post_blinds",
            {"pitch": {"to": 3, "unnoticed": True}},
            "deal",
            _act(1, "call"),
            _act(2, "call"),
            "notice",
        ),
    ),
    Situation(
        "late_wrong_count",
        "dead_hand",
        "A hand with the wrong number of cards comes to light after substantial action",
        "family",
        _both(
            *(
                Outcome(
                    rule,
                    (),
                    (
                        "Too late for a misdeal: substantial action has taken place.",
                        "A hand with too many or too few cards is dead; its chips stay in the pot.",
                        "The dealer burns one card per street as usual.",
                    ),
                )
                for rule in ("RRoP-MD(e)", "TDA24 36")
            )
        ),
        (
            "post_blinds",
            "deal",
            {"pitch": {"unnoticed": True}},
            {"pitch": {"unnoticed": True}},
            _act(1, "call"),
            _act(2, "call"),
            "notice",
        ),
    ),
    Situation(
        "flop_too_many_cards",
        "flop_too_many_cards",
        "The flop comes with four cards",
        "flop_too_many",
        {
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
        ("post_blinds", "deal", *_PREFLOP, "burn", {"flop": {"cards": 4}}),
    ),
    Situation(
        "flop_five_or_more_cards",
        "flop_too_many_cards",
        "The flop comes with five cards or more",
        "family",
        _both(
            *(
                Outcome(
                    rule,
                    ("retrieve", "reshuffle", "cut"),
                    (
                        "Too many cards to pick a burn from: the flop must be dealt again.",
                        "Bring the board cards back into the stub; the burn card stays.",
                        "Shuffle the stub and cut it.",
                        "Deal a new flop without burning a card.",
                    ),
                    burned=("flop",),
                )
                for rule in ("RRoP-HE 2", "LA26 167")
            )
        ),
        ("post_blinds", "deal", *_PREFLOP, "burn", {"flop": {"cards": 5}}),
    ),
    Situation(
        "flop_without_burn",
        "flop_without_burn",
        "The flop is turned without a burn card",
        "flop_without_burn",
        {
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
        ("post_blinds", "deal", *_PREFLOP, "flop"),
    ),
    Situation(
        "premature_flop",
        "premature_flop",
        "The flop is dealt before the first betting round is over",
        "recut_after_premature_flop",
        {
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
                    "Deal a new flop without burning a card; the flopped cards never play.",
                ),
                burned=("flop",),
            ),
        },
        ("post_blinds", "deal", _act(1, "call"), _act(2, "call"), "burn", "flop"),
    ),
    Situation(
        "premature_turn",
        "premature_turn",
        "The turn card is dealt before the flop betting is over",
        "premature_turn",
        {
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
            "reshuffle": Outcome(
                "TDA24 RP-5B",
                ("retrieve", WAIT_BETTING, "reshuffle"),
                (
                    "The turn's burn card stays; put the turned card back into the stub.",
                    "Let the players finish the flop betting.",
                    "Shuffle the stub.",
                    "Deal the turn without burning a card; the river is dealt as usual.",
                ),
                burned=("turn",),
            ),
        },
        (*_TO_FLOP, _act(2, "check"), "burn", "turn"),
    ),
    Situation(
        "premature_river",
        "premature_river",
        "The river card is dealt before the turn betting is over",
        "family",
        _both(
            *(
                Outcome(
                    rule,
                    ("set_aside", WAIT_BETTING, "reshuffle", "cut"),
                    (
                        "Take the card out of play and set it aside; the burn card stays.",
                        "Let the players finish the turn betting.",
                        "Shuffle the set-aside card into the stub (not the burns or the "
                        "discards) and cut.",
                        "Turn the river without burning a card.",
                    ),
                    burned=("river",),
                )
                for rule in ("RRoP-HE 4", "TDA24 RP-5C")
            )
        ),
        (*_TO_TURN, _act(2, "check"), "burn", "river"),
    ),
    Situation(
        "board_not_declared",
        "board_not_declared",
        "A player throws the cards away without a valid claim to play the board",
        "board_claim",
        {
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
        (*_TO_RIVER, *_CHECKS, {"show": {"seat": 2}}, {"muck": {"seat": 3}}, {"show": {"seat": 1}}),
        # the board is a royal flush: every hand plays it
        ("2c", "3c", "4c", "5c", "6c", "7c", "8c", "Ts", "Js", "Qs", "9c", "Ks", "2d", "As"),
    ),
)

_BY_NAME = {item.name: item for item in SITUATIONS}


def situation(name: str) -> Situation:
    """A situation by name."""
    return _BY_NAME[name]
