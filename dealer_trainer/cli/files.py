"""Writing the user's files safely, and saying what stands at a path that is not what a
command needs (a folder, a FIFO, a device, a socket or a symbolic link)."""

from __future__ import annotations

import contextlib
import glob
import os
import stat
import tempfile
import time
from pathlib import Path

from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import printable

__all__ = ["NotARegularFile", "check_replaceable", "what_is", "write_atomically"]

#: a temporary file this old was left by a process that was killed while writing
STALE_SECONDS = 60

#: each kind of thing a path may name, but a regular file, in words
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotARegularFile(UsageError):
    """A file to write names something that is not a regular file (exit 2)."""


def what_is(path: Path, *, follow: bool = True) -> str | None:
    """What stands at ``path`` when it is not a regular file, in words (``a folder``, ``a FIFO
    (named pipe)`` ...); None for a regular file or nothing. ``follow=False`` looks at a
    symbolic link itself (``a symbolic link``), not at what it points to."""
    try:
        mode = path.stat().st_mode if follow else path.lstat().st_mode
    except (OSError, ValueError):  # nothing there (or a NUL in the path: nothing either)
        return None
    return next((what for test, what in _KINDS if test(mode)), None)


def check_replaceable(path: Path, option: str | None = None) -> None:
    """Refuse to write ``path`` when something other than a regular file stands there (a
    symbolic link is not followed): nothing but a regular file is ever replaced."""
    what = what_is(path, follow=False)
    if what is not None:
        named = f"{option} {printable(str(path))}" if option else printable(str(path))
        raise NotARegularFile(
            f"{named}: it is {what}, not a regular file; nothing but a regular file is ever "
            "replaced: name a regular file or a new one"
        )


def write_atomically(path: Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8) or bytes to ``path`` (folders made): a crash leaves the old file
    or the new one, never half a file. Raises :class:`NotARegularFile` when something other
    than a regular file stands at ``path`` (:func:`check_replaceable`), else OSError."""
    check_replaceable(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    _sweep(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
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
