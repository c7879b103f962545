"""The training room under load: 50 simulated trainees at once against a live server.

A ``dealer-trainer serve`` process (waitress, its default 8 threads) on 127.0.0.1, on a fresh
SQLite file and on a fresh PostgreSQL schema in turn, with ``--trainees`` people (default 50)
in one room, their passwords hashed at production cost. As many client threads (the standard
library's ``http.client``, one kept-alive connection and one session cookie each) sign in
once, wait for each other, then each does, round after round and in turns:

* **bare**: ``GET /sign-in`` without the session cookie (on the trainee's connection: one
  connection each, as waitress serves at most 100 at once by default): the app's lightest
  page (a template, a form token, the headers). The baseline.
* **static**: ``GET /static/app.js``, a file through the same app, for scale.
* **home**: ``GET /`` signed in (the person loaded from the store, their rooms, the page).
* the **flow** under test (``--flow``):

  - ``home``: the signed-in home page above, a page drawn from the store;
  - ``sign-in``: ``POST /sign-in`` with the form token, then ``GET /``. The password check is
    argon2id at production cost (0.1 s of CPU on a quiet machine, several times that on a
    busy one), slow on purpose: it says how sign-ins at the start of a shift queue, not how
    an answer feels, and it slows every other route while it runs;
  - ``answer`` (the default): answer the current quiz item as htmx does (``POST
    /runs/<n>/items/<p>`` with ``HX-Request``: the feedback comes back in place), then the
    next page the feedback's "Next question" link names (``GET /runs/<n>/items/<p+1>``).
    Starting the quiz (``POST /quiz``, 20 questions) is not timed.

Every thread measures the bare route and the flow under the same load. The figure is the
p95 of the flow over the p95 of the bare route; **the goal (issue 17): at most 3** for
"answer-and-next-page". Absolute figures (p50, p95, max in milliseconds, requests per second)
are printed with it. Bounded: ``--rounds`` per trainee (default 20) and ``--seconds`` per
backend (default 60), whichever comes first.

Page weight: the sign-in page and the home page with everything they load (CSS, scripts
including htmx, pictures), as sent (waitress sends no compression). Goal: at most 150 KB each.

    .venv/bin/python benchmarks/web.py                      # SQLite, then PostgreSQL, ~1 min
    .venv/bin/python benchmarks/web.py --backend sqlite --rounds 10
    .venv/bin/python benchmarks/web.py --flow home
    .venv/bin/python benchmarks/web.py --json
    .venv/bin/python benchmarks/web.py --backend sqlite --tree /work/base --tree . --repeat 2

Side by side: ``--tree PATH`` (repeatable; ``.`` is this checkout) measures the server of
another checkout, which needs its own ``.venv`` (``python3 -m venv .venv && .venv/bin/pip
install -e '.[postgres]'``): its server and its trainees' seeding run with that interpreter
from that folder, so its own package is imported (each run prints the path it came from);
``--repeat N`` measures the trees in turn N times, so that they share the same minutes.

A deployed room, from another machine: ``--url https://training.example/ --user NAME`` with the
person's password in ``DEALER_TRAINER_BENCH_PASSWORD`` measures that room through its proxy
and TLS instead of starting a server (``--trainees`` sessions of that one person, each with
quizzes of its own; the server's CPU is not measured). The person is a trainee of one room
who has chosen their password (docs/deploy.md, "Sizing"). ``SSL_CERT_FILE`` names another CA
bundle (a test certificate).

    DEALER_TRAINER_BENCH_PASSWORD=... .venv/bin/python benchmarks/web.py \
        --url https://training.example/ --user "load test" --trainees 30

PostgreSQL: ``DEALER_TRAINER_TEST_PG`` (default ``postgresql://postgres@127.0.0.1:5432/test``);
each run makes its own schema and drops it. A backend that cannot be reached is reported as
skipped, with the reason.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

GOAL = 3.0  # p95 of the flow / p95 of the bare route, at most
WEIGHT_GOAL = 150 * 1024  # bytes per page, everything it loads included
PASSWORD = "benchmark phrase for the card room"
PG_BASE = os.environ.get("DEALER_TRAINER_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
START_TIMEOUT = 60.0


# --- a trainee's connection ------------------------------------------------------------------


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass(frozen=True)
class Endpoint:
    """Where the room is reached: a local ``serve`` (http on 127.0.0.1) or a deployed room
    (``--url``: http or https, through its proxy, by its name)."""

    host: str
    port: int
    tls: bool = False

    @classmethod
    def local(cls, port: int) -> Endpoint:
        return cls(host="127.0.0.1", port=port)

    @classmethod
    def of_url(cls, url: str) -> Endpoint:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise SystemExit(
                f"--url {url}: give the room's address, e.g. https://training.example/"
            )
        if parts.path not in ("", "/"):
            raise SystemExit(f"--url {url}: the room must be at the site's root (no path)")
        tls = parts.scheme == "https"
        return cls(host=parts.hostname, port=parts.port or (443 if tls else 80), tls=tls)

    def connect(self) -> http.client.HTTPConnection:
        if self.tls:  # the system's CAs (SSL_CERT_FILE names another bundle)
            return http.client.HTTPSConnection(self.host, self.port, timeout=120)
        return http.client.HTTPConnection(self.host, self.port, timeout=120)


@dataclass
class Browser:
    """One kept-alive connection and its session cookie, as one tablet."""

    endpoint: Endpoint
    cookie: str = ""
    connection: http.client.HTTPConnection | None = None

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        follow: bool = False,
        anonymous: bool = False,
    ) -> Reply:
        """A request on this connection; ``anonymous``: without the session cookie (and
        keeping none the reply sets), as a visitor who has not signed in."""
        for _ in range(5):
            reply = self._once(method, path, form, headers or {}, anonymous)
            location = reply.headers.get("Location")
            if not (follow and location and reply.status in (301, 302, 303, 307, 308)):
                return reply
            method, path, form = "GET", location, None
        return reply

    def _once(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None,
        extra: dict[str, str],
        anonymous: bool = False,
    ) -> Reply:
        headers = dict(extra)
        if self.cookie and not anonymous:
            headers["Cookie"] = self.cookie
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = self.endpoint.connect()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                reply = Reply(response.status, response.headers, response.read())
                break
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        for header in [] if anonymous else reply.headers.get_all("Set-Cookie") or []:
            if header.startswith(("session=", "__Host-session=")):  # https: __Host-session
                self.cookie = header.split(";", 1)[0]
        return reply

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


def token(html: str) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', html)
    if not found:
        raise SystemExit("a page carries no csrf-token meta")
    return found.group(1)


def sign_in(browser: Browser, name: str, password: str = PASSWORD) -> Reply:
    """Sign in through the form; the home page."""
    page = browser.request("GET", "/sign-in")
    done = browser.request(
        "POST",
        "/sign-in",
        {"name": name, "password": password, "csrf_token": token(page.text)},
    )
    if done.status not in (302, 303):
        raise SystemExit(f"{name} could not sign in: {done.status}")
    if done.headers.get("Location", "").startswith("/password"):
        raise SystemExit(
            f"{name} must choose a password first: sign in once in a browser and choose it, "
            "then give it in DEALER_TRAINER_BENCH_PASSWORD"
        )
    return browser.request("GET", "/")


# --- the flows -------------------------------------------------------------------------------


@dataclass
class Trainee:
    """One simulated trainee: their browser and what the flow keeps between rounds."""

    name: str
    browser: Browser
    password: str = PASSWORD
    home_page: str = ""  # the last home page (its form token signs in again)
    page: str = ""  # the last quiz page (answer flow)
    run: str = ""  # the quiz run under way (answer flow)


def bare(trainee: Trainee) -> None:
    reply = trainee.browser.request("GET", "/sign-in", anonymous=True)
    _expect(reply, 200, "GET /sign-in")


def static(trainee: Trainee) -> None:
    reply = trainee.browser.request("GET", "/static/app.js", anonymous=True)
    _expect(reply, 200, "GET /static/app.js")


def home(trainee: Trainee) -> None:
    reply = trainee.browser.request("GET", "/")
    _expect(reply, 200, "GET /")
    trainee.home_page = reply.text


def sign_in_and_home(trainee: Trainee) -> None:
    """The stand-in flow: sign in again (argon2id) and land on the home page."""
    form = {
        "name": trainee.name,
        "password": trainee.password,
        "csrf_token": token(trainee.home_page),
    }
    reply = trainee.browser.request("POST", "/sign-in", form)
    _expect(reply, 302, "POST /sign-in")
    home(trainee)


def start_quiz(trainee: Trainee) -> None:
    """Start a quiz from the home page's form (not timed): the first room, every topic
    offered, the longest length offered."""
    page = trainee.browser.request("GET", "/").text
    form = _quiz_form(page)
    reply = trainee.browser.request("POST", "/quiz", form, follow=True)
    _expect(reply, 200, "POST /quiz")
    found = re.search(r'action="(/runs/(\d+)/items/\d+)"', reply.text)
    if not found:
        raise SystemExit("starting a quiz did not land on a question")
    trainee.run = found.group(2)
    trainee.page = reply.text


def answer_and_next(trainee: Trainee) -> None:
    """Answer the current item as htmx does, then open the next page."""
    action, form = _answer_form(trainee.page)
    headers = {"HX-Request": "true", "X-CSRFToken": token_from_form(trainee.page)}
    reply = trainee.browser.request("POST", action, form, headers=headers)
    _expect(reply, 200, f"POST {action}")
    # the feedback's "Next question" link, as the trainee taps it (the summary after the last)
    link = re.search(
        r'href="(/runs/\d+/(?:items/\d+|summary))"[^>]*>(?:Next question|See your)', reply.text
    )
    target = link.group(1) if link else f"/runs/{trainee.run}"
    nxt = trainee.browser.request("GET", target, follow=True)
    _expect(nxt, 200, f"GET {target}")
    trainee.page = nxt.text


def token_from_form(html: str) -> str:
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
    return found.group(1) if found else token(html)


def _quiz_form(page: str) -> dict[str, str]:
    """The fields of the home page's quiz form: its hidden inputs, the first choice of each
    list but the length, where the longest is taken; no topic ticked (every topic)."""
    start = page.find('action="/quiz"')
    if start < 0:
        raise SystemExit("the home page has no quiz form (are the quiz pages merged?)")
    form_html = page[start : page.find("</form>", start)]
    fields: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", form_html):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if name and value and 'type="hidden"' in tag:
            fields[name.group(1)] = value.group(1)
    for name, options in re.findall(
        r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form_html, re.S
    ):
        values = re.findall(r'value="([^"]*)"', options)
        if values:
            fields[name] = values[-1] if name == "length" else values[0]
    return fields


def _answer_form(page: str) -> tuple[str, dict[str, str]]:
    """The answer form of an item page and a valid answer to it (the first option, a number,
    or for an order question one tap, which the next rounds continue)."""
    found = re.search(r'<form class="question" method="post" action="([^"]+)"', page)
    if not found:
        raise SystemExit("no question on the page")
    action = found.group(1)
    if 'name="option"' in page:
        return action, {"option": "1"}
    if 'name="number"' in page:
        return action, {"number": "10"}
    if 'name="step"' in page:
        return action, {"step": re.findall(r'name="step" value="(\d+)"', page)[0]}
    if 'name="done"' in page:
        return action, {"done": "1"}
    raise SystemExit("an item page with no answer control")


def _expect(reply: Reply, status: int, what: str) -> None:
    if reply.status != status:
        raise RuntimeError(f"{what}: {reply.status}, not {status}: {reply.text[:200]}")


# --- the server and its store ------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


#: run by a tree's own interpreter (``--tree``): a room and its trainees through that tree's
#: code (older trees keep ``open_store`` in ``dealer_trainer.progress``); prints the module path
SEED = """
import sys
from dealer_trainer.accounts import TRAINEE, Accounts
try:
    from dealer_trainer.training.progress import open_store
