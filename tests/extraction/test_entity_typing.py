"""Entity typing from the words around a name: organisations, customers, teams, and code-ish words."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.entities import find_mentions


def typed(nlp: Language, text: str) -> dict[str, str]:
    return {m.name: m.type for m in find_mentions(nlp(text), 0)}


@pytest.mark.parametrize(
    ("text", "name"),
    [("We met customer Globex about the rollout.", "Globex"),
     ("The GlobexCloud (customer) asked for a fix.", "GlobexCloud"),
     ("Customer (KestrelFreight Ops): applied the rule.", "KestrelFreight")],
)
def test_apposition_makes_a_customer(nlp: Language, text: str, name: str) -> None:
    assert typed(nlp, text).get(name) == "Customer"


def test_a_possessive_does_not_make_a_customer(nlp: Language) -> None:
    assert "Customer" not in typed(nlp, "Clock steps on the customer's IdP broke the identity proxy.").values()


def test_a_legal_form_makes_an_organisation_not_a_person(nlp: Language) -> None:
    assert typed(nlp, "Contract signed with Halvard Financial Group last week.").get(
        "Halvard Financial Group") == "Organization"


@pytest.mark.parametrize(
    ("text", "word"),
    [("# Runbook: disk pressure on build hosts", "Runbook"),
     ("Error spike with 'EMFILE' in the logs of render-farm.", "EMFILE"),
     ("The SAMLResponse was truncated by the proxy.", "SAMLResponse"),
     ("The two builds look nearly-equal today.", "nearly-equal")],
)
def test_kinds_of_page_code_words_and_english_compounds_are_not_names(nlp: Language, text: str, word: str) -> None:
    assert word not in typed(nlp, text)


def test_an_identifier_beside_a_field_noun_is_not_a_component(nlp: Language) -> None:
    found = typed(nlp, "Set the spend-cap flag and watch the QueueDepthMs metric on rate-engine.")
    assert found == {"rate-engine": "Component"}


def test_an_identifier_with_a_file_suffix_is_a_file(nlp: Language) -> None:
    found = typed(nlp, "The fix touched QuoteCache.java and quota-rules.yaml in the rate-engine repo.")
    assert "QuoteCache" not in found and "quota-rules" not in found
    assert found.get("rate-engine") == "Component"


def test_an_organisation_whose_last_word_is_a_system_noun_is_a_system(nlp: Language) -> None:
    found = typed(nlp, "Yesterday the Triage Bot posted the summary to the channel.")
    assert found.get("Triage Bot") in ("Component", "Service")
