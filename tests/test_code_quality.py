"""ruff and mypy stay clean, and the core never imports the CLI or a terminal library."""

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
