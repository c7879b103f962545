"""Drill answers, kept apart from items (the ``skill_answers`` table, migration 15).

A drill trains a skill, not an item: the dealing drill's picks (``dealing``, one kind per
step of the procedure or dealer error), the money-math answers (``money``, one kind per
question: ``call``, ``side_pots`` ...) and the hand-reading answers (``hands``, one kind per
close call: ``kicker``, ``wheel`` ...). They feed the per-skill figures (how many, how many
right, the mean seconds) and never the item statistics, the most-missed items, the review
cards or the kept totals (:mod:`~dealer_trainer.store.totals`): an answer in the ``drill``
mode given to :meth:`~dealer_trainer.store.Store.record` is kept here instead
(:func:`keep_drill_pick`), and the money and hands drills call :func:`record_skill`::

    record_skill(store, SkillAnswer(trainee="ann", skill="money", kind="call", correct=True,
                                    seconds=4.2), room_id=room.id, key="money:17:3")
    trainee_skills(store, "ann")          # per skill and kind, every room and the terminal
    skill_answers(store, "ann")           # one by one, in the order given
    room_skills(store, room.id)           # the room's trainees, in the room or the terminal
    skills_by_trainee(store)              # every trainee's figures (the report), in one query

A ``key`` names an answer once per trainee (a browser page's item): the same key again keeps
nothing (a double tap), and :func:`record_skill` says so. A room's figures are those of its
trainees given in that room or in no room (the terminal), as on its dashboard
(:mod:`~dealer_trainer.store.roomdata`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import StoreError
from dealer_trainer.roles import Role
from dealer_trainer.safetext import excerpt
from dealer_trainer.store.adapters import now, utc

if TYPE_CHECKING:
    from dealer_trainer.store.records import Answer
    from dealer_trainer.store.store import Store

__all__ = [
    "DEALING",
    "SKILLS",
    "SkillAnswer",
    "SkillFigure",
    "keep_drill_pick",
    "record_skill",
    "room_skills",
    "skill_answers",
    "skills_by_trainee",
    "trainee_skills",
]

#: the skills a drill trains, in the order the pages list them
SKILLS = ("dealing", "money", "hands")
DEALING = "dealing"
#: a dealing drill's item id starts with this (``drill:flop_deal``): the kind is the rest
_DRILL_PREFIX = "drill:"
_LONGEST_KEY = 200


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillAnswer:
    """One drill answer: who, which skill and kind, right or not, and the seconds taken."""

    trainee: str
    #: one of :data:`SKILLS`
    skill: str
    #: the drill step, money question or close call (``flop_deal``, ``side_pots``, ``kicker``)
    kind: str
    correct: bool
    seconds: float | None = None
    ruleset: str = ""
    #: when it was answered (UTC); now when ``None``
    answered_at: datetime | None = None
    #: the session it was given in (a dealing drill's); filled in when read back
    session: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillFigure:
    """How a skill's kind went: answers, right ones, the mean seconds of those timed."""

    skill: str
    kind: str
    answered: int
    correct: int
    mean_seconds: float | None

    @property
    def accuracy(self) -> float:
        """The share right, 0 to 1."""
        return self.correct / self.answered if self.answered else 0.0


def _check(answer: SkillAnswer, key: str | None) -> None:
    if answer.skill not in SKILLS:
        raise StoreError(f"unknown skill {excerpt(answer.skill)}: use one of {', '.join(SKILLS)}")
    if not answer.kind.strip():
        raise StoreError("a drill answer needs a kind: the kind given is empty")
    if key is not None and not 0 < len(key) <= _LONGEST_KEY:
        raise StoreError(f"a drill answer's key is 1 to {_LONGEST_KEY} characters")


def _insert(
    store: Store,
    *,
    trainee_id: int,
    room_id: int | None,
    session_id: int | None,
    answer: SkillAnswer,
    key: str | None,
) -> bool:
    when = now() if answer.answered_at is None else utc(answer.answered_at)
    kept = store._db.execute(
        "INSERT INTO skill_answers (trainee_id, room_id, session_id, skill, kind, correct,"
        " seconds, ruleset, answer_key, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (trainee_id, answer_key) DO NOTHING RETURNING id",
        (
            trainee_id,
            room_id,
            session_id,
            answer.skill,
            answer.kind,
            bool(answer.correct),
            None if answer.seconds is None else round(answer.seconds, 3),
            answer.ruleset,
            key,
            store._to_db_time(when),
        ),
    )
    return bool(kept)