except ImportError:
    from dealer_trainer.progress import open_store
import dealer_trainer
target, password, names = sys.argv[1], sys.argv[2], sys.argv[3:]
with open_store(target) as store:
    accounts = Accounts(store)
    accounts.create_person(name="admin", password=password, admin=True)  # no first-start
    room = accounts.create_room(name="Benchmark room")
    for name in names:
        person = accounts.create_person(name=name, password=password)
        accounts.add_member(room_id=room.id, person_id=person.id, role=TRAINEE)
print(dealer_trainer.__file__)
"""


@dataclass(frozen=True)
class Tree:
    """The code a server runs: this checkout (``.``) or another one with its own ``.venv``
    (``--tree /path/to/checkout``), started from that checkout so its own package is the one
    imported."""

    path: Path
    python: str

    @classmethod
    def of(cls, value: str) -> Tree:
        if value == ".":
            return cls(path=Path(__file__).resolve().parent.parent, python=sys.executable)
        path = Path(value).resolve()
        python = path / ".venv" / "bin" / "python"
        if not python.exists():
            raise SystemExit(
                f"--tree {value}: no {python} (make one: python3 -m venv .venv "
                "&& .venv/bin/pip install -e '.[postgres]')"
            )
        return cls(path=path, python=str(python))


def seed(target: str, count: int, tree: Tree) -> tuple[list[str], str]:
    """A room and ``count`` trainees in it, their passwords hashed at production cost, by the
    tree's own code; the names and the path of the package that did it."""
    names = [f"trainee {i:02d}" for i in range(1, count + 1)]
    done = subprocess.run(
        [tree.python, "-c", SEED, target, PASSWORD, *names],
        cwd=tree.path,
        env=_server_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"seeding with {tree.path} failed: {done.stderr[-2000:]}")
    return names, done.stdout.strip().splitlines()[-1]


