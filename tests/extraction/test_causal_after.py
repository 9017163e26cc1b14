"""A problem stated after a change: the change affects the system hit, or caused what the document is about."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.entities import find_mentions
from extraction.relations import find_relations
from tests.extraction.test_lines import read, triples


def sentence_triples(nlp: Language, text: str) -> set[tuple[str, str, str]]:
    doc = nlp(text)
    found = find_relations(doc, 0, find_mentions(doc, 0))
    assert all(r.hedged == (r.raw_verb.casefold() != "since") for r in found)  # "since" gives a reason too
    return {(r.subject.name, r.rel_type, r.object.name) for r in found}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The quote-engine began failing after the fare-cache deployment.",
         {("fare-cache", "AFFECTS", "quote-engine")}),
        ("Errors on the quote-engine started since release 5.2.0.", {("release 5.2.0", "AFFECTS", "quote-engine")}),
        ("We restarted the quote-engine after the fare-cache deployment.", set()),
        ("The quote-engine was slow after fare-cache restarted.", set()),
        ("Since the tenant signing key rotation on 2031-04-01, the fare export pipeline is failing at upload.",
         {("tenant signing key", "AFFECTS", "fare export pipeline")}),
        ("After the fare-cache deployment, the quote-engine returned 502s.",
         {("fare-cache", "AFFECTS", "quote-engine")}),
        ("After the fare-cache deployment, the quote-engine team met.", set()),
    ],
)  # fmt: skip
def test_a_problem_after_a_named_change(nlp: Language, text: str, expected: set[tuple[str, str, str]]) -> None:
    assert sentence_triples(nlp, text) == expected


POSTMORTEM = """---
title: "Postmortem: slow fare lookups (2031-05-02)"
source_type: "confluence"
---

# Postmortem: slow fare lookups (2031-05-02)

## Timeline

- 09:12 UTC: On-call compared the dashboards and saw a regression after scheduler build 2031.05.01.3.
- 09:40 UTC: If errors return after the rollout of fare-cache, page the owner.
"""


def test_a_regression_after_a_build_caused_the_incident_by_inference(nlp: Language, tmp_path: Path) -> None:
    _, relations = read(nlp, tmp_path, POSTMORTEM)
    caused = [r for r in relations if r["rel_type"] == "CAUSED"]
    assert ("build 2031.05.01.3", "CAUSED", "Postmortem: slow fare lookups (2031-05-02)", "document_subject") in \
        triples(caused)
    assert all(r["hedged"] for r in caused)  # "after" states a sequence, not a cause
