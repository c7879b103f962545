"""Chart geometry for the room's pages, as plain numbers: scales, ticks, bars, heat-map cells.

Nothing here draws: each function returns frozen dataclasses with positions in the SVG's own
units (its ``viewBox``), and ``templates/_macros/charts.html`` writes them out. The numbers
are tested as numbers (tests/web/test_charts.py), so a chart is right before any browser
shows it. Colours are attributes (``fill="#..."``: a ``style`` attribute is refused by the
CSP), and never the only cue: every cell prints its percentage and every bar has its count in
a table beside it.

::

    chart = bar_chart([("2026-12-01", 4), ("2026-12-02", 0), ("2026-12-03", 9)])
    chart.bars[2].height, chart.ticks[-1].label      # 9 answers: the tallest bar; "10"
    grid = heat_map(rows=["Ana"], columns=["burns"], values={("Ana", "burns"): 0.75})
    grid.cells[0].label, grid.cells[0].fill          # "75%", a blue dark enough for white
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "HEAT_BANDS",
    "Bar",
    "BarChart",
    "HeatCell",
    "HeatLabel",
    "HeatMap",
    "LinearScale",
    "Tick",
    "bar_chart",
    "contrast",
    "heat_colour",
    "heat_map",
    "nice_ticks",
    "percent",
    "shorten",
]

#: the ink of text on a light cell, and the paper of text on a dark one
INK = "#1b1f23"
PAPER = "#ffffff"
#: the colour of a cell with no answer (its label is a dash)
EMPTY = "#eceef1"
#: the label of a cell with no answer (an en dash)
NO_ANSWERS = "\u2013"
#: the heat map's bands, from 0 % up: (lowest fraction, fill). Weak is orange, strongest at
#: the bottom; strong is blue, darkest at the top; the middle is pale. The label carries the
#: number, so the colours are only a help (and orange against blue reads in every common
#: kind of colour blindness).
HEAT_BANDS: tuple[tuple[float, str], ...] = (
    (0.0, "#c2410c"),
    (0.2, "#f59e62"),
    (0.4, "#fde0c8"),
    (0.6, "#c6dbef"),
    (0.8, "#6baed6"),
    (0.9, "#08306b"),
)


# --- numbers ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LinearScale:
    """Maps ``domain`` (low, high) onto ``range`` (start, end) in a straight line; the range
    may run backwards (SVG's y grows downwards)."""

    domain: tuple[float, float]
    range: tuple[float, float]

    def __call__(self, value: float) -> float:
        low, high = self.domain
        start, end = self.range
        if high == low:
            return start
        return start + (value - low) * (end - start) / (high - low)


def _nice_step(raw: float) -> float:
    """The smallest of 1, 2, 5 times a power of ten that is at least ``raw``."""
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power  # pragma: no cover - the loop always returns


def nice_ticks(maximum: float, count: int = 5) -> tuple[int, ...]:
    """Whole-number ticks from 0 to at least ``maximum``, about ``count`` of them, each step 1,
    2 or 5 times a power of ten (``nice_ticks(9) == (0, 2, 4, 6, 8, 10)``). Nothing to show
    (``maximum`` 0 or less) still gives an axis: ``(0, 1)``."""
    if maximum <= 0:
        return (0, 1)
    step = max(1, int(_nice_step(maximum / max(count, 1))))
    top = step * math.ceil(maximum / step)
    return tuple(range(0, top + 1, step))


def percent(fraction: float) -> str:
    """A fraction 0..1 as a whole percentage (``0.666 -> "67%"``)."""
    return f"{round(fraction * 100)}%"


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (a label in a chart; the table
    beside it has the whole text)."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)] + "…"


# --- colour -----------------------------------------------------------------------------------


def _luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@functools.cache  # a few colours, asked of every cell of a dashboard's grid (1,350 at a time)
def contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def heat_colour(fraction: float | None) -> tuple[str, str]:
    """The fill of a heat-map cell for an accuracy (None: no answers) and the text colour that
    reads best on it (ink or paper, whichever contrasts more)."""
    if fraction is None:
        return EMPTY, INK
    fill = HEAT_BANDS[0][1]
    for low, colour in HEAT_BANDS:
        if fraction >= low:
            fill = colour
    text = INK if contrast(fill, INK) >= contrast(fill, PAPER) else PAPER
    return fill, text


# --- bars -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Tick:
    """A line across the chart at ``value``, drawn at ``y``."""

    value: int
    y: float
    label: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Bar:
    """One bar: its box, the value it stands for, and its label under the axis ("" when the
    label is left out so that labels do not overlap)."""

    key: str
    value: int
    x: float
    y: float
    width: float
    height: float
    label: str
    label_x: float


@dataclass(frozen=True, slots=True, kw_only=True)
class BarChart:
    """Vertical bars over a labelled y axis, in a ``width`` x ``height`` viewBox."""

    width: float
    height: float
    #: the plot's box (inside the axis labels)
    left: float
    top: float
    bottom: float
    right: float
    bars: tuple[Bar, ...]
    ticks: tuple[Tick, ...]
    #: where the labels under the bars sit
    label_y: float
    total: int

    @property
    def empty(self) -> bool:
        return self.total == 0


def bar_chart(
    values: Sequence[tuple[str, int]],
    *,
    width: float = 640,
    height: float = 220,
    left: float = 40,
    right: float = 8,
    top: float = 10,
    bottom: float = 28,
    gap: float = 0.2,
    labels: int = 6,
    label: int = 5,
) -> BarChart:
    """Bars for ``values`` (key, count) from left to right. The y axis runs from 0 to the
    nicest tick at or above the largest count; ``gap`` is the share of each slot left empty
    between bars; at most about ``labels`` keys are written under the axis (evenly spaced,
    the last always among them), each cut to its last ``label`` characters (``12-01`` of
    ``2026-12-01``)."""
    ticks = nice_ticks(max((count for _, count in values), default=0))
    plot_bottom, plot_right = height - bottom, width - right
    y = LinearScale(domain=(0, ticks[-1]), range=(plot_bottom, top))
    slot = (plot_right - left) / max(len(values), 1)
    bar_width = slot * (1 - gap)
    every = max(1, math.ceil(len(values) / max(labels, 1)))
    last = len(values) - 1
    bars = []
    for i, (key, count) in enumerate(values):
        x = left + i * slot + (slot - bar_width) / 2
        shown = (last - i) % every == 0
        bars.append(
            Bar(
                key=key,
                value=count,
                x=round(x, 2),
                y=round(y(count), 2),
                width=round(bar_width, 2),
                height=round(plot_bottom - y(count), 2),
                label=key[-label:] if shown else "",
                label_x=round(x + bar_width / 2, 2),
            )
        )
    return BarChart(
        width=width,
        height=height,
        left=left,
        top=top,
        bottom=plot_bottom,
        right=plot_right,
        bars=tuple(bars),
        ticks=tuple(Tick(value=v, y=round(y(v), 2), label=str(v)) for v in ticks),
        label_y=plot_bottom + 18,
        total=sum(count for _, count in values),
    )


# --- the heat map -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HeatCell:
    """One trainee x topic cell: its box, colours, and the percentage printed in it."""

    row: str
    column: str
    fraction: float | None
    x: float
    y: float
    width: float
    height: float
    fill: str
    text: str
    label: str
    #: the middle of the cell (where its label is written)
    cx: float
    cy: float


@dataclass(frozen=True, slots=True, kw_only=True)
class HeatLabel:
    """A row or column heading: the text shown (perhaps cut), and where."""

    key: str
    text: str
    x: float
    y: float


@dataclass(frozen=True, slots=True, kw_only=True)
class HeatMap:
    """Rows (trainees) by columns (topics), in a ``width`` x ``height`` viewBox; column
    headings are written turned up by 45 degrees (``rotate(-45 x y)``)."""

    width: float
    height: float
    cells: tuple[HeatCell, ...]
    rows: tuple[HeatLabel, ...]
    columns: tuple[HeatLabel, ...]

    @property
    def empty(self) -> bool:
        return not self.cells


def heat_map(
    *,
    rows: Sequence[str],
    columns: Sequence[str],
    values: Mapping[tuple[str, str], float | None],
    cell: float = 44,
    row_label: float = 150,
    column_label: float = 120,
    row_chars: int = 18,
    column_chars: int = 16,
) -> HeatMap:
    """A grid of ``rows`` x ``columns`` square cells of side ``cell``; ``values`` gives each
    (row, column)'s fraction 0..1 (missing or None: no answers, printed as a dash). Row headings sit
    in the ``row_label`` units on the left, column headings in the ``column_label`` units on
    top."""
    cells = []
    for r, row in enumerate(rows):
        for c, column in enumerate(columns):
            fraction = values.get((row, column))
            fill, text = heat_colour(fraction)
            x, y = row_label + c * cell, column_label + r * cell
            cells.append(
                HeatCell(
                    row=row,
                    column=column,
                    fraction=fraction,
                    x=x,
                    y=y,
                    width=cell,
                    height=cell,
                    fill=fill,
                    text=text,
                    label=NO_ANSWERS if fraction is None else percent(fraction),
                    cx=x + cell / 2,
                    cy=y + cell / 2,
                )
            )
    row_labels = tuple(
        HeatLabel(
            key=row,
            text=shorten(row, row_chars),
            x=row_label - 6,
            y=column_label + r * cell + cell / 2,
        )
        for r, row in enumerate(rows)
    )
    column_labels = tuple(
        HeatLabel(
            key=column,
            text=shorten(column, column_chars),
            x=row_label + c * cell + cell / 2,
            y=column_label - 6,
        )
        for c, column in enumerate(columns)
    )
    return HeatMap(
        # the last column's heading leans right, past the grid: room for it
        width=row_label + len(columns) * cell + column_label * 0.75,
        height=column_label + len(rows) * cell + 4,
        cells=tuple(cells),
        rows=row_labels,
        columns=column_labels,
    )