def _server_env() -> dict[str, str]:
    return {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DEALER_TRAINER_") and k != "PYTHONPATH"
    }


@contextmanager
def server(target: str, threads: int, tree: Tree) -> Iterator[tuple[int, int]]:
    """``dealer-trainer serve`` of ``tree`` on a free port of 127.0.0.1 (its port and process
    id), stopped afterwards. Its log goes to a temporary file (a pipe nobody reads fills up
    under load and stalls the server)."""
    port = _free_port()
    command = [tree.python, "-m", "dealer_trainer", "serve", "--db", target]
    command += ["--port", str(port), "--threads", str(threads)]
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(
            command, env=_server_env(), cwd=tree.path, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                if process.poll() is not None:
                    log.seek(0)
                    raise SystemExit(f"serve stopped ({process.returncode}): {log.read()[-2000:]}")
                try:
                    probe = Browser(Endpoint.local(port))
                    answered = probe.request("GET", "/sign-in").status == 200
                    probe.close()
                    if answered:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit(f"serve did not answer within {START_TIMEOUT:.0f} s")
                time.sleep(0.2)
            yield port, process.pid
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextmanager
def sqlite_target() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="dealer-trainer-bench-") as folder:
        yield str(Path(folder) / "room.sqlite3")


@contextmanager
def postgres_target() -> Iterator[str]:
    import psycopg

    schema = f"bench_{secrets.token_hex(6)}"
    with psycopg.connect(PG_BASE, autocommit=True, connect_timeout=3) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG_BASE, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def postgres_unavailable() -> str | None:
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed (pip install -e '.[postgres]')"
    try:
        with psycopg.connect(PG_BASE, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        return f"no PostgreSQL server answers at {PG_BASE}: {' '.join(str(exc).split())}"
    return None


# --- the load ----------------------------------------------------------------------------------


@dataclass
class Timings:
    samples: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, what: str, seconds: float) -> None:
        with self.lock:
            self.samples.setdefault(what, []).append(seconds)


