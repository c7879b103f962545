"""An exam in a room draws the room's uploaded scenarios besides the shipped bank (issue 23):
only those on a section's topics under the blueprint's ruleset, never a retired one, never two
of one family; the attempt asks them from the text kept when drawn (so it is graded and
reviewed from the store, in any process), and a blueprint checked for the room counts what
the room's bank can fill (in the room's upload page, and ``exam validate --room``). An exam
with no room draws from the shipped bank alone."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_trainer.cli.main import main
from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import bank_dir
from dealer_trainer.store import Store
from dealer_trainer.store.itemstats import retire
from dealer_trainer.store.people import add_room
from dealer_trainer.store.uploads import save_room_scenario
from dealer_trainer.training.exam.attempts import (
    asked,
    exam_from_text,
    finish,
    review,
    save_answer,
    start,
)
from dealer_trainer.training.exam.blueprint import BlueprintErrors
from dealer_trainer.training.exam.check import check_blueprint_text
from dealer_trainer.training.exam.roombank import room_bank, shipped_bank
from dealer_trainer.training.progress import open_store
from tests.exam_answers import right_answer
from tests.pg import fresh_schema

#: a shipped odd-chip item under tda-2024 and one under roberts, uploaded again under new ids
TDA = (bank_dir() / "odd-chip" / "odd-chip-button-wins-tda.yaml").read_text(encoding="utf-8")
ROBERTS = (bank_dir() / "odd-chip" / "odd-chip-side-pot.yaml").read_text(encoding="utf-8")

BLUEPRINT = """\
id: room-odd-chip
title: Odd chips, with our own items
ruleset: tda-2024
time_limit: 10m
pass_mark: 80%
attempts: 2
valid_for: 1y
sections:
  - {{topics: [odd-chip], count: {count}}}
"""


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        with open_store(str(tmp_path / "progress.sqlite3")) as opened:
            yield opened
        return
    with fresh_schema() as url, open_store(url) as opened:
        yield opened


def _as(text: str, ident: str, old: str, family: str | None = None) -> str:
    renamed = text.replace(f"id: {old}\n", f"id: {ident}\n", 1)
    assert renamed != text
    return renamed + (f"family: {family}\n" if family else "")


def _upload(store: Store, room_id: int, ident: str, text: str) -> None:
    assert save_room_scenario(
        store, room_id=room_id, scenario_id=ident, yaml=text, uploaded_by=None
    )


def _shipped_tda_odd_chips() -> int:
    return sum(1 for e in shipped_bank() if e.topic == "odd-chip" and e.ruleset == "tda-2024")


@pytest.fixture
def room_id(store: Store) -> int:
    """A room with four uploads on odd chips: one under tda-2024 alone, two of one family under
    tda-2024, one under roberts."""
    room = add_room(store, name="Day shift", ruleset="tda-2024")
    old = "odd-chip-button-wins-tda"
    _upload(store, room.id, "room-chip-alone", _as(TDA, "room-chip-alone", old))
    for ident in ("room-chip-pair-a", "room-chip-pair-b"):
        _upload(store, room.id, ident, _as(TDA, ident, old, family="room-chip-pair"))
    _upload(
        store, room.id, "room-chip-roberts", _as(ROBERTS, "room-chip-roberts", "odd-chip-side-pot")
    )
    return room.id


def test_a_rooms_exam_draws_its_fitting_uploads_never_two_of_a_family_nor_a_retired_one(
    store: Store, room_id: int
) -> None:
    count = _shipped_tda_odd_chips() + 2  # the lone upload and one of the pair
    exam = exam_from_text(BLUEPRINT.format(count=count), "room-odd-chip.yaml")
    with pytest.raises(BlueprintErrors):  # the shipped bank alone (the terminal) is short
        start(store, exam, trainee="Ana", seed=1)
    for seed in range(6):
        found = start(store, exam, trainee=f"T{seed}", seed=seed, room_id=room_id)
        ids = [item["id"] for item in json.loads(found.plan)["items"]]
        assert len(ids) == count == len(set(ids))
        assert "room-chip-alone" in ids and "room-chip-roberts" not in ids
        assert len({"room-chip-pair-a", "room-chip-pair-b"} & set(ids)) == 1
    with pytest.raises(BlueprintErrors):  # retired: the room's bank is one short
        start(store, exam, trainee="Bo", seed=1, room_id=room_id, retired={"room-chip-alone"})


def test_an_upload_drawn_is_asked_graded_and_reviewed_from_the_text_kept(
    store: Store, room_id: int
) -> None:
    count = _shipped_tda_odd_chips() + 2
    exam = exam_from_text(BLUEPRINT.format(count=count), "room-odd-chip.yaml")
    found = start(store, exam, trainee="Ana", seed=3, room_id=room_id)
    plan = json.loads(found.plan)["items"]
    upload = next(i for i, item in enumerate(plan, 1) if item["id"] == "room-chip-alone")
    assert plan[upload - 1]["digest"]  # named by the digest its text is kept under
    with pytest.raises(ScriptError):  # without the store its text cannot be read
        asked(found, upload)
    for position in range(1, found.items + 1):
        item = asked(found, position, store=store)
        assert item.entry.ruleset == "tda-2024" and item.entry.topic == "odd-chip"
        save_answer(store, found, position, right_answer(item))
    done = finish(store, found)
    assert done.right == count and done.passed
    rows = review(store, done)
    assert all(row.correct for row in rows)
    shown = rows[upload - 1].item
    assert shown is not None and shown.entry.id == "room-chip-alone"


def test_a_blueprint_checked_for_a_room_counts_what_the_rooms_bank_can_fill(
    store: Store, room_id: int
) -> None:
    fits = BLUEPRINT.format(count=_shipped_tda_odd_chips() + 2)
    too_many = BLUEPRINT.format(count=_shipped_tda_odd_chips() + 3)
    entries = room_bank(store, room_id)
    assert check_blueprint_text(fits, "b.yaml", entries).errors == ()
    assert check_blueprint_text(fits, "b.yaml", shipped_bank()).errors != ()
    (error,) = check_blueprint_text(too_many, "b.yaml", entries).errors
    assert error.where == "b.yaml:9:5"
    assert f"the bank has {_shipped_tda_odd_chips() + 2}" in error.message


def test_exam_validate_with_a_room_counts_the_rooms_uploads_and_retired_items(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = str(tmp_path / "progress.sqlite3")
    with open_store(target) as opened:
        room = add_room(opened, name="Day shift", ruleset="tda-2024")
        for ident in ("room-chip-one", "room-chip-two"):
            text = _as(TDA, ident, "odd-chip-button-wins-tda")
            _upload(opened, room.id, ident, text)
    blueprint = tmp_path / "room-odd-chip.yaml"
    blueprint.write_text(BLUEPRINT.format(count=_shipped_tda_odd_chips() + 2), encoding="utf-8")
    words = ["exam", "validate", str(blueprint)]
    assert main(words) == 1  # the shipped bank alone is short
    assert "the bank cannot fill this section" in capsys.readouterr().out
    assert main([*words, "--room", "Day shift", "--db", target, "--json"]) == 0
    (section,) = json.loads(capsys.readouterr().out)["blueprints"][0]["sections"]
    assert section["available"] == _shipped_tda_odd_chips() + 2
    with open_store(target) as opened:
        retire(opened, room_id=room.id, item="room-chip-one", reason="too-easy", retired_by=None)
    assert main([*words, "--room", "Day shift", "--db", target]) == 1  # retired: one short
    assert main([*words, "--room", "Night shift", "--db", target]) == 2
    assert "--room: no training room named 'Night shift'" in capsys.readouterr().err
