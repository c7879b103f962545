"""Inviting people to a room: one-time codes, shown once on a printable sheet (a trainer's
codes make trainees; only an admin makes codes for trainers).

The invite form makes 1 to 100 codes at once; the roster form makes one named code per
person of a CSV file (:mod:`dealer_trainer.roster`). Either way the answer is the sheet: one
card per code with the room's name, the code in groups, the join link (the code filled in)
and a QR code of that link, drawn by segno as inline SVG. Only the codes' hashes are kept,
so the sheet is shown once: print it (a print stylesheet puts the cards on paper) or write
the codes down before leaving the page.

The links name the host the trainer opened the room at. Opened at 127.0.0.1 (on the machine
that runs it), they would lead a tablet nowhere: the sheet says so, and links to the same
page at the machine's network addresses (:mod:`dealer_trainer.web.lan`).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import segno
from flask import Response, request, url_for
from flask_wtf.file import FileField
from markupsafe import Markup
from wtforms import IntegerField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

from dealer_trainer.accounts import MAX_INVITES, TRAINEE, TRAINER, Invite, Room
from dealer_trainer.errors import UsageError
from dealer_trainer.roster import MAX_ROSTER_BYTES, read_roster
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import page
from dealer_trainer.web.lan import machine_addresses
from dealer_trainer.web.room.common import _log_text, _trainer_room, bp, log
from dealer_trainer.web.room.forms import InviteForm
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts

__all__ = ["Card", "invite", "invite_roster", "join_link", "qr_svg"]


class CountedInviteForm(InviteForm):
    count = IntegerField(
        f"How many codes (1 to {MAX_INVITES}; each lets one person join)",
        default=1,
        validators=[  # left out: one code
            Optional(),
            NumberRange(1, MAX_INVITES, f"From 1 to {MAX_INVITES} codes."),
        ],
    )


class RosterForm(InviteForm):
    file = FileField(
        "The roster: a CSV file, one name a line or a column headed 'name' "
        f"(at most {MAX_INVITES} names, {MAX_ROSTER_BYTES // 1024} KB)"
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the sheet: the code as read out, whom it is for, its link and QR code."""

    code: str
    name: str | None
    link: str
    qr: Markup


def join_link(code: str) -> str:
    """The join page with the code filled in, as a tablet opens it (the host as asked)."""
    return url_for("auth.join", code=code, _external=True)


def qr_svg(link: str) -> Markup:
    """The link as a QR code, inline SVG (segno; no script, no fetch). The SVG holds only
    segno's numbers (the path of the modules), no text of ours, so it is markup as it
    stands. Screen readers skip it: the link itself is written beside it."""
    svg = segno.make(link, error="m").svg_inline(scale=4, svgclass="qr", lineclass=None)
    return Markup(svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1))


def _elsewhere() -> list[str] | None:
    """Where this page is at the machine's network addresses, when it was opened at a
    loopback address (its links would work on this machine only); None otherwise."""
    parts = urlsplit(request.host_url)
    host = parts.hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: others reach it by that name
        loopback = False
    if not loopback:
        return None
    port = f":{parts.port}" if parts.port else ""
    return [
        f"{parts.scheme}://{f'[{a}]' if ':' in a else a}{port}{request.path}"
        for a in machine_addresses()
    ]


def _ready(form: InviteForm) -> None:
    if current_person().admin:  # only an admin makes trainers
        form.role.choices = [SelectChoice(TRAINEE, "Trainee"), SelectChoice(TRAINER, "Trainer")]


def _sheet(room: Room, form: InviteForm, names: list[str | None]) -> Response:
    person = current_person()
    role = form.role.data or TRAINEE
    hours = int(form.hours.data or 72)
    made: list[Invite] = accounts().create_invites(
        room_id=room.id, role=role, created_by=person.id, hours=hours, names=names
    )
    log.info(
        "invite made: room %d, role %s, %d code(s), by %s",
        room.id,
        role,
        len(made),
        _log_text(person.name),
    )
    cards = [
        Card(code=i.code, name=i.name, link=join_link(i.code), qr=qr_svg(join_link(i.code)))
        for i in made
    ]
    return page(
        "room/invite_sheet.html",
        room=room,
        cards=cards,
        role=role,
        hours=hours,
        elsewhere=_elsewhere(),
    )


@bp.route("/<int:room_id>/invite", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def invite(room_id: int) -> Response:
    room = _trainer_room(room_id)
    form = CountedInviteForm()
    _ready(form)
    if form.validate_on_submit():
        return _sheet(room, form, [None] * int(form.count.data or 1))
    status = 422 if request.method == "POST" else 200
    return page("room/invite.html", status, room=room, form=form)


@bp.route("/<int:room_id>/invite/roster", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def invite_roster(room_id: int) -> Response:
    room = _trainer_room(room_id)
    form = RosterForm()
    _ready(form)
    if form.validate_on_submit():
        upload: Any = form.file.data
        if upload is None or not getattr(upload, "filename", None):
            form.file.errors = [*form.file.errors, "Choose the roster's CSV file."]
        else:
            try:
                names = read_roster(upload.read(MAX_ROSTER_BYTES + 1))
            except UsageError as exc:
                form.file.errors = [
                    *form.file.errors,
                    f"{exc.message[0].upper()}{exc.message[1:]}.",
                ]
            else:
                return _sheet(room, form, list(names))
    status = 422 if request.method == "POST" else 200
    return page("room/invite_roster.html", status, room=room, form=form)
