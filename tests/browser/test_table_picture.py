"""The table picture reads on every screen (issue 27, item 16): at widths from 320 to 1280 px,
no two labels, chips, cards or the dealer button overlap, a seat's words stay inside its box,
nothing lies outside the picture, and no word is drawn under 12 CSS px.

Measured in the browser, on the scenario pages of shipped scenarios chosen for crowding: nine
seats, five bets, side pots, three burns and a five-card board, a card set aside, a seat
holding three cards. The picture's parts are inside ``role="img"`` (out of reach of role
locators by design), so they are found by their SVG classes and measured with
``getBoundingClientRect`` (what ``element.bounding_box()`` returns, for every part at once)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import ARTIFACTS, People, sign_in

SCENARIOS = [
    "pitch-order-second-round",  # nine seats, two bets
    "action-order-out-of-turn-fold-tda",  # eight seats, three bets
    "premature-flop-limper-to-act-tda",  # six seats, five bets, a seat to act
    "betting-short-all-ins-add-up-tda",  # four bets, a pot, big stacks
    "betting-pot-limit-flop-after-short-blind-tda",  # side pots
    "premature-river-raise-not-closed-tda",  # five board cards, three burns
    "wrong-seat-empty-seat-late-tda",  # a card set aside
    "extra-card-two-tda",  # seats holding three cards
    "run-it-twice-second-board-burns-la26",  # a second board under the first
]
WIDTHS = [320, 375, 768, 1024, 1280]
#: the smallest a word may be drawn (CSS px)
LEAST_TEXT = 12.0

_MEASURE = """(least) => {
  const shown = [...document.querySelectorAll("svg.table-picture")]
    .filter((svg) => svg.getBoundingClientRect().width > 0);
  if (shown.length !== 1) return {error: `${shown.length} pictures shown`};
  const svg = shown[0];
  const frame = svg.getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const parts = [];
  const name = (el) => {
    const seat = el.closest("g.seat");
    const line = seat ? seat.querySelector(".seat-name").textContent + ": " : "";
    return line + el.getAttribute("class") + (el.textContent ? ` "${el.textContent.trim()}"` : "");
  };
  for (const el of svg.querySelectorAll("g.card, circle.chip, g.button")) {
    parts.push({name: name(el), ...box(el)});
  }
  for (const el of svg.querySelectorAll("text")) {
    if (!el.closest("g.card, g.button")) parts.push({name: name(el), ...box(el)});
  }
  const spills = [];
  for (const seat of svg.querySelectorAll("g.seat")) {
    const r = box(seat.querySelector("rect.seat-box"));
    for (const el of seat.querySelectorAll(".seat-name, .seat-chips, .seat-status, g.button")) {
      const b = box(el);
      if (b.x < r.x - 0.5 || b.y < r.y - 0.5 || b.x + b.w > r.x + r.w + 0.5
          || b.y + b.h > r.y + r.h + 0.5) spills.push(name(el));
    }
  }
  const small = [];
  for (const el of svg.querySelectorAll("text")) {
    const m = el.getScreenCTM();
    const size = parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
    if (size < least) small.push(`${name(el)}: ${size.toFixed(1)}px`);
  }
  return {parts, spills, small, frame: box(svg), page: document.documentElement.clientWidth};
}"""


def _overlaps(parts: list[dict[str, float | str]]) -> list[str]:
    found = []
    for index, a in enumerate(parts):
        for b in parts[index + 1 :]:
            ax, ay, aw, ah = (float(a[k]) for k in "xywh")
            bx, by, bw, bh = (float(b[k]) for k in "xywh")
            # half a pixel of slack: two boxes that touch at a rounded edge do not overlap
            across = min(ax + aw, bx + bw) - max(ax, bx)
            down = min(ay + ah, by + bh) - max(ay, by)
            if across > 0.5 and down > 0.5:
                found.append(f"{a['name']} x {b['name']}")
    return found


@pytest.fixture
def trainer_page(page: Page, people: People) -> tuple[Page, int]:
    room = people.room(ruleset="tda-2024")
    sign_in(page, people.trainer("Tess", room).name)
    expect(page.get_by_role("link", name="Rooms")).to_be_visible()
    return page, room.id


@pytest.mark.parametrize("width", WIDTHS)
def test_no_part_of_the_table_overlaps_another_and_every_word_is_12_px(
    trainer_page: tuple[Page, int], width: int
) -> None:
    page, room_id = trainer_page
    page.set_viewport_size({"width": width, "height": 900})
    problems = []
    folder = ARTIFACTS / f"table-picture-{width}"
    folder.mkdir(parents=True, exist_ok=True)
    for scenario in SCENARIOS:
        page.goto(f"/rooms/{room_id}/scenarios/{scenario}")
        picture = page.get_by_role("img", name="The table")
        expect(picture).to_be_visible()
        found = page.evaluate(_MEASURE, LEAST_TEXT)
        assert "error" not in found, found
        assert found["parts"], "nothing measured"
        frame = found["frame"]
        assert frame["x"] >= 0 and frame["x"] + frame["w"] <= found["page"] + 0.5, frame
        problems += [f"{scenario}: {o}" for o in _overlaps(found["parts"])]
        problems += [f"{scenario}: spills out of its box: {s}" for s in found["spills"]]
        problems += [f"{scenario}: under {LEAST_TEXT} px: {s}" for s in found["small"]]
        picture.screenshot(path=str(folder / f"{scenario}.png"))
    assert not problems, f"at {width} px:\n" + "\n".join(problems)


def test_the_measure_finds_an_overlap(browser: Browser) -> None:
    """The check is not blind: two chips drawn on one spot and a 9 px word are caught."""
    page = browser.new_page()
    page.set_content(
        '<svg class="table-picture" viewBox="0 0 100 100" width="100" height="100">'
        '<circle class="chip" cx="10" cy="10" r="8"/><circle class="chip" cx="14" cy="10" r="8"/>'
        '<text class="pot" x="50" y="50" font-size="9">Pot 5</text></svg>'
    )
    found = page.evaluate(_MEASURE, LEAST_TEXT)
    assert _overlaps(found["parts"]) == ["chip x chip"]
    assert found["small"] == ['pot "Pot 5": 9.0px']
    page.close()
