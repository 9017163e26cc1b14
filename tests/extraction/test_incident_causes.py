"""Noun-led incident readings on one parsed sentence: the impact aimed at a system, the cause a write-up names."""

from __future__ import annotations

import pytest
from spacy.language import Language
from spacy.tokens import Span

from extraction.extraction_types import Mention
from extraction.incident_causes import impact_nouns, root_causes


def _sentence(nlp: Language, text: str, system: str) -> tuple[Span, dict[int, Mention]]:
    """The first sentence and the system's tokens anchored to one Service mention."""
    sent = next(iter(nlp(text).sents))
    start = text.index(system)
    anchors = {t.i: Mention(system, "Service", start, start + len(system))
               for t in sent if start <= t.idx < start + len(system)}
    return sent, anchors


@pytest.mark.parametrize(("text", "negated"), [
    ("There was some spillover to the quota-store.", False),
    ("We saw no impact on the quota-store.", True),
    ("The change caused a degradation of the quota-store.", False),
])
def test_an_impact_noun_names_the_system_it_is_aimed_at(nlp: Language, text: str, negated: bool) -> None:
    sent, anchors = _sentence(nlp, text, "quota-store")
    found = impact_nouns(sent, anchors, {})
    assert [(m.name, neg) for m, _, neg in found] == [("quota-store", negated)]


def test_the_impact_of_a_system_names_what_did_harm_not_what_was_harmed(nlp: Language) -> None:
    sent, anchors = _sentence(nlp, "The impact of the quota-store was small.", "quota-store")
    assert impact_nouns(sent, anchors, {}) == []


@pytest.mark.parametrize("text", [
    "The root cause was a memory leak in the quota-store.",
    "The issue was traced to the quota-store.",
])
def test_a_cause_named_as_the_incidents_own_is_read(nlp: Language, text: str) -> None:
    sent, anchors = _sentence(nlp, text, "quota-store")
    assert [m.name for m, _ in root_causes(sent, anchors)] == ["quota-store"]


@pytest.mark.parametrize("text", [
    "Was the root cause a memory leak in the quota-store?",
    "If the issue is traced to the quota-store, we roll back.",
])
def test_a_question_or_a_condition_names_no_cause(nlp: Language, text: str) -> None:
    sent, anchors = _sentence(nlp, text, "quota-store")
    assert root_causes(sent, anchors) == []
