"""A roster of names from a CSV file (issue 27, item 15): one name a line or a ``name``
column; every bad line reported with its number; bounded in size and in names."""

from __future__ import annotations

import pytest

from dealer_trainer.accounts import MAX_INVITES
from dealer_trainer.errors import UsageError
from dealer_trainer.roster import MAX_ROSTER_BYTES, read_roster


def test_one_name_a_line_blank_lines_skipped_a_quoted_comma_kept() -> None:
    data = b'Ana Lima\r\n\r\nBo Chen\n  "Smith, Jo"  \n'
    assert read_roster(data) == ["Ana Lima", "Bo Chen", "Smith, Jo"]


def test_a_name_column_is_read_whatever_else_the_table_holds() -> None:
    data = "\ufeffShift,Name,Badge\nevening,Ana Lima,12\nmorning,Zoë,13\n".encode()
    assert read_roster(data) == ["Ana Lima", "Zoë"]


def test_every_bad_line_is_reported_with_its_number_and_nothing_is_read() -> None:
    data = b"Ana\nBo,Chen\nANA\nx\x07y\n\n" + b"L" * 61 + b"\n"
    with pytest.raises(UsageError) as caught:
        read_roster(data)
    message = caught.value.message
    assert "4 bad line(s)" in message
    assert "line 2: 2 cells" in message
    assert "line 3: ANA is already on line 1" in message
    assert "line 4: a name may not hold control characters" in message
    assert "line 6: a name has at most 60 characters" in message


def test_an_empty_name_in_a_name_column_is_reported_at_its_line() -> None:
    with pytest.raises(UsageError, match="line 3: a name is needed"):
        read_roster(b"name,shift\nAna,e\n,m\n")


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"A" * (MAX_ROSTER_BYTES + 1), "larger than 64 KB"),
        ("Zoë".encode("latin-1"), "not UTF-8"),
        (b"\n\n", "no names"),
        (b"name\n", "no names"),
        ("\n".join(f"P{n}" for n in range(MAX_INVITES + 1)).encode(), "at most 100"),
        (b'"Ana\nBo\n', "line 1: a name may not hold control characters"),
    ],
)
def test_a_roster_that_cannot_be_read_says_why(data: bytes, says: str) -> None:
    with pytest.raises(UsageError, match=says):
        read_roster(data)
