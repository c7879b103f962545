"""Write a scenario: the trainer deals the hand on the table picture, makes the dealer error,
chooses the question, edits the words the engine drafted, previews the item as a trainee sees
it (the answer hidden), keeps it in the room and downloads its YAML.

Every step is a POST that the screen-free core (:mod:`dealer_trainer.workbench`) judges; the
draft is kept in the store after each (:mod:`dealer_trainer.store.drafts`), so a reload, a
dropped connection or a restart loses nothing. A draft is its author's in its room: another
person's or room's is a 404. A step refused re-shows the page with its message beside its
field and what was typed kept (422), never a 500. Under htmx a step redraws the page's content in
place (the table picture and the steps, a screen reader told what was done) with no page load;
without JavaScript the same forms post and redirect back to the draft."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Response, abort, flash, make_response, request, url_for

from dealer_trainer import workbench as wb
from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.scenario import MAX_ROOM_SCENARIOS
from dealer_trainer.store import drafts, uploads
from dealer_trainer.view import table_view, trainee_view
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import is_htmx, page, to
from dealer_trainer.web.room.bank import _bank_entry
from dealer_trainer.web.room.common import _log_text, _trainer_room, bp, log
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import get_store

__all__ = ["write", "write_draft", "write_step", "write_yaml"]

#: the longest a form field may be before it is refused unread
_MAX_FIELD = 4000


def _field(name: str) -> str:
    value = request.form.get(name, "")
    return value[:_MAX_FIELD]


def _others(room: Any, draft: wb.Draft) -> list[tuple[str, str]]:
    """The room's kept items (id, YAML) a draft's family is checked against: all but the one
    it was opened from (which it replaces)."""
    kept = uploads.room_scenarios(get_store(), room.id)
    return [(s.scenario_id, s.yaml) for s in kept if s.scenario_id != draft.editing]


def _load(room_id: int, draft_id: int) -> tuple[Any, wb.Draft, int]:
    """The room, the draft and its author: the author's own, or for an admin (from whom
    nothing is hidden) any of the room's; anyone else's is a 404."""
    room = _trainer_room(room_id)
    person = current_person()
    author = None if person.admin else person.id
    found = drafts.draft(get_store(), draft_id, room_id=room.id, person_id=author)
    if found is None:
        abort(404)
    try:
        return room, wb.from_json(found.body), found.person_id
    except ScriptError:  # a body that no longer reads: the draft starts again
        return room, wb.Draft(), found.person_id


@bp.route("/<int:room_id>/write", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def write(room_id: int) -> Response:
    """The author's drafts in this room, and a button to start one."""
    room = _trainer_room(room_id)
    person = current_person()
    store = get_store()
    if request.method == "POST":
        number = drafts.create_draft(
            store, room_id=room.id, person_id=person.id, body=wb.to_json(wb.Draft())
        )
        if number is None:
            flash(f"You keep {drafts.MAX_DRAFTS} drafts here, the most: finish or remove one.")
            return to(url_for("room.write", room_id=room.id))
        return to(url_for("room.write_draft", room_id=room.id, draft_id=number))
    mine = drafts.drafts(store, room_id=room.id, person_id=person.id)
    listed = [(row, wb.from_json(row.body)) for row in mine]
    return page("room/write_list.html", room=room, drafts=listed)


