"""Key-term extraction and matching, on hand-made text."""

from __future__ import annotations

from zehn.evaluation.terms import key_terms, normalise, support


def texts(terms: list) -> list[str]:  # type: ignore[type-arg]
    return [t.text for t in terms]


def test_numbers_identifiers_names_and_content_words_are_terms() -> None:
    terms = key_terms(["The Payments team owns ledger-sync; OPS-412 was fixed in 2026-04-11 at 99.9% (QuoteCache)."])
    assert texts(terms) == ["Payments", "team", "owns", "ledger-sync", "OPS-412", "fixed", "2026-04-11", "99.9%",
                            "QuoteCache"]
    kinds = {t.text: t.kind for t in terms}
    assert kinds["OPS-412"] == kinds["QuoteCache"] == kinds["99.9%"] == "identifier"
    assert kinds["Payments"] == "name" and kinds["owns"] == "word"


def test_stop_words_framing_words_and_enumerators_are_not_terms() -> None:
    assert key_terms(["(1) The document mentions that it is also in the answer to the question."]) == []
    assert texts(key_terms(["KMS keys: 400 days", "kms KEYS"])) == ["KMS", "keys", "400", "days"]


def test_normalise_strips_light_suffixes_and_possessives() -> None:
    assert normalise("Retained") == normalise("retain") == "retain"
    assert normalise("Omar's") == "omar"
    assert normalise("bus") == "bus"  # short words are left alone
    assert normalise("OPS-412") == "ops-412"


def test_support_counts_found_and_missing_terms() -> None:
    terms = key_terms(["Audit events are retained for 400 days by the KMS service."])
    found, missing = support(terms, "Audit logs: every event is retained 400 days.")
    assert texts(found) == ["Audit", "events", "retained", "400", "days"]
    assert texts(missing) == ["KMS", "service"]


def test_compound_terms_match_by_parts_and_nothing_matches_empty_text() -> None:
    terms = key_terms(["cross-region fallback"])
    found, _ = support(terms, "no cross region fallback is allowed")
    assert texts(found) == ["cross-region", "fallback"]
    found, missing = support(terms, "")
    assert found == [] and len(missing) == 2
