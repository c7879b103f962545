"""``dealer-trainer exam certificate`` and ``exam revoke``: a certificate's PDF, and its
revocation, from the terminal (docs/certificates.md)::

    dealer-trainer exam certificate 7KQM-2XHD-PW9A-FT3R --out ana.pdf [--db TARGET]
    dealer-trainer exam revoke 7KQM-2XHD-PW9A-FT3R --reason "answers shared" [--db TARGET]

Two subcommands of ``exam``, kept here beside its other subcommands: ``exam`` calls
:func:`configure` with its subparsers and hands :func:`run` the subcommands named in
:data:`SUBCOMMANDS`.

The PDF's QR code opens the verification page at ``DEALER_TRAINER_PUBLIC_URL`` (the
training room's address as phones reach it); the terminal knows no other, so without it the
command stops with exit 2 and says so. ``--out`` is a regular file (new, or replaced whole):
a folder, a link, a FIFO or a device is refused (exit 2). Exit codes: 0 done; 1 no such
certificate, or one already revoked; 2 bad input (an id of the wrong form, an empty reason, a
store that cannot be opened, no public address).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from dealer_trainer.cli.render import echo
from dealer_trainer.errors import DealerTrainerError, NotFound, UsageError
from dealer_trainer.safetext import excerpt, printable

__all__ = ["SUBCOMMANDS", "configure", "run"]

#: the subcommands of ``exam`` this module runs
SUBCOMMANDS = ("certificate", "revoke")

_DB_HELP = (
    "the progress store: an SQLite file, or a postgresql:// URL or key=value string "
    "(default: $DEALER_TRAINER_DB, else the file in your data folder)"
)


def configure(sub: Any) -> None:
    """Add ``certificate`` and ``revoke`` to the subparsers ``sub`` of ``exam``."""
    certificate = sub.add_parser(
        "certificate",
        help="write a certificate as a PDF, with a QR code of its verification page",
        description=(
            "Write the certificate ID (as printed, like 7KQM-2XHD-PW9A-FT3R) as a one-page PDF "
            "naming the person, the exam, the ruleset and its version, the dates and the id, "
            "with a QR code that opens its verification page at $DEALER_TRAINER_PUBLIC_URL "
            "(required). Exit 0 written, 1 no such certificate, 2 bad input."
        ),
    )
    certificate.add_argument("id", metavar="ID", help="the certificate's id")
    certificate.add_argument(
        "--out", required=True, metavar="FILE.pdf", help="the PDF file to write (a regular file)"
    )
    certificate.add_argument("--db", metavar="TARGET", help=_DB_HELP)
    revoke = sub.add_parser(
        "revoke",
        help="revoke a certificate, saying why",
        description=(
            "Revoke the certificate ID: its verification page says revoked from now on, with "
            "the date (the reason is kept for the room's trainers, not shown there). Exit 0 "
            "revoked, 1 no such certificate or already revoked, 2 bad input."
        ),
    )
    revoke.add_argument("id", metavar="ID", help="the certificate's id")
    revoke.add_argument("--reason", required=True, metavar="TEXT", help="why it is revoked")
    revoke.add_argument("--db", metavar="TARGET", help=_DB_HELP)


def run(args: argparse.Namespace) -> int:
    """Run ``exam certificate`` or ``exam revoke``; the exit code."""
    if args.exam_command == "certificate":
        return _certificate(args.id, Path(args.out), args.db)
    return _revoke(args.id, args.reason, args.db)


def _checked_id(text: str) -> str:
    # start-up: the store's certificates module only when a certificate command runs
    from dealer_trainer.store.certificates import normal_id

    ident = normal_id(text)
    if ident is None:
        raise UsageError(
            f"{excerpt(text)} is no certificate id: an id is 16 letters and digits, as printed "
            "on the certificate (like 7KQM-2XHD-PW9A-FT3R)"
        )
    return ident


def _found(store: Any, ident: str) -> Any:
    # start-up: as above
    from dealer_trainer.store.certificates import certificate, shown_id

    found = certificate(store, ident)
    if found is None:
        raise NotFound(f"there is no certificate {shown_id(ident)} in the store at {store.target}")
    return found


def _certificate(text: str, out: Path, db: str | None) -> int:
    # start-up: the PDF (fpdf2, segno) and the store are loaded only when a certificate is
    # written
    from dealer_trainer.certificate_pdf import render_certificate
    from dealer_trainer.certificates import PUBLIC_URL_ENV, public_url, verification_url
    from dealer_trainer.cli.files import check_replaceable, write_atomically
    from dealer_trainer.store.adapters import now
    from dealer_trainer.store.certificates import Status, shown_id
    from dealer_trainer.training.progress import open_store

    check_replaceable(out, "--out")
    ident = _checked_id(text)
    base = public_url()
    if base is None:
        raise UsageError(
            f"set {PUBLIC_URL_ENV} to the training room's address as phones reach it (like "
            f"https://training.example.org/): the certificate's QR code opens its verification "
            "page there"
        )
    with open_store(db, create=False) as store:
        found = _found(store, ident)
    try:
        write_atomically(out, render_certificate(found, verification_url(base, ident)))
    except OSError as exc:
        raise UsageError(f"cannot write {printable(str(out))}: {exc.strerror}") from None
    status = found.status(now())
    echo(
        printable(
            f"{out}: the certificate {shown_id(ident)} of {found.person_name} "
            f"({found.exam_title}), {status.value}"
        )
    )
    if status is not Status.VALID:
        echo(f"note: it is {status.value}, and its verification page says so")
    return 0


def _revoke(text: str, reason: str, db: str | None) -> int:
    # start-up: the store is loaded only when a certificate is revoked
    from dealer_trainer.store.certificates import revoke, shown_id
    from dealer_trainer.training.progress import open_store

    ident = _checked_id(text)
    if not reason.strip():
        raise UsageError("--reason: say why the certificate is revoked")
    with open_store(db, create=False) as store:
        found = _found(store, ident)
        if found.revoked_at is not None:
            raise DealerTrainerError(
                f"the certificate {shown_id(ident)} was revoked already, on "
                f"{found.revoked_at:%Y-%m-%d}: the first revocation stands"
            )
        done = revoke(store, ident, by=None, reason=reason)
    echo(
        printable(
            f"revoked the certificate {shown_id(ident)} of {done.person_name} "
            f"({done.exam_title}): its verification page says so from now on"
        )
    )
    return 0
