"""One direction rule for every reader: a side noun decides; a bare direction word only on a page that names both
(requests flow downstream); one bare direction alone says nothing. The hop grader's label table follows it."""

from __future__ import annotations

from verify.directions import names_both, side
from verify.vocabulary import label_rule


def test_a_side_noun_decides_whatever_the_direction_word() -> None:
    assert side(["upstream", "dependencies"], paired=False) == "dependency"
    assert side(["downstream", "consumers"], paired=False) == "dependents"
    assert side(["upstream", "callers"], paired=True) == "dependents"


def test_a_bare_direction_is_read_by_the_flow_convention_only_when_the_page_pairs_them() -> None:
    assert side(["downstream"], paired=True) == "dependency"
    assert side(["upstream"], paired=True) == "dependents"
    assert side(["upstream"], paired=False) is None
    assert side(["downstream", "services"], paired=False) is None


def test_a_page_pairs_the_directions_only_when_it_names_both() -> None:
    assert names_both(["upstream", None, "downstream"])
    assert not names_both(["upstream", "upstream"])


def test_the_label_table_reads_a_side_noun_and_no_bare_direction() -> None:
    assert label_rule("Upstream") is None and label_rule("**Downstream**") is None
    up = label_rule("Upstream dependencies")
    down = label_rule("Downstream consumers")
    assert up is not None and up.rel_type == "DEPENDS_ON" and not up.value_is_subject
    assert down is not None and down.rel_type == "DEPENDS_ON" and down.value_is_subject
