"""Uploading a scenario or a house ruleset, from a file or pasted text: checked (:mod:`.checks`),
each error shown at its line beside the field with the text kept; a valid scenario is kept
for the room (``room_scenarios``, with its catalogue line, so that a quiz start reads no
text), a valid house ruleset becomes the room's. A text is at most
:data:`~dealer_trainer.scenario.MAX_UPLOAD_BYTES` and a room keeps at most
:data:`~dealer_trainer.scenario.MAX_ROOM_SCENARIOS` scenarios (the page says both)."""

from __future__ import annotations

from flask import Response, flash, request, url_for

from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import MAX_ROOM_SCENARIOS, MAX_UPLOAD_BYTES
from dealer_trainer.store import uploads
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.forms import uploaded_text
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.room.bank import _bank_entry
from dealer_trainer.web.room.checks import (
    Problem,
    _problems,
    check_ruleset_text,
    check_scenario_text,
)
from dealer_trainer.web.room.common import _log_text, _trainer_room, bp, log
from dealer_trainer.web.room.forms import UploadForm
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts, get_store

__all__ = ["upload"]


def _kb(size: int) -> str:
    return f"{(size + 1023) // 1024} KB"


#: what the page says of the limits
LIMITS = (
    f"A file or text is at most {_kb(MAX_UPLOAD_BYTES)}, and a room keeps at most "
    f"{MAX_ROOM_SCENARIOS} scenarios (upload one again with the same id to replace it)."
)


def _too_big() -> str:
    return (
        f"This is more than {_kb(MAX_UPLOAD_BYTES)}, the most an upload may be: a scenario "
        "is a few KB (split a long one into several scenarios)."
    )


def _room_full(count: int) -> Problem:
    return Problem(
        line=None,
        column=None,
        message=f"this room keeps {count} scenarios, the most it may "
        f"({MAX_ROOM_SCENARIOS}): remove one before uploading another, or upload one again "
        "with its id to replace it",
        text="",
    )


@bp.route("/<int:room_id>/upload", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def upload(room_id: int) -> Response:
    room = _trainer_room(room_id)
    form = UploadForm()
    problems: list[Problem] = []
    status = 200
    if form.validate_on_submit():
        text = uploaded_text(form, limit=MAX_UPLOAD_BYTES, too_big=_too_big())
        status = 422
        if text is not None:
            person = current_person()
            store = get_store()
            if form.kind.data == "ruleset":
                try:
                    house = check_ruleset_text(text)
                except ScriptError as exc:
                    problems = _problems(exc, text)
                else:
                    accounts().set_ruleset(room_id=room.id, ruleset=house.name, house_yaml=text)
                    log.info("house ruleset set: room %d, by %s", room.id, _log_text(person.name))
                    flash(f"The room now plays under the house ruleset {house.name}.")
                    return to(url_for("room.ruleset", room_id=room.id))
            else:
                try:
                    proved = check_scenario_text(text, house_yaml=room.house_yaml)
                except ScriptError as exc:
                    problems = _problems(exc, text)
                else:
                    ident = proved.scenario.id
                    if _bank_entry(ident) is not None:
                        problems = [
                            Problem(
                                line=None,
                                column=None,
                                message=f"the shipped bank has a scenario {ident!r} already: "
                                "give yours another id",
                                text="",
                            )
                        ]
                    elif not uploads.save_room_scenario(
                        store,
                        room_id=room.id,
                        scenario_id=ident,
                        yaml=text,
                        uploaded_by=person.id,
                        topic=proved.scenario.topic.slug,
                        difficulty=proved.scenario.difficulty,
                        family=proved.scenario.family,
                        limit=MAX_ROOM_SCENARIOS,
                    ):
                        problems = [_room_full(uploads.count_room_scenarios(store, room.id))]
                    else:
                        log.info(
                            "scenario uploaded: room %d, %s, by %s",
                            room.id,
                            _log_text(ident),
                            _log_text(person.name),
                        )
                        flash("The scenario is checked and kept for this room.")
                        return to(url_for("room.scenario", room_id=room.id, scenario_id=ident))
            if problems:
                form.text.errors = [
                    *form.text.errors,
                    f"{len(problems)} problem{'s' if len(problems) != 1 else ''}: see below.",
                ]
    elif request.method == "POST":
        status = 422
    kept = uploads.count_room_scenarios(get_store(), room.id)
    return page(
        "room/upload.html",
        status,
        room=room,
        form=form,
        problems=problems,
        limits=LIMITS,
        kept=kept,
    )
