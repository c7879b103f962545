"""What a run asks: its plan (the items with a seed each, the room's ruleset, a drill's seed
and error rate), the bank's and the room's scenarios it draws from, and each item laid out
as on every earlier request."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import (
    Verified,
    bank_dir,
    load_scenario_text,
    proof_of_file,
    proof_of_text,
)
from dealer_trainer.store import Store
from dealer_trainer.store.uploads import (
    keep_upload_text,
    room_scenario_lines,
    set_room_scenario_line,
    upload_texts,
)
from dealer_trainer.training.drill.modes import mode_named
from dealer_trainer.training.drill.session import DEFAULT_RATE
from dealer_trainer.training.quiz import (
    Entry,
    Item,
    Selection,
    catalogue,
    lay_out,
    proof,
    select,
)
from dealer_trainer.training.review import due_entries

__all__ = [
    "HOUSE_FILE",
    "MAX_REVIEW",
    "RUN_MODES",
    "Plan",
    "PlanItem",
    "Run",
    "bank_entries",
    "drill_plan",
    "item",
    "quiz_plan",
    "review_plan",
    "room_entries",
]

#: the most items a review in the browser asks at once
MAX_REVIEW = 20
#: the modes of a run (the progress store's)
RUN_MODES = ("quiz", "review", "drill")


# --- what a run asks ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanItem:
    """One item of a run: the scenario (its id and its file in the bank) and the seed its
    options are laid out with."""

    id: str
    #: the file, relative to the bank folder
    path: str
    seed: int
    #: a scenario uploaded to the room: its YAML text and the room's house ruleset, as they
    #: were when drawn, so that any server process, or one restarted, asks it the same
    text: str | None = None
    house: str | None = None
    #: ... named in the plan by the digests the store keeps those texts under (a start copies
    #: no text; :func:`~dealer_trainer.training.runs.kept.run` reads them back)
    digest: str | None = None
    house_digest: str | None = None


def _item_json(item: PlanItem) -> dict[str, Any]:
    data: dict[str, Any] = {"id": item.id, "path": item.path, "seed": item.seed}
    if item.digest is not None:
        data["digest"] = item.digest
        data["house_digest"] = item.house_digest
    elif item.text is not None:  # a plan kept before texts were kept by digest
        data["text"] = item.text
        data["house"] = item.house
    return data


def _optional(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return None if value is None else str(value)


@dataclass(frozen=True, slots=True, kw_only=True)
class Plan:
    """What a run asks. A drill has no items: its seed and error rate are ``drill``."""

    ruleset: str
    items: tuple[PlanItem, ...] = ()
    #: an order question's steps tapped so far, by position (kept between taps)
    pending: dict[int, tuple[str, ...]] = field(default_factory=dict)
    drill_seed: int | None = None
    drill_rate: float | None = None
    #: the drill's mode (:mod:`~dealer_trainer.training.drill.modes`; None: learn, as before)
    drill_mode: str | None = None
    #: a real-table run: the dealer errors the instructor made, by question number
    injected: dict[int, str] = field(default_factory=dict)

    @property
    def digests(self) -> set[str]:
        """The digests of the kept texts its items name and do not hold yet."""
        return {
            digest
            for i in self.items
            if i.text is None
            for digest in (i.digest, i.house_digest)
            if digest is not None
        }

    def with_texts(self, texts: dict[str, str]) -> Plan:
        """The plan with its uploaded items' texts (``texts``: digest -> text) filled in."""
        items = tuple(
            replace(
                i,
                text=texts.get(i.digest),
                house=None if i.house_digest is None else texts.get(i.house_digest),
            )
            if i.text is None and i.digest is not None
            else i
            for i in self.items
        )
        return replace(self, items=items)

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "ruleset": self.ruleset,
            "items": [_item_json(i) for i in self.items],
            "pending": {str(k): list(v) for k, v in sorted(self.pending.items())},
        }
        if self.drill_seed is not None:
            data["drill"] = {"seed": self.drill_seed, "rate": self.drill_rate}
            if self.drill_mode is not None:
                data["drill"]["mode"] = self.drill_mode
        if self.injected:
            data["injected"] = {str(k): v for k, v in sorted(self.injected.items())}
        return json.dumps(data, sort_keys=True)

    @classmethod
    @lru_cache(maxsize=1024)
    def from_json(cls, text: str) -> Plan:
        """The plan kept as ``text``, read once per text (every request reads its run)."""
        data = json.loads(text)
        drill = data.get("drill") or {}
        return cls(
            ruleset=str(data.get("ruleset", "")),
            items=tuple(
                PlanItem(
                    id=str(i["id"]),
                    path=str(i["path"]),
                    seed=int(i["seed"]),
                    text=_optional(i, "text"),
                    house=_optional(i, "house"),
                    digest=_optional(i, "digest"),
                    house_digest=_optional(i, "house_digest"),
                )
                for i in data.get("items", [])
            ),
            pending={int(k): tuple(str(s) for s in v) for k, v in data.get("pending", {}).items()},
            drill_seed=None if drill.get("seed") is None else int(drill["seed"]),
            drill_rate=None if drill.get("rate") is None else float(drill["rate"]),
            drill_mode=None if drill.get("mode") is None else str(drill["mode"]),
            injected={int(k): str(v) for k, v in data.get("injected", {}).items()},
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Run:
    """A run as kept: whose, in which room, its mode and plan, its progress session."""

    id: int
    person_id: int
    room_id: int
    mode: str
    assignment_id: int | None
    plan: Plan
    session_id: int | None
    created_at: datetime
    finished_at: datetime | None

    @property
    def length(self) -> int:
        return len(self.plan.items)


# --- the bank ----------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def _catalogue(folder: str) -> tuple[Entry, ...]:
    found, _problems = catalogue(Path(folder))
    return tuple(found)


def bank_entries(folder: Path | None = None) -> list[Entry]:
    """The shipped bank's scenarios (or ``folder``'s), read once per process."""
    return list(_catalogue(str(folder or _bank_folder())))


@lru_cache(maxsize=1)
def _bank_folder() -> Path:
    """The shipped bank's folder, found once per process (finding it resolves the package's
    path: a few system calls that every request asking an item made)."""
    return bank_dir()


#: the file name under which an uploaded scenario names its room's house ruleset
HOUSE_FILE = "house.yaml"


def _house_files(house: str | None) -> tuple[tuple[str, str], ...]:
    """The ruleset files an uploaded scenario may name: the room's house ruleset, if any."""
    return ((HOUSE_FILE, house),) if house else ()


def room_entries(store: Store, *, room_id: int, ruleset: str, house: str | None) -> list[Entry]:
    """The scenarios uploaded to the room, as entries a quiz or a review draws with the bank's
    (under the room's ``ruleset``, whichever ruleset file they name). Read from the catalogue
    lines kept at upload, with no text: a start costs the same whatever the uploads. An upload
    kept before lines were is read once to fill its line in; one that no longer loads (kept
    before a change of the format) is left out."""
    lines = room_scenario_lines(store, room_id)
    if not lines:
        return []
    files = _house_files(house)
    house_digest = None if house is None else keep_upload_text(store, house)
    unread = {line.digest for line in lines if line.topic is None}
    texts = upload_texts(store, unread)
    found: list[Entry] = []
    for line in lines:
        topic, difficulty, family = line.topic, line.difficulty, line.family
        if topic is None or difficulty is None:
            try:
                scenario = load_scenario_text(
                    texts[line.digest], f"{line.scenario_id}.yaml", rulesets=dict(files)
                )
            except (KeyError, ScriptError):
                continue
            topic, difficulty, family = scenario.topic.slug, scenario.difficulty, scenario.family
            set_room_scenario_line(
                store, digest=line.digest, topic=topic, difficulty=difficulty, family=family
            )
        found.append(
            Entry(
                line.scenario_id,
                topic,
                difficulty,
                ruleset,
                Path(f"{line.scenario_id}.yaml"),
                rulesets=files,
                family=family,
                digest=line.digest,
                house_digest=house_digest,
            )
        )
    return found


def _plan_item(entry: Entry, folder: Path, seed: int) -> PlanItem:
    """An entry drawn for a run: a bank item proved now (the proof is kept for the requests
    that ask it: one that does not prove is left to :func:`item` to report); an upload named
    by its digest, proved when first asked (it was proved when uploaded)."""
    if entry.digest is not None:
        return PlanItem(
            id=entry.id,
            path=entry.path.name,
            seed=seed,
            digest=entry.digest,
            house_digest=entry.house_digest,
        )
    with suppress(ScriptError):
        proof(entry)
    if entry.text is not None:
        return PlanItem(
            id=entry.id,
            path=entry.path.name,
            seed=seed,
            text=entry.text,
            house=dict(entry.rulesets).get(HOUSE_FILE),
        )
    return PlanItem(id=entry.id, path=_relative(entry.path, folder), seed=seed)


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path)


