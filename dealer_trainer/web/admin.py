"""The admin pages: rooms, people, their roles per room, and password resets (admins only;
everyone else gets 403).

Plain POST-redirect-GET forms, each with its CSRF token; a form error is answered with the
page (422), the error beside its field and what was typed kept. A one-time password (a new
person's, or a reset) is shown once, on the response to the POST itself: it is never put in
the session cookie (which anyone holding it can read), in a flash or in a URL, and never
logged. Every change an admin makes is logged, by name.
"""

from __future__ import annotations

import logging
import secrets

from flask import Blueprint, Response, abort, flash, request, url_for
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length

import dealer_trainer
from dealer_trainer.accounts import MAX_NAME, ROLES, TRAINEE, TRAINER, Person, Room
from dealer_trainer.errors import UsageError
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.forms import check_name
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts

__all__ = ["bp"]

bp = Blueprint("admin", __name__, url_prefix="/admin")
log = logging.getLogger("dealer_trainer.web")

_ROLE_CHOICES = [SelectChoice(role, role.capitalize()) for role in ROLES]


def _clean(text: str) -> str:
    """A name fit for the log: no line breaks or control characters, short."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)[:60]


def _log(action: str, *names: str) -> None:
    actor = _clean(current_person().name)
    log.info("admin %s: %s %s", actor, action, " ".join(_clean(name) for name in names))


def _one_time_password() -> str:
    return secrets.token_urlsafe(12)


# --- forms -------------------------------------------------------------------------------------


class RoomForm(FlaskForm):
    name = StringField(
        "Room name",
        validators=[DataRequired("Type the room's name."), Length(max=MAX_NAME), check_name],
    )
    ruleset = SelectField(
        "Ruleset", choices=[SelectChoice(name) for name in BUILTIN], default=next(iter(BUILTIN))
    )


class PersonForm(FlaskForm):
    name = StringField(
        "Name they sign in with",
        validators=[DataRequired("Type their name."), Length(max=MAX_NAME), check_name],
        render_kw={"autocomplete": "off"},
    )
    admin = BooleanField("Admin (may manage rooms and people)")
    room = SelectField("Put them in a room (optional)", choices=[], default="")
    role = SelectField("Role in that room", choices=_ROLE_CHOICES, default=TRAINEE)


class MemberForm(FlaskForm):
    room = SelectField(
        "Room", choices=[], validators=[DataRequired("Choose a room.")], validate_choice=True
    )
    role = SelectField("Role", choices=_ROLE_CHOICES, default=TRAINEE)


def _room_choices(rooms: list[Room]) -> list[SelectChoice]:
    return [SelectChoice(str(room.id), f"{room.name} ({room.ruleset})") for room in rooms]


def _room_form() -> RoomForm:
    return RoomForm(prefix="room")


def _person_form(rooms: list[Room]) -> PersonForm:
    form = PersonForm(prefix="person")
    form.room.choices = [SelectChoice("", "No room yet"), *_room_choices(rooms)]
    return form


def _member_form(rooms: list[Room]) -> MemberForm:
    form = MemberForm(prefix="member")
    form.room.choices = [SelectChoice("", "Choose a room…"), *_room_choices(rooms)]
    return form


def _person_or_404(person_id: int) -> Person:
    found = accounts().person(person_id)
    if found is None:
        abort(404)
    return found


# --- the overview ------------------------------------------------------------------------------


def _index(
    status: int = 200, *, room_form: RoomForm | None = None, person_form: PersonForm | None = None
) -> Response:
    keeper = accounts()
    rooms = keeper.rooms()
    members = {room.id: keeper.members(room.id) for room in rooms}
    people = keeper.people()
    roles = {person.id: keeper.memberships(person.id) for person in people}
    return page(
        "admin/index.html",
        status,
        rooms=rooms,
        members=members,
        people=people,
        roles=roles,
        room_form=room_form or _room_form(),
        person_form=person_form or _person_form(rooms),
        version=dealer_trainer.__version__,
    )


@bp.route("")
@policy(Access.ADMIN)
def index() -> Response:
    return _index()


@bp.route("/first-steps")
@policy(Access.ADMIN)
def first_steps() -> Response:
    """What an admin does first: make a room, make its trainer (or a code for one), and
    where the guides are; each step says whether it is done."""
    rooms = accounts().rooms()
    trainers = {
        room.id: [m for m in accounts().members(room.id) if m.role == TRAINER] for room in rooms
    }
    return page("admin/first_steps.html", rooms=rooms, trainers=trainers)


@bp.route("/rooms", methods=["POST"])
@policy(Access.ADMIN)
def create_room() -> Response:
    form = _room_form()
    if form.validate_on_submit():
        try:
            room = accounts().create_room(name=form.name.data or "", ruleset=form.ruleset.data)
        except UsageError as exc:
            form.name.errors = [*form.name.errors, _sentence(str(exc))]
        else:
            _log("added the room", room.name, f"({room.ruleset})")
            flash(f"Room {room.name} added ({room.ruleset}).")
            return to(url_for("admin.index"))
    return _index(422, room_form=form)


@bp.route("/people", methods=["POST"])
@policy(Access.ADMIN)
def create_person() -> Response:
    keeper = accounts()
    rooms = keeper.rooms()
    form = _person_form(rooms)
    if form.validate_on_submit():
        room = keeper.room(int(form.room.data)) if form.room.data else None
        password = _one_time_password()
        try:
            person = keeper.create_person(
                name=form.name.data or "",
                password=password,
                admin=bool(form.admin.data),
                must_change=True,
            )
        except UsageError as exc:
            form.name.errors = [*form.name.errors, _sentence(str(exc))]
        else:
            _log("added the person", person.name, "(admin)" if person.admin else "")
            if room is not None:
                keeper.add_member(room_id=room.id, person_id=person.id, role=form.role.data)
                _log(f"made them a {form.role.data} in", room.name)
            return _one_time(person, password, new=True)
    return _index(422, person_form=form)


# --- one person --------------------------------------------------------------------------------


def _person_page(
    person: Person,
    status: int = 200,
    *,
    member_form: MemberForm | None = None,
    problem: str = "",
) -> Response:
    keeper = accounts()
    rooms = keeper.rooms()
    return page(
        "admin/person.html",
        status,
        person=person,
        memberships=keeper.memberships(person.id),
        member_form=member_form or _member_form(rooms),
        problem=problem,
        self_page=person.id == current_person().id,
    )


@bp.route("/people/<int:person_id>")
@policy(Access.ADMIN)
def person(person_id: int) -> Response:
    return _person_page(_person_or_404(person_id))


@bp.route("/people/<int:person_id>/rooms", methods=["POST"])
@policy(Access.ADMIN)
def add_member(person_id: int) -> Response:
    found = _person_or_404(person_id)
    keeper = accounts()
    form = _member_form(keeper.rooms())
    if form.validate_on_submit():
        room = keeper.room(int(form.room.data or 0))
        if room is None:
            abort(404)
        keeper.add_member(room_id=room.id, person_id=found.id, role=form.role.data)
        _log(f"made {_clean(found.name)} a {form.role.data} in", room.name)
        flash(f"{found.name} is a {form.role.data} in {room.name}.")
        return to(url_for("admin.person", person_id=found.id))
    return _person_page(found, 422, member_form=form)


@bp.route("/people/<int:person_id>/rooms/<int:room_id>/remove", methods=["POST"])
@policy(Access.ADMIN)
def remove_member(person_id: int, room_id: int) -> Response:
    found = _person_or_404(person_id)
    keeper = accounts()
    room = keeper.room(room_id)
    if room is None or keeper.role_in(person_id=found.id, room_id=room.id) is None:
        abort(404)
    keeper.remove_member(room_id=room.id, person_id=found.id)
    _log(f"took {_clean(found.name)} out of", room.name)
    flash(f"{found.name} is no longer in {room.name}.")
    return to(url_for("admin.person", person_id=found.id))


def _yes_no(field: str) -> bool:
    """A yes/no button's value; anything else is a bad request."""
    value = request.form.get(field)
    if value not in ("yes", "no"):
        abort(400)
    return value == "yes"


