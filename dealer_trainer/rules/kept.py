"""Copies kept on disk, as Python keeps ``.pyc`` files: the parsed rules corpus and what the
search builds from it, so that a floor lookup reads JSON instead of parsing YAML and building
its index at every start.

A copy lives in the ``__pycache__`` of the folder it was made from, or in the mirror of that
folder under ``PYTHONPYCACHEPREFIX``; none is written under ``PYTHONDONTWRITEBYTECODE``, nor
(silently) where the install is read-only.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["cache_file", "keep"]


def cache_file(folder: Path, name: str) -> Path:
    """Where the copy ``name`` made from ``folder`` is kept."""
    if sys.pycache_prefix:
        return Path(sys.pycache_prefix).joinpath(*folder.resolve().parts[1:], name)
    return folder / "__pycache__" / name


def keep(path: Path, document: dict[str, Any]) -> None:
    """Write ``document`` (JSON) to ``path`` whole or not at all."""
    if sys.dont_write_bytecode:
        return
    partial = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        os.replace(partial, path)
    except OSError:  # a read-only install: build it every time
        partial.unlink(missing_ok=True)
