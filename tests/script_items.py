"""Hand-script items the engine tests write by hand: one ``act`` for all of them."""

from __future__ import annotations

from typing import Any


def act(seat: int, action: str, amount: int | None = None, **more: Any) -> dict[str, Any]:
    """``{"act": {...}}`` for ``seat``: ``amount`` (a bet's or raise's total) when given, and
    any other argument of ``act`` (``out_of_turn``, ``told``, ``chips`` ...) as written."""
    args: dict[str, Any] = {"seat": seat, "action": action, **more}
    if amount is not None:
        args["amount"] = amount
    return {"act": args}
