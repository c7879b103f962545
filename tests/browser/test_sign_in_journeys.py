"""Signing in, joining with an invite, the forced password change and signing out, in
Chromium at tablet and phone size: each page passes axe and the 44 px touch-target check, and
each step leaves a screenshot in test-results/journeys/."""

from __future__ import annotations

import re

from playwright.sync_api import Dialog, Page, expect

from tests.browser.conftest import (
    PASSWORD,
    Console,
    People,
    Shots,
    check_page,
    heading,
    sign_in,
    sign_out,
    unique,
)

NEW_PASSWORD = "a new phrase for the night shift"


def test_a_person_signs_in_reaches_home_and_signs_out(
    page: Page, people: People, shot: Shots, viewport: str
) -> None:
    room = people.room()
    ana = people.person("Ana", room=room)
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/sign-in\?next=/$"))
    expect(heading(page, "Sign in")).to_be_visible()
    check_page(page)
    shot(page, "sign-in")

    page.get_by_label("Name", exact=True).fill(ana.name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(heading(page, f"Hello, {ana.name}")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text(room.name)
    check_page(page)
    shot(page, "home")

    sign_out(page, ana.name)
    expect(page.get_by_role("alert")).to_contain_text("You are signed out.")
    check_page(page)
    shot(page, "signed-out")
    page.goto("/")
    expect(heading(page, "Sign in")).to_be_visible()


def test_a_wrong_password_gets_one_message_and_keeps_the_name(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    _console_is_clean.allow(r"status of 401")
    ana = people.person("Ana")
    sign_in(page, ana.name, "not her password at all")
    expect(page.get_by_role("alert")).to_contain_text("That name and password do not match.")
    expect(page.get_by_label("Name", exact=True)).to_have_value(ana.name)
    expect(page.get_by_label("Password", exact=True)).to_have_value("")
    check_page(page)
    shot(page, "wrong-password")


def test_a_trainee_joins_a_room_with_an_invite_code(
    page: Page, people: People, shot: Shots, viewport: str
) -> None:
    room = people.room()
    code = people.invite(room)
    name = unique("Bea")
    page.goto("/sign-in")
    page.get_by_role("link", name="Join your training room").click()
    expect(heading(page, "Join a training room")).to_be_visible()
    check_page(page)
    shot(page, "join")

    page.get_by_label("Invite code").fill(code)
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Choose a password").fill(NEW_PASSWORD)
    page.get_by_label("Type it again").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Join").click()
    expect(heading(page, f"Hello, {name}")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text(f"{room.name} (trainee)")
    shot(page, "joined")

    sign_out(page, name)
    sign_in(page, name, NEW_PASSWORD)
    expect(heading(page, f"Hello, {name}")).to_be_visible()


def test_a_join_form_error_is_shown_beside_its_field_and_keeps_what_was_typed(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    _console_is_clean.allow(r"status of 422")
    code = people.invite(people.room())
    name = unique("Cy")
    page.goto("/join")
    page.get_by_label("Invite code").fill(code)
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Choose a password").fill("short")
    page.get_by_label("Type it again").fill("short")
    page.get_by_role("button", name="Join").click()
    password = page.get_by_label("Choose a password")
    expect(password).to_have_attribute("aria-invalid", "true")
    expect(password).to_have_accessible_description(re.compile("at least 8 characters"))
    expect(page.get_by_label("Your name")).to_have_value(name)
    expect(page.get_by_label("Invite code")).to_have_value(code)
    check_page(page)
    shot(page, "join-error")


def test_a_password_set_by_someone_else_is_changed_at_the_first_sign_in(
    page: Page, people: People, shot: Shots, viewport: str
) -> None:
    dan = people.person("Dan", must_change=True)
    sign_in(page, dan.name)
    expect(heading(page, "Change your password")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text("Your password was set for you")
    check_page(page)
    shot(page, "forced-password")

    page.goto("/")  # no way round it
    expect(heading(page, "Change your password")).to_be_visible()
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password").fill(NEW_PASSWORD)
    page.get_by_label("Type it again").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Change the password").click()
    expect(heading(page, f"Hello, {dan.name}")).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text("Your password is changed.")
    shot(page, "password-changed")

    sign_out(page, dan.name)
    sign_in(page, dan.name, NEW_PASSWORD)
    expect(heading(page, f"Hello, {dan.name}")).to_be_visible()


def test_an_unknown_page_is_a_plain_not_found_page(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    _console_is_clean.allow(r"status of 404")
    response = page.goto("/no-such-page")
    assert response is not None and response.status == 404
    expect(heading(page, "Not found")).to_be_visible()
    expect(page.get_by_role("link", name="Go to your home page")).to_be_visible()
    check_page(page)
    shot(page, "not-found")

    ana = people.person("Ana")
    sign_in(page, ana.name)
    response = page.goto("/rooms/999999/nothing")
    assert response is not None and response.status == 404
    expect(heading(page, "Not found")).to_be_visible()
    check_page(page)
    shot(page, "not-found-signed-in")


def test_a_hostile_name_is_shown_as_text_and_runs_nothing(page: Page, people: People) -> None:
    dialogs: list[str] = []

    def refuse(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    room = people.room('<img src=x onerror=alert(1)> "room"')
    eve = people.person("<script>alert('x')</script>", room=room)
    sign_in(page, eve.name)
    expect(heading(page, f"Hello, {eve.name}")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text(room.name)
    assert dialogs == []


def test_htmx_loads_under_the_content_security_policy(page: Page, people: People) -> None:
    ana = people.person("Ana")
    sign_in(page, ana.name)
    expect(heading(page, f"Hello, {ana.name}")).to_be_visible()
    # htmx (deferred) exists before the page's DOMContentLoaded, and reads its config from the
    # meta tag then: on a loaded machine the heading can show in between
    page.wait_for_load_state("domcontentloaded")
    page.wait_for_function("document.readyState !== 'loading'")
    assert page.evaluate("typeof htmx") == "object"
    assert page.evaluate("htmx.config.allowEval") is False
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False


def test_the_keyboard_alone_signs_in(page: Page, people: People) -> None:
    ana = people.person("Ana")
    page.goto("/sign-in")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to the content")).to_be_focused()
    page.keyboard.press("Enter")
    page.get_by_label("Name", exact=True).focus()
    page.keyboard.type(ana.name)
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password", exact=True)).to_be_focused()
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(heading(page, f"Hello, {ana.name}")).to_be_visible()
