"""The table picture's geometry and words, as pure functions of a :class:`TableView`.

The Jinja macro ``table(view)`` (templates/_macros/table.html) draws what :func:`layout`
places, in two shapes of one picture, and the page shows the one that fits its width:

- :data:`WIDE` (tablet and desktop): the seats round an oval (seat 1 at the dealer's left, the
  dealer at the bottom), each seat's cards and its bet in front of it, toward the middle; the
  board in the middle, the pot above it, the burns and the cards set aside below it.
- :data:`NARROW` (a phone held upright): the seats in two columns, seat 1 at the bottom left
  going up and round to the last seat at the bottom right, each seat's cards and bet on the
  side toward the middle; the pot, the board, the burns and the cards set aside in the
  dealer's area below them.

Every word is a :class:`Label` placed here with its size, so that the picture's words are
never smaller than 12 CSS px at the narrowest width each shape is shown at (the shape's
``least_width``), no two labels, chips, cards or the button overlap, and a seat's words stay
inside its box (tests/web/test_drawing.py checks the numbers; tests/browser/test_table_picture.py
measures them in a browser). :func:`describe` gives the picture's ``<desc>``.

A face-down card is a :class:`CardSpot` with ``card=None``: the view never knows its rank or
suit, so nothing drawn from it can show them.

A picture is a pure function of its view, its id and its title: :class:`TablePictures` keeps
the ones the macro drew (the same question asked again, by anyone, is the same picture).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from dealer_trainer.view import SeatView, TableView
from dealer_trainer.web.table_layouts import layout, layouts
from dealer_trainer.web.table_shapes import (
    BOARD_CARD,
    CENTRE_X,
    CENTRE_Y,
    DEALER_GAP,
    HEIGHT,
    MIN_SLOTS,
    NARROW,
    SEAT_BOX,
    SEAT_CARD,
    WIDE,
    WIDTH,
    CardSpot,
    Label,
    Point,
    Rect,
    SeatSpot,
    Shape,
    TableLayout,
    card_row,
    ellipse_point,
    seat_angle,
    seat_positions,
    text_width,
)

if TYPE_CHECKING:
    from jinja2 import Environment

__all__ = [
    "BOARD_CARD",
    "CENTRE_X",
    "CENTRE_Y",
    "DEALER_GAP",
    "HEIGHT",
    "MIN_SLOTS",
    "NARROW",
    "SEAT_BOX",
    "SEAT_CARD",
    "WIDE",
    "WIDTH",
    "CardSpot",
    "Label",
    "Point",
    "Rect",
    "SeatSpot",
    "Shape",
    "TableLayout",
    "TablePictures",
    "card_name",
    "card_row",
    "cards_in_text",
    "cards_spoken",
    "describe",
    "ellipse_point",
    "layout",
    "layouts",
    "plain_reason",
    "rank_text",
    "seat_angle",
    "seat_positions",
    "suit_symbol",
    "text_width",
]

_RANKS = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
_SUITS = {"c": ("clubs", "\u2663"), "d": ("diamonds", "\u2666"), "h": ("hearts", "\u2665"),
          "s": ("spades", "\u2660")}  # fmt: skip


def rank_text(card: str) -> str:
    """The rank as printed on a card: ``10`` for a ten, else the notation's letter."""
    return "10" if card[0] == "T" else card[0]


def suit_symbol(card: str) -> str:
    return _SUITS[card[1]][1]


def card_name(card: str) -> str:
    """``As`` -> ``ace of spades``."""
    return f"{_RANKS[card[0]]} of {_SUITS[card[1]][0]}"


#: card codes in running text ("Ah Kd", "the 7c"): one or more in a row
_CARD_RUN = re.compile(r"\b[2-9TJQKA][cdhs](?:(?:, | )[2-9TJQKA][cdhs])*\b")


def _inline_card(code: str) -> str:
    red = " red" if code[1] in "hd" else ""
    return (
        f'<span class="inline-card{red}"><span aria-hidden="true">{rank_text(code)}'
        f'{suit_symbol(code)}</span><span class="visually-hidden">{card_name(code)}</span></span>'
    )


def cards_in_text(text: object) -> Markup:
    """``text`` escaped, with each card code written as the picture draws it: ``Kc`` ->
    K♣ (its name, "king of clubs", for screen readers; the symbol hidden from them). A lone
    ``As`` is the word "as" at the start of a sentence, so it stays a word; "As" beside
    another card is the ace of spades."""
    escaped = str(escape(str(text)))

    def swap(found: re.Match[str]) -> str:
        run = found.group(0)
        if run == "As":
            return run
        return re.sub(r"[2-9TJQKA][cdhs]", lambda m: _inline_card(m.group(0)), run)

    return Markup(_CARD_RUN.sub(swap, escaped))


def cards_spoken(text: str) -> str:
    """``text`` with each card code said by name (for the status region, which is only
    heard): ``burn the Kc`` -> ``burn the king of clubs``; a lone ``As`` stays a word."""

    def swap(found: re.Match[str]) -> str:
        run = found.group(0)
        if run == "As":
            return run
        return re.sub(r"[2-9TJQKA][cdhs]", lambda m: card_name(m.group(0)), run)

    return _CARD_RUN.sub(swap, text)


