"""Safe YAML loading that remembers where every value stood in the file.

:func:`load` parses with libyaml's ``CSafeLoader`` when it is present (the pure-Python
``SafeLoader`` otherwise), refuses duplicate keys (PyYAML would silently keep the last one),
oversized input, deep nesting, recursive aliases and documents whose aliases expand past
twice their size (:data:`MAX_EXPANDED` for a small one: the alias count alone does not stop a
"billion laughs", 72 aliases nine deep expand to gigabytes), and returns the data together
with a :class:`Locator` that answers ``file:line:col`` for any mapping, mapping entry or list
item of the result.

A syntax error is a :class:`ScriptError` at the parser's place, in plain words that say what
to do (:mod:`dealer_trainer.yamladvice`: ``title: Flop: turned early`` is told to put the whole
value in quotes, ``title: "Flop: turned early"``), never in the parser's own words.

A value YAML itself cannot build (``2024-13-45`` read as a date, ``!!int abc``, a number of
more than 4,300 digits, a control character) is a :class:`ScriptError` at its place too, and
so is text holding a control character written as an escape (``"\\e]0;..."``, ``"\\0"``): text
read from a file is always safe to show on a terminal.

:func:`load_file` (and :func:`read_text`, for other text files a user names) opens the file
without blocking, refuses anything that is not a regular file (a folder, a FIFO, ``/dev/zero``)
and reads at most :data:`MAX_BYTES`.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import yaml

from dealer_trainer.errors import ScriptError
from dealer_trainer.safetext import excerpt, printable

__all__ = [
    "MAX_ALIASES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_EXPANDED",
    "FileRefused",
    "Locator",
    "decode",
    "load",
    "load_file",
    "read_bytes",
    "read_stream",
    "read_text",
]

#: the largest document :func:`load` reads
MAX_BYTES = 1_000_000
#: the most aliases one document may use (a guard against "billion laughs")
MAX_ALIASES = 200
#: the largest a document may grow when its aliases are expanded, in nodes plus characters of
#: text: twice its own size, or this much for a small document (a document without aliases
#: never grows, and an error message that shows a whole value stays readable)
MAX_EXPANDED = 100_000
#: the deepest nesting of lists and mappings a document may have
MAX_DEPTH = 64

#: characters no text in a file may hold, even written as an escape ("\e", "\x07"): control
#: characters other than tab and line breaks, and the bidi controls that reorder what a
#: terminal shows (so text read from a file is safe to print as it is)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

_BaseLoader: type[yaml.SafeLoader]
try:
    _BaseLoader = yaml.CSafeLoader  # type: ignore[assignment]
except AttributeError:  # pragma: no cover - libyaml missing
    _BaseLoader = yaml.SafeLoader

#: what a YAML tag's value is, for messages
_TAG_WORDS = {
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "null",
    "tag:yaml.org,2002:timestamp": "a date",
    "tag:yaml.org,2002:binary": "base64 data",
    "tag:yaml.org,2002:str": "text",
}


@dataclass(frozen=True, slots=True)
class Mark:
    """A place in a file, 1-based."""

    line: int
    col: int


class Locator:
    """Finds where a value of a loaded document stood in its file."""

    def __init__(self, source: str | None) -> None:
        self.source = source
        self._self: dict[int, Mark] = {}
        self._items: dict[int, dict[Any, Mark]] = {}
        self._keys: dict[int, dict[Any, Mark]] = {}
        self._keep: list[object] = []

    def _record(self, container: object, mark: Mark) -> None:
        self._keep.append(container)  # keep ids unique while the locator lives
        self._self[id(container)] = mark

    def mark(self, container: object, key: Hashable | None = None, *, of_key: bool = False) -> Mark:
        """The place of ``container[key]`` (or of the key itself), else of the container."""
        if key is not None:
            table = self._keys if of_key else self._items
            try:
                found = table.get(id(container), {}).get(key)
            except TypeError:  # an unhashable key asked for: the container's place
                found = None
            if found is not None:
                return found
        return self._self.get(id(container), Mark(1, 1))

    def where(self, container: object, key: Hashable | None = None, *, of_key: bool = False) -> str:
        """``file:line:col`` (or ``line:col`` without a file name) for a value."""
        mark = self.mark(container, key, of_key=of_key)
        return _at(self.source, mark.line, mark.col)


def _at(source: str | None, line: int, col: int) -> str:
    return f"{source}:{line}:{col}" if source else f"{line}:{col}"


def _mark(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


def _event_place(source: str | None, event: yaml.Event) -> str:
    mark = event.start_mark
    return _at(source, mark.line + 1, mark.column + 1) if mark else _at(source, 1, 1)


def _text_place(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _yaml_error(exc: yaml.YAMLError, text: str, source: str | None) -> ScriptError:
    """A YAML error as a ScriptError at its real place."""
    if isinstance(exc, yaml.reader.ReaderError):
        # the position libyaml gives counts bytes; the character itself is never allowed
        # anywhere, so its first occurrence is the place
        char = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)
        index = text.find(char)
        line, col = _text_place(text, index) if index >= 0 else (1, 1)
        return ScriptError(
            f"YAML: the character {excerpt(char)} (U+{ord(char[:1] or ' '):04X}) is not allowed"
            " in a YAML file",
            where=_at(source, line, col),
        )
    if isinstance(exc, yaml.MarkedYAMLError):
        # start-up: the advice's patterns are compiled only when a file fails to parse (10 ms
        # on every command that reads YAML otherwise)
        from dealer_trainer.yamladvice import advise

        mark = exc.problem_mark or exc.context_mark
        opened = exc.context_mark
        advice = advise(
            exc.problem or "",
            exc.context,
            text,
            (mark.line, mark.column) if mark else (0, 0),
            (opened.line, opened.column) if opened else None,
        )
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return ScriptError(f"YAML syntax: {advice}", where=_at(source, line, col))
    return ScriptError(f"YAML: {excerpt(str(exc), 120)}", where=_at(source, 1, 1))


@dataclass(slots=True)
class _Open:
    """A list or mapping being measured: its expanded size so far and its anchor."""

    weight: int
    anchor: str | None


def _measure(text: str, source: str | None) -> None:
    """Refuse a document that nests deeper than MAX_DEPTH, uses more than MAX_ALIASES
    aliases, has an alias inside its own anchor, or expands past MAX_EXPANDED; any YAML
    syntax error is raised here with its place. One pass over the parser's events."""
    anchors: dict[str, int] = {}
    stack: list[_Open] = []
    total = own = aliases = 0

    def refuse(message: str, event: yaml.Event) -> ScriptError:
        return ScriptError(message, where=_event_place(source, event))

    try:
        for event in yaml.parse(text, Loader=_BaseLoader):
            if isinstance(event, yaml.ScalarEvent):
                control = _CONTROL.search(event.value)
                if control is not None:
                    char = control.group()
                    name = " (NUL)" if char == "\0" else ""
                    raise refuse(
                        f"text holding the control character {excerpt(char)}{name}: remove it",
                        event,
                    )
                weight = 1 + len(event.value)
                if event.anchor is not None:
                    anchors[event.anchor] = weight
            elif isinstance(event, yaml.CollectionStartEvent):
                if len(stack) >= MAX_DEPTH:
                    raise refuse(f"lists and mappings nested more than {MAX_DEPTH} deep", event)
                stack.append(_Open(1, event.anchor))
                total += 1
                own += 1
                if total > max(MAX_EXPANDED, 2 * own):
                    raise refuse(_too_big(), event)
                continue
            elif isinstance(event, yaml.CollectionEndEvent):
                done = stack.pop()
                if done.anchor is not None:
                    anchors[done.anchor] = done.weight
                if stack:
                    stack[-1].weight += done.weight
                continue
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise refuse(f"more than {MAX_ALIASES} aliases: this file is refused", event)
                if any(item.anchor == event.anchor for item in stack):
                    raise refuse(
                        f"the alias *{printable(str(event.anchor))} is inside its own anchor:"
                        " a structure that contains itself is refused",
                        event,
                    )
                weight = anchors.get(str(event.anchor), 1)
                own += 1
            else:
                continue
            total += weight
            if not isinstance(event, yaml.AliasEvent):
                own += weight
            if stack:
                stack[-1].weight += weight
            if total > max(MAX_EXPANDED, 2 * own):
                raise refuse(_too_big(), event)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, source) from None