def p95(values: list[float]) -> float:
    return (
        statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]
    )


def summary(values: list[float], wall: float) -> dict[str, float]:
    return {
        "count": len(values),
        "p50_ms": round(statistics.median(values) * 1000, 2),
        "p95_ms": round(p95(values) * 1000, 2),
        "max_ms": round(max(values) * 1000, 2),
        "per_second": round(len(values) / wall, 1),
    }


FLOWS: dict[str, Callable[[Trainee], None]] = {
    "home": home,
    "sign-in": sign_in_and_home,
    "answer": answer_and_next,
}


def load(
    endpoint: Endpoint,
    names: list[str],
    flow: str,
    rounds: int,
    seconds: float,
    pid: int | None = None,
    password: str = PASSWORD,
) -> dict[str, Any]:
    """Every trainee signs in, then all start together: per round, the bare route, the flow,
    the home page and a static file, in an order that rotates with the round."""
    timings = Timings()
    ready = threading.Barrier(len(names) + 1)
    # signing in costs an argon2id check at production cost each: a few at a time, so that
    # the setup does not queue 50 of them at once behind the server's threads
    signing_in = threading.Semaphore(4)
    measured: list[tuple[str, Callable[[Trainee], None]]] = [("bare", bare), ("static", static)]
    measured += [("home", home)] if flow == "home" else [(flow, FLOWS[flow]), ("home", home)]

    def trainee_thread(name: str) -> None:
        trainee = Trainee(name, Browser(endpoint), password)
        try:
            with signing_in:
                trainee.home_page = sign_in(trainee.browser, name, password).text
            if flow == "answer":
                start_quiz(trainee)
        except BaseException as exc:  # the barrier must not wait for a dead thread
            timings.errors.append(f"{name}: {exc}")
            ready.abort()
            return
        try:
            ready.wait()
        except threading.BrokenBarrierError:
            return
        stop_at = time.monotonic() + seconds
        try:
            for round_number in range(rounds):
                if time.monotonic() > stop_at:
                    break
                shift = round_number % len(measured)
                for what, work in measured[shift:] + measured[:shift]:
                    if what == "answer" and not trainee.page.count('class="question"'):
                        start_quiz(trainee)  # the last quiz ended: a new one, not timed
                    started = time.perf_counter()
                    work(trainee)
                    timings.add(what, time.perf_counter() - started)
        except Exception as exc:
            timings.errors.append(f"{name}: {exc}")
        finally:
            trainee.browser.close()

    threads = [threading.Thread(target=trainee_thread, args=(n,), daemon=True) for n in names]
    for thread in threads:
        thread.start()
    try:
        ready.wait()
    except threading.BrokenBarrierError:
        raise SystemExit("a trainee could not start: " + "; ".join(timings.errors[:3])) from None
    began = time.monotonic()
    client_began, server_began = time.process_time(), _cpu_seconds(pid)
    for thread in threads:
        thread.join()
    wall = time.monotonic() - began
    client_cpu, server_ended = time.process_time() - client_began, _cpu_seconds(pid)
    if timings.errors:
        raise SystemExit(f"{len(timings.errors)} trainees failed: " + "; ".join(timings.errors[:3]))
    figures = {what: summary(values, wall) for what, values in timings.samples.items()}
    ratio = p95(timings.samples[flow]) / p95(timings.samples["bare"])
    rounds_done = len(timings.samples[flow])
    server_cpu = (
        None if server_began is None or server_ended is None else server_ended - server_began
    )
    return {
        "wall_seconds": round(wall, 1),
        # CPU per round (every route of the round once, and the untimed quiz starts): what a
        # busy machine's load average does not change much, unlike the wall times
        "server_cpu_ms_per_round": (
            None if server_cpu is None else round(server_cpu * 1000 / rounds_done, 2)
        ),
        "client_cpu_ms_per_round": round(client_cpu * 1000 / rounds_done, 2),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "routes": figures,
        "ratio": round(ratio, 2),
        "home_ratio": round(p95(timings.samples["home"]) / p95(timings.samples["bare"]), 2),
        "meets_goal": ratio <= GOAL,
    }


