"""Serving keeps the start-up heap out of the cyclic collector and collects the young generation less often, and
gives both back on the way out."""

from __future__ import annotations

import gc
import logging

import pytest

from extraction.errors import EmbedderUnavailable
from zehn.api.runtime import YOUNG_THRESHOLD, _load_embedder, frozen_heap


def test_the_heap_is_frozen_while_serving_and_unfrozen_after() -> None:
    kept = [object() for _ in range(1000)]
    before = gc.get_freeze_count()
    with frozen_heap():
        assert gc.get_freeze_count() >= before + len(kept)
    assert gc.get_freeze_count() == 0


def test_the_young_generation_is_collected_less_often_while_serving_and_as_before_after() -> None:
    before = gc.get_threshold()
    with frozen_heap():
        assert gc.get_threshold() == (max(YOUNG_THRESHOLD, before[0]), *before[1:])
    assert gc.get_threshold() == before


class _MissingModel:
    def load(self) -> None:
        raise EmbedderUnavailable("no packaged model here")


def test_an_embedder_that_cannot_load_at_start_up_is_left_to_fail_where_it_is_used(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="zehn.serve"):
        _load_embedder(_MissingModel())  # type: ignore[arg-type]  # no raise: serving starts, answers say so
    assert "no packaged model here" in caplog.text