_DUE_IN_BRACKETS = re.compile(r"\s*\(due: ([^()]+)\)")


def plain_reason(text: str) -> str:
    """The engine's reason for refusing a move, in a trainee's words: ``... (due: start the
    next hand)`` -> ``... What comes next: start the next hand.`` (the terminal keeps its own
    wording)."""
    text = _DUE_IN_BRACKETS.sub(lambda m: f". What comes next: {m[1]}.", text)
    return text.replace(" due: ", " due now. What comes next: ").replace("..", ".")


class TablePictures:
    """The table pictures of ``environment``'s ``table_drawn`` macro, each drawn once per
    view, id and title and then kept (the :attr:`KEEP` most recent): the macro is the dearest
    part of a question's page, and a quiz asks the bank's few hundred scenarios over and over.
    While templates reload (``auto_reload``, when developing) nothing is kept."""

    #: the most pictures kept (a few kilobytes each)
    KEEP = 1024
    TEMPLATE = "_macros/table.html"

    def __init__(self, environment: Environment) -> None:
        self.environment = environment
        self._kept = lru_cache(maxsize=self.KEEP)(self._draw)

    def __call__(self, view: TableView, id: str = "table", title: str = "The table") -> Markup:
        if self.environment.auto_reload:
            return self._draw(view, id, title)
        return self._kept(view, id, title)

    def _draw(self, view: TableView, id: str, title: str) -> Markup:
        macro = self.environment.get_template(self.TEMPLATE).module.table_drawn  # type: ignore[attr-defined]
        return Markup(macro(view, id=id, title=title))


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _seat_words(seat: SeatView, to_act: int | None) -> str:
    parts = [f"Seat {seat.seat}"]
    if seat.roles:
        parts[0] += f" ({', '.join(seat.roles)})"
    parts.append(_count(seat.chips, "chip", "chips"))
    if seat.in_front:
        parts.append(f"bet {seat.in_front} in front")
    if seat.folded:
        parts.append("folded")
    if seat.face_up:
        shown = ", ".join(card_name(card) for card in seat.face_up)
        parts.append(f"{'tabled' if seat.tabled else 'face up'}: {shown}")
    if seat.cards is not None:
        down = seat.cards - len(seat.face_up)
        if down > 0 and not seat.folded:
            parts.append(_count(down, "card face down", "cards face down"))
        elif seat.cards == 0:
            parts.append("no cards")
    if to_act == seat.seat:
        parts.append("to act")
    return ", ".join(parts)


def describe(view: TableView) -> str:
    """The picture in words, for its ``<desc>``: the blinds, each seat, the board, the burns,
    the cards set aside and the pot (a part the view hides is not mentioned)."""
    sentences = [
        f"Blinds {view.small_blind} and {view.big_blind}; the button is at seat {view.button}."
    ]
    sentences += [_seat_words(seat, view.to_act) + "." for seat in view.seats]
    if view.board is not None:
        if view.board:
            sentences.append("Board: " + ", ".join(card_name(card) for card in view.board) + ".")
        else:
            sentences.append("No board cards yet.")
    if view.burns is not None:
        sentences.append(_count(view.burns, "burn card", "burn cards") + " face down.")
    if view.set_aside:
        sentences.append("Set aside: " + ", ".join(card_name(c) for c in view.set_aside) + ".")
    for run, board in enumerate(view.later_boards, start=2):
        sentences.append(f"Board {run}: " + ", ".join(card_name(c) for c in board) + ".")
    if view.pots is not None:
        if len(view.pots) > 1:
            pots = ", ".join(str(amount) for amount in view.pots)
            sentences.append(f"Pot {view.pot}: main pot and side pots {pots}.")
        else:
            sentences.append(f"Pot {view.pot}.")
    return " ".join(sentences)


# --- the progress chart ----------------------------------------------------------------------

#: the chart's width; each row is a label over a bar, with the figures right of the bar
CHART_WIDTH = 640
CHART_ROW = 62.0
CHART_BAR = 24.0
#: room right of the bars for the figures ("12/20 · 60%")
CHART_FIGURES = 140.0
#: where a row's label sits (its baseline) and where its bar begins, below the row's top
CHART_LABEL_Y = 22.0
CHART_BAR_Y = 30.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Bar:
    """One topic's bar: its label, its score, and where it is drawn."""

    label: str
    right: int
    asked: int
    #: the top of its row, and the bar's length (a full bar is :func:`bar_span` long)
    y: float
    length: float

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.asked) if self.asked else 0


def bar_span() -> float:
    """The length of a full (100 %) bar."""
    return CHART_WIDTH - CHART_FIGURES


def topic_bars(scores: list[tuple[str, int, int]]) -> tuple[list[Bar], float]:
    """Bars for ``(label, right, asked)`` scores, one row each, and the chart's height."""
    span = bar_span()
    bars = [
        Bar(
            label=label,
            right=right,
            asked=asked,
            y=round(index * CHART_ROW, 2),
            length=round(span * right / asked, 2) if asked else 0.0,
        )
        for index, (label, right, asked) in enumerate(scores)
    ]
    return bars, len(bars) * CHART_ROW
