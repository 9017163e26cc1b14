"""Per-caller rate limits with the ``limits`` library: a moving window per limit, counted in this process's memory.

``RateLimits("600/minute;20/second")`` holds every limit of the setting; :meth:`RateLimits.hit` counts one request
of a caller against all of them and says how many seconds to wait when one is exhausted. In memory: each ZEHN
process counts its own requests (one server per data dir, so one process serves the API).
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from extraction.errors import InputRejected


class RateLimits:
    def __init__(self, setting: str) -> None:
        text = setting.strip()
        try:
            self.items: list[RateLimitItem] = parse_many(text) if text else []
        except ValueError as exc:
            raise InputRejected(f"ZEHN_RATE_LIMIT {setting!r} is not a rate (e.g. '600/minute'): {exc}") from exc
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    @property
    def enabled(self) -> bool:
        return bool(self.items)

    def hit(self, key: str) -> int | None:
        """Count one request for ``key``; None when allowed, else the whole seconds until one would be."""
        for item in self.items:
            if not self._limiter.hit(item, key):
                reset = self._limiter.get_window_stats(item, key).reset_time
                return max(1, math.ceil(reset - time.time()))
        return None

    def describe(self) -> str:
        return "; ".join(str(item) for item in self.items) or "no limit"
