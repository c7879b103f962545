"""The table picture's two shapes, as numbers: where every seat, card, chip, word and the
button of a :class:`TableView` is drawn (see :mod:`dealer_trainer.web.drawing`, which the
pages and tests call)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from dealer_trainer.view import SeatView


@dataclass(frozen=True, slots=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned box: its top-left corner and its size."""

    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Rect, gap: float = 0.0) -> bool:
        return not (
            self.x + self.w + gap <= other.x
            or other.x + other.w + gap <= self.x
            or self.y + self.h + gap <= other.y
            or other.y + other.h + gap <= self.y
        )

    def holds(self, other: Rect) -> bool:
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.x + other.w <= self.x + self.w
            and other.y + other.h <= self.y + self.h
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Shape:
    """One shape of the picture: its width (its viewBox's), the narrowest it is drawn at on a
    page (CSS px: app.css shows it only where it gets at least that), and its sizes. A word's
    size times ``least_width / width`` is its smallest size on screen."""

    name: str
    width: int
    least_width: float
    #: a seat's box: its width; its height for two lines of words, and for three
    box_width: float
    box_heights: tuple[float, float]
    seat_card: tuple[float, float]
    board_card: tuple[float, float]
    #: the size of every word but a seat's name (bold) and the pot (bold)
    text: float
    name_text: float
    pot_text: float
    chip_radius: float
    button_radius: float


#: tablet and desktop: shown where the picture is at least 560 px wide (app.css)
WIDE = Shape(
    name="wide",
    width=720,
    least_width=560,
    box_width=140,
    box_heights=(48, 68),
    seat_card=(32, 46),
    board_card=(40, 56),
    text=16,
    name_text=17,
    pot_text=19,
    chip_radius=9,
    button_radius=12,
)
#: a phone held upright: 320 px wide less the page's margins (app.css), and at most 26rem
NARROW = Shape(
    name="narrow",
    width=360,
    least_width=302,
    box_width=172,
    box_heights=(46, 66),
    seat_card=(29, 41),
    board_card=(36, 52),
    text=15,
    name_text=15,
    pot_text=17,
    chip_radius=8,
    button_radius=11,
)

#: kept for the picture's first callers: the wide shape's sizes
WIDTH = WIDE.width
HEIGHT = 500
SEAT_CARD = WIDE.seat_card
BOARD_CARD = WIDE.board_card
SEAT_BOX = (WIDE.box_width, WIDE.box_heights[1])
#: the middle of the felt (wide)
CENTRE_X = 360.0
CENTRE_Y = 240.0
#: the felt's half-axes, and those of the oval the seats sit on (wide)
FELT = (262.0, 168.0)
SEATS_OVAL = (286.0, 196.0)
#: the gap left at the bottom of the oval, where the dealer stands (degrees)
DEALER_GAP = 50.0
#: the fewest places round the table (so that two seats are not both at the bottom)
MIN_SLOTS = 4
#: room kept between two things drawn
GAP = 4.0
#: a word's width per point of its size (DejaVu Sans, the widest of the usual system-ui fonts,
#: is about 0.64 em a character, 0.70 in bold): an upper bound to lay words out with
_EM = 0.66
_EM_BOLD = 0.72


@dataclass(frozen=True, slots=True, kw_only=True)
class Label:
    """A word or a line of words: where its baseline starts (``anchor`` start), is centred
    (middle) or ends (end), its size, and the class app.css colours it by."""

    x: float
    y: float
    text: str
    size: float
    kind: str
    anchor: str = "start"
    bold: bool = False

    def box(self) -> Rect:
        """The room the words take at most (an estimate from :func:`text_width`)."""
        width = text_width(self.text, self.size, bold=self.bold)
        left = {"start": self.x, "middle": self.x - width / 2, "end": self.x - width}[self.anchor]
        return Rect(left, self.y - self.size * 0.8, width, self.size)


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
    #: the seat's centre, and its box's top-left corner and size
    centre: Point
    box: Point
    box_size: tuple[float, float]
    #: the words in the box: "Seat 3", "200 chips", and "SB · to act" when there is one
    lines: tuple[Label, ...]
    cards: tuple[CardSpot, ...]
    #: where its bet in front lies (the chip's centre) and its amount (None: no bet)
    bet: Point
    bet_label: Label | None
    #: the dealer button's centre, in the box (drawn only at the button's seat)
    button: Point
    to_act: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLayout:
    shape: Shape
    width: int
    height: int
    #: the felt: an oval (wide) round ``centre``, or a rounded box (narrow)
    oval: bool
    centre: Point
    felt: tuple[float, float]
    felt_box: Rect
    seats: tuple[SeatSpot, ...]
    seat_card: tuple[float, float]
    board_card: tuple[float, float]
    board: tuple[CardSpot, ...]
    pot: Label | None
    burns: Label | None
    set_aside_label: Label | None
    set_aside: tuple[CardSpot, ...]
    #: the words before each later row of cards beside the board: a board run twice or three
    #: times, its second and third runs (the first row's are ``set_aside_label``)
    run_labels: tuple[Label, ...] = ()
    dealer: Label

    def card_text(self, height: float) -> float:
        """The size of a card's rank and suit."""
        return round(height * 0.4, 1)

    def parts(self) -> Iterable[tuple[str, Rect]]:
        """Every label, chip, card and the button, named, with the room it takes (what must
        not overlap; a seat's words are also inside its box)."""
        sw, sh = self.seat_card
        bw, bh = self.board_card
        for spot in self.seats:
            name = f"seat {spot.seat.seat}"
            yield f"{name} box", Rect(spot.box.x, spot.box.y, *spot.box_size)
            for index, card in enumerate(spot.cards):
                yield f"{name} card {index + 1}", Rect(card.x, card.y, sw, sh)
            if spot.bet_label is not None:
                r = self.shape.chip_radius
                yield f"{name} chip", Rect(spot.bet.x - r, spot.bet.y - r, 2 * r, 2 * r)
                yield f"{name} bet", spot.bet_label.box()
        for index, card in enumerate(self.board):
            yield f"board card {index + 1}", Rect(card.x, card.y, bw, bh)
        for index, card in enumerate(self.set_aside):
            yield f"set-aside card {index + 1}", Rect(card.x, card.y, sw, sh)
        for label in (self.pot, self.burns, self.set_aside_label, *self.run_labels, self.dealer):
            if label is not None:
                yield label.kind, label.box()

    def clashes(self) -> list[str]:
        """What overlaps (by the words' estimated room), what spills out of a seat's box, and
        what lies outside the picture: nothing, when the layout is good."""
        found = []
        parts = list(self.parts())
        for index, (name, room) in enumerate(parts):
            found += [f"{name} x {other}" for other, r in parts[index + 1 :] if room.overlaps(r)]
        for spot in self.seats:
            box = Rect(spot.box.x, spot.box.y, *spot.box_size)
            found += [f"seat {spot.seat.seat}: {line.text!r} spills" for line in spot.lines
                      if not box.holds(line.box())]  # fmt: skip
        picture = Rect(0, 0, self.width, self.height)
        found += [f"{name} outside" for name, room in parts if not picture.holds(room)]
        return found


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """At most how wide ``text`` is drawn at ``size``."""
    return round(len(text) * size * (_EM_BOLD if bold else _EM), 2)


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


