"""Inviting people to a room: a one-time code, shown once (a trainer's codes make trainees;
only an admin makes a code for a trainer)."""

from __future__ import annotations

from flask import Response, request
from wtforms.fields.choices import SelectChoice

from dealer_trainer.accounts import TRAINEE, TRAINER
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import page
from dealer_trainer.web.room.common import _log_text, _trainer_room, bp, log
from dealer_trainer.web.room.forms import InviteForm
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts

__all__ = ["invite"]


@bp.route("/<int:room_id>/invite", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def invite(room_id: int) -> Response:
    room = _trainer_room(room_id)
    person = current_person()
    form = InviteForm()
    if person.admin:  # only an admin makes trainers
        form.role.choices = [SelectChoice(TRAINEE, "Trainee"), SelectChoice(TRAINER, "Trainer")]
    if form.validate_on_submit():
        role = form.role.data or TRAINEE
        code = accounts().create_invite(
            room_id=room.id, role=role, created_by=person.id, hours=int(form.hours.data or 72)
        )
        log.info("invite made: room %d, role %s, by %s", room.id, role, _log_text(person.name))
        return page(
            "room/invite_code.html", room=room, code=code, role=role, hours=int(form.hours.data)
        )
    status = 422 if request.method == "POST" else 200
    return page("room/invite.html", status, room=room, form=form)
