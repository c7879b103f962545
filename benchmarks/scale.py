"""The store at scale: ``report``, a room's pages and its export on stores of 10k, 200k and 1M
answers, on SQLite and on PostgreSQL.

Each store holds 50 rooms of 50 trainees (2,500 people, each a member of one room) and the
answers spread evenly over them, over 27 topics and 90 days (a fixed seed: the same store each
run), every other answer of a trainee given in their room, the others in the terminal. The
schema is made by ``open_store``; the rows (rooms, people, members, a session each and the
answers) are bulk-loaded on a connection of the benchmark's own (``executemany`` in SQLite,
``COPY`` in PostgreSQL), as an import would, then PostgreSQL is analysed. Review cards are not
made: nothing timed here reads them.

Timed, on each store:

* **report**: ``dealer-trainer report --db TARGET`` (the text report of every trainee), a
  fresh process timed from start to exit, with its peak memory (the child's ``ru_maxrss``);
* **report-json**: the same with ``--json``;
* **dashboard**: a room's dashboard figures, in process (``accuracy_grid``,
  ``weakest_topics``, ``most_missed``, ``activity`` over 30 days, the members);
* **trainee**: one trainee's page in a room (``trainee_answers``, their ``most_missed``,
  their ``topic_totals``, their ``activity``, their reviews due);
* **home**: that trainee's home (their ``topic_scores``, ``recent_misses``, reviews due, open
  runs, rooms and the rooms' assignments);
* **dashboard-page**, **trainee-page**, **home-page**: the same three pages as routes, what a
  browser gets: ``GET`` of the room's dashboard (signed in as a trainer of the room, made for
  the benchmark), of the trainee's page in the room (the same trainer) and of the trainee's
  home (signed in as the trainee), through the Flask test client (``create_app`` on the store,
  the production app with a cheap password hasher and no rate limits): everything the view
  reads, the template drawn, the HTML made. Each call must answer 200. The room's item
  analysis is cached while its inputs are unchanged (:mod:`dealer_trainer.training.itemcache`),
  so ``dashboard-page`` is the page as a reload finds it (warm);
* **dashboard-cold**: the dashboard route as the first load after an answer finds it: before
  each timed ``GET`` (not timed) a trainee of the room answers a question, so the item analysis
  is worked out again every time;
* **export-csv**: a room's CSV export, streamed to nowhere by a fresh process (time and peak
  memory): ``csv_pieces(iter_export_rows(...))``, what the web layer streams.

Each is the median of ``--runs`` (default 3), in wall seconds and in CPU seconds (the process's
user and system time: on a busy machine the wall time also counts the waits for a core; a page's
store calls, in process, are the mean of ``PAGE_REPEAT`` calls in a row; a route is the median
of ``PAGE_REPEAT`` calls), and is given with its wall-time
ratio to the same figure on the smallest store of the run (10k answers by default). **The goals
(issue 28): ``report`` at 1M answers within 2 s and 150 MB, and every page (dashboard, trainee,
home; its store calls and its route) within 2x its time on the smallest store.** The pages
read the totals kept as answers are recorded (:mod:`dealer_trainer.store.totals`); the bulk
load counts them as an import would
(``totals.rebuild``, in the build time). Review cards are not made, so the reviews due read an
empty table.

    .venv/bin/python benchmarks/scale.py                          # 10k, 200k, 1m; both backends
    .venv/bin/python benchmarks/scale.py --sizes 10k,50k --backend sqlite   # small and quick
    .venv/bin/python benchmarks/scale.py --json

PostgreSQL: ``DEALER_TRAINER_TEST_PG`` (default ``postgresql://postgres@127.0.0.1:5432/test``);
each store gets its own schema, dropped afterwards. A backend that cannot be reached is
reported as skipped, with the reason.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from dealer_trainer.roles import Role
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.store import Answer, assignments, open_store, roomdata, totals
from dealer_trainer.store import people as kept
from dealer_trainer.store.answers import recent_misses, topic_scores
from dealer_trainer.store.runs import open_runs
from dealer_trainer.training.progress import open_store as keeping_store

PG_BASE = os.environ.get("DEALER_TRAINER_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
ROOMS = 50
PER_ROOM = 50
DAYS = 90
START = datetime(2026, 8, 1, tzinfo=UTC)
GOAL_SECONDS = 2.0
GOAL_MB = 150.0
#: the pages, and their goal: at most this times their time on the smallest store
PAGES = ("dashboard", "trainee", "home")
#: the same pages as routes (``GET`` through the Flask test client)
ROUTES = (*(f"{name}-page" for name in PAGES), "dashboard-cold")
GOAL_PAGE_RATIO = 2.0
#: a page's calls in a row per timed run (a page takes about a millisecond)
PAGE_REPEAT = 20
#: the password of the people the routes sign in as (set by the benchmark)
PASSWORD = "scale benchmark password"

_EXPORT = """
import sys
from dealer_trainer.exports import csv_pieces
from dealer_trainer.store import open_store
from dealer_trainer.store.roomdata import iter_export_rows

