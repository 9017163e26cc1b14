"""One direction rule for every reader: a side noun decides; both directions on a page describe requests flowing
down; one direction alone is a position in a flow of data. The label table (one line, no page) follows it."""

from __future__ import annotations

from verify.directions import names_both, side
from verify.vocabulary import label_rule


def test_a_side_noun_decides_whatever_the_direction_word() -> None:
    assert side(["upstream", "dependencies"], paired=False) == "dependency"
    assert side(["downstream", "consumers"], paired=False) == "dependents"
    assert side(["upstream", "callers"], paired=True) == "dependents"


def test_a_bare_direction_reads_requests_when_paired_and_data_when_alone() -> None:
    assert side(["downstream"], paired=True) == "dependency"
    assert side(["upstream"], paired=True) == "dependents"
    assert side(["upstream"], paired=False) == "dependency"
    assert side(["downstream", "services"], paired=False) == "dependents"
    assert side(["services"], paired=True) is None


def test_a_page_pairs_the_directions_only_when_it_names_both() -> None:
    assert names_both(["upstream", None, "downstream"])
    assert not names_both(["upstream", "upstream"])


def test_the_label_table_reads_a_side_noun_first_and_a_lone_direction_as_data_flow() -> None:
    for label, dependent in (("Upstream", False), ("**Downstream**", True), ("Upstream dependencies", False),
                             ("Downstream clients", True)):
        rule = label_rule(label)
        assert rule is not None and rule.rel_type == "DEPENDS_ON" and rule.value_is_subject == dependent, label


def test_a_side_noun_that_names_the_flow_keeps_its_own_predicate_after_a_direction_word() -> None:
    for label, rel in (("Downstream consumers", "CONSUMES"), ("Upstream callers", "CALLS")):
        rule = label_rule(label)
        assert rule is not None and rule.rel_type == rel and rule.value_is_subject, label


def test_an_upstream_calls_label_is_read_as_the_lone_direction_the_system_calls_its_values() -> None:
    rule = label_rule("Upstream calls:")
    assert rule is not None and rule.rel_type == "CALLS" and not rule.value_is_subject
