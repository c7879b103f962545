"""Certificates in the browser, at tablet and phone size (issue 23, item 4): anyone opens a
certificate's verification page without signing in and reads that it is valid; the trainer
revokes it on the room's certificates page, with a reason; the page then says revoked, without
the reason; the trainee downloads their PDF. axe and the 44 px check on every page."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from playwright.sync_api import Page, expect

from dealer_trainer.store.certificates import issue_certificate, shown_id
from dealer_trainer.training.progress import open_store
from tests.browser.conftest import (
    Console,
    People,
    Shots,
    check_page,
    heading,
    sign_in,
    sign_out,
)


def test_a_certificate_verifies_then_the_trainer_revokes_it_and_the_page_says_so(
    page: Page, people: People, shot: Shots, viewport: str, _console_is_clean: Console
) -> None:
    room = people.room()
    boss = people.trainer("Mia", room)
    ana = people.person("Ana Pereira", room=room)
    issued = datetime.now(UTC) - timedelta(days=3)
    with open_store(people.database) as store:
        made = issue_certificate(
            store,
            trainee=ana.name,
            room_id=room.id,
            exam_id="dealer-cert-2026",
            exam_title="Hold'em dealer certification",
            ruleset="roberts",
            ruleset_version="dealer-trainer 0.1.0",
            score_percent=95.0,
            expires_at=issued + timedelta(days=730),
            issued_at=issued,
        )

    page.goto(f"/verify/{made.id}")  # nobody signed in
    expect(heading(page, "Certificate check")).to_be_visible()
    expect(page.get_by_text("Valid.")).to_be_visible()
    expect(page.get_by_text(ana.name)).to_be_visible()
    expect(page.get_by_text(shown_id(made.id))).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    check_page(page)
    shot(page, "verify-valid")

    sign_in(page, boss.name)
    page.goto(f"/rooms/{room.id}/certificates")
    expect(heading(page, "Certificates")).to_be_visible()
    check_page(page)
    shot(page, "room-certificates")
    page.get_by_label(re.compile(f"Why revoke {re.escape(ana.name)}")).fill("answers shared")
    page.get_by_role("button", name=f"Revoke {ana.name}'s certificate").click()
    expect(page.get_by_role("alert")).to_contain_text(f"{shown_id(made.id)} is revoked")
    expect(page.get_by_text("answers shared")).to_be_visible()
    check_page(page)
    shot(page, "revoked-in-the-room")
    sign_out(page, boss.name)

    page.goto(f"/verify/{made.id}")
    expect(page.get_by_text("Revoked.")).to_be_visible()
    expect(page.get_by_text("answers shared")).to_have_count(0)
    check_page(page)
    shot(page, "verify-revoked")

    sign_in(page, ana.name)
    page.goto("/certificates")
    expect(heading(page, "Your certificates")).to_be_visible()
    check_page(page)
    with page.expect_download() as download:
        page.get_by_role("link", name=re.compile("Download the PDF")).click()
    assert download.value.suggested_filename == f"certificate-{made.id}.pdf"
    shot(page, "trainee-certificates")
