"""The words a question describes a party by must be written in a document about that party. Every question and text
here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.party_marks import party_marks, stem_of, unheld_marks


@pytest.mark.parametrize(("question", "marks"), [
    ("How long must logs be kept for the insurance prospect?", ("insurance",)),
    ("Which region does the regulated retail customer require?", ("regulated", "retail")),
    ("Which tenants did the top customer add?", ()),  # "top" ranks the party, it does not describe it
    ("Which region does Lumen Freight require?", ()),  # a name, judged by the anchors and names
])
def test_a_party_is_described_by_its_lower_case_modifiers(nlp: Language, question: str,
                                                          marks: tuple[str, ...]) -> None:
    assert party_marks(analyse(question, nlp).parse) == marks


def test_a_mark_is_held_by_any_form_of_its_stem() -> None:
    text = "The prospect is a mid-size insurer with a regulated claims desk."
    assert unheld_marks(("insuring", "regulated"), text) == ()  # "insur-" and "regulat-" begin words of the text
    assert unheld_marks(("banking",), text) == ("banking",)


def test_a_verb_form_hung_on_a_party_noun_describes_no_party(nlp: Language) -> None:
    # the tagger may read "breaking" as a modifier of "tenants"; no article makes it a described party either
    assert party_marks(analyse("What stops a schema change from breaking tenants again?", nlp).parse) == ()


def test_a_stem_drops_one_english_suffix_and_keeps_four_letters() -> None:
    assert stem_of("finance") == "financ"  # held by "financial"
    assert stem_of("insurance") == "insur"
    assert stem_of("banking") == "bank"
    assert unheld_marks(("finance",), "a regulated financial desk") == ()
