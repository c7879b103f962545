"""The tests' kept URL builders (tests/routes_once.py): installed, shared between apps, and
the very functions werkzeug compiles for each rule."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

from tests import routes_once

from .conftest import make_app


def test_the_kept_url_builders_are_installed_on_this_werkzeug() -> None:
    assert routes_once.installed(), (
        f"werkzeug {version('werkzeug')} is not among {routes_once.CHECKED_WERKZEUG}: read its "
        "Rule._compile_builder, check builder_key still names all it reads, then add the version"
    )


def test_a_second_app_gets_for_each_rule_the_builders_werkzeug_compiles(tmp_path: Path) -> None:
    first = make_app(tmp_path / "first.sqlite3")
    second = make_app(tmp_path / "second.sqlite3")
    earlier = {
        (rule.endpoint, rule.rule): rule._build_unknown.__func__  # type: ignore[attr-defined]
        for rule in first.url_map.iter_rules()
    }
    rules = list(second.url_map.iter_rules())
    assert len(rules) > 50
    for rule in rules:
        # compiled once: the second app's rule is handed the first app's function
        assert rule._build_unknown.__func__ is earlier[rule.endpoint, rule.rule]  # type: ignore[attr-defined]
        for append_unknown, bound in ((False, rule._build), (True, rule._build_unknown)):
            kept = bound.__func__  # type: ignore[attr-defined]
            fresh = routes_once.original_builder(rule, append_unknown)
            assert kept is not fresh
            assert kept.__name__ == fresh.__name__, rule.rule
            assert kept.__defaults__ == fresh.__defaults__, rule.rule
            for part in ("co_code", "co_consts", "co_names", "co_varnames", "co_argcount"):
                assert getattr(kept.__code__, part) == getattr(fresh.__code__, part), (
                    rule.rule,
                    part,
                )
