"""The package as pip installs it: every subpackage listed, the bank and the corpus inside."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
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


def _git(*args: str, cwd: Path) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=test", "-c", "user.email=test@example.org", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def _tagged_clone(tmp_path: Path) -> tuple[Path, str]:
    """A clone of this repository whose last commit comes one after a release tag v7.3.0 (on a
    commit of its own, so that no real tag competes): the clean clone CI and docs/deploy.md
    build in; and its last commit's hash."""
    try:
        _git("rev-parse", "--git-dir", cwd=ROOT)
    except (subprocess.CalledProcessError, FileNotFoundError):
        pytest.skip("the version comes from git: this test needs the repository's history")
    clone = tmp_path / "clone"
    # git's own local clone: the object files (never written again) hard-linked, not copied
    _git("clone", "--quiet", str(ROOT), str(clone), cwd=tmp_path)
    _git("commit", "--quiet", "--allow-empty", "-m", "the release", cwd=clone)
    _git("tag", "v7.3.0", cwd=clone)
    _git("commit", "--quiet", "--allow-empty", "-m", "a fix after it", cwd=clone)
    return clone, _git("rev-parse", "HEAD", cwd=clone)


@pytest.mark.slow
def test_a_wheel_built_in_a_clone_ships_the_bank_the_corpus_and_the_guide_and_names_its_commit(
    tmp_path: Path,
) -> None:
    """Build the wheel as docs/deploy.md does (`python -m build --wheel` in a clone: nothing of
    this tree's build/ reused), install it, and look inside. Its version comes from the git
    tag: the commit after v7.3.0 is 7.3.1.dev1+g<hash>, and the installed command says so."""
    clone, commit = _tagged_clone(tmp_path)
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path), str(clone)],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    (wheel,) = tmp_path.glob("dealer_trainer-*.whl")
    named = re.fullmatch(
        r"dealer_trainer-(7\.3\.1\.dev1\+g([0-9a-f]{7,}))-py3-none-any\.whl", wheel.name
    )
    assert named and commit.startswith(named.group(2)), (wheel.name, commit)
    version = named.group(1)
    names = set(zipfile.ZipFile(wheel).namelist())
    bank = {name for name in names if name.startswith("dealer_trainer/bank/")}
    shipped = {
        "dealer_trainer/bank/" + path.relative_to(clone / "scenarios").as_posix()
        for path in (clone / "scenarios").rglob("*.yaml")
    }
    assert shipped and shipped == bank
    for data in ("rules.yaml", "glossary.yaml", "sources.yaml"):
        assert f"dealer_trainer/rules/data/{data}" in names
    assert "dealer_trainer/py.typed" in names
    # the training room's templates, static files (htmx vendored) and the password list
    package = clone / "dealer_trainer"
    for folder in ("web/templates", "web/static"):
        for path in (package / folder).rglob("*"):
            if path.is_file():
                assert "dealer_trainer/" + path.relative_to(package).as_posix() in names, path
    # every data file: the password list, the shipped exam blueprints
    for path in (package / "data").rglob("*"):
        if path.is_file():
            assert "dealer_trainer/" + path.relative_to(package).as_posix() in names, path
    assert "dealer_trainer/data/exams/tda-style-dealer.yaml" in names
    assert "dealer_trainer/data/common-passwords.txt" in names
    # the authoring guide the room serves (/guide/authoring) is docs/authoring.md, byte for byte
    shipped_guide = zipfile.ZipFile(wheel).read("dealer_trainer/guides/authoring.md")
    assert shipped_guide == (clone / "docs" / "authoring.md").read_bytes()
    assert not {name for name in names if name.startswith("dealer_trainer/guides/")} - {
        "dealer_trainer/guides/authoring.md"
    }, "only the guide the room serves is shipped from docs/"

    # installed (its dependencies are this environment's), it reports the wheel's version;
    # --no-compile: pip's byte-compiling is half the install's time and never fails an install
    target = tmp_path / "installed"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-compile",
         "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    shown = subprocess.run(
        [sys.executable, "-m", "dealer_trainer", "--version"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(target)},
    )
    assert shown.stdout == f"dealer-trainer {version}\n"


def test_the_version_is_the_installed_metadata_s_and_nowhere_written_by_hand() -> None:
    import dealer_trainer

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert dealer_trainer.__version__ == metadata.version("dealer-trainer")
    source = (ROOT / "dealer_trainer" / "__init__.py").read_text(encoding="utf-8")
    assert "__version__ =" not in source


def test_the_version_is_read_only_when_asked_for() -> None:
    """Reading the package's metadata (importlib.metadata) costs more than a rules lookup's
    whole start-up: importing the package and its command line does not read it."""
    code = (
        "import sys, dealer_trainer, dealer_trainer.cli.main\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"


def test_the_extras_a_deployment_installs_exist() -> None:
    """docs/deploy.md installs dealer-trainer[postgres,redis]: both extras exist."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert any(need.startswith("psycopg") for need in extras["postgres"])
    assert any(need.startswith(("redis", "limits[redis]")) for need in extras["redis"])


def test_the_bank_is_found_in_a_checkout() -> None:
    from dealer_trainer.scenario import bank_dir

    assert bank_dir() == ROOT / "scenarios"