def _slots(seats: list[int]) -> int:
    return max([MIN_SLOTS, *seats])


def seat_positions(seats: list[int], slots: int | None = None) -> dict[int, Point]:
    """Each seat number's centre on the wide shape's oval; a table of ``slots`` places
    (default: the highest seat number, at least :data:`MIN_SLOTS`)."""
    count = _slots(seats) if slots is None else slots
    centre = Point(CENTRE_X, CENTRE_Y)
    return {seat: ellipse_point(centre, SEATS_OVAL, seat_angle(seat - 1, count)) for seat in seats}


def card_row(middle: Point, count: int, size: tuple[float, float], gap: float = 4.0) -> list[Point]:
    """The top-left corners of ``count`` cards in a row centred on ``middle``."""
    width, height = size
    total = count * width + max(count - 1, 0) * gap
    left = middle.x - total / 2
    return [Point(round(left + i * (width + gap), 2), round(middle.y - height / 2, 2))
            for i in range(count)]  # fmt: skip


def _faces(seat: SeatView) -> list[str | None]:
    """A seat's cards as drawn: face up first, then backs; none once folded face down."""
    faces: list[str | None] = list(seat.face_up)
    if seat.cards is not None:
        faces += [None] * max(seat.cards - len(seat.face_up), 0)
    if seat.folded and not seat.face_up:
        faces = []
    return faces


def _row_width(count: int, card: tuple[float, float], gap: float = 2.0) -> float:
    return count * card[0] + max(count - 1, 0) * gap


def _status(seat: SeatView, to_act: bool) -> str:
    """A seat's third line: its blind and whether it is folded or to act."""
    parts = [short for role, short in (("small blind", "SB"), ("big blind", "BB"))
             if role in seat.roles]  # fmt: skip
    if seat.folded:
        parts.append("folded")
    if to_act:
        parts.append("to act")
    return " · ".join(parts)


def _box_words(shape: Shape, box: Rect, seat: SeatView, to_act: bool) -> tuple[Label, ...]:
    """The words in a seat's box, left-aligned: its name, its chips, its status."""
    left = round(box.x + 8, 2)
    lines = [
        Label(x=left, y=round(box.y + 20, 2), text=f"Seat {seat.seat}", size=shape.name_text,
              kind="seat-name", bold=True),
        Label(x=left, y=round(box.y + 40, 2), text=f"{seat.chips} chips", size=shape.text,
              kind="seat-chips"),
    ]  # fmt: skip
    status = _status(seat, to_act)
    if status:
        lines.append(
            Label(x=left, y=round(box.y + 60, 2), text=status, size=shape.text, kind="seat-status")
        )
    return tuple(lines)


def _box_height(shape: Shape, seat: SeatView, to_act: bool) -> float:
    return shape.box_heights[1] if _status(seat, to_act) else shape.box_heights[0]


def _button_in(shape: Shape, box: Rect) -> Point:
    """The button's place: the top right corner of the seat's box, beside its name."""
    r = shape.button_radius
    return Point(round(box.x + box.w - r - 6, 2), round(box.y + r + 5, 2))


def _bet_label(shape: Shape, chip: Point, amount: int, *, left: bool = False) -> Label:
    """A bet's amount beside its chip (right of it, or left with ``left``)."""
    offset = shape.chip_radius + 4
    return Label(
        x=round(chip.x - offset if left else chip.x + offset, 2),
        y=round(chip.y + shape.text * 0.35, 2),
        text=str(amount),
        size=shape.text,
        kind="bet",
        anchor="end" if left else "start",
        bold=True,
    )
