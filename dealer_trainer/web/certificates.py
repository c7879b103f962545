"""Certificates in the training room (blueprint ``certificates``; docs/certificates.md).

- ``/verify/<id>``: public, no sign-in, rate-limited per address (``VERIFY_LIMIT``). It says
  whether the certificate is valid, expired or revoked (with the date of the revocation, not
  its reason nor who made it) and shows only what the certificate itself shows: the name,
  the exam, the ruleset and its version, the date of issue and the expiry. An id that is not
  a certificate's, of the wrong form, or very long gets the plain "not found" page (404),
  decided from its form before any query where it can be.
- ``/certificates``: the signed-in person's own certificates; ``/certificates/<id>.pdf``
  downloads one (:class:`~dealer_trainer.web.access.Access` ``HOLDER_OF_CERTIFICATE``:
  anyone else's is a 404).
- ``/rooms/<room_id>/certificates``: the room's certificates for its trainers, each with
  its status, its PDF and a form to revoke it with a reason (POST, with the CSRF token); a
  certificate of another room is a 404.

The QR code of a PDF opens ``DEALER_TRAINER_PUBLIC_URL`` + ``/verify/<id>``, or without that
setting the address this server was reached at.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from flask import Blueprint, Response, abort, current_app, flash, make_response, request, url_for
from flask_wtf import FlaskForm
from wtforms import TextAreaField
from wtforms.validators import DataRequired, Length

from dealer_trainer.accounts import TRAINER
from dealer_trainer.certificates import PUBLIC_URL_ENV, verification_url
from dealer_trainer.errors import UsageError
from dealer_trainer.store import certificates as kept
from dealer_trainer.store.adapters import now
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.extensions import limiter
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.security import certificate_or_404, current_person, room_or_404
from dealer_trainer.web.store import get_store

__all__ = ["DEFAULT_VERIFY_LIMIT", "RevokeForm", "bp", "day"]

bp = Blueprint("certificates", __name__)
log = logging.getLogger("dealer_trainer.web")

#: the verification page's limit per address (``VERIFY_LIMIT`` sets another)
DEFAULT_VERIFY_LIMIT = "30/minute;300/hour"


class RevokeForm(FlaskForm):
    reason = TextAreaField(
        "Reason (kept in the room; the verification page shows only the date)",
        validators=[
            DataRequired("Say why the certificate is revoked."),
            Length(max=kept.MAX_REASON),
        ],
        render_kw={"rows": 2, "maxlength": kept.MAX_REASON},
    )


def day(when: datetime) -> str:
    """A date as the certificate writes it: ``3 December 2026`` (UTC)."""
    return f"{when.day} {when:%B %Y}"


@bp.context_processor
def _helpers() -> dict[str, Any]:
    return {"day": day, "shown_id": kept.shown_id, "max_reason": kept.MAX_REASON}


def _verify_limit() -> str:
    return str(current_app.config.get("VERIFY_LIMIT") or DEFAULT_VERIFY_LIMIT)


def _public_base() -> str:
    """Where the verification page is reached from outside: the configured public address,
    or the address this request came to."""
    configured = str(current_app.config.get("PUBLIC_URL") or "").strip()
    return configured or request.url_root


def _pdf(certificate: kept.Certificate) -> Response:
    # start-up: fpdf2 and segno are loaded only when a certificate is printed
    from dealer_trainer.certificate_pdf import render_certificate

    try:
        url = verification_url(_public_base(), certificate.id)
    except UsageError:
        log.warning("%s is not a web address: the QR code uses this server's", PUBLIC_URL_ENV)
        url = verification_url(request.url_root, certificate.id)
    response = make_response(render_certificate(certificate, url))
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = (
        f'attachment; filename="certificate-{certificate.id}.pdf"'
    )
    return response


@bp.route("/verify/<cert_id>")
@policy(Access.PUBLIC)
@limiter.limit(_verify_limit)
def verify(cert_id: str) -> Response:
    found = kept.certificate(get_store(), cert_id)  # no query for an id of the wrong form
    if found is None:
        abort(404)
    response = page(
        "certificates/verify.html",
        certificate=found,
        verdict=found.status(now()).value,
    )
    response.headers["X-Robots-Tag"] = "noindex"
    return response


@bp.route("/certificates")
@policy(Access.SIGNED_IN)
def mine() -> Response:
    return page(
        "certificates/mine.html",
        certificates=kept.certificates_of(get_store(), current_person().name),
        at=now(),
    )


@bp.route("/certificates/<cert_id>.pdf")
@policy(Access.HOLDER_OF_CERTIFICATE)
def my_pdf(cert_id: str) -> Response:
    return _pdf(certificate_or_404(cert_id))


def _room_certificate(room_id: int, cert_id: str) -> kept.Certificate:
    """The room's certificate ``cert_id``; another room's, or none: 404, alike."""
    room_or_404(room_id, need=TRAINER)
    found = kept.certificate(get_store(), cert_id)
    if found is None or found.room_id != room_id:
        abort(404)
    return found


def _room_page(room_id: int, status: int = 200, error: str = "") -> Response:
    room, _role = room_or_404(room_id, need=TRAINER)
    return page(
        "certificates/room.html",
        status,
        room=room,
        certificates=kept.of_room(get_store(), room.id),
        at=now(),
        error=error,
    )


@bp.route("/rooms/<int:room_id>/certificates")
@policy(Access.TRAINER_OF_ROOM)
def room_certificates(room_id: int) -> Response:
    return _room_page(room_id)


@bp.route("/rooms/<int:room_id>/certificates/<cert_id>.pdf")
@policy(Access.TRAINER_OF_ROOM)
def room_pdf(room_id: int, cert_id: str) -> Response:
    return _pdf(_room_certificate(room_id, cert_id))


@bp.route("/rooms/<int:room_id>/certificates/<cert_id>/revoke", methods=["POST"])
@policy(Access.TRAINER_OF_ROOM)
def revoke(room_id: int, cert_id: str) -> Response:
    found = _room_certificate(room_id, cert_id)
    form = RevokeForm()
    if not form.validate_on_submit():
        problem = " ".join(str(e) for e in form.reason.errors) or "Say why."
        return _room_page(room_id, 422, f"The certificate was not revoked. {problem}")
    try:
        kept.revoke(get_store(), found.id, by=current_person().id, reason=form.reason.data or "")
    except UsageError as exc:
        return _room_page(room_id, 422, str(exc))
    log.info("certificate %s revoked by person %s", found.id, current_person().id)
    flash(f"The certificate {kept.shown_id(found.id)} is revoked.")
    return to(url_for("certificates.room_certificates", room_id=room_id))
