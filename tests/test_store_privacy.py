"""Nothing outside dealer_trainer/store/ reaches into a store's private members (issue 28): the
package, the tests and the benchmarks use the store's public, typed API (or, for a test of a
read-only store, dealer_trainer.store.testing). The private members are read from the Store
class and an open store, so a new one is covered without a change here."""

from __future__ import annotations

import re
from pathlib import Path

from dealer_trainer.store import Store
from dealer_trainer.training.progress import open_store

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "dealer_trainer" / "store"
#: where callers of the store live
FOLDERS = ("dealer_trainer", "tests", "benchmarks")


def _private_members(tmp_path: Path) -> set[str]:
    with open_store(tmp_path / "store.sqlite3") as store:
        names = set(vars(store)) | set(vars(Store))
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def _reaching_in(names: set[str], root: Path = ROOT) -> list[str]:
    # ``.name`` on anything but ``self`` (another class may have a member of the same name)
    pattern = re.compile(r"(?<!\bself)\.(" + "|".join(sorted(map(re.escape, names))) + r")\b")
    found = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            if path.is_relative_to(STORE):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_nothing_outside_the_store_touches_a_private_member_of_it(tmp_path: Path) -> None:
    names = _private_members(tmp_path)
    assert {"_db", "_reading", "_writing"} <= names
    assert _reaching_in(names) == []


def test_the_check_finds_a_private_member_reached_for(tmp_path: Path) -> None:
    names = _private_members(tmp_path)
    (tmp_path / "tests").mkdir()
    reaching = "rows = store." + "_reading"  # not spelt out: this file is checked too
    own = "self." + "_db = None"  # another class's member of the same name is no match
    (tmp_path / "tests" / "test_probe.py").write_text(f"{reaching}\n{own}\n")
    assert _reaching_in(names, tmp_path) == [f"tests/test_probe.py:1: {reaching}"]
