"""What the drill tells of its table beyond the players' actions: the blinds as they go in, and
the house's happenings it brings about now and then (:mod:`.players` draws them): a player back
from a break making up the blinds, a live straddle, the button found one seat too far.

Each function plays what it brings about through ``do`` (the drill's own numbered event) and
returns the lines the drill says."""

from __future__ import annotations

from collections.abc import Callable

from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.training.drill.players import (
    BLINDS,
    misplaced_button,
    missed_blind,
    straddle,
)
from dealer_trainer.training.labels import cards_text

__all__ = ["blinds_posted", "blinds_words", "hand_begun", "new_table_words", "shown_words"]


def new_table_words(hand: Hand) -> str:
    """A new table, as the drill tells it: its players, its blinds and their stacks."""
    seats = hand.table.players()
    return (
        f"A new table: {len(seats)} players (seats {', '.join(map(str, seats))}), "
        f"blinds {BLINDS[0]}/{BLINDS[1]}, {hand.chips(seats[0])} each."
    )


def blinds_words(hand: Hand) -> str:
    """The blinds just posted (a dead small blind under a dead button)."""
    assert hand.betting is not None
    small, big = hand.betting.blinds
    bets = hand.betting.bets
    posts = (
        f"Seat {small} posts the small blind ({bets[small]}), seat {big}"
        if small is not None
        else f"The small blind is dead (dead button); seat {big} posts"
    )
    return f"{posts} the big blind ({bets[big]})."


def shown_words(hand: Hand, event: Event) -> str:
    """A player's move at the showdown, before it is played: a muck, or the cards shown."""
    seat = event.seat
    assert seat is not None
    if event.name == EventName.MUCK:
        return f"Seat {seat} mucks."
    return f"Seat {seat} shows {cards_text(hand.table.holes[seat])}."


def hand_begun(hand: Hand, number: int, do: Callable[[Event], None]) -> list[str]:
    """A new hand's opening line, and a player back owing blinds who makes them up."""
    lines = [
        f"Hand {number}: the button is on seat {hand.table.button}; "
        f"{len(hand.table.players())} players."
    ]
    if (seat := missed_blind(hand, number)) is not None:  # back from a break, owing
        do(Event(name=EventName.POST, seat=seat))
        made_up = f"{BLINDS[1]} live, {BLINDS[0]} dead"
        lines.append(f"Seat {seat} is back and makes up both blinds: {made_up}.")
    return lines


def blinds_posted(
    hand: Hand, number: int, do: Callable[[Event], None], *, errors: bool
) -> list[str]:
    """The blinds just posted; then now and then a live straddle and, where the drill makes
    dealer errors (``errors``), the floor finding the button misplaced."""
    if hand.betting is None:
        return []
    lines = [blinds_words(hand)]
    if (seat := straddle(hand, number)) is not None:  # a live straddle
        do(Event(name=EventName.STRADDLE, seat=seat))
        lines.append(f"Seat {seat} straddles ({hand.betting.bets[seat]}).")
    if errors and (seat := misplaced_button(hand, number)) is not None:
        do(Event(name=EventName.WRONG_BUTTON, seat=seat))
        lines.append(f"The floor finds the button belongs on seat {seat}.")
    return lines