def _cpu_seconds(pid: int | None) -> float | None:
    """The user and system CPU seconds process ``pid`` has used (Linux's /proc; None
    elsewhere)."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- page weight -------------------------------------------------------------------------------


def weight(browser: Browser, path: str) -> dict[str, Any]:
    """The page at ``path`` and everything it loads, in bytes as sent."""
    page = browser.request("GET", path)
    _expect(page, 200, f"GET {path}")
    assets = re.findall(r'<(?:script|img)[^>]+src="(/[^"]+)"', page.text)
    assets += re.findall(r'<link[^>]+href="(/static/[^"]+)"', page.text)
    parts = {path: len(page.body)}
    for asset in dict.fromkeys(assets):
        reply = Browser(browser.endpoint).request("GET", asset)
        _expect(reply, 200, f"GET {asset}")
        parts[asset] = len(reply.body)
    total = sum(parts.values())
    return {"bytes": total, "parts": parts, "meets_goal": total <= WEIGHT_GOAL}


def page_weights(endpoint: Endpoint, name: str, password: str = PASSWORD) -> dict[str, Any]:
    anonymous = Browser(endpoint)
    signed_in = Browser(endpoint)
    sign_in(signed_in, name, password)
    return {"sign-in": weight(anonymous, "/sign-in"), "home": weight(signed_in, "/")}


# --- main --------------------------------------------------------------------------------------


def run_backend(backend: str, args: argparse.Namespace, tree: Tree) -> dict[str, Any]:
    if backend == "postgresql":
        reason = postgres_unavailable()
        if reason:
            return {"skipped": reason}
    target_of = sqlite_target if backend == "sqlite" else postgres_target
    with target_of() as target:
        names, code = seed(target, args.trainees, tree)
        with server(target, args.threads, tree) as (port, pid):
            local = Endpoint.local(port)
            result = load(local, names, args.flow, args.rounds, args.seconds, pid)
            result["page_weight"] = page_weights(local, names[0])
    return {"tree": str(tree.path), "commit": _commit(tree.path), "code": code, **result}


def run_deployed(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """A deployed room (``--url``): ``--trainees`` sessions of the person ``--user``, each
    with quizzes of its own; the server's CPU is not measured (it is elsewhere)."""
    password = os.environ.get("DEALER_TRAINER_BENCH_PASSWORD")
    if not args.user or not password:
        raise SystemExit(
            "--url needs --user NAME and the person's password in DEALER_TRAINER_BENCH_PASSWORD "
            "(never on the command line); docs/deploy.md, 'Sizing', says how to make them"
        )
    endpoint = Endpoint.of_url(args.url)
    names = [args.user] * args.trainees
    result = load(endpoint, names, args.flow, args.rounds, args.seconds, None, password)
    result["page_weight"] = page_weights(endpoint, args.user, password)
    return {args.url: {"tree": args.url, "commit": "-", "code": args.url, **result}}


