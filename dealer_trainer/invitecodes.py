"""Invite codes a person can read out and type.

A code is 12 symbols of Crockford's base32 (``0-9`` and ``A-Z`` without ``I L O U``: no
letter that looks like a digit or another letter), 5 bits each, 60 bits from :mod:`secrets`,
shown in groups of four (``7KQ4-M2XD-9HRT``). A typed code is read the way Crockford's
decoding reads it: any case, spaces and dashes anywhere, ``O`` for zero and ``I``/``L`` for
one (https://www.crockford.com/base32.html). Only a hash of the normalised code is kept.

Codes made before these (16 case-sensitive characters of ``secrets.token_urlsafe``) were
kept as the hash of the code as typed; :func:`code_hashes` also gives that hash, so a code
already handed out works until it expires (a week at most), then nothing of them is left.
"""

from __future__ import annotations

import hashlib
import math
import secrets

__all__ = [
    "ALPHABET",
    "BITS",
    "GROUP",
    "LENGTH",
    "code_hashes",
    "grouped",
    "make_code",
    "normalise",
]

#: Crockford's base32 symbols: the digits and the letters without I, L, O and U
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: symbols in a code
LENGTH = 12
#: symbols between two dashes, as a code is shown
GROUP = 4
#: bits of chance in a code
BITS = LENGTH * math.log2(len(ALPHABET))

#: what a person may type for a symbol, beside the symbol itself (Crockford's decoding)
_READ_AS = {"O": "0", "I": "1", "L": "1"}
#: what may stand between symbols: readers group with spaces, dashes or dots
_SEPARATORS = frozenset(" -._\t")


def make_code() -> str:
    """A new code, grouped (``XXXX-XXXX-XXXX``)."""
    return grouped("".join(secrets.choice(ALPHABET) for _ in range(LENGTH)))


def normalise(typed: str) -> str | None:
    """The code as kept (upper case, no separators, look-alikes read as Crockford reads
    them), or None when what was typed is not a code of this kind."""
    symbols: list[str] = []
    for char in typed.strip().upper():
        if char in _SEPARATORS:
            continue
        char = _READ_AS.get(char, char)
        if char not in ALPHABET:
            return None
        symbols.append(char)
    if len(symbols) != LENGTH:
        return None
    return "".join(symbols)


def grouped(code: str) -> str:
    """A normalised code in groups of :data:`GROUP`, joined by dashes."""
    return "-".join(code[i : i + GROUP] for i in range(0, len(code), GROUP))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def code_hashes(typed: str) -> tuple[str, ...]:
    """The hashes under which a typed code may be kept: the normalised code's (a code of
    this kind), then the code as typed (a code made before these, case-sensitive)."""
    found = []
    normal = normalise(typed)
    if normal is not None:
        found.append(_sha256(normal))
    raw = typed.strip()
    if raw and raw != normal:
        found.append(_sha256(raw))
    return tuple(found)


def code_hash(code: str) -> str:
    """The hash under which a new code is kept (that of its normalised form)."""
    normal = normalise(code)
    if normal is None:
        raise ValueError("not an invite code of this kind")
    return _sha256(normal)
