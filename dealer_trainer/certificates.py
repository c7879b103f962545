"""What a certificate says beyond the store's row: which version of its ruleset it was earned
under, and the address of the page that verifies it (docs/certificates.md).

A ruleset's version names the exact rules the exam was judged by:

- a built-in ruleset (``roberts``, ``tda-2024``) is the engine's own, and its rulings change
  only with a release of dealer-trainer: its version is the package's, ``dealer-trainer
  0.1.0``;
- a house ruleset is a file a room uploaded, which its trainers may change at any time: its
  version is the SHA-256 digest of the file's text, the first 16 hex digits
  (``house sha256:3f1c0a9e4b7d2c55``), the same digest the store keeps uploads by, so the
  text behind a certificate can be found again.

The verification page's address is ``DEALER_TRAINER_PUBLIC_URL`` (the room's public address,
as trainees' phones reach it) followed by ``/verify/<id>``; in the browser, without that
setting, the server's own address.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from urllib.parse import urlsplit

from dealer_trainer import __version__
from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import excerpt
from dealer_trainer.store.certificates import normal_id

__all__ = [
    "DIGEST_DIGITS",
    "PUBLIC_URL_ENV",
    "public_url",
    "ruleset_version",
    "verification_url",
]

#: the setting naming the training room's public address
PUBLIC_URL_ENV = "DEALER_TRAINER_PUBLIC_URL"
#: the hex digits of a house ruleset's digest a version shows (64 bits)
DIGEST_DIGITS = 16


def ruleset_version(ruleset: str, house_yaml: str | None = None) -> str:
    """The version of ``ruleset``: the package's for a built-in one (``house_yaml`` None),
    the digest of the house ruleset's text otherwise."""
    if house_yaml is None:
        return f"dealer-trainer {__version__}"
    digest = hashlib.sha256(house_yaml.encode("utf-8")).hexdigest()
    return f"house sha256:{digest[:DIGEST_DIGITS]}"


def _checked_base(text: str, where: str) -> str:
    base = text.strip()
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise UsageError(
            f"{where} must be the training room's address, like https://training.example.org/ "
            f"(http or https, no query): {excerpt(base)}"
        )
    return base.rstrip("/")


def public_url(environ: Mapping[str, str] | None = None) -> str | None:
    """The training room's public address from :data:`PUBLIC_URL_ENV` (None: not set); a
    :class:`UsageError` when it is set to something that is no web address."""
    given = (os.environ if environ is None else environ).get(PUBLIC_URL_ENV, "")
    if not given.strip():
        return None
    return _checked_base(given, PUBLIC_URL_ENV)


def verification_url(base: str, public_id: str) -> str:
    """The address of the page verifying the certificate ``public_id`` on the room at
    ``base`` (an http or https address)."""
    ident = normal_id(public_id)
    if ident is None:
        raise UsageError(f"{excerpt(public_id)} is no certificate id")
    return f"{_checked_base(base, 'the address')}/verify/{ident}"
