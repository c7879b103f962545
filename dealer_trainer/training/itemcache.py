"""An exact cache of rooms' item analyses, kept in the process: a room's analysis is worked out
again only when what it depends on changed (:mod:`dealer_trainer.store.analysis_inputs`: the
room's trainees, its answers counted in the kept totals, its submitted exam attempts) or for
another first day read. The trainer's dashboard analyses the room's latest 5,000 answers on
every load (some 50 ms); with the cache a load reads three small counts instead::

    cache = AnalysisCache(size=32)                        # one per database (the web app's)
    report = item_report(store, room_id=room.id, since=start, cache=cache)
    cache.hits, cache.misses

*Exact*: the inputs are read from the store before the analysis on every call, so any new
answer, submit or change of membership (from any process) gives a new key, never a stale
figure. An analysis is kept only when the inputs read again after it are unchanged (an answer
kept while it was read could otherwise be filed under the older key). Retired items are not
kept: the report marks them afresh on every read.

Kept per process, not in the store: several server processes each keep their own (each works
out a room's analysis once per change, not once per load), which needs no table, no
serialising of the figures and no write on a page that only reads; the key, read from the
shared database, is what keeps every process exact. Bounded: the least recently used analysis
goes first. Safe across a server's threads (a lock around the dict; the kept values are
frozen).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from dealer_trainer.store.analysis_inputs import AnalysisInputs, analysis_inputs
from dealer_trainer.training.itemgather import Gathered
from dealer_trainer.training.itemstats import Analysis

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["DEFAULT_SIZE", "Analysed", "AnalysisCache"]

#: analyses kept at most: a room's window and its "every answer", for 16 rooms
DEFAULT_SIZE = 32


@dataclass(frozen=True, slots=True, kw_only=True)
class Analysed:
    """A room's analysis and each analysed item's topic (never changed once made)."""

    analysis: Analysis
    topics: Mapping[str, str]
    #: the sittings it was made of, which a later analysis of the room extends
    gathered: Gathered | None = None


class AnalysisCache:
    """The latest analyses of rooms, keyed by their inputs and first day read."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError(f"an analysis cache keeps at least one analysis, not {size}")
        self.size = size
        self.hits = 0
        self.misses = 0
        #: misses worked out by extending an earlier analysis with the new answers
        self.extended = 0
        self._kept: OrderedDict[tuple[AnalysisInputs, datetime | None], Analysed] = OrderedDict()
        self._lock = threading.Lock()

    def analysed(
        self,
        store: Store,
        *,
        room_id: int,
        since: datetime | None,
        compute: Callable[[], Analysed],
        extend: Callable[[Analysed], Analysed] | None = None,
    ) -> Analysed:
        """The room's analysis from ``since`` (None: every answer): the kept one if its inputs
        are still the store's, else ``compute()``'s, kept when the inputs held still. With
        ``extend``, an analysis kept for fewer answers of the same trainees and attempts is
        extended by the new answers instead of computed whole."""
        before = analysis_inputs(store, room_id)
        key = (before, since)
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                self.hits += 1
                return found
            self.misses += 1
            earlier = None if extend is None else self._earlier(before, since)
        if earlier is not None and extend is not None:
            self.extended += 1
            made = extend(earlier)
        else:
            made = compute()
        if analysis_inputs(store, room_id) == before:
            with self._lock:
                self._kept[key] = made
                self._kept.move_to_end(key)
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        return made

    def _earlier(self, inputs: AnalysisInputs, since: datetime | None) -> Analysed | None:
        """The latest kept analysis that ``inputs`` only add answers to (the same room, first
        day, trainees and submitted attempts; no more answers), with its sittings."""
        for (kept, first), analysed in reversed(self._kept.items()):
            if (
                first == since
                and analysed.gathered is not None
                and kept.room_id == inputs.room_id
                and kept.trainees == inputs.trainees
                and kept.submitted_attempts == inputs.submitted_attempts
                and kept.answers <= inputs.answers
            ):
                return analysed
        return None

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)
