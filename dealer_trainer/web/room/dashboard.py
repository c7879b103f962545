"""The rooms a person trains, a room's dashboard (who has not done which assignment, overdue
first; certificates to renew; accuracy by trainee and topic, weakest topics, most-missed
items, activity; the items the analysis flags, with their retire buttons) and a trainee's
page. The numbers come from
:mod:`dealer_trainer.store.roomdata`; the charts' geometry from :mod:`dealer_trainer.web.charts`."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from flask import Response, abort, current_app, request

from dealer_trainer.accounts import TRAINEE, TRAINER, Room
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.store import roomdata
from dealer_trainer.store.certificates import expiring_within, shown_id
from dealer_trainer.training.assignment_status import AssignmentStatus, room_statuses
from dealer_trainer.training.itemcache import AnalysisCache
from dealer_trainer.training.itemreport import ItemReport, item_report
from dealer_trainer.training.skills import room_lines
from dealer_trainer.web import charts
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import page
from dealer_trainer.web.room.bank import _bank_entry, _house, item_title
from dealer_trainer.web.room.common import TOPIC_TITLES, _trainer_room, bp, log
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts, get_store

__all__ = [
    "analysed_items",
    "analyses",
    "analysis_since",
    "dashboard",
    "index",
    "ruleset_title",
    "trainee",
]

#: days of activity the dashboard draws
ACTIVITY_DAYS = 30
#: certificates expiring within these days are listed, to recertify (issue 23)
RECERTIFY_DAYS = 60
#: the dashboard's item analysis reads the room's latest days holding at least this many
#: answers (every answer with ``?items=all``), so that its time does not grow with the room's
#: history: analysing costs about 9 ms per 1,000 answers, and a group's room holds 20,000
ITEM_ANALYSIS_ANSWERS = 5_000
#: where an app keeps its rooms' item analyses (:mod:`dealer_trainer.training.itemcache`)
_ANALYSES = "dealer_trainer.item_analyses"


@bp.route("/")
@policy(Access.SIGNED_IN)
def index() -> Response:
    """The rooms the signed-in person trains (every room, for an admin)."""
    person = current_person()
    if person.admin:
        rooms = accounts().rooms()
    else:
        rooms = [m.room for m in accounts().memberships(person.id) if m.role == TRAINER]
    return page("room/index.html", rooms=rooms)


def _grid(room_id: int) -> tuple[charts.HeatMap, list[dict[str, Any]], list[str]]:
    """The heat map of trainee x topic accuracy, and the same numbers as table rows."""
    store = get_store()
    trainees = [m for m in accounts().members(room_id) if m.role == TRAINEE]
    cells = roomdata.accuracy_grid(store, room_id)
    topics = sorted({cell.topic for cell in cells})
    by = {(cell.person_id, cell.topic): cell for cell in cells}
    values: dict[tuple[str, str], float | None] = {}
    rows: list[dict[str, Any]] = []
    keys: list[str] = []
    # each cell of the table as it reads, worked out here once: a room's table has a cell for
    # each trainee x topic (1,350 for 50 trainees), and the template's time is per cell
    labels = [TOPIC_TITLES.get(topic, topic) for topic in topics]
    for member in trainees:
        key = f"{member.person.id}"
        keys.append(key)
        line = []
        for topic, label in zip(topics, labels, strict=True):
            cell = by.get((member.person.id, topic))
            values[(key, topic)] = None if cell is None else cell.accuracy
            text = charts.NO_ANSWERS
            if cell is not None:
                text = f"{charts.percent(cell.accuracy)} ({cell.correct}/{cell.answered})"
            line.append((label, text))
        rows.append({"person": member.person, "cells": line})
    grid = charts.heat_map(rows=keys, columns=topics, values=values)
    names = {str(member.person.id): member.person.name for member in trainees}
    labelled = charts.HeatMap(
        width=grid.width,
        height=grid.height,
        cells=grid.cells,
        rows=tuple(
            charts.HeatLabel(
                key=label.key, text=charts.shorten(names[label.key], 18), x=label.x, y=label.y
            )
            for label in grid.rows
        ),
        columns=tuple(
            charts.HeatLabel(
                key=label.key,
                text=charts.shorten(TOPIC_TITLES.get(label.key, label.key), 20),
                x=label.x,
                y=label.y,
            )
            for label in grid.columns
        ),
    )
    return labelled, rows, topics


def _activity_chart(room_id: int, person_id: int | None = None) -> charts.BarChart:
    today = datetime.now(UTC).date()  # the store counts days in UTC
    days = roomdata.activity(
        get_store(),
        room_id,
        since=today - timedelta(days=ACTIVITY_DAYS - 1),
        until=today,
        person_id=person_id,
    )
    return charts.bar_chart([(day.isoformat(), count) for day, count in days])


def _named(item: str, uploaded: dict[str, str]) -> dict[str, Any]:
    """An item as a trainer reads it: its title, and whether the scenario browser has a page
    for it (a shipped or uploaded scenario: its title links there, so no id is needed)."""
    return {
        "title": item_title(item, uploaded),
        "scenario": item in uploaded or _bank_entry(item) is not None,
    }


def _uploaded(room_id: int) -> dict[str, str]:
    return {
        found.scenario_id: found.yaml for found in roomdata.room_scenarios(get_store(), room_id)
    }


def _progress(statuses: list[AssignmentStatus]) -> list[dict[str, Any]]:
    """Each assignment with how many of the trainees it applies to have done it, in the order
    the statuses come (the most urgent first)."""
    found: dict[tuple[str, int], dict[str, Any]] = {}
    for status in statuses:
        key = (status.kind.value, status.assignment_id)
        line = found.setdefault(key, {"status": status, "done": 0, "overdue": 0, "of": 0})
        line["of"] += 1
        line["done"] += status.done
        line["overdue"] += status.state.name == "OVERDUE"
    return list(found.values())


def ruleset_title(room: Room) -> str:
    """The room's ruleset as people call it, not its slug: a built-in ruleset's name as its
    description gives it ("Robert's Rules of Poker"), a house ruleset's name and base."""
    if room.ruleset in BUILTIN:
        return BUILTIN[room.ruleset].description.split(":", 1)[0]
    house = _house(room)
    if house is None or house.base not in BUILTIN:
        return room.ruleset
    base = BUILTIN[house.base].description.split(":", 1)[0]
    return f"{room.ruleset} (house rules on {base})"


