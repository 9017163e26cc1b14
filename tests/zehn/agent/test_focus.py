"""The asked thing's words: which sections answer it, and which sentence words state it without its noun."""

from __future__ import annotations

from zehn.agent.focus import (
    KIND_WORDS,
    family,
    label_roles,
    reads_sections,
    roles_for,
    roles_of,
    states_threshold,
    states_unit,
    type_of,
)


def test_a_focus_noun_that_names_a_section_reads_that_section() -> None:
    assert reads_sections("items", "consequence", "publish")
    assert roles_of("Consequences").get("impact") == 1.0
    assert reads_sections("description", "decision", "")
    assert reads_sections("items", "system", "affect")  # "which systems were affected": the Impact section
    assert "impact" in roles_for("items", "system", "affect")
    assert not reads_sections("description", "keepalive", "change")
    assert not reads_sections("quantity", "threshold", "trigger")


def test_being_hurt_or_what_a_thing_showed_asks_for_its_impact() -> None:
    assert "impact" in roles_for("items", "job", "hurt")  # "which jobs were hurt when the queue filled up"
    assert reads_sections("description", "", "show")  # "what were the nodes showing before the restart"
    assert "impact" not in roles_for("quantity", "node", "show")  # "how many nodes showed it" asks a count


def test_a_threshold_is_stated_as_a_comparison_with_a_number() -> None:
    assert states_threshold("threshold", "It fires when a node has used more than 85% of its volume.")
    assert states_threshold("limit", "Requests above 500 per second are rejected.")
    assert not states_threshold("threshold", "It fires when the node is nearly full.")
    assert not states_threshold("owner", "It fires when usage is above 85%.")


def test_verbs_that_only_carry_a_duration_name_the_kind() -> None:
    assert {"take", "last"} <= KIND_WORDS


def test_the_trigger_of_a_planned_act_is_no_cause_section() -> None:
    # "Failover trigger" lists the conditions a failover fires on; "Trigger" alone says what set the case off.
    assert "cause" not in roles_of("Chat > Failover trigger")
    assert "cause" not in roles_of("Export job triggers")
    assert roles_of("Postmortem > Trigger").get("cause") == 1.0
    assert roles_of("Trigger and impact").get("cause") == 1.0


def test_a_plural_heading_in_es_names_its_role_like_the_singular() -> None:
    assert roles_of("Release 2.1 > Fixes").get("fix") == 1.0  # release notes list what was fixed under "Fixes"
    assert roles_of("Patches").get("fix") == 1.0
    assert roles_of("Causes").get("cause") == 1.0
    assert roles_of("Boxes") == {}


def test_a_timeline_entry_is_labelled_after_its_time_stamp() -> None:
    assert label_roles("- 09:55: Mitigation: halve the worker pool") == {"fix": 1.0}
    assert label_roles("19:10 UTC - Root cause: a stale cache") == {"cause": 1.0}
    assert label_roles("- 09:42: Spill alert fires") == {}


def test_a_unit_symbol_after_a_number_states_the_asked_unit() -> None:
    assert states_unit("second", "forces a flush when nothing arrives for 2s.")
    assert states_unit("millisecond", "p95 rose by 120 ms")
    assert not states_unit("second", "we have 2 sites")
    assert not states_unit("request", "2s")


def test_a_share_is_stated_by_a_percentage() -> None:
    assert states_unit("share", "~12% of uploads were retried")
    assert states_unit("percentage", "retries rose to 4 percent")
    assert not states_unit("share", "12 uploads were retried")
    assert not states_unit("share", "the 12 percentile buckets")


def test_a_share_of_something_asks_for_a_quantity() -> None:
    assert type_of("share", "what", "get") == "quantity"
    assert type_of("proportion", "what", "fail") == "quantity"


def test_how_something_is_produced_asks_for_a_description_but_how_it_was_fixed_for_a_fix() -> None:
    assert type_of("", "how", "produce") == "description"
    assert type_of("", "what", "produce") == "cause"
    assert type_of("", "how", "resolve") == "fix"


def test_a_verb_of_keeping_is_met_by_another_of_its_family_or_its_noun() -> None:
    assert "retain" in family("keep") and "retention" in family("keep")
    assert family("deploy") == ()


def test_action_items_together_name_the_next_steps_but_either_word_alone_only_hints() -> None:
    assert roles_of("Postmortem > Action items")["next"] == 1.0
    assert roles_of("Postmortem > Action log").get("next", 0.0) < 1.0
    assert roles_of("Postmortem > Items reviewed").get("next", 0.0) < 1.0


def test_a_heading_that_calls_its_items_unsettled_names_what_remains() -> None:
    assert roles_of("ADR > Open questions")["next"] == 1.0
    assert roles_of("Ticket > Outstanding items")["next"] == 1.0
    assert roles_of("Ticket > Pending").get("next") == 1.0
    assert "next" not in roles_of("ADR > Questions")


def test_remaining_steps_are_next_steps_not_a_procedure() -> None:
    assert roles_for("items", "step", "remain") == frozenset({"next"})
    assert "steps" in roles_for("items", "step", "reproduce")


def test_a_heading_s_roles_are_the_caller_s_own_dict() -> None:
    first = roles_of("Root cause and fix")
    first.clear()  # the roles are cached: a caller's change must not reach the next caller
    assert roles_of("Root cause and fix") and roles_of("Root cause and fix") is not first


def test_what_is_left_or_remains_reads_the_next_steps() -> None:
    assert "next" in roles_for("description", "", "leave") and reads_sections("description", "", "remain")
    assert "next" not in roles_for("agent", "", "leave")  # "who left the team" asks for a person
