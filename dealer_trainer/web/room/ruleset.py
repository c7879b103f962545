"""Choosing the room's ruleset: a built-in one, or the room's house ruleset."""

from __future__ import annotations

from flask import Response, flash, request, url_for
from wtforms.fields.choices import SelectChoice

from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.room.bank import _house
from dealer_trainer.web.room.common import _log_text, _trainer_room, bp, log
from dealer_trainer.web.room.forms import RulesetForm
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts

__all__ = ["ruleset"]


@bp.route("/<int:room_id>/ruleset", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def ruleset(room_id: int) -> Response:
    room = _trainer_room(room_id)
    house = _house(room)
    form = RulesetForm(ruleset=room.ruleset)
    choices = [
        SelectChoice(name, f"{name}: {found.description}") for name, found in BUILTIN.items()
    ]
    if house is not None:
        choices.append(SelectChoice(house.name, f"{house.name} (house ruleset on {house.base})"))
    form.ruleset.choices = choices
    if form.validate_on_submit():
        chosen = form.ruleset.data or ""
        if chosen in BUILTIN:
            accounts().set_ruleset(room_id=room.id, ruleset=chosen, house_yaml=None)
        else:
            accounts().set_ruleset(room_id=room.id, ruleset=chosen, house_yaml=room.house_yaml)
        log.info(
            "ruleset chosen: room %d, %s, by %s",
            room.id,
            _log_text(chosen),
            _log_text(current_person().name),
        )
        flash(f"The room's ruleset is {chosen}.")
        return to(url_for("room.ruleset", room_id=room.id))
    status = 422 if request.method == "POST" else 200
    return page("room/ruleset.html", status, room=room, form=form, house=house)
