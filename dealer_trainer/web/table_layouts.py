"""Where everything of a :class:`TableView` is drawn, in each shape of
:mod:`dealer_trainer.web.table_shapes`: :func:`layout` and :func:`layouts`."""

from __future__ import annotations

import math

from dealer_trainer.view import SeatView, TableView
from dealer_trainer.web.table_shapes import (
    CENTRE_X,
    CENTRE_Y,
    FELT,
    GAP,
    HEIGHT,
    NARROW,
    WIDE,
    CardSpot,
    Label,
    Point,
    Rect,
    SeatSpot,
    Shape,
    TableLayout,
    _bet_label,
    _box_height,
    _box_words,
    _button_in,
    _faces,
    _row_width,
    _slots,
    card_row,
    seat_positions,
    text_width,
)

__all__ = ["layout", "layouts"]


def _clear_along(obstacle: Rect, size: tuple[float, float], start: Point, u: Point) -> float:
    """How far a box of ``size`` centred on ``start`` moves along ``u`` (a unit vector) until
    it is :data:`GAP` clear of ``obstacle`` on one axis or the other."""
    w, h = size
    needs = []
    for along, lo, hi, half, pos in (
        (u.x, obstacle.x, obstacle.x + obstacle.w, w / 2, start.x),
        (u.y, obstacle.y, obstacle.y + obstacle.h, h / 2, start.y),
    ):
        if along > 1e-9:
            needs.append((hi + GAP - (pos - half)) / along)
        elif along < -1e-9:
            needs.append(((pos + half) - (lo - GAP)) / -along)
    return max(0.0, min(needs)) if needs else 0.0


def _wide_seat(shape: Shape, seat: SeatView, at: Point, to_act: bool) -> SeatSpot:
    """A seat of the wide shape: its box on the oval, and in front of it (toward the middle)
    its cards and, nearer the middle, its bet."""
    height = _box_height(shape, seat, to_act)
    box = Rect(round(at.x - shape.box_width / 2, 2), round(at.y - height / 2, 2),
               shape.box_width, height)  # fmt: skip
    faces = _faces(seat)
    ch = shape.seat_card[1]
    r = shape.chip_radius
    bet_width = 2 * r + 4 + text_width(str(seat.in_front or 0), shape.text, bold=True)
    has_bet = bool(seat.in_front)
    stack_w = max(_row_width(len(faces), shape.seat_card), bet_width if has_bet else 0.0)
    stack_h = (ch if faces else 0.0) + (2 * r + (GAP if faces else 0.0) if has_bet else 0.0)
    dx, dy = CENTRE_X - at.x, CENTRE_Y - at.y
    norm = math.hypot(dx, dy) or 1.0
    u = Point(dx / norm, dy / norm)
    t = _clear_along(box, (stack_w, stack_h), at, u)
    middle = Point(at.x + u.x * t, at.y + u.y * t)
    top = middle.y - stack_h / 2
    upper = at.y <= CENTRE_Y  # the bet lies below the cards (above them for a lower seat)
    cards_top = top if upper or not has_bet else top + 2 * r + GAP
    spots = card_row(Point(middle.x, cards_top + ch / 2), len(faces), shape.seat_card, gap=2.0)
    chip_y = (top + stack_h - r) if upper else (top + r)
    chip = Point(round(middle.x - bet_width / 2 + r, 2), round(chip_y, 2))
    return SeatSpot(
        seat=seat,
        centre=at,
        box=Point(box.x, box.y),
        box_size=(box.w, box.h),
        lines=_box_words(shape, box, seat, to_act),
        cards=tuple(CardSpot(x=p.x, y=p.y, card=f) for p, f in zip(spots, faces, strict=True)),
        bet=chip,
        bet_label=_bet_label(shape, chip, seat.in_front) if seat.in_front else None,
        button=_button_in(shape, box),
        to_act=to_act,
    )


def _pot_words(view: TableView) -> str:
    words = f"Pot {view.pot}"
    if view.pots and len(view.pots) > 1:
        words += " (" + " + ".join(str(amount) for amount in view.pots) + ")"
    return words


def _clear_of(parts: list[Rect], taken: list[Rect]) -> bool:
    return not any(a.overlaps(b, GAP) for a in parts for b in taken)


