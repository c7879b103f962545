"""Browser journeys on Debian's Chromium (pytest-playwright), against the real app in a thread.

- ``live_server``: the app (CSRF on, the sign-in limit on, no TESTING: errors are shown as
  a visitor sees them) on a temporary SQLite store, served by werkzeug's threaded server on a
  free port of 127.0.0.1; one per pytest(-xdist) worker. ``base_url`` makes ``page.goto("/")``
  work. Tests seed rooms and people straight into the store (``people``), each its own.
- The browser is Debian's headless Chromium, ``/usr/bin/chromium-headless-shell`` (package
  ``chromium-headless-shell``: the same Blink as ``/usr/bin/chromium`` without the desktop
  browser around it, half the CPU a page), else ``/usr/bin/chromium`` (and always with
  ``--headed``); ``DEALER_TRAINER_CHROMIUM`` names another. Playwright's own download is
  never used (``playwright install`` does not work on these machines). With no browser: the
  run fails when ``CI`` is set (.ci/run sets it), and the browser tests are skipped with the
  reason otherwise.
- Every test fails on a console error, an uncaught page error or any "Content Security
  Policy" message (``_console_is_clean``).
- ``VIEWPORTS``: tablet 768x1024 and phone 390x844, touch, reduced motion. A test takes the
  ``viewport`` fixture to run at both; ``shot(page, step)`` keeps a screenshot of each step
  in ``test-results/journeys/`` (CI keeps that folder as an artifact).
- ``check_axe(page)``: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules: no serious or
  critical violation. ``check_touch_targets(page)``: every control is at least 44x44 CSS px.

Locators are by role and label only: if a test cannot find a control by its role, neither can
a screen reader.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.base import AxeResults
from axe_playwright_python.sync_playwright import Axe
from flask import Flask
from playwright.sync_api import ConsoleMessage, Error, Page, expect
from werkzeug.serving import make_server

from dealer_trainer.accounts import TRAINEE, TRAINER, Accounts, Person, Room
from dealer_trainer.training.progress import open_store
from dealer_trainer.web import create_app
from tests.web.conftest import HASHER, PASSWORD

#: Debian's two builds of Chromium 156, the headless one first: one browser test file took
#: 10 s of CPU on it against 18 s on the desktop build, and the pages are the same Blink's
#: (docs/testing.md, "Where the time goes"). A headed run (``--headed``) needs the desktop one.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
DESKTOP = "/usr/bin/chromium"


def chromium(*, headed: bool = False) -> str:
    """The Chromium the tests drive: ``DEALER_TRAINER_CHROMIUM``, else the headless build
    when it is installed and the run is headless, else the desktop one."""
    named = os.environ.get("DEALER_TRAINER_CHROMIUM")
    if named:
        return named
    if not headed and os.path.exists(HEADLESS_SHELL):
        return HEADLESS_SHELL
    return DESKTOP


ARTIFACTS = Path(__file__).resolve().parents[2] / "test-results" / "journeys"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]
#: the smallest touch target we allow (WCAG 2.5.5 AAA; axe's wcag22aa checks only 24 px)
TOUCH = 44

#: expect() waits up to 15 s (Playwright's default is 5): on a 2-core CI machine running the
#: rest of the suite beside the browser (mypy, the long properties), a page can take that long
expect.set_options(timeout=15_000)

_CONTEXT = {"has_touch": True, "reduced_motion": "reduce"}
VIEWPORTS = [
    pytest.param(
        "tablet",
        marks=pytest.mark.browser_context_args(viewport={"width": 768, "height": 1024}, **_CONTEXT),
        id="tablet",
    ),
    pytest.param(
        "phone",
        marks=pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, **_CONTEXT),
        id="phone",
    ),
]


# --- the server ----------------------------------------------------------------------------


def _read_whole(app: Any) -> Any:
    """``app`` with each response read whole and its iterable closed before werkzeug's test
    server sends it. When the browser drops a connection mid-file (a page left while a static
    file loads), the dev server skips closing the response, and the open file of a static
    response ends as a ResourceWarning in whichever test collects it (seen in CI). The
    responses here are a page or a small static file."""

    def wrapped(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        iterable = app(environ, start_response)
        try:
            return [b"".join(iterable)]
        finally:
            close = getattr(iterable, "close", None)
            if close is not None:
                close()

    return wrapped


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, str]]:
    """The training room on a temporary SQLite store, in a thread of this process."""
    database = tmp_path_factory.mktemp("browser-store") / "room.sqlite3"
    app = create_app(
        {
            "DATABASE": str(database),
            "PASSWORD_HASHER": HASHER,  # cheap argon2 parameters: tests only
            "WTF_CSRF_ENABLED": True,
            "RATELIMIT_ENABLED": True,
        }
    )
    server = make_server("127.0.0.1", 0, _read_whole(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield app, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def base_url(live_server: tuple[Flask, str]) -> str:
    return live_server[1]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium, never Playwright's download."""
    executable = chromium(headed=browser_type_launch_args.get("headless") is False)
    if not os.path.exists(executable):
        message = (
            f"no Chromium at {executable}: apt-get install chromium-headless-shell chromium"
            " (or set DEALER_TRAINER_CHROMIUM); never `playwright install`"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": executable}


# --- people in the store -------------------------------------------------------------------


def unique(name: str) -> str:
    """A name no other test of this server uses (the server lives for the whole session)."""
    return f"{name} {secrets.token_hex(3)}"


@dataclass
class People:
    """Rooms, people and invites made straight in the live server's store."""

    database: str

    def _accounts(self) -> Accounts:
        return Accounts(open_store(self.database), HASHER)

    def room(self, name: str = "Evening shift", ruleset: str = "roberts") -> Room:
        accounts = self._accounts()
        try:
            return accounts.create_room(name=unique(name), ruleset=ruleset)
        finally:
            accounts.store.close()

    def person(
        self,
        name: str,
        *,
        room: Room | None = None,
        role: str = TRAINEE,
        admin: bool = False,
        must_change: bool = False,
    ) -> Person:
        accounts = self._accounts()
        try:
            person = accounts.create_person(
                name=unique(name), password=PASSWORD, admin=admin, must_change=must_change
            )
            if room is not None:
                accounts.add_member(room_id=room.id, person_id=person.id, role=role)
            return person
        finally:
            accounts.store.close()

    def trainer(self, name: str, room: Room) -> Person:
        return self.person(name, room=room, role=TRAINER)

    def invite(self, room: Room, role: str = TRAINEE) -> str:
        accounts = self._accounts()
        try:
            return accounts.create_invite(room_id=room.id, role=role, created_by=None)
        finally:
            accounts.store.close()


@pytest.fixture
def people(live_server: tuple[Flask, str]) -> People:
    return People(str(live_server[0].config["DATABASE"]))


# --- viewports and screenshots -------------------------------------------------------------


@pytest.fixture(params=VIEWPORTS)
def viewport(request: pytest.FixtureRequest) -> str:
    """The test runs at tablet and at phone size (the marks set the browser context)."""
    return str(request.param)


@dataclass
class Shots:
    """Screenshots of a journey's steps, named after the test, its viewport and the step."""

    folder: Path
    taken: list[Path] = field(default_factory=list)

    def __call__(self, page: Page, step: str) -> Path:
        path = self.folder / f"{len(self.taken) + 1:02d}-{re.sub(r'[^a-z0-9]+', '-', step)}.png"
        page.screenshot(path=str(path), full_page=True)
        self.taken.append(path)
        return path


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Shots:
    folder = ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    folder.mkdir(parents=True, exist_ok=True)
    return Shots(folder)


# --- what every browser test checks --------------------------------------------------------


@dataclass
class Console:
    """Console errors, uncaught page errors and CSP messages of every page of a context."""

    problems: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)

    def allow(self, pattern: str) -> None:
        """A message this test expects (the console notes every 4xx page it loads)."""
        self.allowed.append(re.compile(pattern))

    def watch(self, page: Page) -> Page:
        context = page.context
        if not getattr(context, "_dealer_trainer_watched", False):
            context._dealer_trainer_watched = True  # type: ignore[attr-defined]
            context.on("console", self._console)
            context.on("weberror", lambda error: self._error(error.error))
        return page

    def _console(self, message: ConsoleMessage) -> None:
        text = message.text
        if "Content Security Policy" in text:
            self.problems.append(f"CSP: {text} ({message.location})")
        elif message.type == "error" and not self._expected(text, message.location):
            self.problems.append(f"console {message.type}: {message.text} ({message.location})")

    def _expected(self, text: str, _location: dict[str, Any]) -> bool:
        return any(pattern.search(text) for pattern in self.allowed)

    def _error(self, error: Error) -> None:
        self.problems.append(f"page error: {error.name}: {error.message}")