def analysis_since(room_id: int) -> date | None:
    """The first day the dashboard's item analysis reads: that of the room's latest days
    holding :data:`ITEM_ANALYSIS_ANSWERS` answers (None: every day, the room has fewer)."""
    since, _ = roomdata.latest_days(get_store(), room_id, answers=ITEM_ANALYSIS_ANSWERS)
    return since


def analyses() -> AnalysisCache:
    """This app's cache of item analyses (one app, one database): kept in the process, exact
    (a new answer, submit or change of the room's trainees is a new key)."""
    cache: AnalysisCache = current_app.extensions.setdefault(_ANALYSES, AnalysisCache())
    return cache


def analysed_items(room_id: int, since: date | None) -> ItemReport:
    """The room's item analysis of the answers given since that day (UTC; None: all),
    worked out again only when its inputs changed (:func:`analyses`)."""
    start = None if since is None else datetime.combine(since, time(), tzinfo=UTC)
    return item_report(get_store(), room_id=room_id, since=start, cache=analyses())


def _items(
    room_id: int, uploaded: dict[str, str], *, every: bool
) -> tuple[list[dict[str, Any]], int, date | None]:
    """The item analysis panel: the flagged items and the retired ones (each with its title),
    how many items were analysed, and the first day analysed (None: every answer). Unless
    ``every``, the answers analysed are those of the room's latest days holding
    :data:`ITEM_ANALYSIS_ANSWERS`."""
    since = None if every else analysis_since(room_id)
    report = analysed_items(room_id, since)
    shown = [
        {"line": line, **_named(line.stat.item, uploaded)}
        for line in report.items
        if line.stat.flags or line.retired is not None
    ]
    return shown, len(report.items), since


@bp.route("/<int:room_id>/")
@policy(Access.TRAINER_OF_ROOM)
def dashboard(room_id: int) -> Response:
    room = _trainer_room(room_id)
    store = get_store()
    statuses = room_statuses(store, room.id)
    every = request.args.get("items", "")
    if every not in ("", "all"):
        log.info("bad items=%r on the dashboard of room %d", every[:20], room.id)
        abort(400)
    grid, rows, topics = _grid(room.id)
    uploaded = _uploaded(room.id)
    items, analysed, analysed_since = _items(room.id, uploaded, every=every == "all")
    missed = [
        {"stats": stats, **_named(stats.item, uploaded)}
        for stats in roomdata.most_missed(store, room.id)
    ]
    return page(
        "room/dashboard.html",
        room=room,
        grid=grid,
        rows=rows,
        topics=topics,
        topic_titles=TOPIC_TITLES,
        weakest=roomdata.weakest_topics(store, room.id),
        answered=bool(roomdata.topic_totals(store, room.id)),
        missed=missed,
        activity=_activity_chart(room.id),
        members=accounts().members(room.id),
        not_done=[s for s in statuses if not s.done],
        done=[s for s in statuses if s.done],
        progress=_progress(statuses),
        expiring=expiring_within(store, room.id, RECERTIFY_DAYS),
        recertify_days=RECERTIFY_DAYS,
        shown_id=shown_id,
        items=items,
        analysed=analysed,
        ruleset_title=ruleset_title(room),
        analysed_since=analysed_since,
        every_item=every == "all",
        item_analysis_answers=ITEM_ANALYSIS_ANSWERS,
        skill_lines=room_lines(store, room.id),
    )


@bp.route("/<int:room_id>/trainees/<int:person_id>")
@policy(Access.TRAINER_OF_ROOM)
def trainee(room_id: int, person_id: int) -> Response:
    room = _trainer_room(room_id)
    role = accounts().role_in(person_id=person_id, room_id=room.id)
    person = accounts().person(person_id) if role is not None else None
    if person is None:
        log.info("not found: person %d in room %d", person_id, room.id)
        abort(404)
    store = get_store()
    uploaded = _uploaded(room.id)
    answers = [
        {"answer": answer, **_named(answer.item, uploaded)}
        for answer in roomdata.trainee_answers(store, room.id, person.id)
    ]
    missed = [
        {"stats": stats, **_named(stats.item, uploaded)}
        for stats in roomdata.most_missed(store, room.id, person_id=person.id)
    ]
    return page(
        "room/trainee.html",
        room=room,
        person=person,
        role=role,
        topics=roomdata.topic_totals(store, room.id, person_id=person.id),
        topic_titles=TOPIC_TITLES,
        answers=answers,
        missed=missed,
        activity=_activity_chart(room.id, person.id),
        due=len(store.due(person.name)),
    )
