"""The table picture's geometry and words, as pure functions of a :class:`TableView`.

The Jinja macro ``table(view)`` (templates/_macros/table.html) draws what :func:`layout`
places: the seats round an oval (seat 1 at the dealer's left, the dealer at the bottom),
each seat's cards (face up, or backs), its bet in front and the button; the board in the
middle, the pot above it, the burns as a count and the cards set aside below it.
:func:`describe` gives the picture's ``<desc>``: the same facts in words.

A face-down card is a :class:`CardSpot` with ``card=None``: the view never knows its rank or
suit, so nothing drawn from it can show them.

A picture is a pure function of its view, its id and its title: :class:`TablePictures` keeps
the ones the macro drew (the same question asked again, by anyone, is the same picture).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from markupsafe import Markup

from dealer_trainer.view import SeatView, TableView

if TYPE_CHECKING:
    from jinja2 import Environment

__all__ = [
    "BOARD_CARD",
    "HEIGHT",
    "SEAT_CARD",
    "WIDTH",
    "CardSpot",
    "Point",
    "SeatSpot",
    "TableLayout",
    "TablePictures",
    "card_name",
    "card_row",
    "describe",
    "ellipse_point",
    "layout",
    "rank_text",
    "seat_angle",
    "seat_positions",
    "suit_symbol",
]

#: the picture's size (its viewBox): it scales to the width it is given
WIDTH = 720
HEIGHT = 440
#: the middle of the felt
CENTRE_X = 360.0
CENTRE_Y = 215.0
#: the felt's half-axes, and those of the oval the seats sit on
FELT = (250.0, 140.0)
SEATS_OVAL = (290.0, 168.0)
#: a seat's box (width, height)
SEAT_BOX = (130.0, 54.0)
#: card sizes (width, height): at a seat, on the board
SEAT_CARD = (26.0, 37.0)
BOARD_CARD = (44.0, 62.0)
#: how far a seat's cards and bet lie from the seat, toward the middle (along x, along y)
CARDS_OFFSET = (102.0, 54.0)
BET_OFFSET = (150.0, 92.0)
#: the gap left at the bottom of the oval, where the dealer stands (degrees)
DEALER_GAP = 50.0
#: the fewest places round the oval (so that two seats are not both at the bottom)
MIN_SLOTS = 4

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


@dataclass(frozen=True, slots=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True, slots=True, kw_only=True)
class CardSpot:
    """Where a card lies (its top-left corner) and, face up, which card (None: a back)."""

    x: float
    y: float
    card: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSpot:
    """A seat's place in the picture."""

    seat: SeatView
    #: the seat's centre, and its box's top-left corner
    centre: Point
    box: Point
    cards: tuple[CardSpot, ...]
    #: where its bet in front lies (drawn only when there is a bet)
    bet: Point
    #: where the dealer button lies (drawn only at the button's seat)
    button: Point
    to_act: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLayout:
    width: int
    height: int
    centre: Point
    felt: tuple[float, float]
    seats: tuple[SeatSpot, ...]
    board: tuple[CardSpot, ...]
    pot: Point
    #: where the burns' count and the cards set aside are written
    burns: Point
    set_aside: tuple[CardSpot, ...]
    dealer: Point


def rank_text(card: str) -> str:
    """The rank as printed on a card: ``10`` for a ten, else the notation's letter."""
    return "10" if card[0] == "T" else card[0]


def suit_symbol(card: str) -> str:
    return _SUITS[card[1]][1]


def card_name(card: str) -> str:
    """``As`` -> ``ace of spades``."""
    return f"{_RANKS[card[0]]} of {_SUITS[card[1]][0]}"


def ellipse_point(centre: Point, radii: tuple[float, float], degrees: float) -> Point:
    """The point of an ellipse at an angle (0 degrees: right; 90: down, as SVG's y grows)."""
    angle = math.radians(degrees)
    return Point(
        round(centre.x + radii[0] * math.cos(angle), 2),
        round(centre.y + radii[1] * math.sin(angle), 2),
    )


