"""The forms of signing in, joining and changing a password (Flask-WTF: each carries its CSRF
token). Each area's own forms live beside its views."""

from __future__ import annotations

from typing import Any

from flask import request
from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, Length, ValidationError

from dealer_trainer.accounts import MAX_NAME, MAX_PASSWORD, name_problem, password_problem

__all__ = [
    "JoinForm",
    "PasswordForm",
    "SignInForm",
    "check_name",
    "check_password",
    "uploaded_text",
]


def check_name(_form: FlaskForm, field: StringField) -> None:
    problem = name_problem(field.data or "")
    if problem:
        raise ValidationError(problem)


def check_password(form: FlaskForm, field: PasswordField) -> None:
    name = getattr(getattr(form, "name", None), "data", "") or ""
    problem = password_problem(field.data or "", name=name)
    if problem:
        raise ValidationError(problem)


class SignInForm(FlaskForm):
    name = StringField(
        "Name",
        validators=[DataRequired("Type your name."), Length(max=MAX_NAME)],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password = PasswordField(
        "Password",
        validators=[DataRequired("Type your password."), Length(max=MAX_PASSWORD)],
        render_kw={"autocomplete": "current-password"},
    )


def _code_in_link() -> str:
    """The code of a card's join link (``/join?code=...``), filled in for the person."""
    return request.args.get("code", "")[:64]


class JoinForm(FlaskForm):
    code = StringField(
        "Invite code",
        default=_code_in_link,
        validators=[DataRequired("Type the code your trainer gave you."), Length(max=64)],
        render_kw={
            "autocomplete": "one-time-code",
            "autocapitalize": "characters",
            "spellcheck": "false",
        },
    )
    name = StringField(
        "Your name",
        validators=[DataRequired("Type the name you will sign in with."), check_name],
        render_kw={"autocomplete": "username"},
    )
    password = PasswordField(
        "Choose a password (at least 8 characters; a phrase is best)",
        validators=[DataRequired("Choose a password."), check_password],
        render_kw={"autocomplete": "new-password"},
    )
    confirm = PasswordField(
        "Type it again",
        validators=[EqualTo("password", "The two passwords differ.")],
        render_kw={"autocomplete": "new-password"},
    )


class PasswordForm(FlaskForm):
    current = PasswordField(
        "Current password",
        validators=[DataRequired("Type your current password.")],
        render_kw={"autocomplete": "current-password"},
    )
    password = PasswordField(
        "New password (at least 8 characters; a phrase is best)",
        validators=[DataRequired("Choose a new password."), check_password],
        render_kw={"autocomplete": "new-password"},
    )
    confirm = PasswordField(
        "Type it again",
        validators=[EqualTo("password", "The two passwords differ.")],
        render_kw={"autocomplete": "new-password"},
    )


def uploaded_text(form: Any, *, limit: int, too_big: str) -> str | None:
    """The text of a form with a ``file`` and a ``text`` field (an upload or a paste): the
    file's text (then put in the text field, so it is kept) or the pasted text; None, with the
    error set beside its field, when there is nothing usable (nothing given, more than
    ``limit`` bytes, not UTF-8)."""
    upload: Any = form.file.data
    if upload is not None and getattr(upload, "filename", None):
        raw: bytes = upload.read(limit + 1)
        if len(raw) > limit:
            form.file.errors = [*form.file.errors, too_big]
            return None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            form.file.errors = [*form.file.errors, "The file is not UTF-8 text."]
            return None
        form.text.data = text
        return text
    pasted = str(form.text.data or "")
    if not pasted.strip():
        form.text.errors = [*form.text.errors, "Choose a file or paste the text."]
        return None
    if len(pasted.encode("utf-8")) > limit:
        form.text.errors = [*form.text.errors, too_big]
        return None
    return pasted