def _page(
    room: Any,
    number: int,
    draft: wb.Draft,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    typed: dict[str, str] | None = None,
    announce: str = "",
) -> Response:
    house = room.house_yaml
    errors = dict(errors or {})
    position = None
    view = None
    try:
        position = wb.position(draft, house)
        view = table_view(position.hand, [c.text for c in position.hand.face_up])
    except wb.AuthoringError as exc:
        errors.setdefault(exc.place, exc.message)
    kinds: list[tuple[str, str]] = []
    checked = None
    preview = None
    if position is not None:  # a dealer error, a player's ruling or a betting round to count
        try:
            kinds = wb.kinds_here(draft, house)
        except wb.AuthoringError:
            kinds = []
    preview_item = None
    if draft.kind is not None:
        checked = wb.check_draft(draft, house, _others(room, draft))
        for problem in checked.problems:
            errors.setdefault(problem.place, problem.message)
        if checked.proved is not None:
            preview = trainee_view(checked.proved)
            preview_item = wb.preview_item(checked, draft.ident, house)
    rulesets = [(name, name) for name in BUILTIN]
    if house:
        rulesets.append((wb.HOUSE, "the room's house ruleset"))
    return page(
        "room/write.html",
        status,
        room=room,
        number=number,
        draft=draft,
        position=position,
        view=view,
        kinds=kinds,
        player_moves=wb.PLAYER_MOVES,
        checked=checked,
        preview=preview,
        preview_item=preview_item,
        preview_remaining=[] if preview_item is None else list(enumerate(preview_item.options, 1)),
        errors=errors,
        typed=typed or {},
        announce=announce,
        rulesets=rulesets,
        structures=wb.STRUCTURES,
        games=_GAMES,
        number_facts=list(wb.NUMBER_ASKED),
    )


#: the games the table offers, with their words
_GAMES = [(game, game or "the ruleset's own game") for game in wb.GAMES]


@bp.route("/<int:room_id>/write/<int:draft_id>")
@policy(Access.TRAINER_OF_ROOM)
def write_draft(room_id: int, draft_id: int) -> Response:
    """The draft: the table, the moves, the error, the question, the words, the preview."""
    room, draft, _author = _load(room_id, draft_id)
    return _page(room, draft_id, draft)


def _keep(room: Any, number: int, draft: wb.Draft, author: int) -> None:
    drafts.save_draft(
        get_store(), number, room_id=room.id, person_id=author, body=wb.to_json(draft)
    )


