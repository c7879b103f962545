"""Quizzes a trainer assigns to the room: a title, topics, a length and a due date."""

from __future__ import annotations

from flask import Response, flash, request, url_for

from dealer_trainer import assignments as assigned
from dealer_trainer.errors import UsageError
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.room.common import TOPIC_TITLES, _trainer_room, bp
from dealer_trainer.web.room.forms import AssignForm
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import get_store

__all__ = ["assignments"]


@bp.route("/<int:room_id>/assignments", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def assignments(room_id: int) -> Response:
    room = _trainer_room(room_id)
    form = AssignForm()
    error = ""
    status = 200
    if form.validate_on_submit():
        try:
            assigned.create_assignment(
                get_store(),
                room_id=room.id,
                title=form.title.data or "",
                topics=tuple(form.topics.data or ()),
                length=int(form.length.data or 0),
                due_on=form.due.data,
                created_by=current_person().id,
            )
        except UsageError as exc:
            error = str(exc)
            status = 422
        else:
            flash("The quiz is assigned.")
            return to(url_for("room.assignments", room_id=room.id))
    elif request.method == "POST":
        status = 422
    return page(
        "room/assignments.html",
        status,
        room=room,
        form=form,
        error=error,
        assignments=assigned.assignments(get_store(), room.id),
        topic_titles=TOPIC_TITLES,
    )