def _commit(path: Path) -> str:
    """The tree's commit, ``-dirty`` when it has changes not committed."""
    done = subprocess.run(
        ["git", "-C", str(path), "describe", "--always", "--dirty"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or "?"


def run_all(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """Each backend, and on it each tree in turn (``--repeat`` times, alternating), so that
    the trees are measured in the same minutes; keyed by backend (and tree, and turn)."""
    trees = [Tree.of(value) for value in args.tree or ["."]]
    backends = ["sqlite", "postgresql"] if args.backend == "all" else [args.backend]
    results: dict[str, dict[str, Any]] = {}
    for backend in backends:
        for turn in range(1, args.repeat + 1):
            for number, tree in enumerate(trees, 1):
                key = backend
                if len(trees) > 1:
                    key += f" tree {number} ({tree.path.name})"
                if args.repeat > 1:
                    key += f" #{turn}"
                results[key] = run_backend(backend, args, tree)
    return results


def report(result: dict[str, Any], args: argparse.Namespace) -> None:
    print(
        f"{args.trainees} trainees, flow '{args.flow}', up to {args.rounds} rounds or "
        f"{args.seconds:.0f} s; "
        + (f"the room at {args.url}" if args.url else f"serve --threads {args.threads}")
        + f"; {platform.python_version()}, {os.cpu_count()} CPUs (this machine)"
    )
    for backend, figures in result["backends"].items():
        if "skipped" in figures:
            print(f"\n{backend}: skipped: {figures['skipped']}")
            continue
        load_average = " ".join(f"{x:g}" for x in figures["load_average"])
        print(
            f"\n{backend} ({figures['wall_seconds']} s under load; machine load average "
            f"{load_average} at the end)\n  code: {figures['code']} at {figures['commit']}"
        )
        print(
            f"  {'route':<10} {'count':>6} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9} {'req/s':>7}"
        )
        for what, row in figures["routes"].items():
            print(
                f"  {what:<10} {row['count']:>6} {row['p50_ms']:>9.1f} {row['p95_ms']:>9.1f} "
                f"{row['max_ms']:>9.1f} {row['per_second']:>7.1f}"
            )
        verdict = "meets" if figures["meets_goal"] else "MISSES"
        also = "" if args.flow == "home" else f"; home / bare = {figures['home_ratio']:.2f}"
        print(
            f"  p95 {args.flow} / p95 bare = {figures['ratio']:.2f} ({verdict} the goal of "
            f"{GOAL:g}){also}"
        )
        server_cpu = figures["server_cpu_ms_per_round"]
        print(
            f"  CPU per round: server {'?' if server_cpu is None else f'{server_cpu:.1f}'} ms, "
            f"client {figures['client_cpu_ms_per_round']:.1f} ms"
        )
        for page, found in figures["page_weight"].items():
            mark = "ok" if found["meets_goal"] else "OVER"
            parts = ", ".join(f"{k} {v / 1024:.1f}" for k, v in found["parts"].items())
            print(f"  page weight {page}: {found['bytes'] / 1024:.1f} KB ({mark}; {parts})")
    if args.flow == "sign-in":
        print(
            "\nThe 'sign-in' flow is the stand-in until the quiz pages are merged: its argon2id "
            "check is slow on purpose. Run --flow answer for the goal."
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "all"], default="all")
    parser.add_argument("--flow", choices=sorted(FLOWS), default="answer")
    parser.add_argument("--trainees", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=20, help="rounds per trainee, at most")
    parser.add_argument("--seconds", type=float, default=60.0, help="per backend, at most")
    parser.add_argument("--threads", type=int, default=8, help="the server's threads")
    parser.add_argument(
        "--tree",
        action="append",
        metavar="PATH",
        help="a checkout whose server is measured, with its own .venv (repeat it to measure "
        "several side by side; '.' is this one; default: this one)",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="measure each tree this many times, alternating"
    )
    parser.add_argument(
        "--url",
        help="measure the room deployed there (http:// or https://, its root) instead of a "
        "server started here; with --user (the password in $DEALER_TRAINER_BENCH_PASSWORD)",
    )
    parser.add_argument(
        "--user",
        help="with --url: the person every simulated trainee signs in as (a trainee of one "
        "room, password already chosen)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    if args.url and (args.tree or args.backend != "all"):
        parser.error("--url measures a deployed room: --tree and --backend do not apply")
    if args.trainees < 1 or args.rounds < 1 or args.seconds <= 0 or args.repeat < 1:
        parser.error("--trainees, --rounds, --seconds and --repeat must be positive")
    result = {
        "trainees": args.trainees,
        "flow": args.flow,
        "goal": GOAL,
        "weight_goal_bytes": WEIGHT_GOAL,
        "backends": run_deployed(args) if args.url else run_all(args),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
