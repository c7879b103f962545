"""The table as the dealer sees it, drawn for a scenario (``scenarios show``, the quiz).

:func:`table_facts` reads a verified scenario's hand into plain data (JSON-ready), and
:func:`hand_facts` does the same for a bare hand (the drill's);
:func:`draw_table` turns that into lines of text: the seats around the table with the button
and the blinds, stacks and chips in front, hole cards face down unless they were exposed, then
the board, the burns, the set-aside cards and the pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dealer_trainer.betting import blind_seats
from dealer_trainer.cli.render import Painter

__all__ = ["draw_table", "hand_facts", "table_facts"]


def table_facts(proved: Any) -> dict[str, Any]:
    """What the dealer can see after the setup of a verified scenario."""
    return hand_facts(proved.hand, proved.exposed)


def hand_facts(hand: Any, face_up: Sequence[str] = ()) -> dict[str, Any]:
    """What the dealer can see at a hand (a :class:`~dealer_trainer.procedure.hand.Hand`);
    ``face_up`` names the hole cards seen face up in the deal (exposed or boxed).
    """
    table = hand.table
    spec = hand.spec
    betting = hand.betting
    exposed = set(face_up)
    blinds = {"small": spec.stakes.small_blind, "big": spec.stakes.big_blind}
    order = hand.order or table.players()
    roles: dict[int, list[str]] = {table.button: ["button"]}
    if len(order) >= 2:
        small, big = blind_seats(order)
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


def draw_table(
    facts: dict[str, Any], paint: Painter, hidden: frozenset[str] = frozenset()
) -> list[str]:
    """The table as lines of text (colour through ``paint``).

    ``hidden`` names facts left undrawn (``to_act``, ``board``, ``burns``, ``pot``): a quiz
    question that asks for one of them must not show it.
    """

    def cards(items: list[str]) -> str:
        return " ".join(items) if items else "-"

    blinds = facts["blinds"]
    lines = [f"blinds {blinds.get('small', '?')}/{blinds.get('big', '?')}"]
    for info in facts["seats"]:
        down = info["cards"] - len(info["face_up"])
        shown = " ".join(["[]"] * down + [paint(card, "yellow") for card in info["face_up"]])
        roles = f" ({', '.join(info['roles'])})" if info["roles"] else ""
        marks = []
        if info["in_front"]:
            marks.append(f"{info['in_front']} in front")
        if info["folded"]:
            marks.append("folded")
        if "to_act" not in hidden and facts["to_act"] == info["seat"]:
            marks.append(paint("to act", "cyan"))
        extra = f"  {', '.join(marks)}" if marks else ""
        lines.append(
            f"  seat {info['seat']:>2}{roles:<28} {shown or '-':<8} chips {info['chips']:>5}{extra}"
        )
    if "board" not in hidden:
        lines.append(f"board:     {paint(cards(facts['board']), 'bold')}")
    if "burns" not in hidden:
        lines.append(f"burns:     {len(facts['burns'])} ({cards(facts['burns'])})")
    if facts["exposed"]:
        lines.append(f"exposed:   {paint(cards(facts['exposed']), 'yellow')}")
    if facts["set_aside"]:
        lines.append(f"set aside: {cards(facts['set_aside'])}")
    if "pot" not in hidden:
        pots = facts["pots"]
        split = f" ({' + '.join(map(str, pots))})" if len(pots) > 1 else ""
        lines.append(f"pot:       {facts['pot']}{split}")
    return lines
