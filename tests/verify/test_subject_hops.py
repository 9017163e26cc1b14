"""Hops read via the document's subject: one end is not named in the sentence, so the best grade is inferred."""

from __future__ import annotations

import pytest
from spacy.language import Language

from verify import HopInput, grade_hop, via_of
from verify.grades import rank


def hop(sentence: str, subject: str, rel: str, obj: str) -> HopInput:
    return HopInput(subject, rel, obj, "ev_00000000000000ee", sentence, via="document_subject")


@pytest.mark.parametrize(
    ("sentence", "subject", "rel", "obj"),
    [
        ("It calls ledger-sync for every settlement batch.", "billing-export", "CALLS", "ledger-sync"),
        ("- Owner: Dana Ruiz (primary), Li Wei", "Dana Ruiz", "OWNS", "billing-export"),
        ("Mei Lin Tan (Pricing): can we keep the old schema one more release?", "Mei Lin Tan", "REVIEWED",
         "Cache distances per leg"),
        ("- Ravi Iyer: Approved", "Ravi Iyer", "APPROVED", "Cache distances per leg"),
        ("Action items are tracked in OPS-412.", "Postmortem: quote timeouts", "LINKED_TO", "OPS-412"),
    ],
)
def test_a_document_subject_hop_is_inferred_never_source_backed(nlp: Language, sentence: str, subject: str,
                                                                 rel: str, obj: str) -> None:
    graded = grade_hop(hop(sentence, subject, rel, obj), nlp)
    assert graded.grade == "inferred", graded.reasons
    assert "document_subject" in graded.reasons


def test_the_same_hop_read_as_text_may_be_source_backed(nlp: Language) -> None:
    text = HopInput("billing-export", "CALLS", "ledger-sync", "ev_00000000000000ef",
                    "billing-export calls ledger-sync for every settlement batch.")
    as_subject = grade_hop(hop(text.sentence, "billing-export", "CALLS", "ledger-sync"), nlp)
    assert grade_hop(text, nlp).grade == "source_backed"
    assert rank(as_subject.grade) <= rank("inferred")


@pytest.mark.parametrize(
    "sentence",
    [
        "It does not call ledger-sync any more.",
        "It might call ledger-sync during month-end.",
    ],
)
def test_negated_or_hedged_document_subject_hops_are_insufficient(nlp: Language, sentence: str) -> None:
    assert grade_hop(hop(sentence, "billing-export", "CALLS", "ledger-sync"), nlp).grade == "insufficient"


def test_no_end_in_the_sentence_is_insufficient(nlp: Language) -> None:
    graded = grade_hop(hop("Nothing here names either end.", "billing-export", "CALLS", "ledger-sync"), nlp)
    assert graded.grade == "insufficient" and graded.reasons == ("binding_failed:no_end_in_sentence",)


def test_via_is_read_from_the_edges_span_record() -> None:
    assert via_of({"subject": None, "via": "document_subject"}) == "document_subject"
    assert via_of({"subject": [0, 4]}) == "text" and via_of(None) == "text"
