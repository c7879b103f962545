"""A command writes only regular files: ``scenarios new --force --output PATH`` (and every
write through :func:`dealer_trainer.cli.files.write_atomically`) refuses a FIFO, a device, a
folder or a symbolic link at PATH, exit 2, naming the path and what it is, and leaves it as it
was; a FIFO or a file given where a folder is needed (``--bank``) is said to be one."""

from __future__ import annotations

import io
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from dealer_trainer.cli.files import NotARegularFile, write_atomically
from dealer_trainer.cli.main import main

NEW = ["scenarios", "new", "--error", "premature_turn", "--kind", "fact", "--yes"]


@pytest.fixture(autouse=True)
def _in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("DEALER_TRAINER_DB", raising=False)


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


def _link(tmp_path: Path) -> Path:
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    path = tmp_path / "link.yaml"
    path.symlink_to(target)
    return path


def _dangling(tmp_path: Path) -> Path:
    path = tmp_path / "dangling.yaml"
    path.symlink_to(tmp_path / "made-through-the-link.yaml")
    return path


def _folder(tmp_path: Path) -> Path:
    path = tmp_path / "folder.yaml"
    path.mkdir()
    return path


THINGS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "a FIFO": (_fifo, "a FIFO (named pipe)"),
    "a symbolic link": (_link, "a symbolic link"),
    "a dangling symbolic link": (_dangling, "a symbolic link"),
    "a folder": (_folder, "a folder"),
    "a device": (lambda _: Path("/dev/null"), "a character device"),
}


def _state(path: Path) -> tuple[int, str | None]:
    info = path.lstat()
    return stat.S_IFMT(info.st_mode), os.readlink(path) if path.is_symlink() else None


@pytest.mark.parametrize("thing", THINGS, ids=THINGS)
def test_scenarios_new_force_refuses_to_replace_anything_but_a_regular_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, thing: str
) -> None:
    make, words = THINGS[thing]
    path = make(tmp_path)
    before = _state(path)
    code = main([*NEW, "--force", "--output", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"--output {path}: it is {words}, not a regular file" in err
    assert _state(path) == before  # left as it was
    assert not (tmp_path / "made-through-the-link.yaml").exists()
    if thing == "a symbolic link":
        assert (tmp_path / "precious.txt").read_text() == "keep me\n"


def test_scenarios_new_force_still_replaces_a_regular_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "old.yaml"
    path.write_text("old\n")
    assert main([*NEW, "--force", "--output", str(path)]) == 0
    assert path.read_text().startswith("id: ") and not path.is_symlink()


def test_scenarios_new_without_force_refuses_a_symbolic_link_that_points_nowhere(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _dangling(tmp_path)
    assert main([*NEW, "--output", str(path)]) == 2
    assert "it is a symbolic link, not a regular file" in capsys.readouterr().err
    assert path.is_symlink()


@pytest.mark.parametrize("thing", ["a FIFO", "a symbolic link", "a folder"])
def test_every_atomic_write_refuses_anything_but_a_regular_file(tmp_path: Path, thing: str) -> None:
    make, words = THINGS[thing]
    path = make(tmp_path)
    with pytest.raises(NotARegularFile, match=re.escape(f"it is {words}")) as caught:
        write_atomically(path, "text\n")
    assert caught.value.exit_code == 2


@pytest.mark.parametrize("command", [["quiz", "--trainee", "Ana"], ["scenarios", "list"]])
def test_a_fifo_given_as_the_bank_is_said_to_be_a_fifo_not_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    fifo = _fifo(tmp_path)
    answers = tmp_path / "answers.txt"
    answers.write_text("1\n")
    extra = ["--answers", str(answers)] if command[0] == "quiz" else []
    code = main([*command, "--bank", str(fifo), *extra])
    err = capsys.readouterr().err
    assert code == 2
    assert f"--bank: {fifo} is not a folder: it is a FIFO (named pipe)" in err
    assert "no such" not in err
