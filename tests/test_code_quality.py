"""ruff and mypy stay clean, the core never imports the CLI or a terminal library, no module
grows past 500 lines, and an import inside a function is kept only where start-up needs it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_lint_is_clean() -> None:
    result = _run(str(BIN / "ruff"), "check", "dealer_trainer", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = _run(str(BIN / "ruff"), "format", "--check", "dealer_trainer", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict_is_clean() -> None:
    result = _run(str(BIN / "mypy"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_never_imports_the_cli_or_a_terminal_library() -> None:
    forbidden = ("dealer_trainer.cli", "questionary", "prompt_toolkit")
    for path in (ROOT / "dealer_trainer").rglob("*.py"):
        if "cli" in path.relative_to(ROOT / "dealer_trainer").parts[:1]:
            continue
        if path.name == "__main__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(forbidden), f"{path} imports {name}"


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


WEB_LIBRARIES = ("flask", "flask_login", "flask_wtf", "flask_limiter", "werkzeug", "waitress")


def test_core_never_imports_the_web_app_or_flask() -> None:
    for path in (ROOT / "dealer_trainer").rglob("*.py"):
        top = path.relative_to(ROOT / "dealer_trainer").parts[0]
        if top in ("web", "cli"):
            continue
        for name in _imports(path):
            assert not name.startswith(("dealer_trainer.web", *WEB_LIBRARIES)), (
                f"{path} imports {name}"
            )


def test_the_cli_and_the_web_app_never_import_each_other() -> None:
    for path in (ROOT / "dealer_trainer" / "cli").rglob("*.py"):
        for name in _imports(path):
            assert not name.startswith(("dealer_trainer.web", *WEB_LIBRARIES)), (
                f"{path} imports {name}"
            )
    for path in (ROOT / "dealer_trainer" / "web").rglob("*.py"):
        for name in _imports(path):
            assert not name.startswith(("dealer_trainer.cli", "questionary")), (
                f"{path} imports {name}"
            )


#: the most lines a module of the package may have (small modules with one job each)
MAX_LINES = 500
#: where an import inside a function needs no comment: the commands, which import only what
#: they run
LAZY_BY_DESIGN = ("cli/", "web/command.py")


def test_no_module_of_the_package_is_over_500_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): count
        for path in sorted((ROOT / "dealer_trainer").rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def _type_checking_blocks(tree: ast.Module) -> set[int]:
    """The line numbers of the imports under ``if TYPE_CHECKING:``."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def _says_start_up(lines: list[str], number: int) -> bool:
    """Whether the import on line ``number`` (from 1) says it is there for start-up: in a
    comment on its line or in the comment lines right above it."""
    if "#" in lines[number - 1] and "start-up" in lines[number - 1].split("#", 1)[1]:
        return True
    above = number - 2
    while above >= 0 and lines[above].strip().startswith("#"):
        if "start-up" in lines[above]:
            return True
        above -= 1
    return False


def _function_imports(source: str) -> list[int]:
    """The line numbers of the imports inside functions (not under TYPE_CHECKING)."""
    tree = ast.parse(source)
    checking = _type_checking_blocks(tree)
    found: set[int] = set()
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom) and node.lineno not in checking:
                    found.add(node.lineno)
    return sorted(found)


def test_an_import_inside_a_function_says_start_up_needs_it() -> None:
    package = ROOT / "dealer_trainer"
    unexplained: list[str] = []
    for path in sorted(package.rglob("*.py")):
        if path.relative_to(package).as_posix().startswith(LAZY_BY_DESIGN):
            continue
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for number in _function_imports(source):
            if not _says_start_up(lines, number):
                unexplained.append(
                    f"{path.relative_to(ROOT)}:{number}: {lines[number - 1].strip()}"
                )
    assert not unexplained, "imports inside functions with no start-up comment:\n" + "\n".join(
        unexplained
    )


def test_the_import_check_finds_an_unexplained_import_and_accepts_a_start_up_one() -> None:
    source = (
        "def a():\n"
        "    import json\n"
        "def b():\n"
        "    # start-up: loaded on use\n"
        "    import csv\n"
        "def c():\n"
        "    import zlib  # start-up: loaded on use\n"
        "def d():\n"
        "    if TYPE_CHECKING:\n"
        "        import io\n"
    )
    lines = source.splitlines()
    assert _function_imports(source) == [2, 5, 7]
    assert [_says_start_up(lines, n) for n in (2, 5, 7)] == [False, True, True]
