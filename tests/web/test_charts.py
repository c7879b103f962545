"""Chart geometry as numbers: scales, ticks, bars and heat-map cells (web/charts.py), and the
SVG the macros write from them."""

from __future__ import annotations

from itertools import pairwise

import pytest
from flask import Flask, render_template_string

from dealer_trainer.web import charts


def test_a_linear_scale_maps_the_ends_of_its_domain_onto_the_ends_of_its_range() -> None:
    y = charts.LinearScale(domain=(0, 10), range=(200, 0))
    assert y(0) == 200
    assert y(10) == 0
    assert y(5) == 100
    assert y(2.5) == 150


def test_a_scale_over_an_empty_domain_puts_everything_at_its_start() -> None:
    assert charts.LinearScale(domain=(3, 3), range=(10, 50))(3) == 10


@pytest.mark.parametrize(
    ("maximum", "ticks"),
    [
        (9, (0, 2, 4, 6, 8, 10)),
        (10, (0, 2, 4, 6, 8, 10)),
        (1, (0, 1)),
        (4, (0, 1, 2, 3, 4)),
        (37, (0, 10, 20, 30, 40)),
        (120, (0, 50, 100, 150)),
        (0, (0, 1)),
    ],
)
def test_ticks_are_whole_steps_of_1_2_or_5_reaching_the_maximum(
    maximum: int, ticks: tuple[int, ...]
) -> None:
    assert charts.nice_ticks(maximum) == ticks


@pytest.mark.parametrize("maximum", [1, 3, 7, 13, 99, 101, 999, 12345])
def test_ticks_always_cover_the_maximum_in_even_steps(maximum: int) -> None:
    ticks = charts.nice_ticks(maximum)
    assert ticks[0] == 0 and ticks[-1] >= maximum
    steps = {b - a for a, b in pairwise(ticks)}
    assert len(steps) == 1
    step = steps.pop()
    assert str(step).strip("0") in ("1", "2", "5")
    assert len(ticks) <= 7


def test_bars_stand_on_the_axis_and_the_tallest_reaches_its_value() -> None:
    chart = charts.bar_chart(
        [("2026-12-01", 4), ("2026-12-02", 0), ("2026-12-03", 10)],
        width=340,
        height=230,
        left=40,
        right=0,
        top=10,
        bottom=20,
        gap=0.2,
    )
    assert chart.bottom == 210
    assert chart.ticks[-1].value == 10 and chart.ticks[-1].y == 10
    tall, empty, short = chart.bars[2], chart.bars[1], chart.bars[0]
    assert tall.y == 10 and tall.height == 200  # from the top tick down to the axis
    assert empty.height == 0 and empty.y == 210
    assert short.height == 80 and short.y + short.height == 210
    # three slots of 100 each, bars 80 wide centred in them
    assert [bar.x for bar in chart.bars] == [50, 150, 250]
    assert all(bar.width == 80 for bar in chart.bars)
    assert tall.label_x == 290
    assert chart.total == 14


def test_bar_labels_are_spaced_so_they_do_not_overlap_and_the_last_day_is_named() -> None:
    days = [(f"2026-11-{day:02d}", day) for day in range(1, 31)]
    chart = charts.bar_chart(days, labels=6)
    shown = [bar.label for bar in chart.bars if bar.label]
    assert shown[-1] == "11-30"
    assert len(shown) <= 6
    places = [i for i, bar in enumerate(chart.bars) if bar.label]
    gaps = {b - a for a, b in pairwise(places)}
    assert gaps == {5}


def test_a_chart_with_no_answers_is_empty_but_still_has_an_axis() -> None:
    chart = charts.bar_chart([("2026-12-01", 0), ("2026-12-02", 0)])
    assert chart.empty
    assert [tick.value for tick in chart.ticks] == [0, 1]
    assert all(bar.height == 0 for bar in chart.bars)


def test_heat_cells_sit_in_a_grid_after_the_headings() -> None:
    grid = charts.heat_map(
        rows=["Ana", "Ben"],
        columns=["burns", "misdeal", "pot-award"],
        values={("Ana", "burns"): 0.75, ("Ben", "misdeal"): 0.0, ("Ben", "pot-award"): 1.0},
        cell=40,
        row_label=100,
        column_label=80,
    )
    assert len(grid.cells) == 6
    by = {(cell.row, cell.column): cell for cell in grid.cells}
    first = by[("Ana", "burns")]
    assert (first.x, first.y, first.width, first.height) == (100, 80, 40, 40)
    assert (first.cx, first.cy) == (120, 100)
    last = by[("Ben", "pot-award")]
    assert (last.x, last.y) == (180, 120)
    assert grid.height == 80 + 2 * 40 + 4
    assert grid.width >= 100 + 3 * 40
    assert [label.y for label in grid.rows] == [100, 140]
    assert [label.x for label in grid.columns] == [120, 160, 200]


