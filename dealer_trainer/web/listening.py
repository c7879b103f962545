"""Closing a listening socket without resetting a connection: what a stopping server does
before its last ``accept``.

The kernel completes a client's connection on its own and queues it until the server accepts
it; the client sends its request at once. Whatever is still queued when the listening socket
closes is reset (``ConnectionResetError`` at the client, a 502 through nginx), however
quickly the server accepted what was queued before: a connection completed between the last
``accept`` and ``close`` (a stopping process preempted there, on a loaded machine) is lost.
:func:`refuse_new_connections` closes that window on Linux: a socket filter that drops every
incoming packet makes the kernel complete no new connection (a client's connection request
goes unanswered; its retry a second later finds the socket closed and is refused, and nginx
tries another process), so what the server then accepts until ``EAGAIN`` is all there is.
Elsewhere the window stays, as narrow as the server makes it.
"""

from __future__ import annotations

import ctypes
import struct
import sys
from typing import Protocol

__all__ = ["refuse_new_connections"]

#: Linux's SO_ATTACH_FILTER (asm-generic/socket.h); Python's socket module does not name it
_SO_ATTACH_FILTER = 26
_SOL_SOCKET = 1
#: a classic BPF program of one instruction: BPF_RET | BPF_K with 0, "keep 0 bytes" (drop)
_DROP_EVERYTHING = struct.pack("HBBI", 0x06, 0, 0, 0)


class _Listener(Protocol):
    def setsockopt(self, level: int, option: int, value: bytes, /) -> None: ...


def refuse_new_connections(listener: _Listener) -> bool:
    """Make the kernel complete no new connection on ``listener`` (those it completed stay
    queued, to be accepted); whether it could (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    program = ctypes.create_string_buffer(_DROP_EVERYTHING, len(_DROP_EVERYTHING))
    # struct sock_fprog { unsigned short len; struct sock_filter *filter; }
    fprog = struct.pack("HP", 1, ctypes.addressof(program))
    try:
        listener.setsockopt(_SOL_SOCKET, _SO_ATTACH_FILTER, fprog)
    except OSError:
        return False
    return True
