"""The money-math and hand-reading drills in the browser: the same choices as the terminal's
``drill money`` (ruleset, seed) and ``drill hands`` (seed), one item a page, the table drawn
(money) or the board and the tabled hands (hands), a number field per amount or a checkbox
per seat, the answer timed and judged by the engine, the feedback with the engine's answer
and the rule, and each answer kept as a skill answer (:mod:`dealer_trainer.training.drill.
asked`), never an item. The page holds the drill (seed, ruleset, item number): nothing else
is kept between items, and an item answered twice is kept once."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, request, url_for

from dealer_trainer.accounts import Room
from dealer_trainer.engine import play
from dealer_trainer.errors import UsageError
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.training.drill import asked
from dealer_trainer.training.drill.hands import HandsItem
from dealer_trainer.training.drill.money import MoneyItem
from dealer_trainer.training.drill.reckoning import Item
from dealer_trainer.view import table_view
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.citations import room_citation
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import get_store
from dealer_trainer.web.training.common import _memberships, _room_for, _seed, bp, seconds_since

__all__ = ["reckoning", "reckoning_answer"]

#: each drill's title, and what the trainee does
DRILL_TITLES = {"money": "Money math", "hands": "Reading hands"}
_MAX_SEED = 2**31 - 1


def _rulesets(room: Room) -> list[tuple[str, str]]:
    """The ruleset choices of a money drill in ``room`` (value, label)."""
    found = [(name, name) for name in BUILTIN]
    if room.house_yaml:
        found.append((asked.HOUSE, f"{room.ruleset} (this room's house rules)"))
    return found


def _default_ruleset(room: Room) -> str:
    return room.ruleset if room.ruleset in BUILTIN else asked.HOUSE


def _whole(value: str | None, name: str, low: int, high: int) -> int:
    try:
        number = int(value or "")
    except ValueError:
        raise UsageError(f"the {name} must be a whole number") from None
    if not low <= number <= high:
        raise UsageError(f"the {name} must be from {low} to {high}")
    return number


def _settings(drill: str, values: Any) -> dict[str, Any]:
    """The drill's room, ruleset, seed and item number from the query or the form (a bad
    one: UsageError naming it)."""
    room = _room_for(values.get("room"))
    ruleset = values.get("ruleset") or _default_ruleset(room)
    if drill == "hands":
        ruleset = ""
    elif ruleset not in dict(_rulesets(room)):
        raise UsageError(f"no ruleset {ruleset!r} here: choose one of the list")
    seed = _whole(values.get("seed"), "seed", 0, _MAX_SEED)
    number = _whole(values.get("n", "1"), "item number", 1, asked.MAX_ITEM)
    return {"room": room, "ruleset": ruleset, "seed": seed, "n": number}


def _start_page(drill: str, status: int = 200, error: str = "") -> Response:
    rooms = _memberships()
    room = _room_for(request.args.get("room")) if rooms else None
    return page(
        "training/reckoning_start.html",
        status,
        drill=drill,
        title=DRILL_TITLES[drill],
        rooms=rooms,
        room=room,
        rulesets=_rulesets(room) if room is not None else [],
        ruleset=request.args.get("ruleset") or (_default_ruleset(room) if room else ""),
        seed=request.args.get("seed", ""),
        error=error,
    )


def _pots_words(item: MoneyItem) -> list[str]:
    if not isinstance(item.answer, tuple):
        return []
    return [
        f"{'Main pot' if place == 0 else f'Side pot {place}'}: {pot.amount}"
        f" (seats {', '.join(map(str, sorted(pot.eligible)))})"
        for place, pot in enumerate(item.answer)
    ]


def _item(drill: str, settings: dict[str, Any]) -> Item:
    """The item the settings name (under the chosen ruleset, for money)."""
    room: Room = settings["room"]
    ruleset = None
    if drill == "money":
        ruleset = asked.drill_ruleset(settings["ruleset"], room.house_yaml)
    return asked.item_of(drill, settings["seed"], settings["n"], ruleset)


def _item_page(
    drill: str,
    settings: dict[str, Any],
    *,
    status: int = 200,
    last: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
    typed: dict[str, str] | None = None,
    ticked: tuple[str, ...] = (),
) -> Response:
    room: Room = settings["room"]
    ruleset = (
        asked.drill_ruleset(settings["ruleset"], room.house_yaml) if drill == "money" else None
    )
    item = asked.item_of(drill, settings["seed"], settings["n"], ruleset)
    view = None
    if isinstance(item, MoneyItem):
        view = table_view(play(dict(item.script)))
    fields: list[tuple[str, str]] = []
    if isinstance(item, MoneyItem):
        count = item.answer_count
        fields = [
            (f"answer-{i}", "Main pot" if i == 0 else f"Side pot {i}")
            if item.kind == "side_pots"
            else (f"answer-{i}", "Seat" if item.kind == "odd_chip" else "Chips")
            for i in range(count)
        ]
    return page(
        "training/reckoning.html",
        status,
        drill=drill,
        title=DRILL_TITLES[drill],
        item=item,
        is_money=isinstance(item, MoneyItem),
        view=view,
        fields=fields,
        seats=sorted(item.hands) if isinstance(item, HandsItem) else [],
        settings=settings,
        last=last,
        errors=errors or {},
        typed=typed or {},
        ticked=ticked,
    )


@bp.route("/drill/<any(money, hands):drill>")
@policy(Access.SIGNED_IN)
def reckoning(drill: str) -> Response:
    """Without a seed: the drill's choices (room, ruleset, seed) and a Start button; with one:
    item ``n`` (from 1) to answer. An empty seed picks one."""
    args = request.args
    if "seed" not in args:
        return _start_page(drill)
    if args.get("seed", "").strip() == "":
        chosen: dict[str, Any] = {**args.to_dict(), "seed": _seed(), "drill": drill}
        return to(url_for("training.reckoning", **chosen))
    try:
        settings = _settings(drill, args)
        return _item_page(drill, settings)
    except UsageError as exc:
        return _start_page(drill, 422, str(exc))


def _given(drill: str, item: Any, form: Any) -> tuple[list[int], dict[str, str], dict[str, str]]:
    """The numbers typed or the seats ticked; the problems by field; what was typed."""
    errors: dict[str, str] = {}
    typed: dict[str, str] = {}
    given: list[int] = []
    if drill == "money":
        for i in range(item.answer_count):
            text = form.get(f"answer-{i}", "")
            typed[f"answer-{i}"] = text
            problem = asked.money_field_problem(text)
            if problem is not None:
                errors[f"answer-{i}"] = problem
            else:
                given.append(int(text.strip()))
        return given, errors, typed
    seats = {str(seat) for seat in item.hands}
    ticked = form.getlist("seat")
    if not ticked:
        errors["seat"] = "tick the winning seat, or every seat of a split pot"
    elif any(value not in seats for value in ticked):
        errors["seat"] = "tick only the seats at this table"
    else:
        given = sorted({int(value) for value in ticked})
    return given, errors, typed


@bp.route("/drill/<any(money, hands):drill>", methods=["POST"])
@policy(Access.SIGNED_IN)
def reckoning_answer(drill: str) -> Response:
    """An answer to item ``n``: judged, timed, kept as a skill answer, then the feedback and
    the next item. A field that is no answer: 422, its message beside it, what was typed kept."""
    form = request.form
    try:
        settings = _settings(drill, form)
        room: Room = settings["room"]
        item = _item(drill, settings)
    except UsageError as exc:
        return _start_page(drill, 422, str(exc))
    given, errors, typed = _given(drill, item, form)
    if errors:
        return _item_page(
            drill,
            settings,
            status=422,
            errors=errors,
            typed=typed,
            ticked=tuple(form.getlist("seat")),
        )
    verdict = asked.judge(item, given)
    person = current_person()
    asked.keep(
        get_store(),
        trainee=person.name,
        drill=drill,
        item=item,
        verdict=verdict,
        seconds=seconds_since(form.get("shown")),
        room_id=room.id,
        key=f"{drill}:{settings['ruleset']}:{settings['seed']}:{settings['n']}",
        ruleset=settings["ruleset"],
    )
    # the rake is the room's own posted rule: no rulebook's (money.RULES names it so)
    house = verdict.rule == "house rule"
    citation = None if house else room_citation(verdict.rule, None, "roberts")
    last = {
        "item": item,
        "verdict": verdict,
        "citation": citation,
        "pots": _pots_words(item) if isinstance(item, MoneyItem) else [],
        "rake": item.rake if isinstance(item, MoneyItem) else None,
    }
    following = {**settings, "n": settings["n"] + 1}
    if following["n"] > asked.MAX_ITEM:
        abort(404)
    return _item_page(drill, following, last=last)
