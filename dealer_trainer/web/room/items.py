"""Retiring an item from the room's exams, and putting it back: the buttons of the item
analysis panel on the dashboard (docs/item-analysis.md). A retired item is never drawn in the
room's exams; quizzes and reviews still ask it. Only an item of the room's analysis (or one
retired already) can be retired or restored; any other id is a 404."""

from __future__ import annotations

from flask import Response, abort, flash, url_for

from dealer_trainer.store import itemstats
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import to
from dealer_trainer.web.room.common import _log_text, _trainer_room, bp, log
from dealer_trainer.web.room.dashboard import analysed_items, analysis_since
from dealer_trainer.web.room.forms import ItemForm
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import get_store

__all__ = ["restore_item", "retire_item"]

#: the reason kept for an item retired with no flag (the trainer's own judgement)
BY_HAND = "retired by a trainer on the dashboard"


def _item(form: ItemForm) -> str:
    """The item the form names (a bad form: 400)."""
    if not form.validate_on_submit():
        abort(400)
    return (form.item.data or "").strip()


def _back(room_id: int) -> Response:
    return to(url_for("room.dashboard", room_id=room_id) + "#items-h")


@bp.route("/<int:room_id>/items/retire", methods=["POST"])
@policy(Access.TRAINER_OF_ROOM)
def retire_item(room_id: int) -> Response:
    room = _trainer_room(room_id)
    item = _item(ItemForm())
    store = get_store()
    # the flags the dashboard showed: those of its window first, then of every answer (the
    # dashboard's ?items=all)
    line = None
    for since in dict.fromkeys((analysis_since(room.id), None)):
        report = analysed_items(room.id, since)
        line = next((x for x in report.items if x.stat.item == item), None)
        if line is not None:
            break
    if line is None:
        log.info("not found: item %s in room %d", _log_text(item), room.id)
        abort(404)
    reason = ", ".join(flag.value for flag in line.stat.flags) or BY_HAND
    itemstats.retire(
        store, room_id=room.id, item=item, reason=reason, retired_by=current_person().id
    )
    log.info("item %s retired in room %d", _log_text(item), room.id)
    flash(f"{item} is retired: the room's exams no longer draw it.")
    return _back(room.id)


@bp.route("/<int:room_id>/items/restore", methods=["POST"])
@policy(Access.TRAINER_OF_ROOM)
def restore_item(room_id: int) -> Response:
    room = _trainer_room(room_id)
    item = _item(ItemForm())
    if not itemstats.unretire(get_store(), room_id=room.id, item=item):
        abort(404)
    log.info("item %s restored in room %d", _log_text(item), room.id)
    flash(f"{item} is back in the room's exams.")
    return _back(room.id)
