"""The one vocabulary of events: every event a hand knows, and what each one is.

:data:`VOCABULARY` is the single table. For each event it says the arguments it takes (and
which it cannot go without), who performs it (the dealer, a player or the floor), whether a
recovery may call for it (and whether ``--auto-recover`` performs it then), the check the
engine runs before accepting it, and how it is said to a trainee. Everything else that lists
events derives from it: the reader of hand scripts, the scenario steps, the drill's options,
the words, the generated docs; a test proves the procedure table's triggers are these events.

:class:`Event` is one event as the engine takes it: typed, frozen, built with keywords.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from dealer_trainer.betting import Action
from dealer_trainer.cards import Card

__all__ = [
    "AUTO_STEPS",
    "DEALER_EVENTS",
    "DECK_REASONS",
    "EVENT_ARGS",
    "EVENT_WORDS",
    "FOUL_FINDS",
    "PLAYER_EVENTS",
    "RECOVERY_STEPS",
    "REQUIRED_ARGS",
    "SCRIPT_STEPS",
    "STEP_ALIASES",
    "VOCABULARY",
    "Event",
    "EventName",
    "EventSpec",
    "Performer",
    "StepRole",
]


class EventName(StrEnum):
    """The name of an event, as a script writes it."""

    SHUFFLE = "shuffle"
    CUT = "cut"
    POST_BLINDS = "post_blinds"
    STRADDLE = "straddle"
    PITCH = "pitch"
    DEAL = "deal"
    ACT = "act"
    BURN = "burn"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOW = "show"
    DECLARE_BOARD = "declare_board"
    MUCK = "muck"
    NEXT_HAND = "next_hand"
    NOTICE = "notice"
    RETRIEVE = "retrieve"
    SET_ASIDE = "set_aside"
    RESHUFFLE = "reshuffle"
    REPLACE = "replace"
    SCRAMBLE = "scramble"
    DROP_STUB = "drop_stub"
    PUSH = "push"
    CORRECT_AWARD = "correct_award"
    KILL = "kill"
    FLASH = "flash"
    FOUL_DECK = "foul_deck"
    SHORT_DECK = "short_deck"
    ABSENT = "absent"
    RELEASE = "release"
    ORDER_SHOW = "order_show"
    # a cash game's blinds (issue 25): blinds owed posted to come in, the blinds chopped
    POST = "post"
    CHOP = "chop"
    # chips and counts (issue 25)
    PULL_BACK = "pull_back"
    COUNT = "count"
    CONDITIONAL = "conditional"
    KILL_BLIND = "kill_blind"
    RUN_TWICE = "run_twice"
    RABBIT = "rabbit"
    # the table itself (issue 25): a misplaced button, a new deck between hands
    WRONG_BUTTON = "wrong_button"
    DECK_CHANGE = "deck_change"
    HIDDEN_HAND = "hidden_hand"
    # chips and hands at the table (issue 25; procedure/chip_conduct.py)
    SPLASH = "splash"
    KNOCKED_OVER = "knocked_over"
    HIDDEN_CHIP = "hidden_chip"
    ONE_PLAYER = "one_player"
    # showing hands (issue 25): a called hand asked for, cards shown to one player
    SEE_HAND = "see_hand"
    SHOW_ONE = "show_one"
    # a dealer's change for an oversized chip (issue 25; procedure/chip_conduct.py), and the
    # recovery step that puts a wrong change right
    CHANGE = "change"
    CORRECT_CHANGE = "correct_change"


#: what ``foul_deck: {found: ...}`` may name: a joker, a duplicate card, a card with another back
FOUL_FINDS = ("joker", "duplicate", "back")
#: why ``deck_change: {reason: ...}`` brings a new deck: a player asks, the room's schedule, a
#: foul deck, a damaged or marked card (LA26 79; TDA24 26)
DECK_REASONS = ("request", "schedule", "foul", "damaged")


class Performer(StrEnum):
    """Who performs an event."""

    DEALER = "dealer"
    PLAYER = "player"
    FLOOR = "floor"


class StepRole(Enum):
    """Whether a recovery may call for an event, and who performs it then."""

    #: never a step of a recovery
    NONE = "none"
    #: a step the script always spells out: normal dealing and the players' actions
    SCRIPT = "script"
    #: a step the engine performs itself under ``--auto-recover`` once it falls due
    AUTO = "auto"


@dataclass(frozen=True, slots=True, kw_only=True)
class EventSpec:
    """One row of the vocabulary."""

    name: EventName
    by: Performer
    #: how the event is said to a trainee (in general; :mod:`.words` says it here and now)
    words: str
    args: frozenset[str] = frozenset()
    #: the arguments it cannot go without
    required: frozenset[str] = frozenset()
    step: StepRole = StepRole.NONE
    #: in a recovery, the step this event counts as (``shuffle`` performs a due ``reshuffle``)
    counts_as: EventName | None = None
    #: the :class:`~dealer_trainer.procedure.hand.Hand` method that checks it can happen at all
    verify: str = "verify_nothing"


E, D, P, F = EventName, Performer.DEALER, Performer.PLAYER, Performer.FLOOR
_NO, _SCRIPT, _AUTO = StepRole.NONE, StepRole.SCRIPT, StepRole.AUTO

# One row an event: name, who, recovery role, its check (Hand.verify_<check>), its arguments
# (a required one marked with !), and how it is said to a trainee.
# fmt: off
_ROWS: tuple[tuple[EventName, Performer, StepRole, str, str, str], ...] = (
    (E.SHUFFLE, D, _NO, "nothing", "", "Shuffle the deck"),
    (E.CUT, D, _AUTO, "cut", "at", "Cut the deck"),
    (E.POST_BLINDS, D, _NO, "post_blinds", "", "Have the blinds posted"),
    # a live straddle, a house option (RRoP-BLD 4; LA26 22): before the cards are dealt
    (E.STRADDLE, P, _NO, "straddle", "seat! amount", "Take a player's live straddle"),
    (E.PITCH, D, _SCRIPT, "pitch", "exposed boxed to unnoticed cards dropped",
     "Pitch the next card"),
    # deal: {seat}: the round dealt with a seat in that owes blinds (LA26 161; cash_blinds.py)
    (E.DEAL, D, _SCRIPT, "deal", "seat", "Pitch the rest of the round"),
    (E.ACT, P, _SCRIPT, "act", "seat! action! amount said chips more out_of_turn told",
     "Wait for the player to act"),
    (E.BURN, D, _SCRIPT, "one_card", "exposed boxed unnoticed", "Burn a card"),
    (E.FLOP, D, _SCRIPT, "flop", "cards boxed unnoticed", "Turn the flop (three cards)"),
    (E.TURN, D, _SCRIPT, "one_card", "boxed unnoticed",
     "Turn the turn card (the fourth board card)"),
    (E.RIVER, D, _SCRIPT, "one_card", "boxed unnoticed",
     "Turn the river card (the fifth board card)"),
    (E.SHOW, P, _NO, "showdown", "seat! cards", "Have a hand tabled"),
    (E.DECLARE_BOARD, P, _NO, "showdown", "seat!",
     "Take a player's declaration that they play the board"),
    (E.MUCK, P, _NO, "showdown", "seat!", "Take a mucked hand"),
    (E.NEXT_HAND, D, _NO, "next_hand", "", "Start the next hand (the button moves on)"),
    # the floor learns of an error the dealer made unnoticed (pitch: {unnoticed: true})
    (E.NOTICE, F, _NO, "nothing", "", "Call the floor about an error noticed late"),
    # the stub falls and cannot be put back in order (mixed: into the muck or the burns)
    (E.DROP_STUB, D, _NO, "drop_stub", "mixed", "Drop the stub (it cannot be put back in order)"),
    # recovery steps (a recovery calls for them; see docs/irregularities.md)
    (E.RETRIEVE, D, _AUTO, "nothing", "", "Bring the cards dealt back"),
    (E.SET_ASIDE, D, _AUTO, "nothing", "", "Set the premature card aside, out of play for now"),
    (E.RESHUFFLE, D, _AUTO, "nothing", "", "Shuffle the cards in again"),
    (E.REPLACE, D, _AUTO, "one_card", "",
     "Put the next card in place of the face-up one"),
    (E.SCRAMBLE, D, _AUTO, "scramble", "burn",
     "Mix the flop cards face down and take one at random as a burn"),
    # the pot, a killed hand, a flashed card, a foul deck (see docs/irregularities.md)
    (E.PUSH, D, _NO, "push", "seat! unnoticed", "Push the pot to a player"),
    (E.CORRECT_AWARD, D, _AUTO, "nothing", "",
     "Take the pot back and push it to the hand that won it"),
    (E.KILL, D, _NO, "kill", "seat!", "Kill a player's hand (push it into the muck)"),
    (E.FLASH, P, _NO, "flash", "seat!", "Take a player's flashed card"),
    (E.FOUL_DECK, F, _NO, "nothing", "found!", "Call the floor about a foul deck"),
    (E.SHORT_DECK, F, _NO, "nothing", "", "Call the floor about a deck found short"),
    # the floor's rulings on what players do (see docs/engine.md, "Player actions")
    (E.ABSENT, F, _NO, "absent", "seat!",
     "Call the floor: a player was away from the seat when the deal ended"),
    (E.RELEASE, P, _NO, "showdown", "seat!",
     "Take a hand let go face down at the showdown (not yet in the muck)"),
    (E.ORDER_SHOW, F, _NO, "order_show", "seat!", "Call the floor to have a hand tabled"),
    # a cash game's blinds (issue 25; RRoP-BLD 5-6, LA26 158, 160, 163): a seat that owes
    # blinds posts them before the blinds go in; the blinds chop when all others fold (LA26 71)
    # post: {buy_button: true}: the big blind live and the small blind dead from the first
    # player left of the button, where the house sells the button (LA26 158)
    (E.POST, P, _NO, "post", "seat! amount buy_button",
     "Take a player's blinds owed, posted to come in"),
    (E.CHOP, P, _NO, "chop", "", "Let the two blinds chop: each takes its blind back"),
    # chips and counts (issue 25; see docs/engine.md, "Chips and counts")
    (E.PULL_BACK, P, _NO, "pull_back", "seat!",
     "Take a player's chips pulled back from the pot"),
    (E.COUNT, P, _NO, "count", "seat! of!", "Count a player's stack on request"),
    (E.CONDITIONAL, P, _NO, "conditional", "seat! action!",
     "Take a player's conditional statement ('if you bet, I raise')"),
    # a cash game's pots (issue 25): a limit game's kill blind (RRoP-KP 2; LA26 193), the board
    # run twice by the all-in players' agreement (LA26 187), rabbit hunting (TDA24 28)
    (E.KILL_BLIND, P, _NO, "kill_blind", "seat! amount", "Take a player's kill blind"),
    (E.RUN_TWICE, P, _NO, "run_twice", "declined runs",
     "Take the players' agreement to run the board twice (or three times)"),
    (E.RABBIT, P, _NO, "rabbit", "", "Show the cards that would have come (rabbit hunting)"),
    # the table itself (issue 25; RRoP-MD(g), TDA24 34-A; LA26 79, TDA24 26)
    (E.WRONG_BUTTON, F, _NO, "wrong_button", "seat!",
     "Call the floor: the button is not where it belongs"),
    (E.DECK_CHANGE, F, _NO, "deck_change", "reason minutes", "Bring in a new deck between hands"),
    # hole cards taken off the table or hidden from view (RRoP-DEAL 2; LA26 75)
    (E.HIDDEN_HAND, F, _NO, "hidden_hand", "seat!",
     "Call the floor: a player's hole cards were off the table, out of view"),
    # chips and hands at the table (issue 25; procedure/chip_conduct.py): chips splashed into
    # the pot (LA26 42), a stack knocked over (LA26 50), a big chip hidden (LA26 50; TDA24 63),
    # a second person playing a hand (LA26 20)
    (E.SPLASH, P, _NO, "splash", "seat! chips said",
     "Take chips a player splashed into the pot, once their amount is worked out"),
    (E.KNOCKED_OVER, F, _NO, "knocked_over", "seat!",
     "Call the floor: a player's stack was knocked over (no bet)"),
    (E.HIDDEN_CHIP, F, _NO, "hidden_chip", "seat! amount",
     "Call the floor: a big chip was hidden behind a player's stack"),
    (E.ONE_PLAYER, F, _NO, "one_player", "seat!",
     "Call the floor: someone else helped play a player's hand"),
    # showing hands (issue 25; RRoP-SD 5-6, TDA24 18, LA26 148): a player asks to see a called
    # hand; a player shows cards to one other player, and the table may then see them too
    (E.SEE_HAND, P, _NO, "see_hand", "seat! of!", "Show a hand a player asks to see"),
    (E.SHOW_ONE, P, _NO, "show_one", "seat! to!",
     "Take a player's cards shown to one other player (show one, show all)"),
    # the change for chips pushed out beyond the bet (LA26 141); a wrong amount is put right
    # (LA26 145)
    (E.CHANGE, D, _NO, "change", "seat! given! unnoticed",
     "Give the player change for the chips pushed out beyond the bet"),
    (E.CORRECT_CHANGE, D, _AUTO, "nothing", "",
     "Put the change right: the chips short or over move between the player and the pot"),
)
# fmt: on
#: in a recovery, another name a step goes by
_COUNTS_AS = {E.SHUFFLE: E.RESHUFFLE}

VOCABULARY: tuple[EventSpec, ...] = tuple(
    EventSpec(
        name=name,
        by=by,
        words=words,
        args=frozenset(arg.rstrip("!") for arg in args.split()),
        required=frozenset(arg.rstrip("!") for arg in args.split() if arg.endswith("!")),
        step=step,
        counts_as=_COUNTS_AS.get(name),
        verify=f"verify_{check}",
    )
    for name, by, step, check, args, words in _ROWS
)

#: every event, with the arguments it takes
EVENT_ARGS: dict[str, frozenset[str]] = {str(item.name): item.args for item in VOCABULARY}
#: the arguments each event cannot go without (only events that have some)
REQUIRED_ARGS: dict[str, frozenset[str]] = {
    str(item.name): item.required for item in VOCABULARY if item.required
}
#: every event in plain dealer words, as a trainee is offered it (quiz, drill)
EVENT_WORDS: dict[str, str] = {str(item.name): item.words for item in VOCABULARY}
#: the events the players (and the floor) make; every other event is the dealer's
PLAYER_EVENTS: frozenset[str] = frozenset(str(item.name) for item in VOCABULARY if item.by is not D)
#: every dealer event, in the order a hand meets them
DEALER_EVENTS: tuple[str, ...] = tuple(str(item.name) for item in VOCABULARY if item.by is D)
#: recovery steps the engine performs itself under ``--auto-recover``
AUTO_STEPS: frozenset[str] = frozenset(
    str(item.name) for item in VOCABULARY if item.step is StepRole.AUTO
)
#: steps that stay the script's: normal dealing and players' actions
SCRIPT_STEPS: frozenset[str] = frozenset(
    str(item.name) for item in VOCABULARY if item.step is StepRole.SCRIPT
)
#: other names a recovery step goes by in a script
STEP_ALIASES: dict[str, str] = {
    str(item.name): str(item.counts_as) for item in VOCABULARY if item.counts_as is not None
}
#: the dealer events a recovery may name (a scenario's choice steps): steps and their aliases
RECOVERY_STEPS: frozenset[str] = frozenset(
    str(item.name)
    for item in VOCABULARY
    if item.by is D and (item.step is not StepRole.NONE or item.counts_as is not None)
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One event as the engine takes it. ``index`` is its 0-based position in the hand."""

    name: EventName
    index: int = 0
    seat: int | None = None
    action: Action | None = None
    amount: int | None = None
    at: int | None = None
    cards: int | None = None
    exposed: bool = False
    #: the place in a script file it was read from (for error messages)
    where: str | None = None
    boxed: bool = False
    to: int | None = None
    card: Card | None = None
    unnoticed: bool = False
    #: performed by the engine under --auto-recover, not written in the script
    auto: bool = False
    #: drop_stub: the stub fell into the muck or the burns
    mixed: bool = False
    #: a pitched card the dealer drops off the table (an exposed card)
    dropped: bool = False
    #: what makes a deck foul (:data:`FOUL_FINDS`): a joker, a duplicate card, another back
    found: str | None = None
    #: act: what the player said first (a word of ``declarations.WORDS``)
    said: str | None = None
    #: act: the chips pushed out in one motion, and those of a second motion (a string bet)
    chips: tuple[int, ...] | None = None
    more: tuple[int, ...] | None = None
    #: act: a player acts before their turn (TDA24 53; RRoP Betting 11): the floor holds it
    out_of_turn: bool = False
    #: count: the seat whose stack is counted; see_hand: the seat whose hand is asked for
    of: int | None = None
    #: act: the bet the player was wrongly told they faced (a miscount acted on; issue 25)
    told: int | None = None
    #: run_twice: a player left in the hand said no (the board is dealt once)
    declined: bool = False
    #: run_twice: how many times the rest of the board is run (2 or 3; None: twice)
    runs: int | None = None
    #: deck_change: why the new deck comes in (:data:`DECK_REASONS`), and for how many minutes
    #: the decks in play have been in play (a player's request waits for two hours, LA26 79)
    reason: str | None = None
    minutes: int | None = None
    #: change: the chips the dealer handed back as change (0: none)
    given: int | None = None
    #: post: the seat buys the button (a big blind live, a small blind dead; LA26 158)
    buy_button: bool = False

    def describe(self) -> str:
        """The event as a dealer would say it: ``act seat 4 raise 8``."""
        parts = (
            f"seat {self.seat}" if self.seat is not None else "",
            self.action.value if self.action is not None else "",
            str(self.amount) if self.amount is not None else "",
            f"at {self.at}" if self.at is not None else "",
            f"{self.cards} cards" if self.cards is not None else "",
            "exposed" * self.exposed,
            "boxed" * self.boxed,
            f"to seat {self.to}" if self.to is not None else "",
            "unnoticed" * self.unnoticed,
            f"burn {self.card}" if self.card is not None else "",
            "mixed" * self.mixed,
            "dropped" * self.dropped,
            f"found {self.found}" if self.found is not None else "",
            f"said {self.said}" if self.said is not None else "",
            f"chips {list(self.chips)}" if self.chips is not None else "",
            f"then {list(self.more)}" if self.more is not None else "",
            "out of turn" * self.out_of_turn,
            f"of seat {self.of}" if self.of is not None else "",
            f"told {self.told}" if self.told is not None else "",
            "declined" * self.declined,
            f"{self.runs} runs" if self.runs is not None else "",
            f"on {self.reason}" if self.reason is not None else "",
            f"after {self.minutes} minutes" if self.minutes is not None else "",
            f"given {self.given}" if self.given is not None else "",
            "buying the button" * self.buy_button,
        )
        return " ".join([self.name, *(part for part in parts if part)])