def quiz_plan(
    entries: Sequence[Entry],
    selection: Selection,
    *,
    seed: int,
    ruleset: str,
    folder: Path | None = None,
) -> Plan:
    """A quiz's plan: the items :func:`~dealer_trainer.training.quiz.select` picks, under the
    room's ``ruleset`` where the bank has items for it on those topics (else under any), each
    with a seed."""
    folder = folder or _bank_folder()
    topics = set(selection.topics)
    if selection.ruleset is None and any(
        entry.ruleset == ruleset and (not topics or entry.topic in topics) for entry in entries
    ):
        selection = replace(selection, ruleset=ruleset)
    rng = random.Random(seed)
    chosen = select(entries, selection, rng)
    return Plan(
        ruleset=ruleset,
        items=tuple(_plan_item(e, folder, rng.randrange(2**31)) for e in chosen),
    )


def review_plan(
    store: Store,
    trainee: str,
    entries: Sequence[Entry],
    *,
    seed: int,
    ruleset: str,
    folder: Path | None = None,
    limit: int = MAX_REVIEW,
) -> Plan:
    """A review's plan: the bank's items due for ``trainee`` now, missed ones first."""
    folder = folder or _bank_folder()
    rng = random.Random(seed)
    chosen = due_entries(store.due(trainee), entries)[:limit]
    return Plan(
        ruleset=ruleset,
        items=tuple(_plan_item(e, folder, rng.randrange(2**31)) for e in chosen),
    )


