"""Edit a kept scenario again: the room's scenario opened as a new draft of its author (the
workbench reads it back: :func:`dealer_trainer.workbench.reopen`), to be edited and saved in
its place. A scenario the page cannot show (written by hand with a stacked deck, a limit
game, ...) is refused with why (422), and is edited as YAML and uploaded as before."""

from __future__ import annotations

from flask import Response, abort, url_for

from dealer_trainer import workbench as wb
from dealer_trainer.store import drafts, uploads
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.room.common import _trainer_room, bp
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import get_store

__all__ = ["edit_scenario"]


@bp.route("/<int:room_id>/scenarios/<scenario_id>/edit", methods=["POST"])
@policy(Access.TRAINER_OF_ROOM)
def edit_scenario(room_id: int, scenario_id: str) -> Response:
    """Open the room's kept scenario as a draft, and go to it."""
    room = _trainer_room(room_id)
    store = get_store()
    kept = uploads.room_scenario(store, room_id=room.id, scenario_id=scenario_id)
    if kept is None:
        abort(404)
    person = current_person()
    listed = [(row, wb.from_json(row.body)) for row in
              drafts.drafts(store, room_id=room.id, person_id=person.id)]  # fmt: skip
    try:
        draft = wb.reopen(kept.yaml, room.house_yaml, source=f"{scenario_id}.yaml")
    except wb.AuthoringError as exc:
        return page("room/write_list.html", 422, room=room, drafts=listed, refused=exc.message)
    number = drafts.create_draft(
        store, room_id=room.id, person_id=person.id, body=wb.to_json(draft)
    )
    if number is None:
        message = f"you keep {drafts.MAX_DRAFTS} drafts here, the most: finish or remove one"
        return page("room/write_list.html", 422, room=room, drafts=listed, refused=message)
    return to(url_for("room.write_draft", room_id=room.id, draft_id=number))
