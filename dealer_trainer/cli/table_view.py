"""The table as the dealer sees it, drawn as text: :func:`draw_table` turns the view of
:mod:`dealer_trainer.view` (its JSON-ready form) into lines (the quiz, the drill,
``scenarios show``). It draws what the view holds and nothing else: a part the view hides
(``None``) is not drawn, so a question's answer cannot leak through the drawing.
"""

from __future__ import annotations

from typing import Any

from dealer_trainer.cli.render import Painter, cards

__all__ = ["draw_table"]


def draw_table(
    facts: dict[str, Any], paint: Painter, hidden: frozenset[str] = frozenset()
) -> list[str]:
    """The table as lines of text (colour through ``paint``).

    ``facts`` is :meth:`dealer_trainer.view.TableView.to_dict`; ``hidden`` names more parts
    to leave undrawn (``to_act``, ``board``, ``burns``, ``pot``, ``in_front``, ``cards``), on
    top of those the view itself hides.
    """
    hidden = hidden | frozenset(facts.get("hidden", ()))
    blinds = facts["blinds"]
    lines = [f"blinds {blinds.get('small', '?')}/{blinds.get('big', '?')}"]
    # the roles column is as wide as its longest entry, so a row fits a narrow terminal
    width = max(
        (len(", ".join(info["roles"])) + 3 for info in facts["seats"] if info["roles"]), default=0
    )
    for info in facts["seats"]:
        face_up = info["face_up"]
        held = info.get("cards")
        if held is None or "cards" in hidden:
            shown = " ".join(paint(card, "yellow") for card in face_up) or "?"
        else:
            down = held - len(face_up)
            shown = " ".join(["[]"] * down + [paint(card, "yellow") for card in face_up])
        roles = f" ({', '.join(info['roles'])})" if info["roles"] else ""
        marks = []
        in_front = info.get("in_front")
        if in_front and "in_front" not in hidden:
            marks.append(f"{in_front} in front")
        if info.get("tabled"):
            marks.append("tabled")
        if info["folded"]:
            marks.append("folded")
        if "to_act" not in hidden and facts["to_act"] == info["seat"]:
            marks.append(paint("to act", "cyan"))
        extra = f"  {', '.join(marks)}" if marks else ""
        seat, chips = f"{info['seat']:>2}", f"{info['chips']:>5}"
        lines.append(f"  seat {seat}{roles:<{width}} {shown or '-':<8} chips {chips}{extra}")
    if "board" not in hidden and facts["board"] is not None:
        lines.append(f"board:     {paint(cards(facts['board']), 'bold')}")
    burns = facts["burns"]
    if "burns" not in hidden and burns is not None:
        count = burns if isinstance(burns, int) else len(burns)
        lines.append(f"burns:     {count} face down" if count else "burns:     0")
    if facts["exposed"]:
        lines.append(f"exposed:   {paint(cards(facts['exposed']), 'yellow')}")
    if facts["set_aside"]:
        lines.append(f"set aside: {cards(facts['set_aside'])}")
    # a board run twice or three times: each later run's own cards (LA26 187)
    for run, board in enumerate(() if "board" in hidden else facts.get("later_boards") or (), 2):
        lines.append(f"board {run}:   {paint(cards(board), 'bold')}")
    if "pot" not in hidden and facts["pot"] is not None:
        pots = facts["pots"] or []
        split = f" ({' + '.join(map(str, pots))})" if len(pots) > 1 else ""
        lines.append(f"pot:       {facts['pot']}{split}")
    return lines
