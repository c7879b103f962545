"""The table as the dealer sees it, drawn as text: :func:`draw_table` turns the facts of
:mod:`dealer_trainer.view` into lines (the quiz, the drill, ``scenarios show``).
"""

from __future__ import annotations

from typing import Any

from dealer_trainer.cli.render import Painter, cards

__all__ = ["draw_table"]


def draw_table(
    facts: dict[str, Any], paint: Painter, hidden: frozenset[str] = frozenset()
) -> list[str]:
    """The table as lines of text (colour through ``paint``).

    ``hidden`` names facts left undrawn (``to_act``, ``board``, ``burns``, ``pot``): a quiz
    question that asks for one of them must not show it.
    """
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
