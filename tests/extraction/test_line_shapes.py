from __future__ import annotations

import pytest

from extraction.line_shapes import stated_unhit


@pytest.mark.parametrize(("value", "spared"), [
    ("Hosted API was not impacted", True),
    ("Hosted API wasn't impacted", True),  # a contraction: no word boundary before "n't"
    ("Hosted API was unaffected", True),
    ("Hosted API returned 502s for ten minutes", False),
    ("No impact on Hosted API", True),
    ("Hosted API ran a no-op migration", False),  # a word joined by a hyphen is no denial
])
def test_an_impact_item_that_says_the_system_was_spared_is_no_hit(value: str, spared: bool) -> None:
    assert stated_unhit(value) is spared
