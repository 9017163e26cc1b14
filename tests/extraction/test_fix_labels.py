"""A change labelled by a word of fixing ("Patch PR:", "Mitigation PR created:") is the document's fix; one not
merged yet is a planned fix (`extraction.label_fallbacks`, `extraction.references`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.label_fallbacks import fallback_rule, pending_change
from tests.extraction.test_prose_rules import read

TICKET = "BAKE-91: Proofing timer resets at midnight"
PR = "https://github.com/bakehouse/ovens/pull/"


@pytest.mark.parametrize("label", ["Patch PR", "Mitigation PR created", "Remediation commit", "Bugfix MR"])
def test_a_change_named_by_a_word_of_fixing_fixes(label: str) -> None:
    rule = fallback_rule(label)
    assert rule is not None and rule.rel_type == "FIXES" and rule.value_is_subject


@pytest.mark.parametrize("label", ["Test PR", "Docs PR created", "Related PRs created"])
def test_other_changes_only_link(label: str) -> None:
    rule = fallback_rule(label)
    assert rule is not None and rule.rel_type == "LINKED_TO"


@pytest.mark.parametrize(("value", "pending"), [(f"{PR}5 (under review)", True), (f"{PR}5 (draft)", True),
                                                (f"{PR}5, not yet merged", True), (f"{PR}5 (merged)", False)])
def test_a_change_not_merged_yet_is_pending(value: str, pending: bool) -> None:
    assert pending_change(value) is pending


def test_a_patch_pr_line_fixes_the_ticket_and_a_pending_one_is_planned(nlp: Language, tmp_path: Path) -> None:
    body = f"- Mitigation PR: {PR}57\n- Patch PR: {PR}58 (under review)\n"
    found = read(nlp, tmp_path, TICKET, body)
    assert (f"{PR}57", "FIXES", TICKET, "d") in found
    assert (f"{PR}58", "FIXES", TICKET, "pd") in found


def test_a_patch_pr_created_inside_a_sentence_is_the_fix_not_what_was_set_off(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, TICKET, f"The timer is reset twice. Patch PR created: {PR}61 for review.")
    assert (f"{PR}61", "FIXES", TICKET, "d") in found
    found = read(nlp, tmp_path, TICKET, "Incident triggered: BAKE-12 when the ovens cooled.")
    assert not any(rel == "FIXES" for _, rel, _, _ in found)