def _middle(shape: Shape, view: TableView, centre: Point, taken: list[Rect]) -> dict[str, object]:
    """The board round ``centre``; the pot above it and the burns and the cards set aside
    below it, or on the next line out where a seat's cards or bet lie (``taken``)."""
    bw, bh = shape.board_card
    board = view.board or ()
    spots = card_row(centre, len(board), shape.board_card, gap=5.0)
    half = bh / 2 if board else 0.0
    step = shape.text + 10
    above = [round(centre.y - half - 10 - k * step, 2) for k in range(3)]
    below = [round(centre.y + half + 10 + shape.text * 0.8 + k * step, 2) for k in range(3)]
    taken = taken + [Rect(p.x, p.y, bw, bh) for p in spots]
    pot = None
    if view.pot is not None:
        for y in [above[0], below[0], above[1], below[1], above[2]]:
            pot = Label(x=centre.x, y=y, text=_pot_words(view), size=shape.pot_text,
                        kind="pot", anchor="middle", bold=True)  # fmt: skip
            if _clear_of([pot.box()], taken):
                break
        assert pot is not None
        taken = [*taken, pot.box()]
    burns: Label | None = None
    labels: list[Label] = []
    aside: list[CardSpot] = []
    sw, sh = shape.seat_card
    # the cards set aside, then each later run of a board run twice or three times, a row each
    rows = [("Set aside:", view.set_aside)] if view.set_aside else []
    rows += [(f"Board {run}:", cards) for run, cards in enumerate(view.later_boards, start=2)]
    words_width = max((text_width(words, shape.text) for words, _ in rows), default=0) + GAP
    x0, first = centre.x + 12, 0
    longest = max((len(cards) for _, cards in rows), default=0)
    if (shape.width - 4 - x0 - words_width) // (sw + 2) < min(longest, 5):
        x0, first = 8.0, 1  # a narrow picture: the rows go under the burns, from its left edge
    left = x0 + words_width
    # as many a row as the picture's width holds; the rest on rows below
    per_row = max(1, int((shape.width - 4 - left) // (sw + 2)))
    for y in [*below, *above[1:]]:
        parts: list[Rect] = []
        if view.burns is not None:
            burns = Label(x=round(centre.x - 12, 2), y=y, text=f"Burns: {view.burns}",
                          size=shape.text, kind="burns", anchor="end")  # fmt: skip
            parts.append(burns.box())
        labels, aside, line = [], [], first
        for words, cards in rows:
            labels.append(Label(x=round(x0, 2), y=round(y + line * (sh + 2), 2),
                                text=words, size=shape.text, kind="burns"))  # fmt: skip
            aside += [CardSpot(x=round(left + (i % per_row) * (sw + 2), 2),
                               y=round(y - sh * 0.7 + (line + i // per_row) * (sh + 2), 2),
                               card=c)
                      for i, c in enumerate(cards)]  # fmt: skip
            line += max(1, -(-len(cards) // per_row))
        parts += [*(label.box() for label in labels), *(Rect(c.x, c.y, sw, sh) for c in aside)]
        if _clear_of(parts, taken):
            break
    return {
        "board": tuple(CardSpot(x=p.x, y=p.y, card=c) for p, c in zip(spots, board, strict=True)),
        "pot": pot,
        "burns": burns,
        "set_aside_label": labels[0] if labels else None,
        "set_aside": tuple(aside),
        "run_labels": tuple(labels[1:]),
    }


def _seat_parts(seats: tuple[SeatSpot, ...], shape: Shape) -> list[Rect]:
    """The room the seats' boxes, cards and bets take."""
    sw, sh = shape.seat_card
    r = shape.chip_radius
    parts = []
    for spot in seats:
        parts.append(Rect(spot.box.x, spot.box.y, *spot.box_size))
        parts += [Rect(card.x, card.y, sw, sh) for card in spot.cards]
        if spot.bet_label is not None:
            parts += [Rect(spot.bet.x - r, spot.bet.y - r, 2 * r, 2 * r), spot.bet_label.box()]
    return parts


def _dealer(shape: Shape, x: float, y: float) -> Label:
    return Label(x=x, y=y, text="Dealer", size=shape.text, kind="dealer-label", anchor="middle",
                 bold=True)  # fmt: skip


def _wide(view: TableView) -> TableLayout:
    shape = WIDE
    centre = Point(CENTRE_X, CENTRE_Y)
    places = seat_positions([seat.seat for seat in view.seats])
    seats = tuple(
        _wide_seat(shape, seat, places[seat.seat], view.to_act == seat.seat) for seat in view.seats
    )
    return TableLayout(
        shape=shape,
        width=shape.width,
        height=HEIGHT,
        oval=True,
        centre=centre,
        felt=FELT,
        felt_box=Rect(centre.x - FELT[0], centre.y - FELT[1], 2 * FELT[0], 2 * FELT[1]),
        seats=seats,
        seat_card=shape.seat_card,
        board_card=shape.board_card,
        dealer=_dealer(shape, centre.x, HEIGHT - 14),
        **_middle(shape, view, centre, _seat_parts(seats, shape)),  # type: ignore[arg-type]
    )


def _narrow_seat(shape: Shape, seat: SeatView, box: Rect, left: bool, to_act: bool) -> SeatSpot:
    """A seat of the narrow shape: its box, and under it its cards (from the table's edge)
    and its bet (at the side toward the middle)."""
    faces = _faces(seat)
    cw, ch = shape.seat_card
    under = box.y + box.h + GAP
    width = _row_width(len(faces), shape.seat_card)
    start = box.x + 4 if left else box.x + box.w - 4 - width
    spots = [CardSpot(x=round(start + i * (cw + 2), 2), y=round(under, 2), card=face)
             for i, face in enumerate(faces)]  # fmt: skip
    r = shape.chip_radius
    chip_y = round(under + (ch / 2 if faces else r), 2)
    bet_label = None
    if seat.in_front:
        room = 2 * r + 4 + text_width(str(seat.in_front), shape.text, bold=True)
        chip_x = box.x + box.w - room + r - 2 if left else box.x + 2 + room - r
        chip = Point(round(chip_x, 2), chip_y)
        bet_label = _bet_label(shape, chip, seat.in_front, left=not left)
    else:
        chip = Point(round(box.x + box.w / 2, 2), chip_y)
    return SeatSpot(
        seat=seat,
        centre=Point(round(box.x + box.w / 2, 2), round(box.y + box.h / 2, 2)),
        box=Point(box.x, box.y),
        box_size=(box.w, box.h),
        lines=_box_words(shape, box, seat, to_act),
        cards=tuple(spots),
        bet=chip,
        bet_label=bet_label,
        button=_button_in(shape, box),
        to_act=to_act,
    )


def _narrow(view: TableView) -> TableLayout:
    """Two columns of seats (seat 1 at the bottom left, up, then down the right), and the
    dealer's area below them: the pot, the board, the burns, the cards set aside."""
    shape = NARROW
    slots = _slots([seat.seat for seat in view.seats])
    rows = (slots + 1) // 2
    by_number = {seat.seat: seat for seat in view.seats}
    margin, inner = 4.0, 8.0
    column = (shape.width - 2 * margin - inner) / 2
    _cw, ch = shape.seat_card
    seats: list[SeatSpot] = []
    y = margin
    for row in range(rows):
        pair = [(rows - row, True), (rows + 1 + row, False)]  # (seat number, left column)
        height = 0.0
        for number, left in pair:
            seat = by_number.get(number)
            if seat is None:
                continue
            to_act = view.to_act == number
            box_h = _box_height(shape, seat, to_act)
            x = margin if left else margin + column + inner
            spot = _narrow_seat(shape, seat, Rect(x, y, column, box_h), left, to_act)
            seats.append(spot)
            below = ch if spot.cards else (2 * shape.chip_radius if seat.in_front else -GAP)
            height = max(height, box_h + GAP + below)
        y += (height or shape.box_heights[0]) + 10
    bh = shape.board_card[1]
    top = y + 8
    pot_room = shape.pot_text + 10 if view.pot is not None else 0.0
    centre = Point(shape.width / 2, top + pot_room + (bh / 2 if view.board else 0.0))
    middle = _middle(shape, view, centre, [])
    bottom = centre.y + (bh / 2 if view.board else 0.0) + 12
    if view.burns is not None or view.set_aside or view.later_boards:
        bottom += max(shape.text, shape.seat_card[1] * 0.8) + 8
    aside_spots: tuple[CardSpot, ...] = middle["set_aside"]  # type: ignore[assignment]
    if aside_spots:  # cards set aside on rows of their own reach further down
        bottom = max(bottom, max(spot.y for spot in aside_spots) + shape.seat_card[1] + 8)
    felt = Rect(0, 0, shape.width, round(bottom, 2))
    height = math.ceil(bottom + 34)
    return TableLayout(
        shape=shape,
        width=shape.width,
        height=height,
        oval=False,
        centre=centre,
        felt=(felt.w / 2, felt.h / 2),
        felt_box=felt,
        seats=tuple(sorted(seats, key=lambda spot: spot.seat.seat)),
        seat_card=shape.seat_card,
        board_card=shape.board_card,
        dealer=_dealer(shape, centre.x, round(bottom + 24, 2)),
        **middle,  # type: ignore[arg-type]
    )


def layout(view: TableView, shape: Shape = WIDE) -> TableLayout:
    """Where everything of ``view`` is drawn, in ``shape``."""
    return _narrow(view) if shape is NARROW else _wide(view)


def layouts(view: TableView) -> tuple[TableLayout, TableLayout]:
    """The picture for wide pages and for narrow ones (the page shows the one that fits).
    Where the wide shape would crowd (ten seats with long words), wide pages get the narrow
    shape too, which never does: its seats stand in rows."""
    wide, narrow = _wide(view), _narrow(view)
    return (narrow if wide.clashes() else wide), narrow