@pytest.fixture(autouse=True)
def _console_is_clean(page: Page) -> Iterator[Console]:
    """Fail the test on any console error, page error or Content Security Policy message
    (a CSP refusal is how an inline script or an eval would show)."""
    console = Console()
    console.watch(page)
    yield console
    if console.problems:
        pytest.fail("the browser reported:\n" + "\n".join(console.problems), pytrace=False)


# --- helpers -------------------------------------------------------------------------------


def heading(page: Page, name: str | re.Pattern[str]) -> Any:
    """The page's one h1 (a locator)."""
    return page.get_by_role("heading", level=1, name=name)


def sign_in(page: Page, name: str, password: str = PASSWORD) -> None:
    """Sign in through the form, as a person would."""
    page.goto("/sign-in")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in").click()


def sign_out(page: Page, name: str) -> None:
    page.get_by_role("button", name=f"Sign out ({name})").click()
    expect(heading(page, "Sign in")).to_be_visible()


_AXE = Axe()
#: every WCAG A and AA rule is run; only the violations are reported in full (axe's
#: ``resultTypes``: the passes and the inapplicable rules keep one node each instead of every
#: node with its selector), which halves the time of a check and the half-megabyte answer
#: sent back from the browser on a long page; the violations found are the same
_AXE_OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}


