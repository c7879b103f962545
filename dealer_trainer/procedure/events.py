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
from typing import Any

from dealer_trainer.betting import Action
from dealer_trainer.cards import Card

__all__ = [
    "AUTO_STEPS",
    "DEALER_EVENTS",
    "EVENT_ARGS",
    "EVENT_WORDS",
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
    "spec",
]


class EventName(StrEnum):
    """The name of an event, as a script writes it."""

    SHUFFLE = "shuffle"
    CUT = "cut"
    POST_BLINDS = "post_blinds"
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
_SEAT = frozenset({"seat"})

VOCABULARY: tuple[EventSpec, ...] = (
    EventSpec(name=E.SHUFFLE, by=D, words="Shuffle the deck", counts_as=E.RESHUFFLE),
    EventSpec(
        name=E.CUT,
        by=D,
        words="Cut the deck",
        args=frozenset({"at"}),
        step=StepRole.AUTO,
        verify="verify_cut",
    ),
    EventSpec(
        name=E.POST_BLINDS, by=D, words="Have the blinds posted", verify="verify_post_blinds"
    ),
    EventSpec(
        name=E.PITCH,
        by=D,
        words="Pitch the next card",
        args=frozenset({"exposed", "boxed", "to", "unnoticed"}),
        step=StepRole.SCRIPT,
        verify="verify_pitch",
    ),
    EventSpec(
        name=E.DEAL,
        by=D,
        words="Pitch the rest of the round",
        step=StepRole.SCRIPT,
        verify="verify_deal",
    ),
    EventSpec(
        name=E.ACT,
        by=P,
        words="Wait for the player to act",
        args=frozenset({"seat", "action", "amount"}),
        required=frozenset({"seat", "action"}),
        step=StepRole.SCRIPT,
        verify="verify_act",
    ),
    EventSpec(
        name=E.BURN, by=D, words="Burn a card", step=StepRole.SCRIPT, verify="verify_one_card"
    ),
    EventSpec(
        name=E.FLOP,
        by=D,
        words="Turn the flop (three cards)",
        args=frozenset({"cards"}),
        step=StepRole.SCRIPT,
        verify="verify_flop",
    ),
    *(
        EventSpec(name=name, by=D, words=words, step=StepRole.SCRIPT, verify="verify_one_card")
        for name, words in (
            (E.TURN, "Turn the turn card (the fourth board card)"),
            (E.RIVER, "Turn the river card (the fifth board card)"),
        )
    ),
    *(
        EventSpec(
            name=name, by=P, words=words, args=_SEAT, required=_SEAT, verify="verify_showdown"
        )
        for name, words in (
            (E.SHOW, "Have a hand tabled"),
            (E.DECLARE_BOARD, "Take a player's declaration that they play the board"),
            (E.MUCK, "Take a mucked hand"),
        )
    ),
    EventSpec(
        name=E.NEXT_HAND,
        by=D,
        words="Start the next hand (the button moves on)",
        verify="verify_next_hand",
    ),
    # the floor learns of an error the dealer made unnoticed (pitch: {unnoticed: true})
    EventSpec(name=E.NOTICE, by=F, words="Call the floor about an error noticed late"),
    # recovery steps (a recovery calls for them; see docs/irregularities.md)
    EventSpec(name=E.RETRIEVE, by=D, words="Bring the cards dealt back", step=StepRole.AUTO),
    EventSpec(
        name=E.SET_ASIDE,
        by=D,
        words="Set the premature card aside, out of play for now",
        step=StepRole.AUTO,
    ),
    EventSpec(name=E.RESHUFFLE, by=D, words="Shuffle the cards in again", step=StepRole.AUTO),
    EventSpec(
        name=E.REPLACE,
        by=D,
        words="Give the player the next card in place of the face-up one",
        step=StepRole.AUTO,
        verify="verify_one_card",
    ),
    EventSpec(
        name=E.SCRAMBLE,
        by=D,
        words="Mix the flop cards face down and take one at random as a burn",
        args=frozenset({"burn"}),
        step=StepRole.AUTO,
        verify="verify_scramble",
    ),
)

_SPECS: dict[str, EventSpec] = {item.name: item for item in VOCABULARY}


def spec(name: str) -> EventSpec:
    """The vocabulary's row for an event name (``KeyError`` for a name it does not know)."""
    return _SPECS[name]


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

    def describe(self) -> str:
        """The event as a dealer would say it: ``act seat 4 raise 8``."""
        parts: list[str] = [self.name]
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if self.action is not None:
            parts.append(self.action.value)
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.at is not None:
            parts.append(f"at {self.at}")
        if self.cards is not None:
            parts.append(f"{self.cards} cards")
        if self.exposed:
            parts.append("exposed")
        if self.boxed:
            parts.append("boxed")
        if self.to is not None:
            parts.append(f"to seat {self.to}")
        if self.unnoticed:
            parts.append("unnoticed")
        if self.card is not None:
            parts.append(f"burn {self.card}")
        return " ".join(parts)

    def item(self) -> str | dict[str, dict[str, Any]]:
        """The event as a hand script writes it: ``burn``, ``{act: {seat: 4, action: call}}``."""
        args: dict[str, Any] = {}
        for key in ("seat", "action", "amount", "at", "cards", "to"):
            value = getattr(self, key)
            if value is not None:
                args[key] = value.value if isinstance(value, Action) else value
        for key in ("exposed", "boxed", "unnoticed"):
            if getattr(self, key):
                args[key] = True
        if self.card is not None:
            args["burn"] = self.card.text
        return {str(self.name): args} if args else str(self.name)
