"""The command line: argument parsing, prompts and terminal rendering live here only.

:func:`on_ctrl_c` is the one place where Ctrl-C becomes an exit code: ``main`` gives every
command the default (``dealer-trainer: interrupted``, exit 130); a session's loop says what is
kept (the quiz) or takes Ctrl-C as its normal end (the drill), and sums up after it.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import ParamSpec

from dealer_trainer.errors import EXIT_INTERRUPTED

__all__ = ["on_ctrl_c"]

P = ParamSpec("P")


def on_ctrl_c(
    *, exit_code: int = EXIT_INTERRUPTED, say: str | None = "interrupted"
) -> Callable[[Callable[P, int]], Callable[P, int]]:
    """Run a command so that Ctrl-C makes it return ``exit_code``, after printing
    ``dealer-trainer: SAY`` on standard error (nothing when ``say`` is None)."""

    def wrap(run: Callable[P, int]) -> Callable[P, int]:
        @functools.wraps(run)
        def guarded(*args: P.args, **kwargs: P.kwargs) -> int:
            try:
                return run(*args, **kwargs)
            except KeyboardInterrupt:
                if say is not None:
                    print(f"\ndealer-trainer: {say}", file=sys.stderr)
                return exit_code

        return guarded

    return wrap
