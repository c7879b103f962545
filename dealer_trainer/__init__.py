"""dealer-trainer: the Texas Hold'em dealing procedure as a state machine, for training floor staff.

The public API::

    from dealer_trainer import replay
    result = replay("hand.yaml")          # a path, YAML text, or a parsed mapping

``__version__`` is the installed package's version, read from its metadata (the build takes it
from the repository's git tags: pyproject.toml, ``[tool.setuptools_scm]``), on first use:
importing ``importlib.metadata`` costs a rules lookup's start-up twice over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["__version__", "replay"]

#: the distribution whose metadata holds the version (pyproject.toml's ``[project] name``)
DISTRIBUTION = "dealer-trainer"

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path


def replay(script: str | Path | Mapping[str, Any], *, auto_recover: bool = False) -> dict[str, Any]:
    """Replay a hand script through the engine; return the contract-1 result mapping.

    ``script`` is a path, YAML text, or an already-parsed mapping. See docs/engine.md.
    """
    from dealer_trainer.engine import replay as _replay  # imported on use: keeps start-up light

    return _replay(script, auto_recover=auto_recover)


def __getattr__(name: str) -> str:
    """``__version__``, read from the installed metadata on first use (PEP 562)."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # start-up: importlib.metadata costs some 30 ms, more than a rules lookup's whole start
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version(DISTRIBUTION)
    except PackageNotFoundError:  # the source folder on sys.path, never installed
        found = "0+unknown"
    globals()["__version__"] = found  # read once
    return found
