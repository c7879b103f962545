"""Every dealer event in plain dealer words: as a trainee is offered it (quiz, drill).

:data:`EVENT_WORDS` says each event in general; :func:`label` says it here and now, on a
given hand: which seat the next card goes to, which card a recovery puts back or sets aside,
whether a shuffle is the whole deck (a misdeal) or the stub.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from dealer_trainer.procedure.events import EVENT_WORDS

if TYPE_CHECKING:
    from dealer_trainer.cards import Card
    from dealer_trainer.procedure.hand import Hand
    from dealer_trainer.procedure.recovery import Recovery

__all__ = ["EVENT_WORDS", "cards_text", "in_words", "label"]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a dealer writes them: ``Ah Kd``."""
    return " ".join(card.text for card in cards)


def label(name: str, hand: Hand) -> str:
    """A dealer event as the dealer would say it, here and now."""
    recovery = hand.recoveries[0] if hand.recoveries else None
    if name in _RECOVERY_LABELS:
        return _RECOVERY_LABELS[name](hand, recovery)
    if name == "post_blinds":
        stakes = hand.spec.stakes
        return f"Call for the blinds ({stakes.small_blind} and {stakes.big_blind})"
    if name == "pitch":
        if hand.state == "dealing":
            return f"Pitch one card, to seat {hand.seat_to_deal()}"
        return "Pitch one more hole card"
    if name == "deal":
        if hand.state == "dealing" and hand.dealt:
            return "Pitch the rest of the round"
        return "Deal the hands: two cards each, one at a time, the button last"
    return EVENT_WORDS[name]


#: the engine's "expected: ..." at the end of a refusal: event names, or a wait and its events
_EXPECTED = re.compile(r"(?P<open>\(?)expected: (?P<due>[^()]+?)(?: \([a-z_, ]+\))?\)?$")
#: an event name of two words or more (``post_blinds``), which no dealer says
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def in_words(reason: str, given: str, hand: Hand) -> str:
    """The engine's reason for refusing a dealer's move, in dealer words: the move as it was
    offered (``given``), and the step due as :func:`label` says it on ``hand`` (as it was when
    the move was refused), never as event names (``expected: cut``)."""
    name, sep, rest = reason.partition(" is not ")
    if sep and name in EVENT_WORDS:
        reason = f'"{given}" is not {rest}'

    def due(match: re.Match[str]) -> str:
        steps = [step.strip() for step in match["due"].split(",")]
        said = [label(step, hand) if step in EVENT_WORDS else step for step in steps]
        words = " or ".join(text[:1].lower() + text[1:] for text in said)
        return f"(due: {words})" if match["open"] else f"due: {words}"

    reason = _EXPECTED.sub(due, reason)
    return _SNAKE.sub(lambda m: label(m[0], hand).lower() if m[0] in EVENT_WORDS else m[0], reason)


def _retrieve(hand: Hand, recovery: Recovery | None) -> str:
    if recovery is None:
        return "Bring the cards back into the stub"
    if recovery.outcome.misdeal:
        return "Call a misdeal: bring every card dealt back to the deck"
    if "retrieve" in recovery.situation.labels:
        return recovery.situation.labels["retrieve"]  # the error's own words (its record)
    if recovery.situation.kind == "extra_card":
        return "Take the extra card back onto the top of the stub"
    if recovery.cards:
        cards = f"card{'s' if len(recovery.cards) > 1 else ''} ({cards_text(recovery.cards)})"
        return f"Bring the turned {cards} back into the stub"
    return "Bring the cards back into the stub"


def _set_aside(hand: Hand, recovery: Recovery | None) -> str:
    if recovery is not None and recovery.cards:
        return f"Set the {cards_text(recovery.cards)} aside, out of play for now"
    return "Set the card aside, out of play for now"


def _reshuffle(hand: Hand, recovery: Recovery | None) -> str:
    if recovery is not None and recovery.outcome.misdeal:
        return "Shuffle the whole deck"
    if recovery is not None and recovery.cards and "set_aside" in recovery.outcome.steps:
        return "Shuffle the set-aside card into the stub"
    return "Shuffle the stub"


def _replace(hand: Hand, recovery: Recovery | None) -> str:
    if recovery is not None and recovery.seat is not None:
        what = "boxed" if recovery.situation.kind == "boxed_card" else "exposed"
        return f"Give seat {recovery.seat} the top card of the stub in place of the {what} card"
    if recovery is not None and "replace" in recovery.situation.labels:
        return recovery.situation.labels["replace"]  # the error's own words (its record)
    return "Give the player the top card of the stub in place of the face-up card"


#: what ``replace`` does on the board, per situation (a burn error, a boxed or shown card)
_BOARD_REPLACES = {
    "missed_burn": "Put the card turned on the burns and turn the next card in its place",
    "extra_burn_turned": "Put the second burn card on the board in place of the card turned, "
    "and that card back on top of the stub",
    "boxed_board_card": "Set the boxed card aside and take the next card in its place",
    "exposed_burn": "Set the shown burn card aside and burn the next card face down",
}


_RECOVERY_LABELS: dict[str, Callable[[Hand, Recovery | None], str]] = {
    "retrieve": _retrieve,
    "set_aside": _set_aside,
    "reshuffle": _reshuffle,
    "replace": _replace,
    "scramble": lambda hand, recovery: "Mix the board cards face down and burn one at random",
}
