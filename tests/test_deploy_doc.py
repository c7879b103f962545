"""docs/deploy.md is followed to the letter (issue 30): it installs what exists, and its steps
come in the order a person runs them, each using only what an earlier one made."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "deploy.md"


def _commands() -> str:
    """The guide's fenced code blocks (what a person types or writes into a file), in order."""
    text = GUIDE.read_text(encoding="utf-8")
    return "\n".join(re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.M | re.S))


def _first(commands: str, marker: str) -> int:
    at = commands.find(marker)
    assert at >= 0, f"docs/deploy.md no longer has {marker!r} in a code block"
    return at


#: (what is made, its first appearance) before (what uses it, its first appearance)
ORDER = [
    ("the service's user", "useradd --system", "its folder", "install -d -m 700 -o dealer-trainer"),
    ("git", "apt-get install python3 python3-venv git", "the clone", "git clone REPOSITORY"),
    ("the venv", "python3 -m venv /opt/dealer-trainer/.venv", "its pip", ".venv/bin/pip install"),
    ("the package", ".venv/bin/pip install", "its command", ".venv/bin/dealer-trainer"),
    ("the database", "createdb --owner trainer", "its URL", "DEALER_TRAINER_DB=postgresql"),
    ("Redis", "apt-get install redis-server", "its URL", "redis://"),
    ("the settings' folder", "install -d -m 700", "the key file", "> /etc/dealer-trainer/"),
    ("the key file", "> /etc/dealer-trainer/secret-key", "its name", "SECRET_KEY_FILE="),
    ("the settings", "DEALER_TRAINER_DB=postgresql", "the unit reading them", "EnvironmentFile="),
    ("the unit", "[Service]", "its start", "systemctl enable --now"),
]


def test_the_guide_makes_each_thing_before_a_step_uses_it() -> None:
    commands = _commands()
    for made, making, used, using in ORDER:
        assert _first(commands, making) < _first(commands, using), (
            f"docs/deploy.md uses {used} ({using!r}) before it makes {made} ({making!r})"
        )


def test_the_guide_installs_dealer_trainer_from_a_clone_or_a_wheel_with_extras_that_exist() -> None:
    """No `pip install dealer-trainer` from an index that does not hold it: every install of
    it names the clone or a wheel, with extras pyproject.toml defines."""
    extras = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
            "optional-dependencies"
        ]
    )
    installs = [
        line
        for line in _commands().splitlines()
        if re.search(r"\bpip install\b(?!.*\bbuild\b)", line)
    ]
    assert installs
    for line in installs:
        found = re.search(r"pip install (?:--upgrade )?'(/[^'\[]+)\[([^\]]+)\]'", line)
        assert found, f"docs/deploy.md installs something other than a clone or a wheel: {line}"
        source, named = found.groups()
        assert source.endswith((".whl", "/src")), line
        assert set(named.split(",")) <= extras, f"{line}: extras are {sorted(extras)}"
