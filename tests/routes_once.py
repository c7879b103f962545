"""Each URL rule's builders compiled once per test process, not once per app.

For every rule an app adds, werkzeug writes two small functions that build the rule's URLs
(``Rule._compile_builder``: an ``ast`` made, walked and compiled, one with and one without
unknown arguments appended as a query). The room has some 60 rules, so that is 35 of the
50 ms ``create_app`` takes, and the web tests make an app per test (each on a fresh store):
some 350 apps in a run. The functions are pure: what they return depends only on the rule's
parsed form, its defaults and the flag, and they reach the converters through the ``self``
they are bound to. :func:`install` keeps each compiled function under exactly those inputs
and hands it again to an equal rule of a later app; ``Rule.compile`` binds it to that rule as
before. The app and its routing are otherwise werkzeug's own; outside the tests nothing
changes. ``tests/web/test_routes_once.py`` checks that the kept functions are the ones
werkzeug compiles, rule by rule, for the room's every rule.

Only for the werkzeug versions whose builder this key was read from (3.1): on another,
nothing is installed and that test says so.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import version
from typing import Any

from werkzeug.routing.rules import Rule

__all__ = ["CHECKED_WERKZEUG", "builder_key", "install", "installed", "original_builder"]

#: the werkzeug versions whose ``Rule._compile_builder`` the key below covers
CHECKED_WERKZEUG = ("3.1.",)

_ORIGINAL = Rule._compile_builder
_KEPT: dict[tuple[Any, ...], Callable[..., tuple[str, str]]] = {}


def builder_key(rule: Rule, append_unknown: bool) -> tuple[Any, ...]:
    """Everything ``_compile_builder`` reads: the rule's text (the function's name), its parsed
    parts (``_trace``: static text and argument names, domain then path), the names of its
    defaults in order (keyword arguments), and each default that fills a part of the URL, as
    its converter writes it (compiled in as a constant)."""
    defaults = rule.defaults or {}
    filled = tuple(
        (name, rule._converters[name].to_url(defaults[name]))
        for dynamic, name in rule._trace
        if dynamic and name in defaults
    )
    return (
        append_unknown,
        rule.rule,
        tuple(rule._trace),
        tuple(str(name) for name in defaults),
        filled,
    )


def _kept_builder(self: Rule, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
    key = builder_key(self, append_unknown)
    builder = _KEPT.get(key)
    if builder is None:
        builder = _KEPT[key] = _ORIGINAL(self, append_unknown)
    return builder


def installed() -> bool:
    """Whether rules now take their builders from the kept ones."""
    return Rule._compile_builder is _kept_builder  # type: ignore[comparison-overlap]


def install() -> None:
    """Keep the builders, on a werkzeug version this was checked against."""
    if version("werkzeug").startswith(CHECKED_WERKZEUG):
        Rule._compile_builder = _kept_builder  # type: ignore[method-assign]


def original_builder(rule: Rule, append_unknown: bool) -> Callable[..., tuple[str, str]]:
    """The builder werkzeug itself compiles for ``rule`` (for the test that compares)."""
    return _ORIGINAL(rule, append_unknown)
