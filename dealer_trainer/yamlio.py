"""Safe YAML loading that remembers where every value stood in the file.

:func:`load` parses with libyaml's ``CSafeLoader`` when it is present (the pure-Python
``SafeLoader`` otherwise), refuses duplicate keys (PyYAML would silently keep the last one),
oversized input and alias bombs, and returns the data together with a :class:`Locator` that
answers ``file:line:col`` for any mapping, mapping entry or list item of the result.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dealer_trainer.errors import ScriptError

__all__ = ["MAX_BYTES", "Locator", "load", "load_file"]

#: the largest document :func:`load` reads
MAX_BYTES = 1_000_000
#: the most aliases one document may use (a guard against "billion laughs")
MAX_ALIASES = 200

_BaseLoader: type[yaml.SafeLoader]
try:
    _BaseLoader = yaml.CSafeLoader  # type: ignore[assignment]
except AttributeError:  # pragma: no cover - libyaml missing
    _BaseLoader = yaml.SafeLoader


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
            found = table.get(id(container), {}).get(key)
            if found is not None:
                return found
        return self._self.get(id(container), Mark(1, 1))

    def where(self, container: object, key: Hashable | None = None, *, of_key: bool = False) -> str:
        """``file:line:col`` (or ``line:col`` without a file name) for a value."""
        mark = self.mark(container, key, of_key=of_key)
        place = f"{mark.line}:{mark.col}"
        return f"{self.source}:{place}" if self.source else place


def _mark(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


class _Loader(_BaseLoader):  # type: ignore[valid-type, misc]
    locator: Locator


def _count_aliases(text: str, source: str | None) -> None:
    """Refuse a document that uses more than MAX_ALIASES aliases (cheap: only if it has any)."""
    if "*" not in text:
        return
    count = 0
    try:
        for event in yaml.parse(text, Loader=_BaseLoader):
            if isinstance(event, yaml.AliasEvent):
                count += 1
                if count > MAX_ALIASES:
                    mark = event.start_mark
                    place = f"{mark.line + 1}:{mark.column + 1}" if mark else "1:1"
                    raise ScriptError(
                        f"more than {MAX_ALIASES} aliases: this file is refused",
                        where=f"{source}:{place}" if source else place,
                    )
    except yaml.YAMLError:
        return  # the real parse reports it with its place


def _place(loader: _Loader, mark: Mark) -> str:
    source = loader.locator.source
    return f"{source}:{mark.line}:{mark.col}" if source else f"{mark.line}:{mark.col}"


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
        if not isinstance(key, Hashable):
            raise ScriptError("a key must be a plain value", where=_place(loader, _mark(key_node)))
        if key in data:
            first = keys[key]
            raise ScriptError(
                f"duplicate key {key!r} (first given at line {first.line})",
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

    Raises :class:`ScriptError` with ``file:line:col`` for syntax errors, duplicate keys,
    alias bombs and documents over :data:`MAX_BYTES`.
    """
    locator = Locator(source)
    if len(text) > MAX_BYTES:
        raise ScriptError(
            f"the file is {len(text):,} characters long; at most {MAX_BYTES:,} are read",
            where=f"{source}:1:1" if source else "1:1",
        )
    _count_aliases(text, source)
    loader = _Loader(text)
    loader.locator = locator
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "not valid YAML"
        place = f"{line}:{col}"
        raise ScriptError(
            f"YAML syntax: {problem}", where=f"{source}:{place}" if source else place
        ) from None
    except yaml.YAMLError as exc:
        raise ScriptError(f"YAML: {exc}", where=f"{source}:1:1" if source else "1:1") from None
    finally:
        loader.dispose()
    return data, locator


def load_file(path: Path, what: str = "file") -> tuple[Any, Locator]:
    """Read and :func:`load` a YAML file; a missing or unreadable file is a ScriptError
    (``no such <what>: PATH``).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScriptError(f"no such {what}: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScriptError(f"cannot read {what} {path}: {exc}") from None
    return load(text, str(path))
