"""The trainee side: home, quiz, review, drill."""

from __future__ import annotations

from flask import Blueprint, Response

from dealer_trainer.web.htmx import page
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts

__all__ = ["bp"]

bp = Blueprint("training", __name__)


@bp.route("/")
def home() -> Response:
    person = current_person()
    return page("training/home.html", rooms=accounts().memberships(person.id))
