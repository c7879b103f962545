"""A certificate as a one-page PDF (fpdf2), with a QR code (segno) that opens its
verification page.

The page (A4, landscape) names the person, the exam, the ruleset and its version, the date
of issue, the expiry and the certificate's id (DESIGN.md, contract 3: no more; the score
stays in the training room), and prints the verification address
under the QR code. The QR code is drawn as squares, one per dark module (sharp at any print
size), inside :data:`QR_BOX`, and the same area is a link to the address (a PDF link
annotation), as is the printed address.

Fonts: fpdf2 ships no font of its own beyond the PDF core fonts, which hold Latin-1 only.
Text outside Latin-1 is written as near as Latin-1 allows (``Łukasz`` as ``Lukasz``, accents
Latin-1 lacks dropped, other characters as ``?``), never failing; when the person's name had
to be changed so, the page says that the verification page shows it in full (the page, being
HTML, shows every character). A certificate revoked or expired is still printed as issued:
what holds now is what the verification page says.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

import segno
from fpdf import FPDF

from dealer_trainer.store.certificates import Certificate, shown_id

__all__ = ["PAGE", "QR_BOX", "latin1", "render_certificate"]

#: the page's size in millimetres (A4, landscape)
PAGE = (297.0, 210.0)
#: where the QR code is drawn, quiet zone included: left, top, side, in millimetres
QR_BOX = (222.0, 128.0, 55.0)
#: the quiet zone around the QR code, in modules (the standard's four)
QR_BORDER = 4

#: letters that Unicode does not decompose, as written without their stroke
_NEAREST = str.maketrans(
    {
        "\u0141": "L",  # L with stroke
        "\u0142": "l",
        "\u0110": "D",  # D with stroke
        "\u0111": "d",
        "\u0126": "H",  # H with stroke
        "\u0127": "h",
        "\u0131": "i",  # dotless i
        "\u0152": "OE",
        "\u0153": "oe",
        "\u013f": "L",  # L with middle dot
        "\u0140": "l",
        "\u2018": "'",  # quotation marks
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",  # dashes
        "\u2014": "-",
        "\u2026": "...",
    }
)


def _latin1_char(char: str) -> str:
    if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs"):
        return ""
    if ord(char) <= 0xFF:
        return char
    near = char.translate(_NEAREST)
    if near != char:
        return near
    base = "".join(
        part
        for part in unicodedata.normalize("NFKD", char)
        if ord(part) <= 0xFF and not unicodedata.combining(part)
    )
    return base or "?"


def latin1(text: str) -> str:
    """``text`` as near as the PDF core fonts (Latin-1) can write it: every character kept
    that Latin-1 has, ``Ł`` as ``L``, an accent Latin-1 lacks dropped, any other character
    as ``?``, control characters left out."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(_latin1_char(char) for char in unicodedata.normalize("NFC", text))


def _date(when: datetime) -> str:
    return f"{when.day} {when:%B %Y}"


def _qr(pdf: FPDF, url: str) -> None:
    """The QR code of ``url`` in :data:`QR_BOX`: one black square per dark module (a row's
    touching modules as one rectangle), the whole box a link to ``url``."""
    code = segno.make(url, error="m", micro=False)
    rows = [list(row) for row in code.matrix_iter(scale=1, border=QR_BORDER)]
    left, top, side = QR_BOX
    module = side / len(rows)
    pdf.set_fill_color(0, 0, 0)
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            pdf.rect(left + start * module, top + y * module, (x - start) * module, module, "F")
    pdf.link(left, top, side, side, url)


def render_certificate(certificate: Certificate, url: str) -> bytes:
    """The PDF of ``certificate``, whose verification page is at ``url``."""
    pdf = FPDF(orientation="landscape", unit="mm", format="A4")
    pdf.set_auto_page_break(auto=False)
    pdf.set_margins(20, 20, 20)
    pdf.set_title(f"Certificate {shown_id(certificate.id)}")
    pdf.set_subject(certificate.exam_title)
    pdf.set_lang("en")
    pdf.set_creator("dealer-trainer")
    pdf.set_creation_date(certificate.issued_at)
    pdf.add_page()
    width = PAGE[0] - 40

    pdf.set_draw_color(40, 40, 40)
    pdf.set_line_width(0.8)
    pdf.rect(10, 10, PAGE[0] - 20, PAGE[1] - 20)

    pdf.set_y(24)
    pdf.set_font("Helvetica", "B", 28)
    pdf.cell(width, 14, "Certificate", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 14)
    pdf.cell(width, 10, "This certifies that", align="C", new_x="LMARGIN", new_y="NEXT")
    name = latin1(certificate.person_name)
    pdf.set_font("Helvetica", "B", 24)
    pdf.multi_cell(width, 12, name, align="C", new_x="LMARGIN", new_y="NEXT")
    if name != certificate.person_name:
        pdf.set_font("Helvetica", "I", 10)
        pdf.cell(
            width,
            6,
            "(the name in full is on the verification page)",
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
    pdf.set_font("Helvetica", "", 14)
    pdf.cell(width, 10, "passed the exam", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 18)
    pdf.multi_cell(
        width, 9, latin1(certificate.exam_title), align="C", new_x="LMARGIN", new_y="NEXT"
    )
    pdf.set_font("Helvetica", "", 11)
    pdf.cell(
        width,
        7,
        latin1(f"({certificate.exam_id})"),
        align="C",
        new_x="LMARGIN",
        new_y="NEXT",
    )

    details = (
        ("Ruleset", f"{certificate.ruleset} ({certificate.ruleset_version})"),
        ("Issued", _date(certificate.issued_at)),
        ("Expires", _date(certificate.expires_at)),
        ("Certificate id", shown_id(certificate.id)),
    )
    pdf.set_xy(20, 132)
    for label, value in details:
        pdf.set_font("Helvetica", "B", 12)
        pdf.cell(38, 8, f"{label}:")
        pdf.set_font("Helvetica", "", 12)
        pdf.cell(150, 8, latin1(value), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.set_xy(20, 170)
    pdf.cell(0, 5, "Check that it holds (valid, expired or revoked) at:", new_x="LMARGIN")
    pdf.set_xy(20, 175)
    pdf.multi_cell(195, 5, latin1(url), link=url)

    _qr(pdf, url)
    return bytes(pdf.output())
