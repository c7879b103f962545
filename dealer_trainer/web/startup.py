"""What a start checks before it makes anything: a setting that would stop the room later is
refused now, in one line, before the store is opened (and so before a store, a secret key or
a first admin is made). The secret key's sources are checked by
:func:`~dealer_trainer.web.security.configured_secret_key`, the store by opening it; this
module checks the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_trainer.errors import UsageError
from dealer_trainer.store.adapters import redact

__all__ = ["check_limit_storage"]

#: the setting naming where the sign-in limits are counted, as an operator writes it
_LIMIT_STORAGE = "DEALER_TRAINER_RATELIMIT_STORAGE_URI"


def check_limit_storage(config: Mapping[str, Any]) -> None:
    """Refuse a ``RATELIMIT_STORAGE_URI`` the limits library cannot use: an unknown scheme, or
    a storage whose driver is not installed (``redis://`` without the ``redis`` extra). The
    storage is not reached: a Redis that is down is the sign-in page's concern, not the
    start's."""
    uri = str(config.get("RATELIMIT_STORAGE_URI") or "memory://")
    # start-up: the limits library is Flask-Limiter's own, loaded by the app anyway
    from limits.errors import ConfigurationError  # start-up: as above
    from limits.storage import storage_from_string  # start-up: as above

    try:
        storage_from_string(uri)
    except ConfigurationError as exc:
        shown = redact(uri)
        if uri.split(":", 1)[0].lower().startswith(("redis", "rediss")):
            raise UsageError(
                f"the sign-in limits are to be counted in Redis ({_LIMIT_STORAGE}={shown}), but "
                "the Redis driver is not installed in this environment: install dealer-trainer's "
                "redis extra from the clone or wheel it came from (pip install 'PATH[redis]'; "
                "docs/deploy.md, step 2), then start again"
            ) from None
        reason = " ".join(str(exc).split())
        raise UsageError(
            f"{_LIMIT_STORAGE}={shown} cannot be used for the sign-in limits ({reason}); "
            "use memory:// (one process) or redis://HOST:6379/0"
        ) from None