@bp.route("/people/<int:person_id>/admin", methods=["POST"])
@policy(Access.ADMIN)
def set_admin(person_id: int) -> Response:
    found = _person_or_404(person_id)
    make = _yes_no("admin")
    if found.id == current_person().id and not make:
        return _person_page(
            found, 422, problem="You cannot take away your own admin rights: ask another admin."
        )
    accounts().set_admin(person_id=found.id, admin=make)
    _log("made admin:" if make else "took admin rights from:", found.name)
    flash(f"{found.name} is {'now' if make else 'no longer'} an admin.")
    return to(url_for("admin.person", person_id=found.id))


@bp.route("/people/<int:person_id>/access", methods=["POST"])
@policy(Access.ADMIN)
def set_disabled(person_id: int) -> Response:
    found = _person_or_404(person_id)
    disable = _yes_no("disabled")
    if found.id == current_person().id and disable:
        return _person_page(found, 422, problem="You cannot disable yourself: ask another admin.")
    accounts().set_disabled(person_id=found.id, disabled=disable)
    _log("disabled:" if disable else "enabled:", found.name)
    flash(f"{found.name} is {'disabled: they cannot sign in' if disable else 'enabled'}.")
    return to(url_for("admin.person", person_id=found.id))


@bp.route("/people/<int:person_id>/password", methods=["POST"])
@policy(Access.ADMIN)
def reset_password(person_id: int) -> Response:
    found = _person_or_404(person_id)
    if found.id == current_person().id:
        return _person_page(
            found, 422, problem="Change your own password on the password page, not here."
        )
    password = _one_time_password()
    accounts().set_password(person_id=found.id, password=password, must_change=True)
    _log("reset the password of", found.name)
    return _one_time(found, password, new=False)


def _one_time(found: Person, password: str, *, new: bool) -> Response:
    """The page that shows a one-time password, once (the response to the POST itself)."""
    fresh = accounts().person(found.id) or found
    return page("admin/one_time.html", 200, person=fresh, password=password, new=new)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
