"""How tablets on the room's network reach the training room: what ``serve`` prints at start.

Listening on 127.0.0.1 (the default) only this machine reaches the room, and ``serve`` says
how to open it to the network (``--host 0.0.0.0``). Listening beyond the machine, it lists
the machine's network addresses, each with its join page, and draws a QR code of the first
join page in the terminal (segno) for a tablet's camera; into a file or a pipe it prints no
QR code. The addresses come from the standard library: the host name's addresses, and the
address the machine would send from towards a few usual networks (a UDP socket that is
connected but sends nothing), so a LAN without a router to the internet is found too.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from typing import TextIO

import segno

__all__ = ["announce", "join_url", "lan_addresses", "local_url", "machine_addresses"]

#: where a UDP socket is pointed to learn the address the machine sends from: a
#: documentation address (follows the default route) and the usual routers' addresses of
#: private networks (found on a LAN with no default route); nothing is sent to any of them
_PROBES = {
    socket.AF_INET: ("192.0.2.1", "10.0.0.1", "172.16.0.1", "192.168.0.1", "192.168.1.1"),
    socket.AF_INET6: ("2001:db8::1", "fd00::1"),
}
_EVERY_V4 = {"0.0.0.0", ""}
_EVERY_V6 = {"::"}


def _usable(text: str) -> bool:
    """An address a tablet on the network can use: not loopback, not link-local (that needs
    an interface name), not unspecified."""
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return False
    return not (address.is_loopback or address.is_link_local or address.is_unspecified)


def _probe(family: socket.AddressFamily, target: str) -> str | None:
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((target, 9))
            return str(sock.getsockname()[0])
    except OSError:  # no route there: no address on that side
        return None


def machine_addresses() -> list[str]:
    """This machine's IPv4 and IPv6 addresses that others on its networks can reach, the
    one towards the default route first."""
    found: list[str] = []
    for family, targets in _PROBES.items():
        for target in targets:
            address = _probe(family, target)
            if address is not None:
                found.append(address)
    for name in {socket.gethostname(), socket.getfqdn()}:
        try:
            infos = socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
        except OSError:  # a host name that does not resolve
            continue
        found.extend(str(info[4][0]) for info in infos)
    return list(dict.fromkeys(address for address in found if _usable(address)))


def lan_addresses(
    host: str, found: Callable[[], Iterable[str]] = machine_addresses
) -> list[str] | None:
    """The addresses others reach the room at when it listens on ``host``: None when it
    listens on this machine only (a loopback address), else the machine's addresses of the
    families ``host`` covers (0.0.0.0: IPv4; ::, every address), or ``host`` itself."""
    if host in _EVERY_V4 or host in _EVERY_V6:
        addresses = [a for a in found() if _usable(a)]
        if host in _EVERY_V4:
            addresses = [a for a in addresses if ipaddress.ip_address(a).version == 4]
        return addresses
    try:
        if ipaddress.ip_address(host).is_loopback:
            return None
    except ValueError:  # a host name: it is what others type
        if host == "localhost":
            return None
    return [host]


def join_url(address: str, port: int) -> str:
    """The join page at that address and port (an IPv6 address in brackets)."""
    shown = f"[{address}]" if ":" in address else address
    return f"http://{shown}:{port}/join"


def local_url(host: str, port: int) -> str:
    """The room's address on this machine (a wildcard host is opened at loopback)."""
    if host in _EVERY_V4:
        host = "127.0.0.1"
    elif host in _EVERY_V6:
        host = "::1"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def announce(host: str, port: int, out: TextIO, addresses: list[str] | None) -> None:
    """Print how trainees reach the room (``addresses`` from :func:`lan_addresses`), with a
    QR code of the first join page when ``out`` is a terminal."""
    if addresses is None:
        print(
            "Only this machine can open it. To let tablets and phones on the same network "
            "join, start it with --host 0.0.0.0 (docs/training-room.md, 'Tablets on the "
            "network').",
            file=out,
            flush=True,
        )
        return
    if not addresses:
        print(
            f"Listening on {host}, but no network address of this machine was found: look "
            f"it up (ip addr, ipconfig) and open http://ADDRESS:{port}/join on a tablet.",
            file=out,
            flush=True,
        )
        return
    print("Tablets and phones on the same network join at:", file=out)
    for address in addresses:
        print(f"  {join_url(address, port)}", file=out)
    print(
        "If a tablet cannot open it, allow incoming connections to port "
        f"{port} in this machine's firewall.",
        file=out,
        flush=True,
    )
    if out.isatty():
        print(f"Scan to open {join_url(addresses[0], port)}:", file=out)
        segno.make(join_url(addresses[0], port), error="m").terminal(out=out, compact=True)
        out.flush()