with open_store(sys.argv[1], create=False) as store:
    size = sum(len(piece) for piece in csv_pieces(iter_export_rows(store, int(sys.argv[2]))))
print(size)
"""


def parse_size(text: str) -> int:
    """``10k``, ``200k``, ``1m`` or a plain number of answers."""
    text = text.strip().lower()
    factor = {"k": 1_000, "m": 1_000_000}.get(text[-1:], 1)
    return int(float(text.rstrip("km")) * factor)


# --- building a store ---------------------------------------------------------------------------


@contextmanager
def fresh_target(backend: str, folder: Path) -> Iterator[str]:
    if backend == "sqlite":
        path = folder / f"scale-{secrets.token_hex(4)}.sqlite3"
        try:
            yield str(path)
        finally:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
        return
    import psycopg

    schema = f"dt_scale_{secrets.token_hex(4)}"
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG_BASE, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def _rows(size: int, ids: dict[str, tuple[int, int]], sqlite: bool) -> Iterator[tuple[Any, ...]]:
    """The answers: trainee after trainee, a fixed seed; every other one given in the
    trainee's room (a browser run), the others in the terminal (no room), so that a page
    adds up a trainee's totals of both."""
    rng = random.Random(28)
    names = sorted(ids)
    slugs = [topic.slug for topic in TOPICS]
    span = DAYS * 86_400
    for n in range(size):
        session, trainee = ids[names[n % len(names)]]
        topic = slugs[rng.randrange(len(slugs))]
        when = START + timedelta(seconds=rng.randrange(span), microseconds=n % 1_000_000)
        correct = rng.random() < 0.7
        yield (
            session,
            trainee,
            f"{topic}-{rng.randrange(12)}",
            topic,
            "quiz",
            int(correct) if sqlite else correct,
            "roberts",
            rng.randrange(1, 4),
            "the answer given",
            "the right answer",
            round(rng.uniform(2, 40), 3),
            when.isoformat(timespec="microseconds") if sqlite else when,
            (trainee - 1) // PER_ROOM + 1 if n // len(names) % 2 else None,
        )


_COLUMNS = (
    "session_id, trainee_id, item, topic, mode, correct, ruleset, difficulty, given, expected,"
    " seconds, answered_at, room_id"
)


_NOW = "2026-08-01T00:00:00.000000+00:00"


def _setup_rows() -> Iterator[tuple[str, str, tuple[Any, ...]]]:
    """The rooms, trainees, people, members and one session each, as (table, columns, row),
    numbered from 1 in a fresh store."""
    for r in range(ROOMS):
        yield "rooms", "id, name, ruleset, created_at", (r + 1, f"Room {r:02d}", "roberts", _NOW)
    for n in range(ROOMS * PER_ROOM):
        room, seat = divmod(n, PER_ROOM)
        name = f"Trainee {room:02d}-{seat:02d}"
        yield "trainees", "id, name, created_at", (n + 1, name, _NOW)
        yield (
            "people",
            "id, trainee_id, password, admin, epoch, must_change, disabled, created_at",
            (n + 1, n + 1, "x", False, f"e{n}", False, False, _NOW),
        )
        yield "members", "room_id, person_id, role", (room + 1, n + 1, Role.TRAINEE.value)
        yield "sessions", "id, trainee_id, mode, started_at", (n + 1, n + 1, "quiz", _NOW)


