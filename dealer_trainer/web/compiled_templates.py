"""The templates' compiled code, kept once for the process.

Jinja compiles a template on its first use by an application: parsing the source and
generating Python takes several milliseconds a template, and a page built from a layout, its
includes and macros compiles a dozen. Every application made in a process (a server's
``create_app``, each test's fresh room, the ``serve`` command's check before it listens)
would compile them all again. Jinja's own :class:`jinja2.BytecodeCache` keeps the compiled
code instead, checked against the source's checksum (an edited template is compiled again):
this one keeps it in memory, shared by every application of the process. (Jinja's key is the
template's name and file, not the environment's options: every application here is made by
the one ``create_app``, with the same options.)
"""

from __future__ import annotations

import threading

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class ProcessBytecodeCache(BytecodeCache):
    """Jinja's compiled code by template, in this process's memory, safe across threads."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            kept = self._code.get(bucket.key)
        if kept is not None:
            bucket.bytecode_from_string(kept)  # ignored when the source's checksum differs

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = code

    def clear(self) -> None:
        with self._lock:
            self._code.clear()


#: the one cache every application of the process shares
TEMPLATES = ProcessBytecodeCache()