#: axe.run with those options (what ``Axe.run`` evaluates after injecting the script)
_AXE_RUN = f"axe.run({json.dumps(_AXE_OPTIONS)}).then(results => results)"


def check_axe(page: Page) -> None:
    """axe-core (WCAG 2.0, 2.1, 2.2 at A and AA) finds no serious or critical violation.

    The half-megabyte axe-core script is sent and compiled once per document (``Axe.run``
    injects it on every call): a page checked again after an htmx swap already has it.

    It waits for the document's load event first: an assertion on the text can pass while the
    stylesheet is still on its way (a 304 revalidation), and axe would then measure the page
    unstyled (its links 17 px tall), a failure of the test's timing rather than of the page."""
    page.wait_for_load_state("load")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_AXE.axe_script)
    result = AxeResults(page.evaluate(_AXE_RUN))
    grave = [v for v in result.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not grave, f"{page.url}: " + "\n".join(
        result.generate_report(violation["id"]) for violation in grave
    )


#: what a person taps: the controls of the page (links inside a sentence are exempt, as in
#: WCAG 2.5.5), in the main content and in the top navigation
_TARGETS = """(least) => {
  const found = document.querySelectorAll(
    "main :is(button, a:not(p a), input:not([type=hidden]), select, textarea,"
    + " summary, [role=button]), header nav :is(a, button)");
  const small = [];
  for (const el of found) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if (box.width < least || box.height < least) {
      const name = (el.getAttribute("aria-label") || el.textContent || el.name || "").trim();
      const size = `${box.width.toFixed(0)}x${box.height.toFixed(0)}`;
      small.push(`${el.tagName.toLowerCase()} "${name}" ${size}`);
    }
  }
  return small;
}"""


def check_touch_targets(page: Page) -> None:
    """Every control the page offers is at least 44x44 CSS pixels at this viewport."""
    small = page.evaluate(_TARGETS, TOUCH)
    assert not small, f"{page.url}: controls under {TOUCH}x{TOUCH} px: {small}"


def check_page(page: Page) -> None:
    """The checks every page gets: axe and the touch targets."""
    check_axe(page)
    check_touch_targets(page)
