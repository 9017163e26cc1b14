"""Serving keeps the start-up heap out of the cyclic collector, and gives it back on the way out."""

from __future__ import annotations

import gc

from zehn.api.runtime import frozen_heap


def test_the_heap_is_frozen_while_serving_and_unfrozen_after() -> None:
    kept = [object() for _ in range(1000)]
    before = gc.get_freeze_count()
    with frozen_heap():
        assert gc.get_freeze_count() >= before + len(kept)
    assert gc.get_freeze_count() == 0
