"""Writing the user's files safely."""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from pathlib import Path

__all__ = ["write_atomically"]

#: a temporary file this old was left by a process that was killed while writing
STALE_SECONDS = 60


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (folders made): a crash leaves the old file or the new one,
    never half a file. Raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _sweep(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _sweep(path: Path) -> None:
    """Remove the temporary files a killed writer of ``path`` left behind."""
    now = time.time()
    for left in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            if now - left.stat().st_mtime > STALE_SECONDS:
                left.unlink()
