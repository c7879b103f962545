"""The table picture's geometry as numbers (web/drawing.py), and the macro that draws it."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from flask import Flask, render_template_string

from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import proof_of_file
from dealer_trainer.view import SeatView, TableView, trainee_view
from dealer_trainer.web import drawing
from dealer_trainer.web.drawing import (
    BOARD_CARD,
    Point,
    Rect,
    card_name,
    card_row,
    describe,
    ellipse_point,
    layout,
    layouts,
    seat_angle,
    seat_positions,
    topic_bars,
)

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _seat(number: int, **extra: object) -> SeatView:
    values: dict[str, object] = {
        "seat": number,
        "roles": (),
        "chips": 200,
        "in_front": 0,
        "cards": 2,
        "face_up": (),
        "tabled": False,
        "folded": False,
    }
    values.update(extra)
    return SeatView(**values)  # type: ignore[arg-type]


def _view(count: int = 10, **extra: object) -> TableView:
    values: dict[str, object] = {
        "button": 1,
        "small_blind": 1,
        "big_blind": 2,
        "seats": tuple(_seat(n) for n in range(1, count + 1)),
        "board": ("Ah", "Kd", "7c"),
        "burns": 1,
        "exposed": (),
        "set_aside": (),
        "pot": 12,
        "pots": (12,),
        "to_act": 3,
        "stub": 30,
    }
    values.update(extra)
    return TableView(**values)  # type: ignore[arg-type]


def test_an_ellipse_point_follows_svg_angles() -> None:
    centre = Point(100, 50)
    assert ellipse_point(centre, (40, 20), 0) == Point(140, 50)
    assert ellipse_point(centre, (40, 20), 90) == Point(100, 70)  # y grows downward
    assert ellipse_point(centre, (40, 20), 180) == Point(60, 50)
    assert ellipse_point(centre, (40, 20), 270) == Point(100, 30)


def test_seat_one_is_at_the_dealers_left_and_the_seats_go_clockwise() -> None:
    angles = [seat_angle(i, 10) for i in range(10)]
    assert angles[0] == pytest.approx(90 + drawing.DEALER_GAP / 2)
    unwrapped = [a if a >= 90 else a + 360 for a in angles]
    assert unwrapped == sorted(unwrapped)  # clockwise on screen
    assert unwrapped[-1] == pytest.approx(450 - drawing.DEALER_GAP / 2)
    places = seat_positions(list(range(1, 11)))
    assert places[1].x < drawing.CENTRE_X < places[10].x  # left and right of the dealer
    assert places[1].y > drawing.CENTRE_Y and places[10].y > drawing.CENTRE_Y  # both low


def test_no_place_lies_in_the_dealers_gap() -> None:
    for slots in range(2, 11):
        for index in range(slots):
            angle = seat_angle(index, slots)
            assert abs(angle - 90) >= drawing.DEALER_GAP / 2 - 1e-9


def test_a_heads_up_table_does_not_put_both_seats_at_the_bottom() -> None:
    places = seat_positions([1, 2])
    assert min(p.y for p in places.values()) < drawing.CENTRE_Y


@pytest.mark.parametrize("count", range(2, 11))
def test_seat_boxes_stay_inside_the_picture_and_apart(count: int) -> None:
    for shaped in layouts(_view(count)):
        spots = shaped.seats
        for spot in spots:
            box = Rect(spot.box.x, spot.box.y, *spot.box_size)
            assert Rect(0, 0, shaped.width, shaped.height).holds(box)
            for other in spots:
                if other is not spot:
                    assert not box.overlaps(Rect(other.box.x, other.box.y, *other.box_size))


def _crowded(count: int) -> TableView:
    """Every long word at once: the blinds, a seat to act, big stacks and bets, three cards
    at a seat, side pots, burns and a card set aside."""
    seats = tuple(
        _seat(n, chips=20000, in_front=2100, cards=3 if n == 2 else 2, face_up=("Td",),
              roles=("small blind",) if n == 2 else ("big blind",) if n == 3 else ())
        for n in range(1, count + 1)
    )  # fmt: skip
    return _view(
        count,
        seats=seats,
        to_act=3,
        board=("Ah", "Kd", "7c", "Ts", "2h"),
        burns=3,
        set_aside=("Qs",),
        pot=9000,
        pots=(4000, 3000, 2000),
    )


@pytest.mark.parametrize("count", range(2, 11))
def test_no_two_words_cards_chips_or_the_button_overlap_nor_spill_out(count: int) -> None:
    """The narrow shape never clashes (its seats stand in rows); the wide one may crowd with
    ten long seats, and then the wide pages get the narrow shape too."""
    narrow = layout(_crowded(count), drawing.NARROW)
    assert narrow.clashes() == []
    for shaped in layouts(_crowded(count)):
        assert shaped.clashes() == []


def test_every_shipped_scenario_is_drawn_wide_without_a_clash() -> None:
    """The shipped bank fits the oval: a wide page shows every scenario as a table round an
    oval, and its words are where they belong."""
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        try:
            view = trainee_view(proof_of_file(path))
        except ScriptError:
            continue  # a scenario written to fail its own check
        assert layout(view).clashes() == [], path.name
        assert layout(view, drawing.NARROW).clashes() == [], path.name


def test_every_word_is_12_px_or_more_where_its_shape_is_shown() -> None:
    for shaped in layouts(_crowded(9)):
        scale = shaped.shape.least_width / shaped.width
        words = [line for spot in shaped.seats for line in spot.lines]
        words += [label for label in (shaped.pot, shaped.burns, shaped.dealer) if label]
        assert min(label.size for label in words) * scale >= 12
        assert shaped.card_text(shaped.seat_card[1]) * scale >= 12
        assert shaped.shape.text * scale >= 12  # the bets and the button's D


def test_bets_lie_between_the_seat_and_the_middle() -> None:
    for spot in layout(_view(10, seats=tuple(_seat(n, in_front=5) for n in range(1, 11)))).seats:
        seat = math.dist((spot.centre.x, spot.centre.y), (drawing.CENTRE_X, drawing.CENTRE_Y))
        bet = math.dist((spot.bet.x, spot.bet.y), (drawing.CENTRE_X, drawing.CENTRE_Y))
        assert bet < seat


def test_a_card_row_is_centred() -> None:
    row = card_row(Point(100, 100), 3, (20, 30), gap=5)
    assert [p.x for p in row] == [65, 90, 115]
    assert all(p.y == 85 for p in row)
    assert card_row(Point(0, 0), 0, (20, 30)) == []


def test_the_board_is_laid_in_the_middle() -> None:
    board = layout(_view()).board
    assert [spot.card for spot in board] == ["Ah", "Kd", "7c"]
    left, right = board[0].x, board[-1].x + BOARD_CARD[0]
    assert (left + right) / 2 == pytest.approx(drawing.CENTRE_X)


def test_face_down_cards_are_backs_with_no_card() -> None:
    view = _view(3, seats=(_seat(1, face_up=("Qs",)), _seat(2), _seat(3, folded=True)))
    spots = {spot.seat.seat: spot for spot in layout(view).seats}
    assert [c.card for c in spots[1].cards] == ["Qs", None]
    assert [c.card for c in spots[2].cards] == [None, None]
    assert spots[3].cards == ()  # a folded hand is in the muck


def test_hidden_hole_cards_draw_none() -> None:
    view = _view(2, seats=(_seat(1, cards=None), _seat(2, cards=None)), hidden=frozenset({"cards"}))
    assert all(spot.cards == () for spot in layout(view).seats)


def test_the_description_says_the_table_in_words() -> None:
    view = _view(
        3,
        seats=(_seat(1, roles=("button",), in_front=4), _seat(2, face_up=("Td",)), _seat(3)),
        to_act=2,
        pots=(8, 4),
    )
    words = describe(view)
    assert "button is at seat 1" in words
    assert "Seat 1 (button), 200 chips, bet 4 in front, 2 cards face down." in words
    assert "face up: ten of diamonds, 1 card face down, to act" in words
    assert "Board: ace of hearts, king of diamonds, seven of clubs." in words
    assert "1 burn card face down." in words
    assert "Pot 12: main pot and side pots 8, 4." in words


def test_the_description_leaves_out_what_the_view_hides() -> None:
    view = _view(2, board=None, burns=None, pot=None, pots=None, to_act=None)
    words = describe(view)
    assert "Board" not in words and "burn" not in words and "Pot" not in words
    assert "to act" not in words


def test_card_names() -> None:
    assert card_name("As") == "ace of spades"
    assert card_name("Tc") == "ten of clubs"
    assert card_name("2h") == "two of hearts"


def test_topic_bars_scale_with_the_share_right() -> None:
    bars, height = topic_bars([("Burns", 3, 4), ("Blinds", 0, 2), ("Pots", 5, 5)])
    span = drawing.bar_span()
    assert [b.length for b in bars] == [span * 0.75, 0.0, span]
    assert [b.y for b in bars] == [0, drawing.CHART_ROW, 2 * drawing.CHART_ROW]
    assert height == 3 * drawing.CHART_ROW
    assert [b.percent for b in bars] == [75, 0, 100]


def test_the_table_macro_draws_an_image_with_a_title_and_a_description(app: Flask) -> None:
    view = _view(3, seats=(_seat(1, face_up=("Qs",)), _seat(2), _seat(3)))
    with app.test_request_context():
        svg = render_template_string(
            '{% from "_macros/table.html" import table %}{{ table(view, id="t2") }}', view=view
        )
    assert re.search(
        r'<svg [^>]*role="img" aria-labelledby="t2-title" aria-describedby="t2-desc"', svg
    )
    assert '<title id="t2-title">' in svg and '<desc id="t2-desc">' in svg
    # two pictures, wide and narrow (the page shows one), each with 2 + 2 + 1 cards face down
    assert svg.count("<svg ") == 2 and "t2-narrow-title" in svg
    assert svg.count('class="card back"') == 10
    assert svg.count("<title>face-down card</title>") == 10
    assert "<title>queen of spades</title>" in svg
    assert "Pot 12" in svg and "Burns: 1" in svg
    assert 'class="button-disc"' in svg
    assert "style=" not in svg


def test_cards_in_words_are_written_as_the_picture_draws_them() -> None:
    html = str(drawing.cards_in_text("Burn the Kc; seat 3 holds As 2c. As you push <b>"))
    assert '<span aria-hidden="true">K♣</span><span class="visually-hidden">king of clubs' in html
    assert "ace of spades" in html and "two of clubs" in html
    assert html.startswith("Burn the <span") and ". As you push &lt;b&gt;" in html
    assert "Kc" not in html and "2c" not in html
    spoken = drawing.cards_spoken("The right answer: burn the Td. As before.")
    assert spoken == "The right answer: burn the ten of diamonds. As before."


def test_the_drills_due_reads_as_plain_words() -> None:
    said = drawing.plain_reason('"Pitch one card" is not allowed now (due: start the next hand).')
    assert "(due:" not in said and said.endswith("What comes next: start the next hand.")
