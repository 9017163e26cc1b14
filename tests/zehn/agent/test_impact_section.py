"""What a change affected, read from its document's impact section: the systems that are sentence subjects there
and the systems list items name, never a line that says it was not affected. Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.documents import judge
from zehn.agent.impact_section import impact_hops
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.similarity import Similarity

TITLE = "Incident review: search latency after the tokenizer-svc config push"
DOC = """# Incident review: search latency after the tokenizer-svc config push

## Summary
A config push to the tokenizer-svc doubled the size of every index request.

## Impact
Search was slow for most users. The autocomplete-api returned stale suggestions for an hour.

Also affected:
- ranking worker: dropped one batch of feature updates
- digest-mailer: sent the weekly digest late

Not affected: the billing-gateway, which never calls search.

## Follow-ups
- The query-cache will get its own pool next quarter.
"""


def _hit(nlp: Language, question: str, title: str = TITLE) -> list[tuple[str, str]]:
    analysis = analyse(question, nlp)
    assert analysis.subject is not None
    order = [judge(analysis, markdown_view(DOC, title), Similarity(None))]
    return [(p.entity_name, p.hops[0].grade) for p in impact_hops(analysis.subject, order, Parses(ParseCache(nlp)))]


def test_the_impact_section_names_the_systems_hit_in_sentences_and_in_a_list(nlp: Language) -> None:
    found = _hit(nlp, "Which services were affected by the tokenizer-svc config push?")
    assert [name for name, _ in found] == ["autocomplete-api", "ranking worker", "digest-mailer"]
    assert {grade for _, grade in found} == {"inferred"}


def test_a_line_that_says_not_affected_and_a_section_other_than_impact_name_no_hit_system(nlp: Language) -> None:
    names = [name for name, _ in _hit(nlp, "What did the tokenizer-svc config push break?")]
    assert "autocomplete-api" in names  # the section is read: the spared and off-section systems are left out
    assert "billing-gateway" not in names and "query-cache" not in names


def test_a_document_that_does_not_name_the_subject_lists_nothing_for_it(nlp: Language) -> None:
    assert _hit(nlp, "What did the parser-svc config push break?", title="Incident review: search latency") == []
    assert _hit(nlp, "What did the tokenizer-svc config push break?")  # the same document, asked of its subject
