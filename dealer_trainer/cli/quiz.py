"""``dealer-trainer quiz``: not available in this version; says so plainly."""

from __future__ import annotations


def run_quiz() -> int:
    """Explain that the quiz is not available yet (not an error: exit code 0)."""
    print(
        "dealer-trainer: the quiz is not available yet in this version.\n"
        "The dealing engine is: try 'dealer-trainer replay SCRIPT.yaml' "
        "(examples in docs/engine.md).",
    )
    return 0
