"""Signing in and out, joining a room with an invite code, changing one's password."""

from __future__ import annotations

import logging

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    g,
    make_response,
    request,
    session,
    url_for,
)
from flask_login import login_user, logout_user

from dealer_trainer.errors import UsageError
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.extensions import (
    limiter,
    login_manager,
    password_change_key,
    sign_in_key,
)
from dealer_trainer.web.forms import JoinForm, PasswordForm, SignInForm
from dealer_trainer.web.htmx import is_htmx, page, to
from dealer_trainer.web.security import User, current_person, safe_next
from dealer_trainer.web.store import accounts

__all__ = ["bp"]

bp = Blueprint("auth", __name__)
log = logging.getLogger("dealer_trainer.web")


def _clean(text: str) -> str:
    """A name fit for the log: no line breaks, short."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)[:60]


def _failed(response: Response) -> bool:
    return (
        response.status_code != 302
        and response.status_code != 303
        and ("HX-Redirect" not in response.headers)
    )


def _wrong_password(response: Response) -> bool:
    """A password change refused because the current password was wrong (only those count
    towards its limits; a new password that breaks the policy does not)."""
    return bool(g.get("wrong_password"))


@bp.route("/sign-in", methods=["GET", "POST"])
@policy(Access.PUBLIC)
@limiter.limit(
    lambda: str(current_app.config["SIGN_IN_LIMIT"]),
    key_func=sign_in_key,
    methods=["POST"],
    deduct_when=_failed,
)
@limiter.limit(
    lambda: str(current_app.config["SIGN_IN_LIMIT_PER_ADDRESS"]),
    methods=["POST"],
    deduct_when=_failed,
)
def sign_in() -> Response:
    form = SignInForm()
    target = safe_next(request.args.get("next"), url_for("training.home"))
    error = ""
    status = 200
    if form.validate_on_submit():
        name, password = form.name.data or "", form.password.data or ""
        # an unknown name, a wrong password and a disabled person get one answer, in one time;
        # the limits above (address and name, and address alone) are all the waiting there is
        person = accounts().authenticate(name=name, password=password)
        if person is not None:
            session.clear()  # a new session for the signed-in person (ASVS 7.2.4)
            login_user(User(person))
            session.permanent = True
            log.info("sign-in: %s from %s", _clean(person.name), request.remote_addr)
            return to(target)
        log.info("failed sign-in: %s from %s", _clean(name), request.remote_addr)
        error = "That name and password do not match."  # one message for both cases
        status = 401
    elif request.method == "POST":
        status = 422
    return page("auth/sign_in.html", status, form=form, error=error, next=target)


@bp.route("/sign-out", methods=["POST"])
@policy(Access.SIGNED_IN)
def sign_out() -> Response:
    accounts().end_sessions(current_person().id)  # every copy of the cookie stops working
    logout_user()
    session.clear()
    flash("You are signed out.")
    return to(url_for("auth.sign_in"))


@bp.route("/join", methods=["GET", "POST"])
@policy(Access.PUBLIC)
@limiter.limit(
    lambda: str(current_app.config["SIGN_IN_LIMIT_PER_ADDRESS"]),
    methods=["POST"],
    deduct_when=_failed,
)
def join() -> Response:
    form = JoinForm()
    error = ""
    status = 200
    if form.validate_on_submit():
        try:
            person = accounts().redeem_invite(
                code=form.code.data or "",
                name=form.name.data or "",
                password=form.password.data or "",
            )
        except UsageError as exc:
            error = str(exc)
            status = 422
        else:
            session.clear()
            login_user(User(person))
            session.permanent = True
            log.info("joined: %s from %s", _clean(person.name), request.remote_addr)
            return to(url_for("training.home"))
    elif request.method == "POST":
        status = 422
    return page("auth/join.html", status, form=form, error=error)


@bp.route("/password", methods=["GET", "POST"])
@policy(Access.SIGNED_IN)
@limiter.limit(
    lambda: str(current_app.config["SIGN_IN_LIMIT"]),
    key_func=password_change_key,
    methods=["POST"],
    deduct_when=_wrong_password,
)
@limiter.limit(
    lambda: str(current_app.config["SIGN_IN_LIMIT_PER_ADDRESS"]),
    methods=["POST"],
    deduct_when=_wrong_password,
)
def password() -> Response:
    form = PasswordForm()
    person = current_person()
    error = ""
    status = 200
    if form.validate_on_submit():
        if accounts().authenticate(name=person.name, password=form.current.data or "") is None:
            g.wrong_password = True  # counts towards the limits, as a failed sign-in does
            log.info("wrong current password: %s from %s", _clean(person.name), request.remote_addr)
            form.current.errors = [*form.current.errors, "That is not your current password."]
            status = 422
        else:
            try:
                accounts().set_password(person_id=person.id, password=form.password.data or "")
            except UsageError as exc:
                error = str(exc)
                status = 422
            else:
                fresh = accounts().person(person.id)
                assert fresh is not None
                session.clear()
                login_user(User(fresh))
                session.permanent = True
                flash("Your password is changed.")
                return to(url_for("training.home"))
    elif request.method == "POST":
        status = 422
    return page("auth/password.html", status, form=form, error=error, forced=person.must_change)


@login_manager.unauthorized_handler
def _unauthorized() -> Response:
    target = url_for("auth.sign_in", next=request.full_path.rstrip("?"))
    if is_htmx():
        response = make_response("", 401)
        response.headers["HX-Redirect"] = target
        return response
    return to(target)