def _amount(text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 10:
        raise wb.AuthoringError("an amount is a whole number of chips", place="amount")
    return int(text)


def _seat(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() and len(text) < 3 else None


def _apply(step: str, draft: wb.Draft, house: str | None) -> wb.Draft:
    form = request.form
    if step == "table":
        return wb.set_table(
            draft,
            seats=_field("seats"),
            button=_field("button"),
            small_blind=_field("small_blind"),
            big_blind=_field("big_blind"),
            stacks=_field("stacks"),
            structure=_field("structure") or "no-limit",
            ruleset=_field("ruleset") or "roberts",
            game=_field("game"),
            house_yaml=house,
        )
    if step == "move":
        name = _field("move")
        move = wb.move_item(
            _PLAYER_SAYS.get(name, name),
            seat=_seat(_field("seat")),
            action=_field("action") or None,
            amount=_amount(_field("amount")),
            exposed=form.get("exposed") == "1",
            out_of_turn=name == "act_out_of_turn",
            cards=1 if name == "show_one" else None,
        )
        return wb.play(draft, move, house)
    if step == "undo":
        return wb.undo(draft)
    if step == "error":
        return wb.make_error(draft, _field("error"), house)
    if step == "ask":
        kind = _field("kind")
        return wb.ask(draft, kind, house, fact=_field("fact") if kind == wb.NUMBER else None)
    if step == "words":
        count = len(draft.options)
        return wb.edit_words(
            draft,
            ident=_field("ident"),
            title=_field("title"),
            question=_field("ask"),
            explain=_field("explain"),
            difficulty=_field("difficulty"),
            options=[_field(f"option-{n}") for n in range(1, count + 1)],
            family=_field("family") if "family" in request.form else None,
        )
    abort(404)


#: the page's buttons for what a player did that are another move's variant
_PLAYER_SAYS = {"act_out_of_turn": "act", "show_one": "show"}

#: the fields a step's form holds, kept as typed when the step is refused
_TYPED = ("seats", "button", "small_blind", "big_blind", "stacks", "structure", "game", "ruleset",
          "amount", "seat", "action", "fact")  # fmt: skip


@bp.route("/<int:room_id>/write/<int:draft_id>/<step>", methods=["POST"])
@policy(Access.TRAINER_OF_ROOM)
def write_step(room_id: int, draft_id: int, step: str) -> Response:
    """One step of writing: ``table``, ``move``, ``undo``, ``error``, ``ask``, ``words`` or
    ``save`` (into the room, like an upload)."""
    room, draft, author = _load(room_id, draft_id)
    here = url_for("room.write_draft", room_id=room.id, draft_id=draft_id)
    if step == "save":
        return _save(room, draft_id, draft, author)
    try:
        changed = _apply(step, draft, room.house_yaml)
    except wb.AuthoringError as exc:
        typed = {name: _field(name) for name in _TYPED if name in request.form}
        return _page(room, draft_id, draft, status=422, errors={exc.place: _said(exc)}, typed=typed)
    _keep(room, draft_id, changed, author)
    if step == "words":
        problems = wb.word_problems(changed)
        if problems:
            return _page(room, draft_id, changed, status=422, errors=problems)
    if is_htmx():  # the table and the step redrawn in place: no page load, no redirect
        return _page(room, draft_id, changed, announce=_DONE.get(step, "Done."))
    return to(here + f"#{_ANCHORS.get(step, 'table')}")


#: what a step done says to a screen reader (the page is redrawn in place under htmx)
_DONE = {"table": "The table is set.", "move": "The move is played.", "undo": "The last move is "
         "undone.", "error": "The dealer error is made.", "ask": "The question is drafted.",
         "words": "The words are kept."}  # fmt: skip
_ANCHORS = {"table": "table", "move": "moves", "undo": "moves", "error": "moves", "ask": "question",
            "words": "words"}  # fmt: skip


def _said(exc: wb.AuthoringError) -> str:
    return exc.message + (f" (rule {exc.rule})" if exc.rule else "")


def _save(room: Any, number: int, draft: wb.Draft, author: int) -> Response:
    checked = wb.check_draft(draft, room.house_yaml, _others(room, draft))
    if not checked.sound or checked.proved is None:
        errors = {p.place: p.message for p in checked.problems}
        errors.setdefault("save", "correct what is marked, then save again")
        return _page(room, number, draft, status=422, errors=errors)
    scenario = checked.proved.scenario
    if _bank_entry(scenario.id) is not None:
        message = f"the shipped bank has a scenario {scenario.id!r} already: give yours another id"
        return _page(room, number, draft, status=422, errors={"ident": message})
    kept_id = uploads.room_scenario(get_store(), room_id=room.id, scenario_id=scenario.id)
    if kept_id is not None and draft.editing != scenario.id:
        message = (
            f"this room keeps a scenario {scenario.id!r} already: give yours another id, or "
            "open that one from its page to edit it"
        )
        return _page(room, number, draft, status=422, errors={"ident": message})
    person = current_person()
    kept = uploads.save_room_scenario(
        get_store(),
        room_id=room.id,
        scenario_id=scenario.id,
        yaml=checked.yaml,
        uploaded_by=person.id,
        topic=scenario.topic.slug,
        difficulty=scenario.difficulty,
        family=scenario.family,
        limit=MAX_ROOM_SCENARIOS,
    )
    if not kept:
        message = f"this room keeps {MAX_ROOM_SCENARIOS} scenarios, the most: remove one first"
        return _page(room, number, draft, status=422, errors={"save": message})
    _keep(room, number, replace(draft, editing=scenario.id), author)  # saved again: replaced
    log.info("scenario written: room %d, %s, by %s", room.id, _log_text(scenario.id),
             _log_text(person.name))  # fmt: skip
    flash("The scenario is proved and kept for this room.")
    return to(url_for("room.scenario", room_id=room.id, scenario_id=scenario.id))


@bp.route("/<int:room_id>/write/<int:draft_id>.yaml")
@policy(Access.TRAINER_OF_ROOM)
def write_yaml(room_id: int, draft_id: int) -> Response:
    """The draft as a YAML file that ``scenarios validate`` accepts (409 until it is sound)."""
    room, draft, _author = _load(room_id, draft_id)
    checked = wb.check_draft(draft, room.house_yaml)
    if not checked.sound:
        return make_response(
            "This draft does not validate yet: correct what its page marks.\n", 409
        )
    response = make_response(checked.yaml)
    response.mimetype = "application/yaml"
    name = draft.ident or f"draft-{draft_id}"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.yaml"'
    return response
