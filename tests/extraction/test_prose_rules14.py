"""Rules of the fourteenth pass (zehn-rules-36): a participle after the thing a change acts on ("an upgrade of X
using Y") tells how the change was made; X is not its subject. Documents are our own, read through the whole
extractor."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import read


@pytest.mark.parametrize("body", [
    "Tarn Freight attempted an in-place upgrade of the quay-ledger cluster using the Helm installer.\n",
    "We finished the migration of quay-ledger using Terraform last night.\n",
    "The rollout of quay-ledger using Kubernetes took two hours.\n",
])
def test_a_participle_after_a_changed_system_is_not_that_systems_use(
        nlp: Language, tmp_path: Path, body: str) -> None:
    found = read(nlp, tmp_path, "Upgrade notes", body)
    assert not any(s.startswith("quay-ledger") and rel == "USES" for s, rel, _, _ in found)


def test_a_participle_after_a_system_named_on_its_own_still_says_what_it_uses(
        nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Service notes", "The quay-ledger service using Postgres was slow to start.\n")
    assert ("quay-ledger", "USES", "Postgres", "") in found


PAGE = "Postmortem: export stalls on the quay-ledger"


def test_a_pull_request_closing_a_long_clause_that_opens_with_a_fix_is_the_fix(
        nlp: Language, tmp_path: Path) -> None:
    line = ("1) Fix and revert the regression in the quay-ledger batch writer (PR open): quay-ledger PR #2210 to "
            "restore the fast path.")
    found = read(nlp, tmp_path, PAGE, line)
    assert ("PR #2210", "FIXES", PAGE, "d") in found
    assert not any(rel == "CAUSED" for _, rel, _, _ in found)


@pytest.mark.parametrize("line", [
    "Fix the slow start of the quay-ledger workers after the regression introduced by PR #2231.",
    "Patch the quay-ledger batch writer so that it no longer stalls on large batches, reverting PR #2240.",
])
def test_a_cause_said_of_the_pull_request_itself_keeps_it_the_cause(
        nlp: Language, tmp_path: Path, line: str) -> None:
    assert any(rel == "CAUSED" for _, rel, _, _ in read(nlp, tmp_path, PAGE, line))


TICKET = "SUP-4411: Duplicate leads in the CRM sync"


@pytest.mark.parametrize("verb", ["Indicates", "Suggests", "Requires"])
def test_a_verb_opening_a_note_style_item_is_no_part_of_a_system_name(
        nlp: Language, tmp_path: Path, verb: str) -> None:
    found = read(nlp, tmp_path, TICKET, f"Impact\n- {verb} lead scoring pipeline is generating false intent signals.\n")
    assert not any(name.startswith(verb) for s, _, o, _ in found for name in (s, o))


def test_an_item_opening_with_the_system_name_still_names_it(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, TICKET, "Impact\n- Lead scoring pipeline is generating false intent signals.\n")
    assert (TICKET, "AFFECTS", "Lead scoring pipeline", "d") in found