def record_skill(
    store: Store, answer: SkillAnswer, *, room_id: int | None = None, key: str | None = None
) -> bool:
    """Keep ``answer`` (given in room ``room_id``; None: the terminal), committed before this
    returns; False (nothing kept) when the trainee has an answer with this ``key`` already."""
    _check(answer, key)
    name = answer.trainee.strip()
    if not name:
        raise StoreError("a drill answer needs a trainee: the name given is empty")
    with store._writing("record a drill answer"):
        trainee_id = store._trainee_id(name, store._to_db_time(now()))
        return _insert(
            store, trainee_id=trainee_id, room_id=room_id, session_id=None, answer=answer, key=key
        )


def keep_drill_pick(
    store: Store,
    session_id: int,
    trainee_id: int,
    room_id: int | None,
    answer: Answer,
    when: datetime,
) -> None:
    """A dealing drill's pick, given to the store as an answer in the ``drill`` mode at
    ``when``, kept as a ``dealing`` skill answer (inside the caller's transaction): never an
    item. Its kind is the item's id after ``drill:`` (a step, an error, ``spot:<error>``); an
    id ``drill:<skill>/<kind>`` (a real-table answer) names its skill and kind."""
    kind = answer.item.removeprefix(_DRILL_PREFIX)
    # a real-table answer names its skill: ``drill:money/table_pot``
    trained = DEALING
    named, _, rest = kind.partition("/")
    if rest and named in SKILLS:
        trained, kind = named, rest
    skill = SkillAnswer(
        trainee=answer.trainee,
        skill=trained,
        kind=kind,
        correct=answer.correct,
        seconds=answer.seconds,
        ruleset=answer.ruleset,
        answered_at=when,
    )
    _check(skill, None)
    _insert(
        store,
        trainee_id=trainee_id,
        room_id=room_id,
        session_id=session_id,
        answer=skill,
        key=None,
    )


#: migration 15 (:mod:`~dealer_trainer.store.migrations`): the table, and the drill answers
#: kept as items before moved into it
MIGRATION_DESCRIPTION = (
    "drill answers kept apart from items, per skill and kind; the drill answers kept as"
    " items before are moved there, and their review cards and totals go"
)
MIGRATION_STATEMENTS = (
    "CREATE TABLE skill_answers ("
    " id {pk},"
    " trainee_id {ref} NOT NULL REFERENCES trainees (id),"
    " room_id {ref} REFERENCES rooms (id),"
    " session_id {ref} REFERENCES sessions (id),"
    " skill TEXT NOT NULL,"
    " kind TEXT NOT NULL,"
    " correct {bool} NOT NULL,"
    " seconds {real},"
    " ruleset TEXT NOT NULL DEFAULT '',"
    " answer_key TEXT,"
    " answered_at {ts} NOT NULL)",
    "CREATE INDEX skill_answers_by_trainee ON skill_answers (trainee_id, skill, kind)",
    "CREATE INDEX skill_answers_by_room ON skill_answers (room_id, skill, kind)",
    # a browser page's item is kept once per trainee (NULL keys never clash)
    "CREATE UNIQUE INDEX skill_answers_key ON skill_answers (trainee_id, answer_key)",
    "INSERT INTO skill_answers (trainee_id, room_id, session_id, skill, kind, correct,"
    " seconds, ruleset, answered_at)"
    " SELECT trainee_id, room_id, session_id, 'dealing',"
    " CASE WHEN SUBSTR(item, 1, 6) = 'drill:' THEN SUBSTR(item, 7) ELSE item END,"
    " correct, seconds, ruleset, answered_at FROM answers WHERE mode = 'drill'"
    " ORDER BY id",
    # a review card made by drill answers alone goes; one a quiz answered too stays
    "DELETE FROM review_cards WHERE EXISTS (SELECT 1 FROM answers a"
    " WHERE a.mode = 'drill' AND a.trainee_id = review_cards.trainee_id"
    " AND a.item = review_cards.item) AND NOT EXISTS (SELECT 1 FROM answers a"
    " WHERE a.mode <> 'drill' AND a.trainee_id = review_cards.trainee_id"
    " AND a.item = review_cards.item)",
    "DELETE FROM answers WHERE mode = 'drill'",
)

