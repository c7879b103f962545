"""The package as pip installs it: every subpackage listed, the bank and the corpus inside."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _setuptools() -> dict[str, object]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["tool"]["setuptools"]  # type: ignore[no-any-return]


def test_every_package_folder_is_listed_in_pyproject() -> None:
    listed = set(_setuptools()["packages"])  # type: ignore[call-overload]
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "dealer_trainer").rglob("__init__.py")
    }
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"


@pytest.mark.slow
def test_a_plain_install_ships_the_scenario_bank_the_rules_corpus_and_the_guide(
    tmp_path: Path,
) -> None:
    """Build the wheel `pip install .` would install (from a copy: no build/ left behind, none
    reused), and look inside it.
    """
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".venv", ".git", "build", "*.egg-info", "__pycache__", ".*_cache", "test-results"
        ),
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    (wheel,) = tmp_path.glob("dealer_trainer-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    bank = {name for name in names if name.startswith("dealer_trainer/bank/")}
    shipped = {
        "dealer_trainer/bank/" + path.relative_to(ROOT / "scenarios").as_posix()
        for path in (ROOT / "scenarios").rglob("*.yaml")
    }
    assert shipped and shipped == bank
    for data in ("rules.yaml", "glossary.yaml", "sources.yaml"):
        assert f"dealer_trainer/rules/data/{data}" in names
    assert "dealer_trainer/py.typed" in names
    # the training room's templates, static files (htmx vendored) and the password list
    web = ROOT / "dealer_trainer"
    for folder in ("web/templates", "web/static"):
        for path in (web / folder).rglob("*"):
            if path.is_file():
                assert "dealer_trainer/" + path.relative_to(web).as_posix() in names, path
    # every data file: the password list, the shipped exam blueprints
    for path in (web / "data").rglob("*"):
        if path.is_file():
            assert "dealer_trainer/" + path.relative_to(web).as_posix() in names, path
    assert "dealer_trainer/data/exams/tda-style-dealer.yaml" in names
    assert "dealer_trainer/data/common-passwords.txt" in names
    # the authoring guide the room serves (/guide/authoring) is docs/authoring.md, byte for byte
    shipped_guide = zipfile.ZipFile(wheel).read("dealer_trainer/guides/authoring.md")
    assert shipped_guide == (ROOT / "docs" / "authoring.md").read_bytes()
    assert not {name for name in names if name.startswith("dealer_trainer/guides/")} - {
        "dealer_trainer/guides/authoring.md"
    }, "only the guide the room serves is shipped from docs/"


def test_the_bank_is_found_in_a_checkout() -> None:
    from dealer_trainer.scenario import bank_dir

    assert bank_dir() == ROOT / "scenarios"
