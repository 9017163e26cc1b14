"""The side-by-side answer bench reports first asks and asks again apart: a cache that only repeats are served
from must not hide what a first ask costs."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from bench.answers_ab import Side


def test_first_asks_and_asks_again_are_reported_apart() -> None:
    side = Side("this", Path("."), cast(Any, None), wall=[110.0, 130.0, 30.0, 50.0], cpu=[90.0, 100.0, 20.0, 22.0],
                db=[10.0, 10.0, 10.0, 10.0])
    got = side.figures(first=2)
    assert (got["first_overhead_p50"], got["again_overhead_p50"]) == (110.0, 30.0)
    assert (got["first_cpu_p50"], got["again_cpu_p50"]) == (95.0, 21.0)
    assert got["overhead_p50"] == 70.0  # all answers together, as before