def drill_plan(
    *, seed: int, ruleset: str, rate: float | None = None, mode: str | None = None
) -> Plan:
    """A drill's plan: its seed, error rate (None: the mode's own), ruleset and mode (None:
    learn)."""
    if rate is None:
        rate = DEFAULT_RATE if mode is None else mode_named(mode).rate
    return Plan(ruleset=ruleset, drill_seed=seed, drill_rate=rate, drill_mode=mode)


def item(plan: Plan, position: int, folder: Path | None = None) -> Item:
    """The item at ``position`` (from 1), proved and laid out as on every earlier request (the
    proof is computed once per scenario text and kept: see :func:`~dealer_trainer.scenario.
    proof_of_text`). A scenario gone from the bank, or one that no longer proves, is a
    :class:`ScriptError`."""
    planned = plan.items[position - 1]
    files: tuple[tuple[str, str], ...] = ()
    if planned.text is None and planned.digest is not None:
        raise ScriptError(f"the uploaded scenario {planned.id!r} is no longer kept")
    if planned.text is not None:  # uploaded to the room: asked from the text the plan keeps
        path = Path(planned.path)
        files = _house_files(planned.house)
        proved = proof_of_text(planned.text, planned.path, rulesets=dict(files))
    else:
        path = Path(planned.path)
        if not path.is_absolute():
            path = (folder or _bank_folder()) / path
        if not path.is_file():  # the bank moved: find the scenario by its id
            found = [entry for entry in bank_entries(folder) if entry.id == planned.id]
            if not found:
                raise ScriptError(f"the scenario {planned.id!r} is no longer in the bank")
            path = found[0].path
        proved = proof_of_file(path)
    return _laid_out(proved, path, planned.text, files, planned.seed)


#: items laid out, by what they are laid out from (the proof by identity: see _laid_out)
_LAID_OUT: dict[tuple[Any, ...], tuple[Verified, Item]] = {}
#: the most items kept (a quiz's items are asked twice each, and the bank's over and over)
MAX_LAID_OUT = 4096


def _laid_out(
    proved: Verified, path: Path, text: str | None, files: tuple[tuple[str, str], ...], seed: int
) -> Item:
    """The item of a proof laid out with ``seed``: a pure function of them, so kept. The
    proof is kept by :mod:`~dealer_trainer.scenario.proof` (once per text or file version): a
    kept item is used only with the very proof it was laid out from, which it holds, so a
    scenario proved again (an edited file) is laid out again."""
    key = (str(path), text, files, seed, id(proved))
    kept = _LAID_OUT.get(key)
    if kept is not None and kept[0] is proved:
        return kept[1]
    entry = Entry.of(proved.scenario, path, text=text, rulesets=files)
    found = lay_out(entry, proved, random.Random(seed))
    if len(_LAID_OUT) >= MAX_LAID_OUT:
        _LAID_OUT.clear()
    _LAID_OUT[key] = (proved, found)
    return found
