"""The certificate's PDF (dealer_trainer.certificate_pdf): it renders (poppler's pdftoppm), its
text names the person, the exam, the ruleset and its version, the dates and the id, a name
outside Latin-1 does not break it, and its QR code is the verification address's.

How the QR code is checked without a QR decoder (one more dependency): the page is rendered
to pixels by pdftoppm, each module of the QR area is read at its centre, and the grid read
must equal, module for module, the QR code segno makes of the expected address (the quiet
zone included). A code of any other address differs in many modules (checked too), so the
test fails if the QR pointed elsewhere; and the pixels read are what a phone's camera sees.
The same address is the PDF's link annotation over the code."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
import segno
from PIL import Image

from dealer_trainer.certificate_pdf import PAGE, QR_BORDER, QR_BOX, latin1, render_certificate
from dealer_trainer.store.certificates import Certificate, new_public_id, shown_id

DPI = 150
BASE = "https://training.example.org"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:  # CI installs poppler-utils (.ci/run); locally, say what is missing
        (pytest.fail if os.environ.get("CI") else pytest.skip)(
            f"no {name}: apt-get install poppler-utils"
        )
    assert found is not None
    return found


def _certificate(name: str = "Ana Pereira") -> Certificate:
    return Certificate(
        id=new_public_id(),
        trainee_id=1,
        person_name=name,
        room_id=1,
        exam_id="dealer-cert-2026",
        exam_title="Hold'em dealer certification",
        ruleset="tda-2024",
        ruleset_version="dealer-trainer 0.1.0",
        issued_at=datetime(2026, 12, 3, 18, 0, tzinfo=UTC),
        expires_at=datetime(2028, 12, 2, 18, 0, tzinfo=UTC),
        attempt_id=None,
        score_percent=92.5,
    )


def _render(tmp_path: Path, certificate: Certificate, url: str) -> tuple[bytes, Image.Image]:
    pdf = render_certificate(certificate, url)
    path = tmp_path / "certificate.pdf"
    path.write_bytes(pdf)
    subprocess.run(
        [_tool("pdftoppm"), "-r", str(DPI), "-gray", "-png", "-singlefile", path, tmp_path / "p"],
        check=True,
        timeout=60,
    )
    return pdf, Image.open(tmp_path / "p.png").convert("L")


def _text(tmp_path: Path, pdf: bytes) -> str:
    path = tmp_path / "text.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(
        [_tool("pdftotext"), "-layout", path, "-"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return done.stdout.decode("utf-8")


def _modules(url: str) -> list[list[bool]]:
    code = segno.make(url, error="m", micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=QR_BORDER)]


def _read_qr(image: Image.Image, size: int) -> list[list[bool]]:
    """The QR area of the rendered page read as ``size`` x ``size`` modules, each dark or not
    at its centre."""
    left, top, side = QR_BOX
    scale = image.width / PAGE[0]  # pixels per millimetre
    assert abs(image.height / PAGE[1] - scale) < 0.01
    module = side / size
    return [
        [
            image.getpixel(
                (
                    round((left + (x + 0.5) * module) * scale),
                    round((top + (y + 0.5) * module) * scale),
                )
            )
            < 128
            for x in range(size)
        ]
        for y in range(size)
    ]


def test_the_qr_code_on_the_rendered_page_is_the_verification_address(tmp_path: Path) -> None:
    certificate = _certificate()
    url = f"{BASE}/verify/{certificate.id}"
    pdf, image = _render(tmp_path, certificate, url)
    assert pdf.startswith(b"%PDF-")
    expected = _modules(url)
    read = _read_qr(image, len(expected))
    assert read == expected
    # the comparison tells addresses apart: another certificate's code differs widely
    other = _modules(f"{BASE}/verify/{new_public_id()}")
    assert len(other) == len(expected)
    assert (
        sum(a != b for ra, rb in zip(read, other, strict=True) for a, b in zip(ra, rb, strict=True))
        > 50
    )


def test_the_qr_area_and_the_printed_address_link_to_the_verification_page(
    tmp_path: Path,
) -> None:
    certificate = _certificate()
    url = f"{BASE}/verify/{certificate.id}"
    pdf = render_certificate(certificate, url)
    links = re.findall(rb"/URI \(([^)]*)\)", pdf)
    assert links and {link.decode() for link in links} == {url}


def test_the_page_names_the_person_exam_ruleset_version_dates_and_id(tmp_path: Path) -> None:
    certificate = _certificate()
    text = _text(tmp_path, render_certificate(certificate, f"{BASE}/verify/{certificate.id}"))
    for shown in (
        "Ana Pereira",
        "Hold'em dealer certification",
        "dealer-cert-2026",
        "tda-2024 (dealer-trainer 0.1.0)",
        "3 December 2026",
        "2 December 2028",
        shown_id(certificate.id),
        f"{BASE}/verify/{certificate.id}",
    ):
        assert shown in text, shown
    assert "full is on the verification page" not in text  # the name is whole


def test_a_name_outside_latin1_renders_as_near_as_latin1_allows(tmp_path: Path) -> None:
    certificate = _certificate("Zoë Łukasz 李 Đorđe")
    url = f"{BASE}/verify/{certificate.id}"
    pdf, image = _render(tmp_path, certificate, url)
    text = _text(tmp_path, pdf)
    assert "Zoë Lukasz ? Dorde" in text
    assert "the name in full is on the verification page" in text
    assert _read_qr(image, len(_modules(url))) == _modules(url)


@pytest.mark.parametrize(
    ("given", "written"),
    [
        ("Ana", "Ana"),
        ("Zoë Müller-Lüdenscheidt", "Zoë Müller-Lüdenscheidt"),  # all Latin-1
        ("Łukasz Żółć", "Lukasz Zólc"),  # ó is Latin-1; Ż, ł, ć lose their marks
        ("Ștefan Dvořák", "Stefan Dvorák"),
        ("李小龍", "???"),
        ("Ann\u202eeb\x1b[2J", "Anneb[2J"),  # control and bidi characters left out
        ("O\u2019Neil \u2013 \u201cRed\u201d", 'O\'Neil - "Red"'),  # typographic marks
    ],
)
def test_latin1_keeps_what_it_can_and_never_fails(given: str, written: str) -> None:
    assert latin1(given) == written
    written.encode("latin-1")