def build(target: str, backend: str, size: int) -> list[int]:
    """Fill the store at ``target`` (its schema made by ``open_store``) with the rooms and
    ``size`` answers, bulk-loaded; the rooms' ids."""
    with open_store(target):
        pass
    ids = {f"{n:05d}": (n + 1, n + 1) for n in range(ROOMS * PER_ROOM)}
    tables = ("rooms", "trainees", "people", "members", "sessions")
    setup = list(_setup_rows())
    if backend == "sqlite":
        import sqlite3

        conn = sqlite3.connect(target)
        with conn:
            for table in tables:
                rows = [row for name, _, row in setup if name == table]
                columns = next(cols for name, cols, _ in setup if name == table)
                marks = ", ".join("?" * len(rows[0]))
                conn.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)
            conn.executemany(
                f"INSERT INTO answers ({_COLUMNS}) VALUES ({', '.join('?' * 13)})",
                _rows(size, ids, sqlite=True),
            )
        conn.close()
        _count_totals(target)
        return list(range(1, ROOMS + 1))
    import psycopg

    with psycopg.connect(target, autocommit=True) as pg, pg.cursor() as cursor:
        for table in tables:
            columns = next(cols for name, cols, _ in setup if name == table)
            with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for name, _, row in setup:
                    if name == table:
                        copy.write_row(row)
        with cursor.copy(f"COPY answers ({_COLUMNS}) FROM STDIN") as copy:
            for row in _rows(size, ids, sqlite=False):
                copy.write_row(row)
        for table in ("rooms", "trainees", "people", "sessions"):  # the identities go on
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table}"
            )
        cursor.execute("ANALYZE")
    _count_totals(target)
    return list(range(1, ROOMS + 1))


def _count_totals(target: str) -> None:
    """The totals the pages read, counted from the rows loaded (as an import would)."""
    with open_store(target) as store:
        totals.rebuild(store)


# --- timing ------------------------------------------------------------------------------------


def _process(argv: list[str]) -> tuple[float, float, float]:
    """Run a fresh process to its end: seconds, its peak memory in MB, and its CPU seconds
    (user and system: less shaken than the wall time by other work on the machine)."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    if status != 0:
        message = child.stderr.read().decode() if child.stderr else ""
        raise RuntimeError(f"{' '.join(argv[:4])} failed: {message}")
    return seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime  # maxrss in KB


def _in_process(action: Callable[[], object]) -> tuple[float, float, float]:
    """A page's mean wall and CPU seconds over :data:`PAGE_REPEAT` calls in a row."""
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(PAGE_REPEAT):
        action()
    wall, used = time.perf_counter() - started, time.process_time() - cpu
    return wall / PAGE_REPEAT, 0.0, used / PAGE_REPEAT


def _per_call(
    action: Callable[[], object], before: Callable[[], object] | None = None
) -> tuple[float, float, float]:
    """A route's median wall and CPU seconds over :data:`PAGE_REPEAT` calls (``before`` run
    ahead of each, not timed)."""
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(PAGE_REPEAT):
        if before is not None:
            before()
        started, cpu = time.perf_counter(), time.process_time()
        action()
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), 0.0, statistics.median(cpus)


def _route_clients(target: str, room: int, trainee_id: int) -> tuple[Any, Any]:
    """Test clients of the production app on ``target``, signed in through the sign-in form:
    a trainer of ``room`` (a person made for the benchmark) and the trainee ``trainee_id``."""
    from argon2 import PasswordHasher
    from argon2.profiles import CHEAPEST

    from dealer_trainer.accounts import TRAINER, Accounts
    from dealer_trainer.web import create_app

    hasher = PasswordHasher.from_parameters(CHEAPEST)
    with open_store(target, create=False) as store:
        accounts = Accounts(store, hasher)
        trainer = accounts.create_person(name=f"Scale Trainer {room}", password=PASSWORD)
        accounts.add_member(room_id=room, person_id=trainer.id, role=TRAINER)
        accounts.set_password(person_id=trainee_id, password=PASSWORD)
        trainee = kept.person(store, trainee_id)
        if trainee is None:
            raise RuntimeError(f"no person {trainee_id} in the store")
        names = (trainer.name, trainee.name)
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": target,
            "SECRET_KEY": "the scale benchmark only",
            "PASSWORD_HASHER": hasher,
            "RATELIMIT_ENABLED": False,
            "WTF_CSRF_ENABLED": False,
        }
    )
    clients = []
    for name in names:
        client = app.test_client()
        answer = client.post("/sign-in", data={"name": name, "password": PASSWORD})
        if answer.status_code not in (302, 303):
            raise RuntimeError(f"signing in as {name} failed: {answer.status_code}")
        clients.append(client)
    return clients[0], clients[1]


def _getter(client: Any, url: str) -> Callable[[], bytes]:
    """``GET url``: the page's HTML (anything but 200 is an error)."""

    def get() -> bytes:
        answer = client.get(url)
        if answer.status_code != 200:
            raise RuntimeError(f"GET {url}: {answer.status_code}")
        return bytes(answer.data)

    return get


