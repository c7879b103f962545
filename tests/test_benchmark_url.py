"""``benchmarks/web.py --url`` measures a deployed room: the address is read as the room's
root (http or https, the port its scheme's unless given), and without the person to sign in
as, or their password in the environment, it stops with a message saying how to give them
(never asking for a password on the command line)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_web", ROOT / "benchmarks" / "web.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_web"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_url_names_the_endpoint_of_a_deployed_room() -> None:
    endpoint = _bench().Endpoint
    assert endpoint.of_url("https://training.example/") == endpoint(
        host="training.example", port=443, tls=True
    )
    assert endpoint.of_url("http://10.0.0.5:8001") == endpoint(host="10.0.0.5", port=8001)
    for bad in ("ftp://training.example/", "training.example", "https://x.example/room"):
        with pytest.raises(SystemExit):
            endpoint.of_url(bad)


def test_url_without_the_person_or_password_says_how_to_give_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DEALER_TRAINER_BENCH_PASSWORD", raising=False)
    with pytest.raises(SystemExit, match="DEALER_TRAINER_BENCH_PASSWORD"):
        _bench().main(["--url", "http://127.0.0.1:9/", "--user", "load test"])
