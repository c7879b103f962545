"""A paper exam as PDF (fpdf2): the form handed to the trainee, and its answer key, apart
(issue 23, item 5; docs/exams.md, "Paper exams").

The form (A4, portrait): a header with the exam's title, its ruleset, the form's seed and code,
and lines for the name and the date; then each item numbered, its table drawn as text in a
monospace block (the terminal's drawing: the lines are given, drawn by the caller), the
question, its options lettered A, B, C... and a box to write the answer in (an order question:
one box per step, the letters written in order; a number question: one box for the number).
The form names no right answer, no rule and no explanation: those are the key's.

The key: the same header with "Answer key", and per item the right letter (an order question:
the letters in order; a number question: the number), the right answer in words, and the rule
cited with its title. Its seed and code are the form's, so a key matches exactly one form;
every page of both carries them in its footer.

Cards are written as on the terminal, rank then suit letter (``Kc``, ``Td``, ``[]`` for a card
face down): the PDF core fonts hold Latin-1 only and have no suit symbols. Every text goes
through :func:`~dealer_trainer.certificate_pdf.latin1`.
"""

from __future__ import annotations

from collections.abc import Sequence

from fpdf import FPDF
from fpdf.recorder import FPDFRecorder

from dealer_trainer.certificate_pdf import latin1
from dealer_trainer.training.exam.paper import KeyItem, PaperForm, PaperItem

__all__ = ["CARDS_NOTE", "KEY_HEADING", "render_form", "render_key"]

#: how the form writes cards (the core fonts have no suit symbols)
CARDS_NOTE = (
    "Cards are written rank then suit: c clubs, d diamonds, h hearts, s spades; T is a ten "
    "(Kc: the king of clubs; Td: the ten of diamonds). [] is a card face down."
)
#: the key's heading (never on a form)
KEY_HEADING = "Answer key"
_WIDTH = 180.0  # A4 less two 15 mm margins
_HOW = {
    "choice": "Write the letter of your answer in the box.",
    "order": "Put the steps in order: write the letters in the boxes, first step first.",
    "type": "Write the number in the box.",
}


class _Paper(FPDF):
    """A4 portrait with the form's name, seed and code and the page number in each footer."""

    def __init__(self, form: PaperForm, what: str) -> None:
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.form_line = latin1(
            f"{what}: {form.exam_id}, form seed {form.seed}, form code {form.code}"
        )
        self.set_margins(15, 15, 15)
        self.set_auto_page_break(auto=True, margin=18)
        self.set_title(latin1(f"{form.title}: {what.lower()}, seed {form.seed}"))
        self.set_lang("en")
        self.set_creator("dealer-trainer")

    def footer(self) -> None:
        self.set_y(-13)
        self.set_font("Helvetica", "", 8)
        self.cell(_WIDTH / 2, 5, self.form_line)
        self.cell(_WIDTH / 2, 5, f"page {self.page_no()} of {{nb}}", align="R")


def _header(pdf: _Paper, form: PaperForm, heading: str) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.multi_cell(_WIDTH, 8, latin1(f"{form.title}: {heading}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    facts = (
        f"Exam {form.exam_id} under the {form.ruleset} rules. Form seed {form.seed}, form code "
        f"{form.code}. {len(form.items)} items, {form.time_limit}, pass mark {form.pass_mark}%."
    )
    pdf.multi_cell(_WIDTH, 5, latin1(facts), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)


def _answer_boxes(pdf: FPDF | FPDFRecorder, paper: PaperItem) -> None:
    pdf.set_font("Helvetica", "I", 9)
    pdf.cell(_WIDTH, 5, _HOW[paper.answered], new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(24, 9, "Your answer:")
    if paper.answered == "order":
        for _ in paper.options:
            pdf.cell(9, 9, "", border=1)
            pdf.cell(2, 9, "")
    elif paper.answered == "type":
        pdf.cell(40, 9, "", border=1)
        pdf.cell(20, 9, f"  {paper.unit}")
    else:
        pdf.cell(9, 9, "", border=1)
    pdf.ln(11)


def _item(pdf: _Paper, paper: PaperItem, table: Sequence[str], total: int) -> None:
    with pdf.unbreakable() as page:
        page.set_font("Helvetica", "B", 11)
        page.cell(_WIDTH, 7, f"Item {paper.position} of {total}", new_x="LMARGIN", new_y="NEXT")
        page.set_font("Courier", "", 8.5)
        page.set_fill_color(242, 242, 242)
        block = "\n".join(latin1(line) for line in table)
        page.multi_cell(_WIDTH, 4, block, fill=True, new_x="LMARGIN", new_y="NEXT")
        page.ln(1.5)
        page.set_font("Helvetica", "", 10)
        page.multi_cell(_WIDTH, 5, latin1(paper.ask), new_x="LMARGIN", new_y="NEXT")
        page.ln(1)
        for letter, label in paper.options:
            page.set_x(20)
            page.set_font("Helvetica", "B", 10)
            page.cell(7, 5, f"{letter}.")
            page.set_font("Helvetica", "", 10)
            page.multi_cell(_WIDTH - 12, 5, latin1(label), new_x="LMARGIN", new_y="NEXT")
        page.ln(1)
        _answer_boxes(page, paper)
        page.ln(3)


def render_form(form: PaperForm, tables: Sequence[Sequence[str]]) -> bytes:
    """The form's PDF; ``tables`` are the items' tables drawn as lines of text, in order."""
    if len(tables) != len(form.items):
        raise ValueError("one table drawing per item")
    pdf = _Paper(form, "Form")
    _header(pdf, form, "exam form")
    pdf.set_font("Helvetica", "", 11)
    pdf.ln(2)
    pdf.cell(110, 8, "Name: " + "_" * 40)
    pdf.cell(70, 8, "Date: " + "_" * 20, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    pdf.set_font("Helvetica", "", 9)
    pdf.multi_cell(_WIDTH, 4.5, CARDS_NOTE, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    for paper, table in zip(form.items, tables, strict=True):
        _item(pdf, paper, table, len(form.items))
    return bytes(pdf.output())


def render_key(form: PaperForm, key: Sequence[KeyItem]) -> bytes:
    """The answer key's PDF: per item the right letters (or number), in words, and the rule."""
    pdf = _Paper(form, "Key")
    _header(pdf, form, KEY_HEADING)
    pdf.set_font("Helvetica", "", 9)
    pdf.multi_cell(
        _WIDTH,
        4.5,
        "For the trainer only. It marks the form with this seed and form code only. Key the "
        "paper's answers in with: dealer-trainer exam record "
        f'{form.exam_id} --seed {form.seed} --trainee NAME --answers "1:B 2:A ..."',
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.ln(3)
    for row in key:
        with pdf.unbreakable() as page:
            page.set_font("Helvetica", "B", 10)
            heading = latin1(f"Item {row.position}: {row.letters}")
            page.cell(_WIDTH, 6, heading, new_x="LMARGIN", new_y="NEXT")
            page.set_font("Helvetica", "", 9)
            page.set_x(20)
            page.multi_cell(_WIDTH - 5, 4.5, latin1(row.expected), new_x="LMARGIN", new_y="NEXT")
            if row.rule:
                cited = f"Rule {row.rule}" + (f": {row.rule_title}" if row.rule_title else "")
                page.set_font("Helvetica", "I", 9)
                page.set_x(20)
                page.multi_cell(_WIDTH - 5, 4.5, latin1(cited), new_x="LMARGIN", new_y="NEXT")
            page.ln(2)
    return bytes(pdf.output())
