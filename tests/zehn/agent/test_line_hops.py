"""Owners and participants read at question time from the lines that name the subject: plain sentences, an
assignment, a 'Part: Name' line under an owners heading, an action table's owner column. Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.documents import judge
from zehn.agent.line_hops import scan_agents
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.similarity import Similarity

DOC = """# Cut-over plan for the ledger vault

## Agreed
- Marta Oyelowo owns the DNS flip for the vault endpoint.
- The quota reload hook is assigned to Piet Vermaak.

## Owners
Export workers: Sanne de Graaf. Scheduler: Tomas Brenner.

## Action items
| # | Item | Owner | Due |
|---|------|-------|-----|
| 1 | Soak test the vault-proxy at twice peak load | Hanne Lykke | 2026-07-01 |
| 2 | Rewrite the vault restore guide | TBD | |
"""


def _who(nlp: Language, question: str, text: str = DOC, title: str = "Cut-over plan for the ledger vault"
         ) -> list[tuple[str, str, tuple[str, ...]]]:
    analysis = analyse(question, nlp)
    assert analysis.subject is not None
    order = [judge(analysis, markdown_view(text, title), Similarity(None))]
    found = scan_agents(analysis, analysis.subject, order, Parses(ParseCache(nlp)), nlp)
    return [(p.entity_name, p.hops[0].grade, p.hops[0].reasons) for p in found]


def test_a_plain_sentence_naming_the_subject_gives_its_owner(nlp: Language) -> None:
    found = _who(nlp, "Who owns the DNS flip for the vault endpoint?")
    assert [f[0] for f in found] == ["Marta Oyelowo"]
    assert found[0][1] == "source_backed"


def test_an_assignment_in_the_passive_gives_the_assignee(nlp: Language) -> None:
    assert [f[0] for f in _who(nlp, "Who was the quota reload hook assigned to?")] == ["Piet Vermaak"]


def test_a_part_named_by_a_label_under_an_owners_heading_is_owned_by_its_value(nlp: Language) -> None:
    found = _who(nlp, "Who owns the export workers?")
    assert [f[0] for f in found] == ["Sanne de Graaf"]
    assert found[0][1] == "inferred" and "relation_from_section" in found[0][2]


def test_an_action_table_row_naming_the_subject_gives_the_owner_column(nlp: Language) -> None:
    assert [f[0] for f in _who(nlp, "Who owns the soak test of the vault-proxy?")] == ["Hanne Lykke"]


def test_a_table_row_whose_owner_is_tbd_gives_no_owner(nlp: Language) -> None:
    assert _who(nlp, "Who owns the vault restore guide?") == []


def test_a_document_that_does_not_name_every_identifier_of_the_subject_is_not_read(nlp: Language) -> None:
    assert _who(nlp, "Who owns the soak test of the edge-proxy?") == []


CATALOGUE = """# ledger-vault

| Field | Value |
|-------|-------|
| Owning team | Vault Platform |
| Tier | 1 |
"""


def test_a_field_row_on_the_subjects_own_page_gives_its_owner_inferred(nlp: Language) -> None:
    found = _who(nlp, "Who is the owning team of ledger-vault?", CATALOGUE, "Service catalogue: ledger-vault")
    assert [(f[0], f[1]) for f in found] == [("Vault Platform", "inferred")]
    assert "subject_from_context" in found[0][2]


def test_a_field_row_on_another_page_gives_no_owner(nlp: Language) -> None:
    assert _who(nlp, "Who is the owning team of ledger-vault?", CATALOGUE + "ledger-vault is tier 1.\n",
                "Service catalogue: payments") == []


def test_one_answering_rule_a_plan_answers_only_a_question_about_the_future() -> None:
    from verify import HopGrade
    from zehn.agent.line_hops import answers
    planned = HopGrade("inferred", ("plan_or_future", "signal:will"), "ev")
    assert answers(planned, future=True) and not answers(planned, future=False)
    assert answers(HopGrade("inferred", ("label:owner", "subject_from_context"), "ev"), future=False)
    assert not answers(HopGrade("inferred", ("cooccurrence_only",), "ev"), future=True)
    assert not answers(HopGrade("insufficient", ("negated",), "ev"), future=True)


def test_a_title_naming_the_subjects_identifiers_and_head_is_its_own_page(nlp: Language) -> None:
    plan = "# Migration plan: quote-api sessions off memo-pool\n\nMigration owner: Ilka Sommer\n"
    assert _who(nlp, "Who owns the quote-api session migration?", plan,
                "Migration plan: quote-api sessions off memo-pool")[0][0] == "Ilka Sommer"
    assert _who(nlp, "Who owns the quote-api session migration?", plan,
                "Rollout plan: quote-api sessions off memo-pool") == []
