"""The templates are compiled once a process: a second application renders from Jinja's
bytecode cache, and a template whose source changed is compiled again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jinja2 import DictLoader, Environment

from dealer_trainer.web.compiled_templates import TEMPLATES, ProcessBytecodeCache
from tests.web.conftest import make_app


def _counting_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    compiled: list[str] = []
    original = Environment.compile

    def compile(self: Environment, source: Any, name: str | None = None, *a: Any, **k: Any) -> Any:
        compiled.append(str(name))
        return original(self, source, name, *a, **k)

    monkeypatch.setattr(Environment, "compile", compile)
    return compiled


def test_a_second_app_renders_the_sign_in_page_without_compiling_a_template(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    TEMPLATES.clear()
    compiled = _counting_compiles(monkeypatch)
    first = make_app(tmp_path / "one.sqlite3").test_client().get("/sign-in")
    assert first.status_code == 200
    assert {"auth/sign_in.html", "base.html"} <= set(compiled)
    compiled.clear()
    second = make_app(tmp_path / "two.sqlite3").test_client().get("/sign-in")
    assert second.status_code == 200
    assert second.text.count("<form") == first.text.count("<form")
    assert compiled == []


def test_an_edited_template_is_compiled_again_and_renders_its_new_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache = ProcessBytecodeCache()
    compiled = _counting_compiles(monkeypatch)
    sources = {"page.html": "old {{ x }}"}
    assert (
        Environment(loader=DictLoader(sources), bytecode_cache=cache)
        .get_template("page.html")
        .render(x=1)
        == "old 1"
    )
    assert (
        Environment(loader=DictLoader(sources), bytecode_cache=cache)
        .get_template("page.html")
        .render(x=2)
        == "old 2"
    )
    assert compiled == ["page.html"]
    sources["page.html"] = "new {{ x }}"
    assert (
        Environment(loader=DictLoader(sources), bytecode_cache=cache)
        .get_template("page.html")
        .render(x=3)
        == "new 3"
    )
    assert compiled == ["page.html", "page.html"]
