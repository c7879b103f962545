"""Bad input never crashes, hangs, leaks or misleads (issue 14): one test per item.

A pit boss's or a trainee's mistake, or a hostile file, gets one clear line naming its place
(``file:line:col`` or ``FILE line N``) and exit 2; never a traceback, exit 70, a hang, a
password, or a secret read out of a file that is not what it was named as.
"""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_trainer.cards import Card
from dealer_trainer.cli.answers import AnswerLines, AnswersError, option_numbers
from dealer_trainer.cli.main import main
from dealer_trainer.errors import ScriptError, StoreError
from dealer_trainer.rules.rulesets import BUILTIN, is_ruleset_file, load_ruleset, resolve
from dealer_trainer.safetext import csv_cell, excerpt, printable
from dealer_trainer.store.adapters import redact as _redact
from dealer_trainer.store.testing import refuse_writes
from dealer_trainer.training.progress import Answer, NoStore, open_store
from dealer_trainer.yamlio import MAX_ALIASES, load, load_file, read_stream

SCRIPT = Path(sys.executable).parent / "dealer-trainer"
TIMEOUT = 20

HAND = "table: {seats: 3, button: 1}\nevents: [shuffle, cut, post_blinds, deal]\n"
HOUSE = "name: first-card-room\nbase: roberts\noptions:\n  exposed_misdeal_cards: 1\n"


def _alias_bomb(levels: int = 9, width: int = 9) -> str:
    """About 540 bytes, 72 aliases (under MAX_ALIASES), 9**9 values once expanded."""
    lines = ["a0: &a0 [" + ", ".join(["x"] * width) + "]"]
    for level in range(1, levels):
        refs = ", ".join([f"*a{level - 1}"] * width)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def _cli(
    capsys: pytest.CaptureFixture[str], *argv: str | Path, stdin: str | None = None
) -> tuple[int, str, str]:
    """The command line, in-process."""
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        code = main([str(arg) for arg in argv])
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err


