"""Sign-in refusal time: an unknown name against a known name with a wrong password.

If refusing an unknown name takes a different time from refusing a wrong password, anyone can
learn which names exist by timing the sign-in page (issue 27 measured 356 ms against 188 ms).
This posts the real sign-in form to the training room (``create_app``, the production argon2
parameters, an SQLite store in a temporary folder; the sign-in limits and CSRF are off, so
that every try reaches the password check) and times each refusal.

The two kinds alternate, try after try (the order flips each round, after a warm-up), and each
is the median over the rounds, so drift in the machine's speed hits both alike. The figure is
the ratio unknown / wrong-password, with the spread of each kind (the interquartile range as
a share of its median) beside it: **the goal is a ratio within the noise**, no further from 1
than the larger of the two spreads (a bound never tighter than 2%). On a busy machine the
spread is wide and the goal loose: run it on a quiet one. (The guarantee itself is not a
timing: tests/web/test_sign_in_answers_alike.py proves that both refusals run one argon2
verify and nothing else that takes time.) Each unknown try uses a new name, as an attacker
listing names would, and each wrong password another person (one try each, the same for
every version of the sign-in, whatever it counts per name).

    python benchmarks/signin.py                 # 30 rounds
    python benchmarks/signin.py --rounds 40 --json
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from dealer_trainer.accounts import Accounts
from dealer_trainer.training.progress import open_store
from dealer_trainer.web import create_app

NAME = "Ana"
PASSWORD = "the right phrase here"
WRONG = "not the password at all"
FLOOR = 0.02  # the goal's bound when the machine is quieter than this
WARM_UP = 3


def _client(folder: Path, people: int) -> FlaskClient:
    database = folder / "signin.sqlite3"
    with open_store(database) as store:
        accounts = Accounts(store)
        for i in range(people):
            accounts.create_person(name=f"{NAME} {i}", password=PASSWORD)
    app = create_app(
        {
            "DATABASE": str(database),
            "SECRET_KEY": "benchmark only, never a default key here",
            "RATELIMIT_ENABLED": False,
            "WTF_CSRF_ENABLED": False,
            "TESTING": True,
        }
    )
    return app.test_client()


def _refusal(client: FlaskClient, name: str) -> float:
    start = time.perf_counter()
    response = client.post("/sign-in", data={"name": name, "password": WRONG})
    elapsed = time.perf_counter() - start
    if response.status_code != 401:
        raise SystemExit(f"expected a refusal (401) for {name!r}, got {response.status_code}")
    return elapsed


def _spread(times: list[float]) -> float:
    quartiles = statistics.quantiles(times, n=4)
    return (quartiles[2] - quartiles[0]) / statistics.median(times)


def measure(rounds: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="dealer-trainer-signin-") as folder:
        client = _client(Path(folder), WARM_UP + rounds)
        for warm in range(WARM_UP):
            _refusal(client, f"{NAME} {rounds + warm}")
            _refusal(client, f"warm-up {warm}")
        unknown: list[float] = []
        wrong: list[float] = []
        for i in range(rounds):
            order = ("unknown", "wrong") if i % 2 == 0 else ("wrong", "unknown")
            for kind in order:
                if kind == "unknown":
                    unknown.append(_refusal(client, f"Nobody {i}"))
                else:
                    wrong.append(_refusal(client, f"{NAME} {i}"))
    ratio = statistics.median(unknown) / statistics.median(wrong)
    allowed = max(_spread(unknown), _spread(wrong), FLOOR)
    return {
        "rounds": rounds,
        "unknown_name_ms": round(statistics.median(unknown) * 1000, 1),
        "wrong_password_ms": round(statistics.median(wrong) * 1000, 1),
        "ratio": round(ratio, 3),
        "unknown_spread": round(_spread(unknown), 3),
        "wrong_spread": round(_spread(wrong), 3),
        "allowed": round(allowed, 3),
        "meets_goal": abs(ratio - 1) <= allowed,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30, help="tries of each kind (30)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.rounds < 4:
        parser.error("--rounds must be at least 4 (the spread needs quartiles)")
    result = measure(args.rounds)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"unknown name   {result['unknown_name_ms']:7.1f} ms  "
            f"(spread {result['unknown_spread']:.1%})\n"
            f"wrong password {result['wrong_password_ms']:7.1f} ms  "
            f"(spread {result['wrong_spread']:.1%})\n"
            f"ratio {result['ratio']:.3f}: "
            + ("within the noise" if result["meets_goal"] else "OUTSIDE the noise")
        )
    return 0 if result["meets_goal"] else 1


if __name__ == "__main__":
    sys.exit(main())