def seat_angle(index: int, slots: int) -> float:
    """The angle of place ``index`` (0: seat 1) of ``slots`` round the oval: clockwise from
    the dealer's left, leaving the bottom to the dealer."""
    if slots < 2:
        return 270.0
    step = (360.0 - DEALER_GAP) / (slots - 1)
    return (90.0 + DEALER_GAP / 2 + index * step) % 360.0


def seat_positions(seats: list[int], slots: int | None = None) -> dict[int, Point]:
    """Each seat number's centre on the seats' oval; a table of ``slots`` places (default:
    the highest seat number, at least :data:`MIN_SLOTS`)."""
    count = max([MIN_SLOTS, *seats]) if slots is None else slots
    centre = Point(CENTRE_X, CENTRE_Y)
    return {seat: ellipse_point(centre, SEATS_OVAL, seat_angle(seat - 1, count)) for seat in seats}


def card_row(middle: Point, count: int, size: tuple[float, float], gap: float = 4.0) -> list[Point]:
    """The top-left corners of ``count`` cards in a row centred on ``middle``."""
    width, height = size
    total = count * width + max(count - 1, 0) * gap
    left = middle.x - total / 2
    return [Point(round(left + i * (width + gap), 2), round(middle.y - height / 2, 2))
            for i in range(count)]  # fmt: skip


def _toward_middle(at: Point, offset: tuple[float, float]) -> Point:
    """A point moved from ``at`` toward the middle of the table by ``offset`` (x, y) along
    the direction of the seat's angle."""
    angle = math.atan2((at.y - CENTRE_Y) / SEATS_OVAL[1], (at.x - CENTRE_X) / SEATS_OVAL[0])
    return Point(
        round(at.x - math.cos(angle) * offset[0], 2), round(at.y - math.sin(angle) * offset[1], 2)
    )


def _seat_cards(seat: SeatView, middle: Point) -> tuple[CardSpot, ...]:
    faces: list[str | None] = list(seat.face_up)
    if seat.cards is not None:
        faces += [None] * max(seat.cards - len(seat.face_up), 0)
    if seat.folded and not seat.face_up:
        faces = []
    spots = card_row(middle, len(faces), SEAT_CARD, gap=2.0)
    return tuple(CardSpot(x=p.x, y=p.y, card=face) for p, face in zip(spots, faces, strict=True))


def layout(view: TableView) -> TableLayout:
    """Where everything of ``view`` is drawn."""
    centre = Point(CENTRE_X, CENTRE_Y)
    places = seat_positions([seat.seat for seat in view.seats])
    seats = []
    for seat in view.seats:
        at = places[seat.seat]
        bet = _toward_middle(at, BET_OFFSET)
        seats.append(
            SeatSpot(
                seat=seat,
                centre=at,
                box=Point(at.x - SEAT_BOX[0] / 2, at.y - SEAT_BOX[1] / 2),
                cards=_seat_cards(seat, _toward_middle(at, CARDS_OFFSET)),
                bet=bet,
                button=Point(round(bet.x + 26, 2), round(bet.y - 4, 2)),
                to_act=view.to_act == seat.seat,
            )
        )
    board = view.board or ()
    spots = card_row(centre, len(board), BOARD_CARD, gap=6.0)
    set_aside = card_row(Point(CENTRE_X + 70, CENTRE_Y + 62), len(view.set_aside), SEAT_CARD, 2.0)
    return TableLayout(
        width=WIDTH,
        height=HEIGHT,
        centre=centre,
        felt=FELT,
        seats=tuple(seats),
        board=tuple(
            CardSpot(x=p.x, y=p.y, card=card) for p, card in zip(spots, board, strict=True)
        ),
        pot=Point(CENTRE_X, CENTRE_Y - 46),
        burns=Point(CENTRE_X - 40, CENTRE_Y + 62),
        set_aside=tuple(
            CardSpot(x=p.x, y=p.y, card=card)
            for p, card in zip(set_aside, view.set_aside, strict=True)
        ),
        dealer=Point(CENTRE_X, CENTRE_Y + FELT[1] + 30),
    )


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
