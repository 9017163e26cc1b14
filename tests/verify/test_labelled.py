"""Labelled lines: segments, the relation a label states, and how a hop read from one is graded."""

from __future__ import annotations

import pytest
from spacy.language import Language

from verify.labelled import grade_labelled, label_relation, opening_label, segments


def test_a_line_can_hold_a_label_at_its_start_and_one_in_parentheses() -> None:
    found = segments("- Routing: enforce the region default (Owner: Ana Ruiz / Li Wei)")
    assert [(s.label, s.values) for s in found] == [("routing", ("enforce the region default",)),
                                                     ("owner", ("Ana Ruiz", "Li Wei"))]


def test_a_label_may_carry_a_parenthesised_qualifier_before_its_colon() -> None:
    [segment] = segments("- Billing owners (invoice cutoff/state): Mara Quinn")
    assert (segment.label, segment.values) == ("billing owners", ("Mara Quinn",))
    assert label_relation(segment.label) == "OWNS"
    [bold] = segments("- **Ledger Desk (exports/retries):** Tom Vale")
    assert bold.label == "ledger desk" and label_relation(bold.label) is None


def test_values_drop_their_own_parentheses() -> None:
    [segment] = segments("Spec owner: Ana Ruiz (Platform)")
    assert segment.values == ("Ana Ruiz",)


def test_a_label_states_a_relation_by_its_head_word() -> None:
    assert label_relation("spec owner") == "OWNS"
    assert label_relation("assignee") == "ASSIGNED_TO"
    assert label_relation("approved by") == "APPROVED"
    assert label_relation("affected service") == "AFFECTS"
    assert label_relation("routing") is None


def test_a_labelled_value_is_source_backed_only_with_its_topic_in_the_line(nlp: Language) -> None:
    line = "- Billing export: nightly job (Owner: Ana Ruiz)"
    assert grade_labelled(line, "OWNS", "Ana Ruiz", True, "ev_1", nlp).grade == "source_backed"
    assert grade_labelled(line, "OWNS", "Ana Ruiz", False, "ev_1", nlp).grade == "inferred"
    assert grade_labelled(line, "MAINTAINS", "Ana Ruiz", True, "ev_1", nlp).grade == "insufficient"


def test_a_speakers_line_states_what_its_first_verb_says_and_nothing_negated(nlp: Language) -> None:
    assert grade_labelled("Li Wei: Approved. Ship it.", "APPROVED", "Li Wei", False, "ev_2", nlp).reasons == (
        "speaker_is_subject", "subject_from_context")
    assert grade_labelled("Li Wei: not approved yet.", "APPROVED", "Li Wei", False, "ev_2", nlp).grade == \
        "insufficient"
    assert grade_labelled("Li Wei: I approved it.", "APPROVED", "Li Wei", False, "ev_2", nlp).grade == \
        "insufficient"  # the line names its own subject: the prose grader reads it


def test_a_two_cell_table_row_is_a_field_and_its_value() -> None:
    found = segments("| Owning team | Storage Platform |")
    assert [(s.label, s.values) for s in found] == [("owning team", ("Storage Platform",))]
    assert label_relation(found[0].label) == "OWNS"


def test_a_table_row_with_more_cells_or_a_rule_row_is_no_label() -> None:
    assert segments("| 3 | Rotate the keys | Ana Ruiz | 2026-05-01 |") == ()
    assert segments("|-------|-------|") == ()


def test_bold_may_close_after_the_colon() -> None:
    found = segments("**Reviewers:** Ilka Brandt, Otto Varga")
    assert [(s.label, s.values) for s in found] == [("reviewers", ("Ilka Brandt", "Otto Varga"))]


def test_a_line_read_again_gives_the_same_segments() -> None:
    line = "- Owner: the storage team (backup: platform team)"
    assert segments(line) == segments(line)
    assert [s.label for s in segments(line)] == ["owner", "backup"]


@pytest.mark.parametrize(("line", "label"), [
    ("- **Owner:** Ana Ruiz", "owner"),
    ("* __Trace summary:__ pool empty", "trace summary"),
    ("Enforce the region default (Owner: Ana Ruiz)", None),  # a label later in the line names an aside
    ("No label on this line", None),
])
def test_the_label_a_line_opens_with_is_read_past_list_marks_and_emphasis(line: str, label: str | None) -> None:
    assert opening_label(line) == label


def test_a_slash_joining_two_names_of_one_role_is_no_word_of_its_label() -> None:
    [segment] = segments("- Release captain / rollback owner: **Ines Park**")
    assert (segment.label, segment.values) == ("release captain / rollback owner", ("Ines Park",))
    assert segments("- One two three four five: x") == ()  # five words are a clause, not a label
