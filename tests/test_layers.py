"""The layers of the house (DESIGN.md) hold: the import-linter contracts in pyproject.toml are
kept (imports inside functions count), every module of the package sits in a layer, a planted
upward import breaks them, and the store imports nothing but the standard library, its drivers
and the three modules beneath it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "dealer_trainer"
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

#: the store's own modules may import these of the package (and nothing else of it)
STORE_MAY_IMPORT = {"store", "errors", "safetext", "roles"}
#: the store's drivers and its default folder (beside the standard library)
STORE_DRIVERS = {"psycopg", "platformdirs"}
#: the modules that are not the core: the two front ends and the entry point
FRONT = {"cli", "web", "__main__"}


def _contracts() -> dict[str, dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return {contract["id"]: contract for contract in contracts}


def _top_level_modules(package: Path = PACKAGE) -> set[str]:
    """The modules and subpackages directly in the package (``cards``, ``procedure``, ...)."""
    modules = {path.stem for path in package.glob("*.py") if path.stem != "__init__"}
    packages = {path.parent.name for path in package.glob("*/__init__.py")}
    return modules | packages


def _lint(cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", "pyproject.toml"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def _names(expressions: list[str]) -> set[str]:
    return {e.removeprefix("dealer_trainer.") for e in expressions if e.startswith("dealer_")}


def test_the_import_contracts_are_kept() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_every_module_of_the_package_sits_in_a_layer() -> None:
    layers = _contracts()["layers"]["layers"]
    placed = [
        name.strip() for layer in layers for part in layer.split("|") for name in part.split(":")
    ]
    assert sorted(placed) == sorted(_top_level_modules())


def test_the_contracts_name_every_module_outside_what_they_allow() -> None:
    modules = _top_level_modules()
    contracts = _contracts()
    assert _names(contracts["core"]["source_modules"]) == modules - FRONT
    assert _names(contracts["store"]["forbidden_modules"]) == modules - STORE_MAY_IMPORT


def test_the_store_imports_only_the_standard_library_and_its_drivers() -> None:
    graph = grimp.build_graph("dealer_trainer", include_external_packages=True, cache_dir=None)
    imported = {
        target
        for module in graph.find_descendants("dealer_trainer.store") | {"dealer_trainer.store"}
        for target in graph.find_modules_directly_imported_by(module)
    }
    outside = {t.split(".")[0] for t in imported if not t.startswith("dealer_trainer.")}
    assert outside <= set(sys.stdlib_module_names) | STORE_DRIVERS, outside
    inside = {t.split(".")[1] for t in imported if t.startswith("dealer_trainer.")}
    assert inside <= STORE_MAY_IMPORT, inside


@pytest.mark.parametrize(
    ("module", "planted", "contract"),
    [
        # an upward import inside a function, as a lazy import would be written
        ("cards.py", "def _up() -> None:\n    from dealer_trainer import scenario\n", "The house"),
        ("store/records.py", "from dealer_trainer.rules import rulesets\n", "store imports"),
        ("view.py", "import flask\n", "core never imports"),
        ("cli/rules.py", "from dealer_trainer.web import errors\n", "never import each other"),
    ],
)
def test_a_planted_import_breaks_its_contract(
    tmp_path: Path, module: str, planted: str, contract: str
) -> None:
    copy = tmp_path / "dealer_trainer"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "static"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    with (copy / module).open("a", encoding="utf-8") as file:
        file.write("\n\n" + planted)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    result = _lint(tmp_path, env)
    assert result.returncode != 0, result.stdout
    broken = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert any(contract in line for line in broken), result.stdout