def _installed(*argv: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command in a subprocess, with a timeout (for what could hang)."""
    return subprocess.run(
        [str(SCRIPT), *map(str, argv)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        cwd=cwd,
        env={**os.environ, "NO_COLOR": "1"},
    )


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    return lines[0]


# --- 1. a small file that expands to gigabytes ----------------------------------------------------


def test_an_alias_bomb_under_the_alias_limit_is_refused_by_its_expanded_size() -> None:
    bomb = _alias_bomb()
    assert len(bomb) < 700 and bomb.count("*") < MAX_ALIASES
    with pytest.raises(ScriptError) as caught:
        load(bomb, "bomb.yaml")
    assert "expands past twice its size" in caught.value.message
    assert caught.value.where is not None and caught.value.where.startswith("bomb.yaml:")


@pytest.mark.parametrize("field", ["difficulty", "topic", "deck"])
def test_an_alias_bomb_in_a_scenario_field_exits_2_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, field: str
) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(_alias_bomb() + f"{field}: *a8\n", encoding="utf-8")
    code, _, err = _cli(capsys, "scenarios", "validate", path)
    assert code == 1  # validate reports each bad file, and exits 1
    assert "expands past" in err + _cli(capsys, "replay", path)[2]


def test_a_recursive_alias_is_refused() -> None:
    with pytest.raises(ScriptError, match="inside its own anchor") as caught:
        load("events: &e [shuffle, *e]\n", "loop.yaml")
    assert caught.value.where == "loop.yaml:1:22"


def test_deep_nesting_is_refused_with_its_place() -> None:
    with pytest.raises(ScriptError, match="nested more than") as caught:
        load("a: " + "[" * 500 + "]" * 500 + "\n", "deep.yaml")
    assert caught.value.where is not None and caught.value.where.startswith("deep.yaml:1:")


def test_an_excerpt_of_a_huge_value_is_short_and_built_without_expanding_it() -> None:
    level: list[object] = ["x"] * 9
    for _ in range(9):
        level = [level] * 9  # 9**10 values if expanded
    shown = excerpt(level)
    assert len(shown) <= 70
    assert len(excerpt("y" * 10_000_000)) <= 70
    assert excerpt("\x1b]0;pwned\x07") == "'\\x1b]0;pwned\\x07'"


def test_a_card_that_is_not_text_is_shown_as_a_short_excerpt() -> None:
    with pytest.raises(ScriptError) as caught:
        Card.parse([["As"] * 1000] * 1000)
    assert len(caught.value.message) < 150


# --- 2. reading before checking ---------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    yield path


@pytest.mark.parametrize(
    "special", ["fifo", "/dev/zero", "folder"], ids=["fifo", "dev-zero", "folder"]
)
def test_a_special_file_is_refused_without_reading_it(
    special: str, fifo: Path, tmp_path: Path
) -> None:
    path = fifo if special == "fifo" else tmp_path if special == "folder" else Path(special)
    with pytest.raises(ScriptError) as caught:
        load_file(path, "scenario file")
    message = str(caught.value)
    assert "not a regular file" in message or "a folder, not a file" in message


def test_standard_input_is_read_up_to_the_cap_only() -> None:
    with (
        io.TextIOWrapper(io.BufferedReader(io.FileIO("/dev/zero"))) as endless,
        pytest.raises(ScriptError, match="at most 1,000,000 are read") as caught,
    ):
        read_stream(endless, "<stdin>")
    assert caught.value.where == "<stdin>:1:1"
    assert read_stream(io.TextIOWrapper(io.BytesIO(HAND.encode()))) == HAND
    with pytest.raises(ScriptError, match="not UTF-8") as caught:
        read_stream(io.TextIOWrapper(io.BytesIO(b"table:\n  seats: \xff\n")))
    assert caught.value.where == "<stdin>:2:10"


def test_a_file_over_the_cap_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with path.open("wb") as stream:
        stream.truncate(50_000_000)  # 50 MB of NUL bytes, sparse
    with pytest.raises(ScriptError, match="at most 1,000,000 are read") as caught:
        load_file(path)
    assert caught.value.where == f"{path}:1:1"


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "{fifo}"],
        ["scenarios", "validate", "{fifo}"],
        ["replay", "{script}"],  # its table names the FIFO as its house ruleset
        ["drill", "--trainee", "Ana", "--answers", "{fifo}", "--db", "{db}"],
        ["replay", "{zero_ruleset}"],
    ],
    ids=["script", "scenario", "ruleset", "answers", "dev-zero-ruleset"],
)
def test_a_fifo_or_a_device_never_blocks_a_command(
    argv: list[str], fifo: Path, tmp_path: Path
) -> None:
    script = tmp_path / "hand.yaml"
    script.write_text(f"table: {{seats: 3, ruleset: {fifo.name}}}\nevents: [shuffle]\n")
    zero = tmp_path / "zero.yaml"
    zero.symlink_to("/dev/zero")
    zero_script = tmp_path / "zero-hand.yaml"
    zero_script.write_text("table: {seats: 3, ruleset: zero.yaml}\nevents: [shuffle]\n")
    names = {"fifo": fifo, "script": script, "db": tmp_path / "p.db", "zero_ruleset": zero_script}
    done = _installed(*(part.format(**names) for part in argv))
    if argv[0] == "scenarios":  # validate lists each bad file on standard output, exit 1
        assert done.returncode == 1 and "not a regular file" in done.stdout, done.stdout
        return
    assert done.returncode == 2, done.stderr
    line = _one_line(done.stderr)
    assert "not a regular file" in line


# --- 3. house ruleset lookup ------------------------------------------------------------------


def test_a_house_ruleset_is_looked_up_beside_the_script_not_in_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    beside, elsewhere = tmp_path / "bank", tmp_path / "cwd"
    beside.mkdir()
    elsewhere.mkdir()
    (beside / "room.yaml").write_text(HOUSE)
    (elsewhere / "room.yaml").write_text(HOUSE.replace("roberts", "tda-2024"))
    monkeypatch.chdir(elsewhere)
    assert resolve("room.yaml", relative_to=beside).base == "roberts"
    assert resolve("room.yaml").base == "tda-2024"  # no referring file: the working folder


def test_a_file_that_is_not_a_ruleset_is_refused_and_nothing_of_it_is_echoed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    secrets = tmp_path / "settings.yaml"
    secrets.write_text("name: prod\ndb_password: hunter2\nhost: db.internal\n")
    script = tmp_path / "hand.yaml"
    script.write_text("table: {seats: 3, ruleset: settings.yaml}\nevents: [shuffle]\n")
    code, _, err = _cli(capsys, "replay", script)
    line = _one_line(err)
    assert code == 2 and "not a house ruleset file" in line
    for secret in ("db_password", "hunter2", "db.internal", "prod"):
        assert secret not in line


@pytest.mark.parametrize("name", ["/etc/passwd", "notes.txt", "/dev/zero"])
def test_only_yaml_files_are_read_as_rulesets(name: str) -> None:
    with pytest.raises(KeyError):
        resolve(name)


@pytest.mark.parametrize("builtin", sorted(BUILTIN))
def test_a_house_ruleset_cannot_take_a_builtin_name(tmp_path: Path, builtin: str) -> None:
    path = tmp_path / "fake.yaml"
    path.write_text(f"name: {builtin}\nbase: roberts\noptions: {{extra_card: misdeal}}\n")
    with pytest.raises(ScriptError, match="cannot take the built-in ruleset's name") as caught:
        load_ruleset(path)
    assert caught.value.where == f"{path}:1:7"


def test_a_ruleset_kept_in_a_bank_folder_is_recognised_as_one(tmp_path: Path) -> None:
    (tmp_path / "room.yaml").write_text(HOUSE)
    (tmp_path / "scenario.yaml").write_text("id: x\ntitle: y\n")
    (tmp_path / "broken.yaml").write_text("base: [\n")
    (tmp_path / "notes.txt").write_text(HOUSE)
    assert is_ruleset_file(tmp_path / "room.yaml")
    assert not is_ruleset_file(tmp_path / "scenario.yaml")
    assert not is_ruleset_file(tmp_path / "broken.yaml")
    assert not is_ruleset_file(tmp_path / "notes.txt")
    assert not is_ruleset_file(tmp_path)


# --- 4. passwords -----------------------------------------------------------------------------

PASSWORDS = ["S3cr/3t", "S3c?r3t", "S3c#r3t", "S3c@r3t", "S3c%r3t", "S3c r3t", "pw%2Fenc"]


@pytest.mark.parametrize("password", PASSWORDS)
def test_a_postgresql_password_never_appears_in_a_message(password: str) -> None:
    url = f"postgresql://coach:{password}@127.0.0.1:1/rooms?connect_timeout=2"
    with pytest.raises(StoreError) as caught:
        open_store(url)
    message = str(caught.value)
    assert caught.value.exit_code == 2
    assert message.startswith("cannot connect to the progress store at postgresql://coach:***@")
    for piece in {password, *password.replace("/", " ").replace("@", " ").split()}:
        if len(piece) > 2:
            assert piece not in message, message
    assert "S3c" not in message and "r3t" not in message


@pytest.mark.parametrize("password", PASSWORDS)
def test_the_shown_target_hides_every_password_form(password: str) -> None:
    url = f"postgresql://coach:{password}@db.example:5432/rooms"
    assert _redact(url) == "postgresql://coach:***@db.example:5432/rooms"
    assert "S3c" not in _redact(f"host=db password='{password}' dbname=rooms")


def test_the_cli_never_prints_a_password(capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql://coach:S3cr/3t@127.0.0.1:1/rooms?connect_timeout=2"
    code, _, err = _cli(capsys, "report", "--db", url)
    assert code == 2 and "S3cr" not in err and "3t@" not in err


# --- 6. YAML values that break the loader ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("table: {seats: 3}\nseed: 2024-13-45\nevents: []\n", "2:7", "as a date"),
        ("table: {seats: !!int abc}\nevents: []\n", "1:16", "as a whole number"),
        ("table: {seats: 3}\nseed: !!timestamp x\nevents: []\n", "2:7", "as a date"),
        ("table: {seats: 3}\nseed: " + "7" * 4301 + "\nevents: []\n", "2:7", "4,300 digits"),
        ("table: {seats: 3}\nevents: [shuffle]\n# \x1b]0;title\x07\n", "3:3", "not allowed"),
        ("table: {seats: 3}\nevents: [\x01]\n", "2:10", "not allowed"),
        ('table: {seats: 3, ruleset: "a\\0b.yaml"}\nevents: []\n', "1:28", "NUL"),
        ("table: {seats: 3}\n? [a]\n: 1\nevents: []\n", "2:3", "a key must be a plain value"),
        (
            "table: {seats: 3}\nevents: [post_blinds, deal, act: {seat: 1, action: null}]\n",
            "2:52",
            "unknown action",
        ),
    ],
    ids=[
        "bad-date",
        "int-abc",
        "timestamp-x",
        "4301-digits",
        "escape",
        "ctrl-a",
        "nul",
        "key",
        "null-action",
    ],
)
def test_a_value_yaml_cannot_build_is_refused_at_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, where: str, words: str
) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    code, _, err = _cli(capsys, "replay", path)
    line = _one_line(err)
    assert code == 2
    assert line.startswith(f"dealer-trainer: {path}:{where}: "), line
    assert words in line
    assert "\x1b" not in line and "\x07" not in line


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("name: x\nbase: [roberts]\n", ":2:7"),
        ("name: x\nbase: {roberts: 1}\n", ":2:7"),
        ("name: x\nbase: roberts\noptions: {extra_card: [burn]}\n", ":3:23"),
        ("name: x\nbase: roberts\noptions: {extra_card: {a: 1}}\n", ":3:23"),
        ("name: [x]\nbase: roberts\n", ":1:7"),
        ('name: "a\\x1bb"\nbase: roberts\n', ":1:7"),
    ],
)
def test_an_unhashable_or_odd_ruleset_value_is_a_clear_error(
    tmp_path: Path, text: str, where: str
) -> None:
    path = tmp_path / "room.yaml"
    path.write_text(text)
    with pytest.raises(ScriptError) as caught:
        load_ruleset(path)
    assert caught.value.where is not None and caught.value.where.endswith(where)


def test_not_utf8_and_utf16_yaml_files_are_refused_at_the_first_bad_byte(tmp_path: Path) -> None:
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"table: {seats: 3}\nevents: [shuffle] # caf\xe9\n")
    with pytest.raises(ScriptError, match="not UTF-8") as caught:
        load_file(latin)
    assert caught.value.where == f"{latin}:2:24"
    wide = tmp_path / "wide.yaml"
    wide.write_text(HAND, encoding="utf-16")
    with pytest.raises(ScriptError, match="UTF-16"):
        load_file(wide)


# --- 7. answers files -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "line", "words"),
    [
        (b"1\n2\n\xff\xfe3\n", 3, "not UTF-8"),
        (b"1\n\xc2\xb2\n", 2, "is not an option number"),  # superscript two
        ("1\n\u2460\n".encode(), 2, "is not an option number"),  # circled one
        (b"1\n" + b"9" * 5000 + b"\n", 2, "longer than"),
        (b"1\n" + b"9" * 900 + b"\n", 2, "is not an option number"),
        (b"1\n" + b"1 " * 3000 + b"\n", 2, "longer than"),
        ("\u0661\n".encode(), 1, "is not an option number"),  # Arabic-Indic one
    ],
    ids=[
        "latin1",
        "superscript",
        "circled",
        "5000-digits",
        "900-digits",
        "long-line",
        "arabic-indic",
    ],
)
def test_an_answer_line_that_cannot_be_used_names_the_file_and_line(
    tmp_path: Path, content: bytes, line: int, words: str
) -> None:
    path = tmp_path / "answers.txt"
    path.write_bytes(content)
    with AnswerLines(str(path)) as lines, pytest.raises(AnswersError) as caught:
        while (text := lines.next()) is not None:
            option_numbers(text, 4, lines.where)
    message = str(caught.value)
    assert message.startswith(f"{path} line {line}: "), message
    assert words in message and len(message) < 200
    assert caught.value.exit_code == 2


def test_an_answers_file_that_is_not_utf8_on_stdin_names_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stream = io.TextIOWrapper(io.BytesIO(b"1\n\xff\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stream)
    lines = AnswerLines("-")
    assert lines.next() == "1"
    with pytest.raises(AnswersError, match=r"^<stdin> line 2: not UTF-8"):
        lines.next()


def test_a_special_answers_file_is_refused(fifo: Path) -> None:
    for name in (str(fifo), "/dev/zero", str(fifo.parent)):
        with pytest.raises(AnswersError, match="cannot read the answers file"):
            AnswerLines(name)


# --- 8. output --------------------------------------------------------------------------------


def test_control_characters_of_user_text_are_escaped() -> None:
    assert printable("Ana\x1b]0;owned\x07") == "Ana\\x1b]0;owned\\x07"
    assert printable("evil\u202etxt.exe") == "evil\\u202etxt.exe"
    assert printable("two\nlines\tok", keep_lines=True) == "two\nlines\tok"
    assert printable("two\nlines") == "two\\x0alines"
    assert printable("Zoë 🂡") == "Zoë 🂡"


@pytest.mark.parametrize(
    "escaped", ["\\e]0;owned\\a", "\\x1b[2J", "\\0", "\\u202egnp.exe", "\\x9b31m"]
)
def test_text_in_a_file_never_carries_a_control_character_even_as_an_escape(
    escaped: str,
) -> None:
    text = f'id: x\ntitle: "Burns {escaped}"\n'
    with pytest.raises(ScriptError, match="control character") as caught:
        load(text, "scenario.yaml")
    assert caught.value.where == "scenario.yaml:2:8"
    assert load('title: "tab\\there\\nand a new line"\n')[0]["title"] == "tab\there\nand a new line"


def test_a_nul_in_a_ruleset_path_is_a_clear_error() -> None:
    with pytest.raises(ScriptError, match="NUL"):
        resolve("a\0b.yaml")


@pytest.mark.parametrize("cell", ['=HYPERLINK("http://x")', "+1", "-1+2", "@SUM(A1)", "\t=1"])
def test_a_csv_cell_that_starts_a_formula_is_neutralised(cell: str) -> None:
    assert csv_cell(cell) == "'" + cell
    assert csv_cell("Ana") == "Ana" and csv_cell(3) == 3


def _store_with(path: Path, trainee: str) -> None:
    with open_store(path) as store:
        session = store.start_session(trainee, "quiz")
        store.record(session, Answer(trainee, "item-1", "burns", "quiz", correct=True))


def test_report_csv_writes_no_live_formula(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "p.sqlite3"
    _store_with(db, '=HYPERLINK("http://evil","x")')
    code, out, _ = _cli(capsys, "report", "--db", db, "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[1][0] == '\'=HYPERLINK("http://evil","x")'


def test_report_text_escapes_a_trainee_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "p.sqlite3"
    _store_with(db, "Ana\x1b]0;owned\x07")
    code, out, _ = _cli(capsys, "report", "--db", db)
    assert code == 0 and "\x1b]" not in out and "\x07" not in out
    assert "Ana\\x1b]0;owned\\x07" in out


# --- 9. the store -----------------------------------------------------------------------------


def test_report_on_a_mistyped_store_is_an_error_and_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    typo = tmp_path / "progres.sqlite3"
    code, out, err = _cli(capsys, "report", "--db", typo)
    assert code == 2 and out == ""
    assert "no such file" in _one_line(err)
    assert not typo.exists() and list(tmp_path.iterdir()) == []
    with pytest.raises(NoStore):
        open_store(tmp_path / "sub" / "x.db", create=False)
    assert not (tmp_path / "sub").exists()


def test_a_database_without_the_schema_is_not_a_store_to_read(tmp_path: Path) -> None:
    import sqlite3

    other = tmp_path / "other.db"
    sqlite3.connect(other).close()
    with pytest.raises(NoStore, match="holds no dealer-trainer tables"):
        open_store(other, create=False)


def test_a_read_only_store_is_found_before_the_first_question(tmp_path: Path) -> None:
    with open_store(tmp_path / "p.sqlite3") as store:
        store.check_writable()  # a writable store passes, and nothing is left behind
        assert store.answers() == []
        refuse_writes(store)  # as a read-only file would (root writes to any file)
        with pytest.raises(StoreError, match="cannot keep answers in the progress store"):
            store.check_writable()


def test_a_tilde_user_that_does_not_exist_is_a_clear_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = _cli(capsys, "report", "--db", "~nosuchuser-dt/p.db")
    assert code == 2 and "there is no user 'nosuchuser-dt'" in _one_line(err)
    with pytest.raises(StoreError, match="no user"):
        open_store("~nosuchuser-dt/p.db")


PG_BASE = os.environ.get("DEALER_TRAINER_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def test_a_postgresql_schema_that_does_not_exist_is_a_clear_error() -> None:
    try:
        import psycopg

        psycopg.connect(PG_BASE, connect_timeout=3).close()
    except Exception:
        pytest.skip(f"no PostgreSQL server answers at {PG_BASE}")
    url = f"{PG_BASE}?options=-csearch_path%3Dno_such_schema_dt"
    for create in (True, False):
        with pytest.raises(StoreError, match="no schema of its search_path") as caught:
            open_store(url, create=create)
        assert "no_such_schema_dt" in str(caught.value)


def test_a_killed_writers_stale_temporary_file_is_swept_on_the_next_write(tmp_path: Path) -> None:
    import os
    import time

    from dealer_trainer.cli.files import STALE_SECONDS, write_atomically

    target = tmp_path / "settings.json"
    stale = tmp_path / ".settings.json.abc123.tmp"
    fresh = tmp_path / ".settings.json.def456.tmp"  # perhaps another process writing right now
    stale.write_text("{half")
    fresh.write_text("{half")
    old = time.time() - STALE_SECONDS - 5
    os.utime(stale, (old, old))
    write_atomically(target, "{}")
    assert target.read_text() == "{}"
    assert not stale.exists()
    assert fresh.exists()


def test_a_trainee_name_with_control_characters_is_refused_with_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dealer_trainer.cli.main import main

    code = main(["quiz", "--trainee", "Ana\x1b]0;pwned\x07", "--answers", "-", "--length", "1"])
    _, err = capsys.readouterr()
    assert code == 2
    assert "no control characters" in err
    assert "\x1b" not in err
