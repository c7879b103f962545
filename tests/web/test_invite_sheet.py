"""Many invite codes at once, the printable sheet and the roster (issue 27, item 15): N codes
make N cards, each with the room, the code grouped, its join link and a QR code of that link
(inline SVG from segno); a roster makes one named card per person and reports a bad line by
its number; the pages are for the room's trainers, and their POSTs need the CSRF token."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import segno
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.accounts import TRAINEE, Accounts, Room
from dealer_trainer.invitecodes import ALPHABET
from dealer_trainer.training.progress import open_store
from tests.dbrows import rows

from .conftest import HASHER, PASSWORD, World, csrf_token, make_app, sign_in

CARD = re.compile(r'<li class="card">(.*?)</li>', re.S)
CODE = re.compile(r"<output>([^<]+)</output>")
GROUPED = re.compile(rf"^[{ALPHABET}]{{4}}-[{ALPHABET}]{{4}}-[{ALPHABET}]{{4}}$")


@pytest.fixture
def room(world: World) -> Room:
    room = world.room("Evening shift")
    world.trainer("Mia", room)
    world.person("Ana", room=room)
    other = world.room("Day shift")
    world.trainer("Bob", other)
    world.person("Ada", admin=True)
    return room


def _drawn(svg: str) -> set[tuple[int, int]]:
    """The dark modules an SVG path of segno draws: ``M x y`` moves, ``m dx dy`` moves by,
    ``h n`` draws n modules along the row (a line half a module below the row's top)."""
    path = re.search(r' d="([^"]+)"', svg)
    assert path, svg[:200]
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path.group(1)):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark |= {(int(x) + i, int(y)) for i in range(int(a))}
            x += float(a)
    return dark


def _modules(link: str) -> set[tuple[int, int]]:
    """The dark modules of a QR code of ``link`` (with segno's quiet zone of 4)."""
    matrix = segno.make(link, error="m").matrix
    return {
        (col + 4, row + 4) for row, line in enumerate(matrix) for col, v in enumerate(line) if v
    }


def test_a_count_makes_that_many_cards_each_code_grouped_linked_and_drawn_as_its_qr(
    app: Flask, client: FlaskClient, room: Room
) -> None:
    sign_in(client, "Mia")
    response = client.post(
        f"/rooms/{room.id}/invite", data={"role": TRAINEE, "hours": "24", "count": "7"}
    )
    assert response.status_code == 200
    cards = CARD.findall(response.text)
    assert len(cards) == 7
    codes = [CODE.search(card).group(1) for card in cards]  # type: ignore[union-attr]
    assert len(set(codes)) == 7 and all(GROUPED.match(code) for code in codes)
    for card, code in zip(cards, codes, strict=True):
        link = f"http://localhost/join?code={code}"
        assert "Evening shift" in card and f'href="{link}"' in card
        svgs = re.findall(r"<svg.*?</svg>", card, re.S)
        assert len(svgs) == 1 and 'aria-hidden="true"' in svgs[0]
        assert _drawn(svgs[0]) == _modules(link)
    assert "https://" not in response.text.split("<main", 1)[1]  # nothing fetched from outside
    assert response.headers["Cache-Control"] == "no-store"
    joiner = app.test_client()
    for number, code in enumerate(codes):
        typed = code.lower().replace("-", " ")
        data = {"code": typed, "name": f"P{number}", "password": PASSWORD, "confirm": PASSWORD}
        assert joiner.post("/join", data=data).status_code == 302
        joiner.post("/sign-out")


@pytest.mark.parametrize("count", ["0", "101", "many"])
def test_a_count_outside_1_to_100_makes_no_code(
    client: FlaskClient, room: Room, count: str
) -> None:
    sign_in(client, "Mia")
    response = client.post(
        f"/rooms/{room.id}/invite", data={"role": TRAINEE, "hours": "24", "count": count}
    )
    assert response.status_code == 422 and "<output>" not in response.text
    assert 'aria-invalid="true"' in response.text


def test_the_join_link_fills_in_the_code(client: FlaskClient) -> None:
    page = client.get("/join?code=7KQ4-M2XD-9HRT").text
    assert 'value="7KQ4-M2XD-9HRT"' in page
    assert 'autocapitalize="characters"' in page


def _roster(client: FlaskClient, room: Room, text: bytes, **extra: str) -> object:
    data: dict[str, object] = {"role": TRAINEE, "hours": "72", **extra}
    data["file"] = (io.BytesIO(text), "roster.csv")
    return client.post(
        f"/rooms/{room.id}/invite/roster", data=data, content_type="multipart/form-data"
    )


