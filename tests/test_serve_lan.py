"""Tablets on the room's network (issue 27, item 14): ``serve`` says how to open the room to
them (``--host 0.0.0.0``) and, listening beyond the machine, prints each network address with
its join page and, in a terminal only, a QR code of the first."""

from __future__ import annotations

import io
import ipaddress
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import segno

from dealer_trainer.web.lan import announce, join_url, lan_addresses, local_url, machine_addresses

BIN = Path(sys.executable).parent / "dealer-trainer"
FOUND = ["192.168.1.20", "10.0.0.5", "fd00::20", "127.0.0.1", "::1", "fe80::1", "0.0.0.0"]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_machines_addresses_are_reachable_ones_never_loopback() -> None:
    found = machine_addresses()
    assert len(found) == len(set(found))
    for text in found:
        address = ipaddress.ip_address(text)
        assert not (address.is_loopback or address.is_link_local or address.is_unspecified)


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("0.0.0.0", ["192.168.1.20", "10.0.0.5"]),
        ("::", ["192.168.1.20", "10.0.0.5", "fd00::20"]),
        ("192.168.1.20", ["192.168.1.20"]),
        ("trainer-pc.local", ["trainer-pc.local"]),
        ("127.0.0.1", None),
        ("::1", None),
        ("localhost", None),
    ],
)
def test_the_addresses_listed_are_those_the_host_listens_on(
    host: str, expected: list[str] | None
) -> None:
    assert lan_addresses(host, found=lambda: FOUND) == expected


def test_join_pages_and_the_local_address_are_written_as_a_browser_wants_them() -> None:
    assert join_url("192.168.1.20", 8000) == "http://192.168.1.20:8000/join"
    assert join_url("fd00::20", 8000) == "http://[fd00::20]:8000/join"
    assert local_url("0.0.0.0", 8000) == "http://127.0.0.1:8000/"
    assert local_url("::", 80) == "http://[::1]:80/"
    assert local_url("192.168.1.20", 8000) == "http://192.168.1.20:8000/"


def test_on_the_machine_only_it_says_how_to_let_tablets_in() -> None:
    out = io.StringIO()
    announce("127.0.0.1", 8000, out, None)
    assert "--host 0.0.0.0" in out.getvalue() and "docs/training-room.md" in out.getvalue()


def test_every_address_is_printed_with_its_join_page_and_no_qr_into_a_file() -> None:
    out = io.StringIO()
    announce("::", 8000, out, ["192.168.1.20", "fd00::20"])
    text = out.getvalue()
    assert "http://192.168.1.20:8000/join" in text and "http://[fd00::20]:8000/join" in text
    assert "firewall" in text
    assert "█" not in text and "▀" not in text


def test_in_a_terminal_a_qr_code_of_the_first_join_page_follows() -> None:
    out = Terminal()
    announce("0.0.0.0", 8000, out, ["192.168.1.20", "10.0.0.5"])
    expected = io.StringIO()
    segno.make("http://192.168.1.20:8000/join", error="m").terminal(out=expected, compact=True)
    assert out.getvalue().endswith(expected.getvalue())
    other = io.StringIO()
    segno.make("http://10.0.0.5:8000/join", error="m").terminal(out=other, compact=True)
    assert other.getvalue() not in out.getvalue()


def test_when_no_address_is_found_it_says_how_to_find_one() -> None:
    out = io.StringIO()
    announce("0.0.0.0", 8000, out, [])
    assert "no network address" in out.getvalue() and "/join" in out.getvalue()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_serve_on_every_address_prints_the_machines_join_pages(tmp_path: Path) -> None:
    port = _free_port()
    command = [str(BIN), "serve", "--db", str(tmp_path / "r.db"), "--host", "0.0.0.0"]
    server = subprocess.Popen(
        [*command, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(3)]
        assert f"http://127.0.0.1:{port}/" in lines[1]
        assert "join at:" in lines[2] or "no network address" in lines[2]
        expected = [a for a in machine_addresses() if ipaddress.ip_address(a).version == 4]
        for address in expected:
            assert f"  {join_url(address, port)}\n" == server.stdout.readline()
        served = urllib.request.urlopen(f"http://127.0.0.1:{port}/join", timeout=10)
        assert served.status == 200  # listening: now Ctrl-C stops it cleanly
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert "█" not in out  # a pipe gets no QR code


def test_serve_help_says_how_tablets_reach_the_room() -> None:
    shown = subprocess.run(
        [str(BIN), "serve", "--help"], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert "--host 0.0.0.0" in shown.replace("\n", " ") and "tablets" in shown


def test_the_guide_shows_what_serve_prints_for_tablets() -> None:
    """docs/training-room.md quotes the start-up lines: it goes stale when they change."""
    guide = (Path(__file__).parents[1] / "docs" / "training-room.md").read_text("utf-8")
    out = io.StringIO()
    announce("0.0.0.0", 8000, out, ["192.168.1.20"])
    printed = [f"The training room is at {local_url('0.0.0.0', 8000)} (Ctrl-C stops it)"]
    printed += out.getvalue().splitlines()
    for line in printed:
        assert f"   {line}\n" in guide, line
    assert "serve --host 0.0.0.0" in guide