def measure(target: str, rooms: list[int], runs: int) -> dict[str, dict[str, float]]:
    """Each measurement's median seconds (and peak MB for a process)."""
    cli = [sys.executable, "-m", "dealer_trainer", "report", "--db", target]
    room = rooms[len(rooms) // 2]
    with open_store(target, create=False) as store:
        person = kept.members(store, room)[0].person
        member = person.id
        today = START.date() + timedelta(days=DAYS)
        since = today - timedelta(days=30)

        def dashboard() -> None:  # web/room/dashboard.py: dashboard
            kept.members(store, room)
            roomdata.accuracy_grid(store, room)
            roomdata.most_missed(store, room)
            roomdata.weakest_topics(store, room)
            roomdata.activity(store, room, since=since, until=today)
            kept.members(store, room)

        def trainee() -> None:  # web/room/dashboard.py: trainee
            kept.role_in(store, person_id=member, room_id=room)
            kept.person(store, member)
            roomdata.trainee_answers(store, room, member)
            roomdata.most_missed(store, room, person_id=member)
            roomdata.topic_totals(store, room, person_id=member)
            roomdata.activity(store, room, since=since, until=today, person_id=member)
            store.due(person.name)

        def home() -> None:  # web/training/home.py: _home
            rooms = kept.memberships(store, member)
            topic_scores(store, person.name)
            store.due(person.name)
            for membership in rooms:
                assignments.assignments(store, membership.room.id)
            open_runs(store, person_id=member)
            recent_misses(store, person.name)

        trainer_client, trainee_client = _route_clients(target, room, member)
        dashboard_page = _getter(trainer_client, f"/rooms/{room}/")
        trainee_page = _getter(trainer_client, f"/rooms/{room}/trainees/{member}")
        home_page = _getter(trainee_client, "/")

        # a store that keeps answers (with the review scheduler), as the trainee's server has
        writer = keeping_store(target, create=False)

        def answer() -> None:  # a new answer in the room: the item analysis is stale
            session = writer.start_session(person.name, "quiz")
            new = Answer(person.name, "scale-new-answer", TOPICS[0].slug, "quiz", correct=True)
            writer.record(session, new)
            writer.finish_session(session)

        actions: dict[str, Callable[[], tuple[float, float, float]]] = {
            "report": lambda: _process(cli),
            "report-json": lambda: _process([*cli, "--json"]),
            "dashboard": lambda: _in_process(dashboard),
            "trainee": lambda: _in_process(trainee),
            "home": lambda: _in_process(home),
            "dashboard-page": lambda: _per_call(dashboard_page),
            "trainee-page": lambda: _per_call(trainee_page),
            "home-page": lambda: _per_call(home_page),
            "dashboard-cold": lambda: _per_call(dashboard_page, before=answer),
            "export-csv": lambda: _process([sys.executable, "-c", _EXPORT, target, str(room)]),
        }
        found: dict[str, dict[str, float]] = {}
        for name, action in actions.items():
            action()  # warm-up: caches, the first connection
            taken = [action() for _ in range(runs)]
            found[name] = {
                "seconds": round(statistics.median(t for t, _, _ in taken), 6),
                "cpu_seconds": round(statistics.median(c for _, _, c in taken), 6),
                "mb": round(max(mb for _, mb, _ in taken), 1),
            }
        # what the dashboard's grid shows grows with the store: each trainee x topic answered
        found["dashboard"]["grid_cells"] = len(roomdata.accuracy_grid(store, room))
        found["dashboard-page"]["kb"] = round(len(dashboard_page()) / 1024, 1)
        found["trainee-page"]["kb"] = round(len(trainee_page()) / 1024, 1)
        found["home-page"]["kb"] = round(len(home_page()) / 1024, 1)
        writer.close()
    return found


def _unavailable(backend: str) -> str | None:
    if backend == "sqlite":
        return None
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed"
    try:
        with psycopg.connect(PG_BASE, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        return f"no PostgreSQL server answers at {PG_BASE}: {' '.join(str(exc).split())}"
    return None


def run(sizes: list[int], backends: list[str], runs: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="dt-scale-") as folder:
        for backend in backends:
            reason = _unavailable(backend)
            if reason is not None:
                results[backend] = {"skipped": reason}
                continue
            per_size: dict[str, Any] = {}
            for size in sizes:
                with fresh_target(backend, Path(folder)) as target:
                    started = time.perf_counter()
                    rooms = build(target, backend, size)
                    built = time.perf_counter() - started
                    figures = measure(target, rooms, runs)
                per_size[str(size)] = {"build_seconds": round(built, 1), "figures": figures}
                print(f"{backend} {size}: built in {built:.1f} s", file=sys.stderr)
            base = per_size[str(sizes[0])]["figures"]
            for entry in per_size.values():
                for name, figure in entry["figures"].items():
                    figure["ratio"] = round(figure["seconds"] / max(base[name]["seconds"], 1e-6), 2)
                    # the same in CPU seconds: on a shared machine, less shaken by the others
                    cpu = base[name]["cpu_seconds"]
                    figure["cpu_ratio"] = round(figure["cpu_seconds"] / max(cpu, 1e-6), 2)
                for name in (*PAGES, *ROUTES):
                    figure = entry["figures"][name]
                    figure["goal_ratio"] = GOAL_PAGE_RATIO
                    figure["meets_goal"] = figure["ratio"] <= GOAL_PAGE_RATIO
                    figure["meets_goal_cpu"] = figure["cpu_ratio"] <= GOAL_PAGE_RATIO
            largest = per_size[str(sizes[-1])]["figures"]["report"]
            results[backend] = {
                "sizes": per_size,
                "largest_report_meets_goal": largest["seconds"] <= GOAL_SECONDS
                and largest["mb"] <= GOAL_MB,
                "pages_meet_goal": all(
                    entry["figures"][name]["meets_goal"]
                    for entry in per_size.values()
                    for name in PAGES
                ),
                "routes_meet_goal": all(
                    entry["figures"][name]["meets_goal"]
                    for entry in per_size.values()
                    for name in ROUTES
                ),
                "routes_meet_goal_cpu": all(
                    entry["figures"][name]["meets_goal_cpu"]
                    for entry in per_size.values()
                    for name in ROUTES
                ),
            }
    return results


def _print(results: dict[str, Any]) -> None:
    for backend, entry in results.items():
        if "skipped" in entry:
            print(f"{backend}: skipped ({entry['skipped']})")
            continue
        print(f"{backend}:")
        print(
            f"  {'answers':>9}  {'measure':<15}{'seconds':>10}{'CPU s':>10}{'MB':>8}{'ratio':>8}"
            f"{'CPU x':>8}  goal (wall, CPU)"
        )
        for size, data in entry["sizes"].items():
            for name, figure in data["figures"].items():
                mb = f"{figure['mb']:.0f}" if figure["mb"] else "-"
                goal = ""
                if "goal_ratio" in figure:
                    met = "met" if figure["meets_goal"] else "MISSED"
                    met_cpu = "met" if figure["meets_goal_cpu"] else "MISSED"
                    goal = f"  <= {figure['goal_ratio']:g}x {met}, {met_cpu}"
                if "grid_cells" in figure:
                    goal += f" (grid of {figure['grid_cells']} cells)"
                if "kb" in figure:
                    goal += f" ({figure['kb']:g} KB of HTML)"
                print(
                    f"  {int(size):>9}  {name:<15}{figure['seconds']:>10.5f}"
                    f"{figure['cpu_seconds']:>10.5f}{mb:>8}"
                    f"{figure['ratio']:>8.2f}{figure['cpu_ratio']:>8.2f}{goal}"
                )
        verdict = "meets" if entry["largest_report_meets_goal"] else "misses"
        print(f"  report on the largest store {verdict} the goal ({GOAL_SECONDS} s, {GOAL_MB} MB)")
        verdict = "meet" if entry["pages_meet_goal"] else "miss"
        print(
            f"  the pages' store calls {verdict} the goal (each within {GOAL_PAGE_RATIO:g}x its"
            " time on the smallest store)"
        )
        verdict = "meet" if entry["routes_meet_goal"] else "miss"
        verdict_cpu = "meet" if entry["routes_meet_goal_cpu"] else "miss"
        print(f"  the pages as routes {verdict} the goal in wall time, {verdict_cpu} it in CPU")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--sizes", default="10k,200k,1m", help="answers per store (10k,200k,1m)")
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "all"), default="all")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per figure (median)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    sizes = [parse_size(part) for part in args.sizes.split(",") if part.strip()]
    backends = ["sqlite", "postgresql"] if args.backend == "all" else [args.backend]
    results = run(sizes, backends, max(args.runs, 1))
    if args.json:
        print(
            json.dumps(
                {"date": date.today().isoformat(), "load_average": _load(), "results": results},
                indent=1,
            )
        )
    else:
        _print(results)
        print(f"load average (1, 5, 15 min) at the end: {_load()}")
    return 0


def _load() -> list[float]:
    """The machine's load average: figures taken while other work runs are not comparable."""
    return [round(value, 2) for value in os.getloadavg()]


if __name__ == "__main__":
    raise SystemExit(main())