def _too_big() -> str:
    return (
        "this document expands past twice its size once its aliases (*name) are filled in"
        " (an alias bomb?): this file is refused"
    )


class _Loader(_BaseLoader):  # type: ignore[valid-type, misc]
    locator: Locator

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """Build one value; a value YAML cannot build is a ScriptError at its place."""
        try:
            return super().construct_object(node, deep)
        except (ScriptError, yaml.YAMLError):
            raise
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError, IndexError) as exc:
            what = _TAG_WORDS.get(node.tag, f"the tag {node.tag}")
            shown = excerpt(node.value) if isinstance(node, yaml.ScalarNode) else "this value"
            reason = ""
            if isinstance(exc, ValueError) and "digits" in str(exc):
                reason = ": a number of more than 4,300 digits"
            elif node.tag == "tag:yaml.org,2002:timestamp" and isinstance(exc, ValueError):
                reason = f": {excerpt(str(exc).split(';')[0], 80)[1:-1]}"
            hint = "" if node.tag == "tag:yaml.org,2002:str" else " (quote it to keep it as text)"
            raise ScriptError(
                f"cannot read {shown} as {what}{reason}{hint}",
                where=_place(self, _mark(node)),
            ) from None


def _place(loader: _Loader, mark: Mark) -> str:
    return _at(loader.locator.source, mark.line, mark.col)


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Iterator[dict[Any, Any]]:
    data: dict[Any, Any] = {}
    yield data
    loader.flatten_mapping(node)
    locator = loader.locator
    locator._record(data, _mark(node))
    items: dict[Any, Mark] = {}
    keys: dict[Any, Mark] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, Hashable) or isinstance(key, tuple):
            raise ScriptError("a key must be a plain value", where=_place(loader, _mark(key_node)))
        if key in data:
            first = keys[key]
            raise ScriptError(
                f"duplicate key {excerpt(key)} (first given at line {first.line}): a key is"
                " given once in a mapping: keep one of the two",
                where=_place(loader, _mark(key_node)),
            )
        data[key] = loader.construct_object(value_node, deep=True)
        keys[key] = _mark(key_node)
        items[key] = _mark(value_node)
    locator._items[id(data)] = items
    locator._keys[id(data)] = keys


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> Iterator[list[Any]]:
    data: list[Any] = []
    yield data
    loader.locator._record(data, _mark(node))
    loader.locator._items[id(data)] = {i: _mark(child) for i, child in enumerate(node.value)}
    data.extend(loader.construct_object(child, deep=True) for child in node.value)


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def load(text: str, source: str | None = None) -> tuple[Any, Locator]:
    """Parse one YAML document; return the data and its locator.

    Raises :class:`ScriptError` with ``file:line:col`` for syntax errors, values YAML cannot
    build, duplicate keys, alias bombs, deep nesting and documents over :data:`MAX_BYTES`.
    """
    locator = Locator(source)
    if len(text) > MAX_BYTES:
        raise ScriptError(
            f"the file is {len(text):,} characters long; at most {MAX_BYTES:,} are read",
            where=_at(source, 1, 1),
        )
    _measure(text, source)
    loader = _Loader(text)
    loader.locator = locator
    try:
        data = loader.get_single_data()
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, source) from None
    except RecursionError:  # pragma: no cover - _measure bounds the depth
        raise ScriptError("nested too deep", where=_at(source, 1, 1)) from None
    finally:
        loader.dispose()
    return data, locator


