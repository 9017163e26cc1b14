"""A chat or comment speaker claiming the lead on what the thread is about (`extraction.lead_claims`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.extraction_types import Mention
from extraction.lead_claims import lead_claims
from tests.extraction.test_prose_rules import read

THREAD = "#bakery-ops: oven line stalled"


@pytest.mark.parametrize(("body", "speaker"), [
    ("pieter_v: seeing it too, taking lead.", "pieter_v"),
    ("Marta Kowalski (Ops): I'll take the lead on this one.", "Marta Kowalski"),
    ("[09:14] jonas: taking point, paging the oven vendor", "jonas"),
])
def test_the_speaker_who_claims_the_lead_leads_the_thread(nlp: Language, tmp_path: Path, body: str,
                                                        speaker: str) -> None:
    assert (speaker, "LEADS", THREAD, "d") in read(nlp, tmp_path, THREAD, body)


@pytest.mark.parametrize("body", [
    "pieter_v: who is taking lead?",
    "pieter_v: can you take lead, jonas",
    "marta: I'm not taking lead today.",
    "The vendor said the new firmware should take the lead in power saving.",  # no speaker
])
def test_a_question_a_request_a_denial_or_no_speaker_claims_nothing(nlp: Language, tmp_path: Path,
                                                                   body: str) -> None:
    assert not any(rel == "LEADS" for _, rel, _, _ in read(nlp, tmp_path, THREAD, body))


def test_the_claim_is_stated_on_its_own_line_as_an_exact_slice() -> None:
    text = "intro\njonas: taking lead.\n"
    own = Mention("Oven thread", "Page", 0, 5)
    [rel] = lead_claims(text, (6, 24), own, [])
    assert text[rel.subject.start : rel.subject.end] == "jonas"
    assert text[rel.predicate_start : rel.predicate_end] == "taking lead"
    assert rel.via == "document_subject" and rel.object is own
