"""dealer-trainer: the Texas Hold'em dealing procedure as a state machine, for training floor staff.

The public API::

    from dealer_trainer import replay
    result = replay("hand.yaml")          # a path, YAML text, or a parsed mapping
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["__version__", "replay"]
__version__ = "0.1.0"

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path


def replay(script: str | Path | Mapping[str, Any], *, auto_recover: bool = False) -> dict[str, Any]:
    """Replay a hand script through the engine; return the contract-1 result mapping.

    ``script`` is a path, YAML text, or an already-parsed mapping. See docs/engine.md.
    """
    from dealer_trainer.engine import replay as _replay  # imported on use: keeps start-up light

    return _replay(script, auto_recover=auto_recover)