def test_every_heat_cell_prints_its_percentage_and_a_dash_where_there_is_no_answer() -> None:
    grid = charts.heat_map(
        rows=["Ana"],
        columns=["a", "b", "c"],
        values={("Ana", "a"): 2 / 3, ("Ana", "b"): 0.0},
    )
    assert [cell.label for cell in grid.cells] == ["67%", "0%", charts.NO_ANSWERS]
    assert grid.cells[2].fill == charts.EMPTY


@pytest.mark.parametrize("fraction", [None, 0.0, 0.1, 0.25, 0.45, 0.65, 0.85, 0.95, 1.0])
def test_the_text_on_every_heat_colour_has_at_least_4_5_to_1_contrast(
    fraction: float | None,
) -> None:
    fill, text = charts.heat_colour(fraction)
    assert charts.contrast(fill, text) >= 4.5


def test_weak_cells_are_deeper_orange_the_weaker_they_are() -> None:
    fills = [charts.heat_colour(f)[0] for f in (0.1, 0.3, 0.5)]
    assert len(set(fills)) == 3
    against_white = [charts.contrast(fill, "#ffffff") for fill in fills]
    assert against_white == sorted(against_white, reverse=True)


def test_heat_colours_get_darker_as_accuracy_rises_within_the_blues() -> None:
    fills = [charts.heat_colour(f)[0] for f in (0.65, 0.85, 0.95)]
    assert len(set(fills)) == 3
    lum = [charts.contrast(fill, "#ffffff") for fill in fills]
    assert lum == sorted(lum)


def test_the_bar_colour_stands_out_3_to_1_from_the_page() -> None:
    assert charts.contrast("#0b5cad", "#fbfaf7") >= 3


def test_contrast_is_21_for_black_on_white_and_1_for_a_colour_on_itself() -> None:
    assert round(charts.contrast("#000000", "#ffffff"), 1) == 21.0
    assert charts.contrast("#6baed6", "#6baed6") == 1.0


def test_long_labels_are_cut_with_an_ellipsis() -> None:
    assert charts.shorten("Anastasia Konstantinopoulou", 10) == "Anastasia…"
    assert charts.shorten("Ana", 10) == "Ana"
    assert charts.percent(0.5) == "50%"


def test_the_heat_map_svg_is_a_labelled_picture_and_escapes_names(app: Flask) -> None:
    grid = charts.heat_map(rows=["<b>\"x'"], columns=["burns"], values={("<b>\"x'", "burns"): 1.0})
    with app.test_request_context():
        svg = render_template_string(
            '{% from "_macros/charts.html" import heat_map %}{{ heat_map(grid, "h", "T", "D") }}',
            grid=grid,
        )
    assert 'role="img"' in svg
    assert 'aria-labelledby="h-title"' in svg and 'aria-describedby="h-desc"' in svg
    assert '<title id="h-title">T</title>' in svg and '<desc id="h-desc">D</desc>' in svg
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    assert ">100%</text>" in svg
    assert "style=" not in svg


def test_the_bar_chart_svg_draws_one_rect_per_nonzero_bar(app: Flask) -> None:
    chart = charts.bar_chart([("2026-12-01", 3), ("2026-12-02", 0), ("2026-12-03", 1)])
    with app.test_request_context():
        svg = render_template_string(
            '{% from "_macros/charts.html" import bar_chart %}{{ bar_chart(c, "a", "T", "D") }}',
            c=chart,
        )
    assert svg.count("<rect ") == 2
    assert "<title>2026-12-01: 3</title>" in svg
    assert 'role="img"' in svg and "style=" not in svg


GOLDEN_BARS = """\
<svg class="chart bars" width="100" height="60" viewBox="0 0 100 60" role="img"
     aria-labelledby="g-title" aria-describedby="g-desc">
  <title id="g-title">T</title>
  <desc id="g-desc">D</desc>
  <line x1="20" x2="100" y1="40.0" y2="40.0" stroke="#c9ccd1" stroke-width="1"/>
  <text x="14" y="44.0" text-anchor="end" font-size="12" fill="#1b1f23">0</text>
  <line x1="20" x2="100" y1="0.0" y2="0.0" stroke="#c9ccd1" stroke-width="1"/>
  <text x="14" y="4.0" text-anchor="end" font-size="12" fill="#1b1f23">1</text>
  <rect x="30.0" y="0.0" width="20.0" height="40.0" fill="#0b5cad"><title>a: 1</title></rect>
  <text x="40.0" y="58" text-anchor="middle" font-size="12" fill="#1b1f23">a</text>
  <text x="80.0" y="58" text-anchor="middle" font-size="12" fill="#1b1f23">b</text>
  <line x1="20" x2="100" y1="40" y2="40" stroke="#1b1f23" stroke-width="1"/>
</svg>"""


def test_the_bar_chart_svg_matches_its_golden_text(app: Flask) -> None:
    chart = charts.bar_chart(
        [("a", 1), ("b", 0)], width=100, height=60, left=20, right=0, top=0, bottom=20, gap=0.5
    )
    with app.test_request_context():
        svg = render_template_string(
            '{% from "_macros/charts.html" import bar_chart %}{{ bar_chart(c, "g", "T", "D") }}',
            c=chart,
        )
    assert svg == GOLDEN_BARS