_FIGURES = (
    "SELECT s.skill, s.kind, COUNT(*), SUM(CASE WHEN s.correct THEN 1 ELSE 0 END),"
    " AVG(s.seconds) FROM skill_answers s"
)


def _figures(rows: list[tuple[Any, ...]]) -> list[SkillFigure]:
    found = [
        SkillFigure(
            skill=str(skill),
            kind=str(kind),
            answered=int(count),
            correct=int(right or 0),
            mean_seconds=None if mean is None else round(float(mean), 1),
        )
        for skill, kind, count, right, mean in rows
    ]
    order = {skill: place for place, skill in enumerate(SKILLS)}
    return sorted(found, key=lambda f: (order.get(f.skill, len(order)), f.kind))


def skill_answers(store: Store, trainee: str) -> list[SkillAnswer]:
    """``trainee``'s drill answers, one by one, in the order given."""
    sql = (
        "SELECT t.name, s.skill, s.kind, s.correct, s.seconds, s.ruleset, s.answered_at,"
        " s.session_id FROM skill_answers s JOIN trainees t ON t.id = s.trainee_id"
        " WHERE t.name = ? ORDER BY s.id"
    )
    with store._reading("read the drill answers"):
        rows = store._db.execute(sql, (trainee.strip(),))
    return [
        SkillAnswer(
            trainee=str(name),
            skill=str(skill),
            kind=str(kind),
            correct=bool(correct),
            seconds=None if seconds is None else float(seconds),
            ruleset=str(ruleset),
            answered_at=store._from_db_time(when, f"a drill answer of {excerpt(str(name))}"),
            session=None if session is None else int(session),
        )
        for name, skill, kind, correct, seconds, ruleset, when, session in rows
    ]


def trainee_skills(store: Store, trainee: str, *, room_id: int | None = None) -> list[SkillFigure]:
    """``trainee``'s figures per skill and kind: every answer, or (``room_id``) those given in
    that room or in no room."""
    sql = _FIGURES + " JOIN trainees t ON t.id = s.trainee_id WHERE t.name = ?"
    params: tuple[Any, ...] = (trainee.strip(),)
    if room_id is not None:
        sql += " AND (s.room_id = ? OR s.room_id IS NULL)"
        params = (*params, room_id)
    with store._reading("read the drill figures"):
        return _figures(store._db.execute(sql + " GROUP BY s.skill, s.kind", params))


def room_skills(store: Store, room_id: int) -> list[SkillFigure]:
    """The room's figures per skill and kind: its trainees' answers given in the room or in no
    room."""
    sql = (
        _FIGURES + " JOIN people p ON p.trainee_id = s.trainee_id"
        " JOIN members m ON m.person_id = p.id"
        " WHERE m.room_id = ? AND m.role = ? AND (s.room_id = m.room_id OR s.room_id IS NULL)"
        " GROUP BY s.skill, s.kind"
    )
    with store._reading("read the room's drill figures"):
        return _figures(store._db.execute(sql, (room_id, Role.TRAINEE.value)))


def skills_by_trainee(
    store: Store, *, trainee: str | None = None, since: datetime | None = None
) -> dict[str, list[SkillFigure]]:
    """Each trainee's figures per skill and kind (every room and the terminal), by name in
    name order: every trainee with a drill answer, or only ``trainee``; with ``since``, only
    the answers given at or after it."""
    sql = (
        "SELECT t.name, s.skill, s.kind, COUNT(*),"
        " SUM(CASE WHEN s.correct THEN 1 ELSE 0 END), AVG(s.seconds)"
        " FROM skill_answers s JOIN trainees t ON t.id = s.trainee_id WHERE 1 = 1"
    )
    params: tuple[Any, ...] = ()
    if trainee is not None:
        sql += " AND t.name = ?"
        params = (trainee.strip(),)
    if since is not None:
        sql += " AND s.answered_at >= ?"
        params = (*params, store._to_db_time(utc(since)))
    with store._reading("read the drill figures"):
        rows = store._db.execute(sql + " GROUP BY t.name, s.skill, s.kind", params)
    grouped: dict[str, list[tuple[Any, ...]]] = {}
    for name, *figures in rows:
        grouped.setdefault(str(name), []).append(tuple(figures))
    return {name: _figures(grouped[name]) for name in sorted(grouped)}
