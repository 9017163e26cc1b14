"""The asked thing's words: which sections answer it, and which sentence words state it without its noun."""

from __future__ import annotations

from zehn.agent.focus import KIND_WORDS, reads_sections, roles_for, roles_of, states_threshold


def test_a_focus_noun_that_names_a_section_reads_that_section() -> None:
    assert reads_sections("items", "consequence", "publish")
    assert roles_of("Consequences").get("impact") == 1.0
    assert reads_sections("description", "decision", "")
    assert reads_sections("items", "system", "affect")  # "which systems were affected": the Impact section
    assert "impact" in roles_for("items", "system", "affect")
    assert not reads_sections("description", "keepalive", "change")
    assert not reads_sections("quantity", "threshold", "trigger")


def test_a_threshold_is_stated_as_a_comparison_with_a_number() -> None:
    assert states_threshold("threshold", "It fires when a node has used more than 85% of its volume.")
    assert states_threshold("limit", "Requests above 500 per second are rejected.")
    assert not states_threshold("threshold", "It fires when the node is nearly full.")
    assert not states_threshold("owner", "It fires when usage is above 85%.")


def test_verbs_that_only_carry_a_duration_name_the_kind() -> None:
    assert {"take", "last"} <= KIND_WORDS


def test_a_plural_heading_in_es_names_its_role_like_the_singular() -> None:
    assert roles_of("Release 2.1 > Fixes").get("fix") == 1.0  # release notes list what was fixed under "Fixes"
    assert roles_of("Patches").get("fix") == 1.0
    assert roles_of("Causes").get("cause") == 1.0
    assert roles_of("Boxes") == {}