class FileRefused(ScriptError):
    """A file that cannot be read: missing, unreadable, a folder, a device, a FIFO or too
    long. ``reason`` says why in a few words (``no such file``, ``a folder, not a file``)."""

    def __init__(self, message: str, reason: str, *, where: str | None = None) -> None:
        super().__init__(message, where=where)
        self.reason = reason


def read_bytes(path: Path, what: str = "file", *, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, at most ``limit`` of them; a :class:`FileRefused` for a
    missing or unreadable file, a folder, a device, a FIFO or a socket (opened without
    blocking, so a FIFO nobody writes to does not hang), and for a file longer than
    ``limit`` (never more than ``limit + 1`` bytes are read)."""
    shown = printable(str(path))

    def refused(reason: str) -> FileRefused:
        return FileRefused(f"cannot read {what} {shown}: {reason}", reason)

    def too_long(size: int) -> FileRefused:
        more = "more than " if size > limit else ""
        return FileRefused(
            f"the file is {more}{size:,} bytes long; at most {limit:,} are read",
            "too long",
            where=f"{shown}:1:1",
        )

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused(f"no such {what}: {shown}", "no such file") from None
    except IsADirectoryError:
        raise refused("it is a folder, not a file") from None
    except OSError as exc:
        raise refused(exc.strerror or type(exc).__name__) from None
    except ValueError:  # a NUL in the path
        raise refused("the path holds a NUL character") from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise refused("it is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise refused("it is not a regular file (a device, a pipe or a socket)")
        if info.st_size > limit:
            raise too_long(info.st_size)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise too_long(size)
        return b"".join(chunks)
    except OSError as exc:
        raise refused(exc.strerror or type(exc).__name__) from None
    finally:
        os.close(handle)


def decode(data: bytes, source: str) -> str:
    """UTF-8 bytes as text (a leading byte-order mark dropped); a ScriptError at the place of
    the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = exc.start
        line = data.count(b"\n", 0, start) + 1
        col = start - (data.rfind(b"\n", 0, start) + 1) + 1
        utf16 = data.startswith((b"\xff\xfe", b"\xfe\xff"))
        hint = " (it looks like UTF-16)" if utf16 else ""
        raise ScriptError(
            f"not UTF-8 text{hint}: save the file as UTF-8", where=f"{source}:{line}:{col}"
        ) from None


def read_text(path: Path, what: str = "file", *, limit: int = MAX_BYTES) -> str:
    """:func:`read_bytes`, decoded as UTF-8 (a ScriptError at the first byte that is not)."""
    return decode(read_bytes(path, what, limit=limit), printable(str(path)))


def read_stream(stream: IO[Any], source: str = "<stdin>", *, limit: int = MAX_BYTES) -> str:
    """At most ``limit`` bytes of a stream (standard input) as UTF-8 text; a ScriptError for
    more (``replay - < /dev/zero`` stops at the cap) or for bytes that are not UTF-8."""
    binary = getattr(stream, "buffer", None)
    data: bytes | str = (binary or stream).read(limit + 1)
    if len(data) > limit:
        raise ScriptError(
            f"the input is more than {limit:,} bytes long; at most {limit:,} are read",
            where=f"{source}:1:1",
        )
    return decode(data, source) if isinstance(data, bytes) else data


def load_file(path: Path, what: str = "file") -> tuple[Any, Locator]:
    """Read (:func:`read_text`) and :func:`load` a YAML file; a missing, unreadable or special
    file is a ScriptError (``no such <what>: PATH``)."""
    return load(read_text(path, what), printable(str(path)))
