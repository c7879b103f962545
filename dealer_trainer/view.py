"""What a person at the table sees at one moment, as plain data: one screen-free model of the
table that the terminal (:mod:`dealer_trainer.cli.table_view`) and the browser both draw.

:func:`table_facts` reads a verified scenario's hand (the quiz, ``scenarios show``) and
:func:`hand_facts` a bare hand (the drill's): the seats with the button and the blinds, the
stacks and the chips in front, how many hole cards each holds and which are face up, the
board, the burns, the set-aside cards and the pot. Everything is JSON-ready.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealer_trainer.procedure.hand import Hand
    from dealer_trainer.scenario import Verified

__all__ = ["hand_facts", "table_facts"]


def table_facts(proved: Verified) -> dict[str, Any]:
    """What the dealer can see after the setup of a verified scenario."""
    return hand_facts(proved.hand, proved.exposed)


def hand_facts(hand: Hand, face_up: Sequence[str] = ()) -> dict[str, Any]:
    """What the dealer can see at a hand (a :class:`~dealer_trainer.procedure.hand.Hand`);
    ``face_up`` names the hole cards seen face up in the deal (exposed or boxed).
    """
    table = hand.table
    spec = hand.spec
    betting = hand.betting
    exposed = set(face_up)
    blinds = {"small": spec.stakes.small_blind, "big": spec.stakes.big_blind}
    roles: dict[int, list[str]] = {table.button: ["button"]}
    blind_positions = hand.blind_positions()
    if blind_positions is not None:
        small, big = blind_positions
        if small is not None:  # a dead small blind is nobody's
            roles.setdefault(small, []).append("small blind")
        roles.setdefault(big, []).append("big blind")
    seats = []
    for seat in sorted(table.stacks):
        hole = table.holes.get(seat, [])
        seats.append(
            {
                "seat": seat,
                "roles": roles.get(seat, []),
                "chips": hand.chips(seat),
                "in_front": betting.bets.get(seat, 0) if betting is not None else 0,
                "cards": len(hole),
                "face_up": [card.text for card in hole if card.text in exposed],
                "folded": betting is not None and seat in betting.folded,
            }
        )
    pots = hand.current_pots()
    return {
        "button": table.button,
        "blinds": blinds,
        "seats": seats,
        "board": [card.text for card in table.board],
        "burns": [card.text for card in table.burns],
        "exposed": list(face_up),
        "set_aside": [card.text for card in table.set_aside],
        "pot": sum(pot.amount for pot in pots),
        "pots": [pot.amount for pot in pots],
        "to_act": hand.to_act,
        "stub": len(table.stub),
    }
