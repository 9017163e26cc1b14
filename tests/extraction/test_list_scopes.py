"""Labels that govern a list or a table: references and impact headings, label headings, table header rows."""

from __future__ import annotations

import pytest

from extraction.chunker import markdown_headings
from extraction.list_scopes import IMPACT_RULE, LINK_RULE, heading_scopes, list_rule, table_headers


def test_joined_reference_headings_link_their_list_to_the_document() -> None:
    assert list_rule("References and related docs") == LINK_RULE
    assert list_rule("Links & references") == LINK_RULE


def test_an_impact_heading_makes_its_items_affected_systems() -> None:
    assert list_rule("Customer impact") == IMPACT_RULE


def test_a_plain_heading_governs_no_list() -> None:
    assert list_rule("Morning coffee") is None


def test_a_label_heading_governs_its_section_up_to_the_next_heading_of_its_level() -> None:
    text = "# Notes\n\n## Dependencies\n\n- shelf-sync\n\n### Detail\n\nx\n\n## Summary\n\ny\n"
    scopes = heading_scopes(text, markdown_headings(text))
    assert len(scopes) == 1
    scope = scopes[0]
    assert text[scope.label[0] : scope.label[1]] == "Dependencies"
    assert text[scope.start : scope.end].startswith("## Dependencies") and "## Summary" not in text[scope.start :
                                                                                                   scope.end]
    assert "### Detail" in text[scope.start : scope.end]


def test_each_table_row_carries_its_header_cells() -> None:
    text = "intro\n| System | Owner |\n|---|---|\n| shelf-sync | Circulation |\n\nafter\n"
    rows = table_headers(text, 0)
    row = text.index("| shelf-sync")
    assert rows == {row: ("System", "Owner")}


def test_a_table_without_a_separator_row_has_no_header() -> None:
    assert table_headers("| a | b |\n| c | d |\n", 0) == {}


@pytest.mark.parametrize("label", ["Team references", "Useful links", "Internal refs"])
def test_a_references_heading_with_one_qualifying_word_is_a_references_list(label: str) -> None:
    assert list_rule(label) is LINK_RULE


def test_a_second_kind_joined_by_a_slash_is_no_qualifier() -> None:
    assert list_rule("Files/links") is not LINK_RULE
