"""Exam verdicts kept at the submit, against verdicts decided when read: a room's item analysis
(the dashboard's panel, ``report --items``) and its CSV export, on an SQLite store of a room
whose trainees submitted ``--attempts`` attempts (default 1,000) at the shipped 40-item
``tda-style-dealer`` exam, each answered in full with a seeded mix of right and wrong answers.

The same store is timed by two versions of the code, side by side:

* **before**: ``--before REV`` (default ``378155c``, the last commit that graded each
  submitted attempt again from its plan whenever it was read), extracted with ``git archive``
  and run first on ``PYTHONPATH``. It also builds the store (at its schema version).
* **after**: this checkout. Opening the store migrates it, and that migration grades each
  attempt once (timed apart, as **migration**); the readers then read the kept verdicts.

Each figure is the median of ``--runs`` (default 1: *before* takes about 20 ms an attempt
per reader) wall seconds of a fresh process's call; the answers are the same on both sides
(the rows' count and the number of items analysed are printed with them).

    .venv/bin/python benchmarks/exam_verdicts.py                 # 1,000 attempts
    .venv/bin/python benchmarks/exam_verdicts.py --attempts 200 --runs 3
    .venv/bin/python benchmarks/exam_verdicts.py --json
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAM = "tda-style-dealer"
START = datetime(2026, 9, 1, tzinfo=UTC)
#: attempts per trainee (the shipped exam allows two in its validity period)
PER_TRAINEE = 2
#: the share of answers given right
RIGHT = 0.8


def _build(target: str, attempts: int) -> dict[str, Any]:
    """A room whose trainees sit ``attempts`` attempts in all, PER_TRAINEE each (in the code on
    the path); answers kept as given, then each attempt submitted (graded as that code does)."""
    from dealer_trainer.roles import Role
    from dealer_trainer.store import exams as stored
    from dealer_trainer.store import people
    from dealer_trainer.training.exam.attempts import asked_all, finish, load_exam, start
    from dealer_trainer.training.progress import open_store
    from tests.exam_answers import right_answer, wrong_answer

    exam = load_exam(EXAM)
    chance = random.Random(7)
    began = time.perf_counter()
    with open_store(target) as store:
        room = people.add_room(store, name="Day shift", ruleset="tda-2024")
        names = [f"Trainee {n:04d}" for n in range(-(-attempts // PER_TRAINEE))]
        for name in names:
            person = people.add_person(store, name=name, password_hash="not-a-real-hash")
            people.add_member(store, room_id=room.id, person_id=person.id, role=Role.TRAINEE)
        for number in range(attempts):
            at = START + timedelta(hours=number)
            found = start(
                store,
                exam,
                trainee=names[number // PER_TRAINEE],
                seed=number,
                room_id=room.id,
                now=at,
            )
            for position, item in asked_all(store, found).items():
                given = right_answer(item) if chance.random() < RIGHT else wrong_answer(item)
                stored.answer(store, found.id, position=position, given=given, now=at)
            finish(store, found, now=at + timedelta(minutes=30))
    return {"room": room.id, "build_seconds": round(time.perf_counter() - began, 2)}


def _time(target: str, room: int, runs: int) -> dict[str, Any]:
    """Open the store (a migration, if the code on the path is newer), then time each reader."""
    from dealer_trainer.exports import csv_pieces
    from dealer_trainer.training.exam import graded
    from dealer_trainer.training.itemreport import item_report
    from dealer_trainer.training.progress import open_store

    began = time.perf_counter()
    store = open_store(target)
    opened = time.perf_counter() - began
    figures: dict[str, Any] = {"open_seconds": round(opened, 3)}
    with store:
        panel, export = [], []
        for _ in range(runs):
            began = time.perf_counter()
            report = item_report(store, room_id=room)
            panel.append(time.perf_counter() - began)
            began = time.perf_counter()
            size = sum(len(piece) for piece in csv_pieces(graded.export_rows(store, room)))
            export.append(time.perf_counter() - began)
        figures["item_analysis_seconds"] = round(statistics.median(panel), 3)
        figures["export_seconds"] = round(statistics.median(export), 3)
        figures["items_analysed"] = len(report.items)
        figures["sittings"] = report.sittings
        figures["export_bytes"] = size
    return figures


def _run(code: Path, *args: str) -> dict[str, Any]:
    """This script's ``args`` in a fresh process with ``code`` first on the path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(code), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, __file__, *args], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _extract(rev: str, into: Path) -> Path:
    """The package and the scenario bank as they were at ``rev``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "dealer_trainer", "scenarios"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attempts", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--before", default="378155c", help="the commit timed as before")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--inner", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:  # a step run in a fresh process, its figures on the last line
        step, target, number = args.inner
        result = (
            _build(target, int(number))
            if step == "build"
            else _time(target, int(number), args.runs)
        )
        print(json.dumps(result))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        base = _extract(args.before, Path(folder) / "before")
        before_db, after_db = Path(folder) / "before.sqlite3", Path(folder) / "after.sqlite3"
        built = _run(base, "--inner", "build", str(before_db), str(args.attempts))
        shutil.copy(before_db, after_db)
        runs = ["--runs", str(args.runs)]
        before = _run(base, *runs, "--inner", "time", str(before_db), str(built["room"]))
        after = _run(ROOT, *runs, "--inner", "time", str(after_db), str(built["room"]))
    result = {
        "attempts": args.attempts,
        "before_rev": args.before,
        **built,
        "before": before,
        "after": after,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    built_in = built["build_seconds"]
    print(f"{args.attempts} submitted attempts of 40 items, one room (built in {built_in} s)")
    print(f"{'':24}{'before (' + args.before + ')':>22}{'after':>12}")
    for key, label in (
        ("open_seconds", "open (after: migration)"),
        ("item_analysis_seconds", "item analysis"),
        ("export_seconds", "export (CSV)"),
        ("items_analysed", "items analysed"),
        ("sittings", "sittings"),
        ("export_bytes", "export bytes"),
    ):
        print(f"{label:24}{before[key]:>22}{after[key]:>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
