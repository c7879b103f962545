"""An item's id is exactly what its file says, and every reader reads the same one.

An id (and a family) is lower-case words joined by hyphens (docs/authoring.md): one that holds
a space, an invisible or a control character (a no-break space, an escaped tab, a zero-width
space) is refused by ``scenarios validate`` at its line and column, and left out of a quiz with
that place. The quick catalogue reader (top-level lines, no YAML parse) is proved to read what
the full reader reads, over ids written with odd characters, plain or quoted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.cli.main import main
from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import bank_dir, load_scenario
from dealer_trainer.scenario.reader import ID
from dealer_trainer.training.catalogue import _quick
from tests.strategies import examples

SOURCE = bank_dir() / "premature-turn" / "premature-turn-basic.yaml"
TEXT = SOURCE.read_text(encoding="utf-8")
FIRST = "id: premature-turn-basic\n"
assert TEXT.startswith(FIRST)
BODY = TEXT.removeprefix(FIRST)


@pytest.fixture(autouse=True)
def _plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)


# --- refused at their place ---------------------------------------------------------------------

ODD_ID_LINES = {
    "a no-break space, plain": "id: premature-turn-odd\u00a0",
    "an escaped tab in double quotes": 'id: "premature-turn-odd\\t"',
    "a zero-width space in double quotes": 'id: "premature-turn-odd\\u200b"',
    "a zero-width space, plain": "id: premature-turn-odd\u200b",
    "a leading space in single quotes": "id: ' premature-turn-odd'",
    "an escaped newline in double quotes": 'id: "premature-turn-odd\\n"',
}


@pytest.mark.parametrize("line", ODD_ID_LINES.values(), ids=ODD_ID_LINES.keys())
def test_validate_refuses_an_id_holding_an_invisible_character_at_its_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: str
) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(f"{line}\n{BODY}", encoding="utf-8")
    code = main(["scenarios", "validate", str(path)])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{path}:1:5: 'id' must be lower-case words joined by hyphens" in out
    assert "an invisible or a control character" in out


def test_validate_refuses_a_family_holding_an_invisible_character_at_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(f'{FIRST}family: "one-hand\\u00a0"\n{BODY}', encoding="utf-8")
    assert main(["scenarios", "validate", str(path)]) == 1
    assert f"{path}:2:9: 'family' must be lower-case words" in capsys.readouterr().out


def test_quiz_leaves_out_an_item_whose_id_ends_in_a_tab_and_names_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "good.yaml").write_text(TEXT, encoding="utf-8")
    (bank / "odd.yaml").write_text(f'id: "premature-turn-odd\\t"\n{BODY}', encoding="utf-8")
    answers = tmp_path / "answers.txt"
    answers.write_text("1\n1\n")
    db = tmp_path / "progress.sqlite3"
    common = ["--bank", str(bank), "--db", str(db), "--trainee", "Ana", "--answers", str(answers)]
    code = main(["quiz", *common, "--length", "all", "--seed", "1", "--json"])
    captured = capsys.readouterr()
    assert code == 0
    assert f"left out: {bank / 'odd.yaml'}:1:5: 'id' must be" in captured.err
    assert json.loads(captured.out)["asked"] == 1  # the good item alone


# --- the quick reader reads what the full reader reads ------------------------------------------

_ODD = ["\u00a0", "\t", " ", "\u200b", "\ufeff", "\u2028", "\r", "\x85", "#", ":", "'", '"']
_ODD += ["\\", "A", "\u00e9", "_", ".", "--", "0x1", "null", "yes", "2024-05-01", "~", "\x01"]
_PIECES = st.sampled_from(["premature", "turn", "-", "a", "7", *_ODD])


def _written(ident: str, style: str) -> str:
    """``ident`` as a YAML value in ``style``."""
    if style == "plain":
        return ident
    if style == "single":
        return "'" + ident.replace("'", "''") + "'"
    return json.dumps(ident, ensure_ascii=style == "double-escaped")


@settings(
    max_examples=examples(ci=150),
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    pieces=st.lists(_PIECES, min_size=1, max_size=8),
    style=st.sampled_from(["plain", "single", "double", "double-escaped"]),
    comment=st.booleans(),
    family=st.booleans(),
)
def test_the_quick_catalogue_reads_an_id_as_the_full_reader_does_or_leaves_it_to_it(
    tmp_path: Path, pieces: list[str], style: str, comment: bool, family: bool
) -> None:
    ident = "".join(pieces)
    if style == "plain" and "\n" in ident:  # a line break in a plain value is no id: new lines
        ident = ident.replace("\n", "")
    value = _written(ident, style)
    head = f"id: {value}" + (" # the id" if comment else "") + "\n"
    if family:
        head += f"family: {value}\n"
    path = tmp_path / "item.yaml"
    text = head + BODY
    path.write_text(text, encoding="utf-8")
    quick = _quick(path, text)
    try:
        full = load_scenario(path)
    except ScriptError:
        assert quick is None, (text[:80], quick)
        return
    assert ID.fullmatch(full.id), repr(full.id)  # the full reader never keeps an odd id
    if quick is not None:
        read = (quick.id, quick.topic, quick.difficulty, quick.ruleset, quick.family)
        assert read == (full.id, full.topic.slug, full.difficulty, full.ruleset.name, full.family)


@pytest.mark.parametrize(
    "line",
    ["id: 2024-05-01", "id: null", "id: 0x1f", "id: yes", "id: abc#not-a-comment"],
)
def test_the_quick_catalogue_leaves_a_value_yaml_reads_otherwise_to_the_full_reader(
    tmp_path: Path, line: str
) -> None:
    path = tmp_path / "item.yaml"
    text = f"{line}\n{BODY}"
    path.write_text(text, encoding="utf-8")
    assert _quick(path, text) is None
    with pytest.raises(ScriptError):
        load_scenario(path)


def test_the_quick_catalogue_leaves_a_difficulty_in_quotes_to_the_full_reader(
    tmp_path: Path,
) -> None:
    text = TEXT.replace("difficulty: 2\n", 'difficulty: "2"\n')
    assert text != TEXT
    path = tmp_path / "item.yaml"
    path.write_text(text, encoding="utf-8")
    assert _quick(path, text) is None
    with pytest.raises(ScriptError, match="'difficulty'"):
        load_scenario(path)