def test_a_roster_makes_one_named_card_per_person(
    app: Flask, client: FlaskClient, room: Room
) -> None:
    sign_in(client, "Mia")
    response = _roster(client, room, "name,shift\nCleo,evening\nDéa <b>,morning\n".encode())
    assert response.status_code == 200  # type: ignore[attr-defined]
    cards = CARD.findall(response.text)  # type: ignore[attr-defined]
    assert len(cards) == 2
    assert "<strong>Cleo</strong>" in cards[0]
    assert "<strong>Déa &lt;b&gt;</strong>" in cards[1]  # escaped, as every name
    with open_store(app.config["DATABASE"]) as store:
        labels = rows(store.target, "SELECT label FROM invites ORDER BY id")
    assert [row[0] for row in labels] == ["Cleo", "Déa <b>"]


def test_a_roster_with_a_bad_row_names_its_line_and_makes_no_code(
    app: Flask, client: FlaskClient, room: Room
) -> None:
    sign_in(client, "Mia")
    response = _roster(client, room, b"Cleo\nDora\nCleo\nEve, Fay\n")
    assert response.status_code == 422  # type: ignore[attr-defined]
    text = response.text  # type: ignore[attr-defined]
    assert "line 3: Cleo is already on line 1" in text and "line 4: 2 cells" in text
    assert "<output>" not in text
    with open_store(app.config["DATABASE"]) as store:
        assert rows(store.target, "SELECT count(*) FROM invites") == [(0,)]


def test_a_roster_form_without_a_file_asks_for_one(client: FlaskClient, room: Room) -> None:
    sign_in(client, "Mia")
    response = client.post(f"/rooms/{room.id}/invite/roster", data={"role": TRAINEE, "hours": "72"})
    assert response.status_code == 422 and "Choose the roster" in response.text


ROUTES = ("/rooms/{room}/invite", "/rooms/{room}/invite/roster")


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(
    ("who", "status"), [("Mia", 200), ("Ada", 200), ("Ana", 403), ("Bob", 404)]
)
def test_the_invite_pages_are_for_the_rooms_trainers_only(
    client: FlaskClient, room: Room, route: str, who: str, status: int
) -> None:
    sign_in(client, who)
    url = route.format(room=room.id)
    response = client.get(url)
    assert response.status_code == status
    posted = client.post(url, data={"role": TRAINEE, "hours": "72", "count": "3"})
    if status == 404:  # another room's trainer learns nothing of it
        assert posted.status_code == 404 and "Evening shift" not in posted.text
    if status != 200:
        assert posted.status_code == status and "<output>" not in posted.text


def test_nobody_signed_in_is_sent_to_sign_in(client: FlaskClient, room: Room) -> None:
    for route in ROUTES:
        response = client.get(route.format(room=room.id))
        assert response.status_code == 302 and "/sign-in" in response.headers["Location"]


@pytest.mark.parametrize("route", ROUTES)
def test_the_invite_posts_need_their_csrf_token(tmp_path: Path, route: str) -> None:
    guarded = make_app(tmp_path / "guarded.sqlite3", WTF_CSRF_ENABLED=True)
    world = World(guarded)
    room = world.room("Evening shift")
    world.trainer("Mia", room)
    client = guarded.test_client()
    sign_in(client, "Mia")
    url = route.format(room=room.id)
    data = {"role": TRAINEE, "hours": "72", "count": "2"}
    assert client.post(url, data=data).status_code == 400
    token = csrf_token(client.get(url).text)
    if route.endswith("roster"):
        with_token = client.post(
            url,
            data={**data, "csrf_token": token, "file": (io.BytesIO(b"Cleo\n"), "r.csv")},
            content_type="multipart/form-data",
        )
    else:
        with_token = client.post(url, data={**data, "csrf_token": token})
    assert with_token.status_code == 200 and "<output>" in with_token.text
    accounts = Accounts(open_store(guarded.config["DATABASE"]), HASHER)
    try:
        made = rows(accounts.store.target, "SELECT count(*) FROM invites")
    finally:
        accounts.store.close()
    assert made == [(1 if route.endswith("roster") else 2,)]


def test_a_sheet_made_at_loopback_warns_and_links_the_page_at_the_network_addresses(
    app: Flask, room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "dealer_trainer.web.room.invites.machine_addresses", lambda: ["192.168.1.20", "fd00::2"]
    )
    url = f"/rooms/{room.id}/invite"
    made = {}
    for host in ("127.0.0.1:8000", "trainer-pc.local:8000"):
        client = app.test_client()
        base = f"http://{host}"
        signed = client.post("/sign-in", data={"name": "Mia", "password": PASSWORD}, base_url=base)
        assert signed.status_code == 302
        made[host] = client.post(url, data={"role": TRAINEE, "hours": "24"}, base_url=base).text
    at_home = made["127.0.0.1:8000"]
    assert "These links lead nowhere on a tablet" in at_home
    assert f'href="http://192.168.1.20:8000{url}"' in at_home
    assert f'href="http://[fd00::2]:8000{url}"' in at_home
    named = made["trainer-pc.local:8000"]
    assert "lead nowhere" not in named
    assert 'href="http://trainer-pc.local:8000/join?code=' in named
