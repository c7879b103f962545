"""Taking an exam, screen-free (DESIGN.md, contract 3): an attempt drawn from a blueprint, its
items asked as a quiz's are, each answer kept as it is given (and replaceable until the
submit), graded only at the submit (the verdict at each position kept with the score, for
every reader), and the full feedback per item after it.

::

    exam = load_exam("tda-style-dealer")              # the shipped one, or a file's path
    found = start(store, exam, trainee="Ana", seed=7)  # refused past the attempt limit
    asked(found, 1).options                            # the options in the order drawn
    save_answer(store, found, 1, ["c2"])               # refused once time is up
    done = finish(store, found)                        # graded; a second submit is refused
    [row.feedback for row in review(store, done)]      # None for an item left unanswered

The clock is the store's: the deadline is kept with the attempt when it starts. An attempt
whose time is up is submitted at its deadline, with what was answered, the next time it is
read (:func:`settle`). The plan kept with an attempt names each item, the section it was
drawn for, its seed and the exact order of its options (option values, never shown: a page
shows options by their place), and the pass mark: the attempt is graded from its plan alone.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from dealer_trainer.certificates import ruleset_version
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset
from dealer_trainer.store import Store
from dealer_trainer.store import exams as stored
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.certificates import NewCertificate
from dealer_trainer.store.exams import AttemptAnswer, AttemptRefused, ExamVerdict, StoredAttempt
from dealer_trainer.store.uploads import upload_texts
from dealer_trainer.training.catalogue import Entry
from dealer_trainer.training.exam.blueprint import Blueprint
from dealer_trainer.training.exam.draw import draw_attempt, lay_out
from dealer_trainer.training.exam.periods import Period, Validity
from dealer_trainer.training.exam.reader import load_blueprint_text, shipped_blueprints
from dealer_trainer.training.exam.roombank import room_bank, shipped_bank, upload_entry
from dealer_trainer.training.exam.verdicts import plan_ids, verdicts
from dealer_trainer.training.quiz import Feedback, Item, Option, grade, prepare
from dealer_trainer.yamlio import read_bytes

__all__ = [
    "AttemptRefused",
    "Exam",
    "Reviewed",
    "asked",
    "asked_all",
    "exam_from_text",
    "finish",
    "load_exam",
    "review",
    "save_answer",
    "settle",
    "shipped_exams",
    "start",
    "verdicts_for",
    "window_start",
]

#: seeds are drawn below this when none is given
SEEDS = 2**31
#: the largest blueprint file read
MAX_BLUEPRINT_BYTES = 256 * 1024


@dataclass(frozen=True, slots=True, kw_only=True)
class Exam:
    """A blueprint with the text it was read from (kept with each attempt)."""

    blueprint: Blueprint
    text: str


def exam_from_text(text: str, source: str) -> Exam:
    """An exam from blueprint text (a :class:`~dealer_trainer.training.exam.blueprint.
    BlueprintErrors` when it does not read)."""
    return Exam(blueprint=load_blueprint_text(text, source), text=text)


def shipped_exams() -> list[Exam]:
    """The blueprints shipped in the package, by file name."""
    return [
        exam_from_text(path.read_text(encoding="utf-8"), path.name) for path in shipped_blueprints()
    ]


def load_exam(name: str) -> Exam:
    """The exam ``name`` names: a blueprint file's path, or a shipped blueprint's id."""
    path = Path(name)
    if path.is_file():
        text = read_bytes(path, "blueprint file", limit=MAX_BLUEPRINT_BYTES).decode("utf-8")
        return Exam(
            blueprint=load_blueprint_text(text, str(path), rulesets=_house_files(path)), text=text
        )
    for exam in shipped_exams():
        if exam.blueprint.id == name:
            return exam
    ids = ", ".join(exam.blueprint.id for exam in shipped_exams())
    raise UsageError(f"no blueprint file and no shipped exam named {name!r} (shipped: {ids})")


def _house_files(path: Path) -> dict[str, str]:
    """The house ruleset files beside a blueprint (a blueprint may name one)."""
    # start-up: the rulesets are read only for a blueprint file
    from dealer_trainer.rules.rulesets import SUFFIXES, is_ruleset_file

    found: dict[str, str] = {}
    for other in sorted(path.parent.iterdir()):
        if other.suffix in SUFFIXES and other.is_file() and is_ruleset_file(other):
            found[other.name] = other.read_text(encoding="utf-8")
    return found


def window_start(validity: Validity, when: datetime) -> datetime:
    """The start of the validity period that ends at ``when``: attempts started after it count
    against the limit (a month back is the same day, or the month's last day)."""
    return validity.start_before(when)


@lru_cache(maxsize=1)
def _bank() -> dict[str, Entry]:
    return {entry.id: entry for entry in shipped_bank()}


def start(
    store: Store,
    exam: Exam,
    *,
    trainee: str,
    seed: int | None = None,
    entries: Iterable[Entry] | None = None,
    retired: Iterable[str] = frozenset(),
    room_id: int | None = None,
    assignment_id: int | None = None,
    now: datetime | None = None,
) -> StoredAttempt:
    """Draw and start an attempt (its items and the order of their options kept), under the
    blueprint's attempt limit; :class:`AttemptRefused` past it. The items are drawn from
    ``entries``, else from the room's bank with ``room_id`` (the shipped bank and the room's
    uploads: :func:`~dealer_trainer.training.exam.roombank.room_bank`), else from the shipped
    bank."""
    blueprint = exam.blueprint
    at = now or _now()
    seed = secrets.randbelow(SEEDS) if seed is None else seed
    if entries is not None:
        pool = list(entries)
    elif room_id is not None:
        pool = room_bank(store, room_id)
    else:
        pool = list(_bank().values())
    drawn = draw_attempt(blueprint, pool, seed, retired)
    items = []
    for item in drawn.items:
        laid = lay_out(item)
        planned: dict[str, Any] = {
            "id": item.id,
            "section": item.section,
            "seed": item.seed,
            "options": [option.value for option in laid.options],
        }
        if item.entry.digest is not None:  # an upload: asked from the text kept under it
            planned["digest"] = item.entry.digest
            planned["house_digest"] = item.entry.house_digest
        items.append(planned)
    plan = {
        "seed": seed,
        "pass_mark": blueprint.pass_mark,
        "items": items,
        # what a certificate for a pass names (docs/certificates.md)
        "ruleset": blueprint.ruleset.name,
        "ruleset_version": _ruleset_version(blueprint.ruleset),
        "valid_for": [blueprint.valid_for.amount, blueprint.valid_for.unit.value],
    }
    return stored.start_attempt(
        store,
        trainee=trainee,
        exam_id=blueprint.id,
        title=blueprint.title,
        text=exam.text,
        seed=seed,
        plan=json.dumps(plan),
        items=len(items),
        time_limit=blueprint.time_limit,
        limit=blueprint.attempts,
        since=window_start(blueprint.valid_for, at),
        room_id=room_id,
        assignment_id=assignment_id,
        now=at,
    )


def _plan(found: StoredAttempt) -> dict[str, object]:
    """The attempt's plan, read (not to be changed: it is shared)."""
    return _read_plan(found.plan)


@lru_cache(maxsize=256)
def _read_plan(text: str) -> dict[str, object]:
    """A plan's JSON read once: every item of an attempt asked (a submit, a review, item
    analysis) reads the same plan, which read each time cost more than asking the items."""
    plan = json.loads(text)
    assert isinstance(plan, dict)
    return plan


def _planned(found: StoredAttempt, position: int) -> dict[str, object]:
    items = _plan(found)["items"]
    assert isinstance(items, list)
    if not 1 <= position <= len(items):
        raise UsageError(f"this attempt has no item {position} (1 to {len(items)})")
    planned = items[position - 1]
    assert isinstance(planned, dict)
    return planned


def _digests(planned: dict[str, object]) -> list[str]:
    """The kept texts an item of the plan is asked from (none: a shipped scenario)."""
    return [str(planned[key]) for key in ("digest", "house_digest") if planned.get(key)]


def _texts(store: Store | None, found: StoredAttempt, positions: Iterable[int]) -> dict[str, str]:
    """The kept texts the items at ``positions`` are asked from, read at once."""
    wanted = [digest for p in positions for digest in _digests(_planned(found, p))]
    return upload_texts(store, wanted) if wanted and store is not None else {}


def _entry(planned: dict[str, object], texts: dict[str, str]) -> Entry:
    """The entry an item of the plan asks: the shipped scenario, or the upload's text kept
    under its digest (with the house ruleset it was read with)."""
    ident = str(planned["id"])
    digest = planned.get("digest")
    if digest is None:
        entry = _bank().get(ident)
        if entry is None:
            raise ScriptError(f"the scenario {ident!r} is no longer in the bank")
        return entry
    text = texts.get(str(digest))
    if text is None:
        raise ScriptError(f"the uploaded scenario {ident!r} is not kept in this store")
    house_digest = planned.get("house_digest")
    house = None if house_digest is None else texts.get(str(house_digest))
    return upload_entry(ident, text, house)


def asked(found: StoredAttempt, position: int, *, store: Store | None = None) -> Item:
    """The item at ``position`` (from 1), its options in the order the attempt drew. An item
    uploaded to the room is read from ``store`` (without it, or no longer kept: a
    :class:`ScriptError`, as for a scenario gone from the bank)."""
    return _asked(found, position, _texts(store, found, [position]))


def _asked(found: StoredAttempt, position: int, texts: dict[str, str]) -> Item:
    planned = _planned(found, position)
    entry = _entry(planned, texts)
    seed = planned["seed"]
    assert isinstance(seed, int)
    item = prepare(entry, random.Random(seed))
    order = planned.get("options")
    by_value = {option.value: option for option in item.options}
    if isinstance(order, list) and sorted(order) == sorted(by_value):
        options: tuple[Option, ...] = tuple(by_value[str(value)] for value in order)
        return Item(item.entry, item.scenario, item.proved, options, item.hidden)
    return item


def save_answer(
    store: Store,
    found: StoredAttempt,
    position: int,
    given: Sequence[str],
    *,
    now: datetime | None = None,
) -> None:
    """Keep ``given`` (option values, every step's value in order, or the number typed) as
    the answer at ``position``: checked as a quiz checks it (:class:`UsageError` for one that
    is not an answer), refused once time is up or the attempt submitted. Nothing is said of
    whether it is right."""
    item = asked(found, position, store=store)
    grade(item, given)  # an answer that is not one is refused here; the verdict is not kept
    stored.answer(store, found.id, position=position, given=given, now=now)


def asked_all(store: Store, found: StoredAttempt) -> dict[int, Item]:
    """Every item of the attempt by position, the kept texts read at once; an item gone from
    the bank (or the store) since the draw is left out: it cannot be answered right."""
    positions = range(1, found.items + 1)
    texts = _texts(store, found, positions)
    items: dict[int, Item] = {}
    for position in positions:
        try:
            items[position] = _asked(found, position, texts)
        except ScriptError:
            continue
    return items


def verdicts_for(
    store: Store, found: StoredAttempt, given: Sequence[AttemptAnswer]
) -> tuple[ExamVerdict, ...]:
    """The verdict at each position of the attempt for the answers ``given``, as its submit
    keeps them (the store's migration grades so the attempts submitted before verdicts were
    kept); a :class:`ScriptError` when its plan cannot be read."""
    return verdicts(plan_ids(found), asked_all(store, found), given)


def _grader(store: Store, found: StoredAttempt) -> stored.Grader:
    pass_mark = _plan(found)["pass_mark"]
    assert isinstance(pass_mark, int)
    ids = plan_ids(found)
    items = asked_all(store, found)  # before the submit's transaction: it holds a lock

    def grade_all(given: list[AttemptAnswer]) -> stored.Graded:
        lines = verdicts(ids, items, given)
        right = sum(1 for line in lines if line.correct)
        passed = found.items > 0 and right * 100 >= pass_mark * found.items
        return stored.Graded(right=right, passed=passed, verdicts=lines)

    return grade_all


def _ruleset_version(ruleset: Ruleset) -> str:
    """The version a certificate names: the package's for a built-in ruleset, the digest of a
    house ruleset's choices (its base and every option) otherwise."""
    if ruleset.name in BUILTIN:
        return ruleset_version(ruleset.name)
    choices = json.dumps({"base": ruleset.base, **ruleset.options()}, sort_keys=True)
    return ruleset_version(ruleset.name, choices)


def _certificate(done: StoredAttempt) -> NewCertificate | None:
    """The certificate a submitted attempt earns (None: it did not pass): the exam, its
    ruleset and version, the day of the submit, and the expiry the blueprint's ``valid_for``
    gives. The store issues it in the submit's own transaction."""
    plan = _plan(done)
    submitted = done.submitted_at
    if not done.passed or submitted is None or "valid_for" not in plan:
        return None
    life = plan["valid_for"]
    assert isinstance(life, list) and len(life) == 2  # written by start()
    validity = Validity(amount=int(life[0]), unit=Period(str(life[1])))
    expires = datetime.combine(validity.expiry(submitted.date()), submitted.timetz())
    return NewCertificate(
        trainee=done.trainee,
        room_id=done.room_id,
        exam_id=done.exam_id,
        exam_title=done.title,
        ruleset=str(plan["ruleset"]),
        ruleset_version=str(plan["ruleset_version"]),
        score_percent=done.score_percent or 0.0,
        expires_at=expires,
        issued_at=submitted,
        attempt_id=done.id,
    )


def finish(store: Store, found: StoredAttempt, *, now: datetime | None = None) -> StoredAttempt:
    """Submit the attempt: graded on what was answered (an item left unanswered is wrong);
    a second submit is refused (:class:`AttemptRefused`). A pass issues its certificate
    (:func:`dealer_trainer.store.certificates.of_attempt` finds it)."""
    return stored.submit(store, found.id, _grader(store, found), certify=_certificate, now=now)


def settle(store: Store, found: StoredAttempt, *, now: datetime | None = None) -> StoredAttempt:
    """The attempt as it stands at ``now``: one whose time is up is submitted at its deadline
    with what was answered (a submit that another request made first is read back).

    The pages that show an attempt (GET requests among them) settle it so. That write is
    idempotent: whoever settles, and whenever, the result is the one the deadline and the
    answers kept before it decide (no answer is taken after the deadline), and two settles at
    once keep one result and at most one certificate (:func:`finish`). Computing the result
    on each read instead would leave the store saying "in progress" to every other reader
    (the results, the exports, item analysis, ``exam results``) and the certificate a pass
    earned unissued until someone wrote it anyway."""
    at = now or _now()
    if not found.expired(at):
        return found
    try:
        return finish(store, found, now=at)
    except AttemptRefused:
        again = stored.attempt(store, found.id)
        assert again is not None
        return again


@dataclass(frozen=True, slots=True, kw_only=True)
class Reviewed:
    """One item of a submitted attempt: what was asked (None: the scenario is gone), the
    answer given (None: left unanswered), its verdict and feedback (None: unanswered), and
    the right answer's feedback (its explanation, recovery and rule: shown for every item)."""

    position: int
    item: Item | None
    given: tuple[str, ...] | None
    feedback: Feedback | None
    key: Feedback | None

    @property
    def correct(self) -> bool:
        return self.feedback is not None and self.feedback.correct


def _key(item: Item) -> Feedback | None:
    """The feedback a right answer gets (what an unanswered item should have had)."""
    question = item.scenario.question
    if question.typed:
        return grade(item, [str(item.proved.fact)])
    if question.ordered:
        return grade(item, [f"s{index}" for index in range(len(question.order))])
    right = question.correct
    value = next((f"c{i}" for i, choice in enumerate(question.choices) if choice is right), None)
    return None if value is None else grade(item, [value])


def review(store: Store, found: StoredAttempt) -> list[Reviewed]:
    """The full feedback per item of a submitted attempt (refused before the submit: no key
    is given before it)."""
    if not found.submitted:
        raise AttemptRefused("the feedback comes after the attempt is submitted")
    given = {kept.position: kept.answer for kept in stored.attempt_answers(store, found.id)}
    items = asked_all(store, found)
    rows: list[Reviewed] = []
    for position in range(1, found.items + 1):
        answer = given.get(position)
        item = items.get(position)
        feedback = key = None
        if item is not None:
            key = _key(item)
            if answer is not None:
                try:
                    feedback = grade(item, answer)
                except UsageError:
                    feedback = None
        rows.append(
            Reviewed(position=position, item=item, given=answer, feedback=feedback, key=key)
        )
    return rows
