"""Who may use each route, declared on the route itself and enforced from that declaration.

Every view says who may use it with :func:`policy`, next to its ``route``::

    @bp.route("/<int:room_id>/")
    @policy(Access.TRAINER_OF_ROOM)
    def dashboard(room_id: int) -> Response: ...

:func:`enforce` runs before every request and reads the view's declaration: nobody reaches a
view more widely than it says. :func:`check_policies` runs when the app is made and refuses
to start (:class:`PolicyError`) while a route declares no policy, or declares one its URL
cannot be checked against (a room's page with no ``<room_id>``, a run's with no ``<run_id>``).

What each policy lets through (DESIGN.md, "People, rooms and roles"):

- public: anyone, signed in or not;
- signed in: anyone signed in (anonymous: the sign-in page; htmx: 401 with ``HX-Redirect``);
- admin: admins; anyone else 403;
- trainer of the room: the trainers of the room the URL names, and admins; a trainee of that
  room 403; anyone outside it 404, exactly as for a room that does not exist;
- owner of the run: the person whose quiz, review or drill the URL names; anyone else 404,
  as for a run that does not exist;
- holder of the certificate: the person the certificate the URL names was issued to; anyone
  else 404, as for a certificate that does not exist (its room's trainers have their own
  page of it).
- owner of the attempt: the person whose exam attempt the URL names; anyone else (a trainer,
  an admin) 404, as for an attempt that does not exist.

A person whose password was set by someone else is sent to change it first (any policy but
public, and the password and sign-out pages themselves).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from flask import Flask, abort, current_app, redirect, request, url_for
from flask_login import current_user

from dealer_trainer.accounts import TRAINER
from dealer_trainer.web.extensions import login_manager
from dealer_trainer.web.security import (
    attempt_or_404,
    certificate_or_404,
    current_person,
    room_or_404,
    run_or_404,
)

__all__ = ["Access", "PolicyError", "check_policies", "enforce", "policies", "policy", "policy_of"]

F = TypeVar("F", bound=Callable[..., Any])

#: the attribute of a view function that holds its policy
_ATTRIBUTE = "access_policy"
#: what a person who must change their password may still open
_WHILE_MUST_CHANGE = frozenset({"auth.password", "auth.sign_out"})


class Access(Enum):
    """The closed vocabulary of access policies."""

    PUBLIC = "public"
    SIGNED_IN = "signed in"
    ADMIN = "admin"
    TRAINER_OF_ROOM = "trainer of the room"
    OWNER_OF_RUN = "owner of the run"
    HOLDER_OF_CERTIFICATE = "holder of the certificate"
    OWNER_OF_ATTEMPT = "owner of the attempt"


#: the URL argument a policy is checked against
_NAMES = {
    Access.TRAINER_OF_ROOM: "room_id",
    Access.OWNER_OF_RUN: "run_id",
    Access.HOLDER_OF_CERTIFICATE: "cert_id",
    Access.OWNER_OF_ATTEMPT: "attempt_id",
}


class PolicyError(RuntimeError):
    """A route declares no access policy, or one its URL cannot be checked against."""


def policy(access: Access) -> Callable[[F], F]:
    """Declare who may use the view (the view itself is returned unchanged, so the
    declaration holds whichever side of ``route`` it is written on)."""
    if not isinstance(access, Access):
        raise TypeError(f"an access policy is one of Access, not {access!r}")

    def declare(view: F) -> F:
        setattr(view, _ATTRIBUTE, access)
        return view

    return declare


def policy_of(view: Callable[..., Any] | None) -> Access | None:
    """The policy ``view`` declares (None: none)."""
    found = getattr(view, _ATTRIBUTE, None)
    return found if isinstance(found, Access) else None


def policies(app: Flask) -> dict[str, Access | None]:
    """Every endpoint of ``app`` with the policy its view declares."""
    return {
        rule.endpoint: policy_of(app.view_functions.get(rule.endpoint))
        for rule in app.url_map.iter_rules()
    }


def check_policies(app: Flask) -> None:
    """Refuse an app with a route that declares no policy, or a room's (a run's) policy on a
    URL that names no room (no run)."""
    problems: list[str] = []
    for rule in app.url_map.iter_rules():
        access = policy_of(app.view_functions.get(rule.endpoint))
        if access is None:
            problems.append(f"{rule.endpoint} ({rule.rule}) declares no access policy")
        elif access in _NAMES and _NAMES[access] not in rule.arguments:
            problems.append(
                f"{rule.endpoint} ({rule.rule}) is for the {access.value} "
                f"but its URL has no <{_NAMES[access]}>"
            )
    if problems:
        raise PolicyError(
            "every route declares who may use it, with @policy(Access.…): "
            + "; ".join(sorted(problems))
        )


def enforce() -> Any:
    """Before every request: let through only those the view's policy names."""
    endpoint = request.endpoint
    if endpoint is None:  # no route matched: the 404 or 405 follows
        return None
    access = policy_of(current_app.view_functions.get(endpoint))
    if access is None:  # a route added after start-up, unchecked: closed
        raise PolicyError(f"{endpoint} declares no access policy")
    if access is Access.PUBLIC:
        return None
    if not current_user.is_authenticated:
        return login_manager.unauthorized()
    person = current_person()
    if person.must_change and endpoint not in _WHILE_MUST_CHANGE:
        return redirect(url_for("auth.password"))
    arguments = request.view_args or {}
    if access is Access.ADMIN and not person.admin:
        abort(403)
    if access is Access.TRAINER_OF_ROOM:
        room_or_404(int(arguments["room_id"]), need=TRAINER)
    elif access is Access.OWNER_OF_RUN:
        run_or_404(int(arguments["run_id"]))
    elif access is Access.HOLDER_OF_CERTIFICATE:
        certificate_or_404(str(arguments["cert_id"]))
    elif access is Access.OWNER_OF_ATTEMPT:
        attempt_or_404(int(arguments["attempt_id"]))
    return None
