"""Acts compared as verb phrases: an ask's act stated by another verb binds, an on-topic line that states another act
does not. The verb pairs are general English (they set ACT_MATCH); every question and line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.act_phrases import act_phrases, acts_alike, asked_act
from zehn.agent.analyse import analyse
from zehn.agent.rows import DocPassage
from zehn.agent.sentence_binding import Scored, bind_sentence
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


@pytest.mark.parametrize(("act", "other"), [
    ("spot", "detect"), ("spot", "notice"), ("halt", "stop"), ("begin", "start"), ("buy", "purchase"),
    ("fix", "repair"), ("remove", "delete"), ("revert", "roll back"), ("notify", "alert"), ("discover", "find"),
    ("launch", "release"), ("ship", "release"), ("cut", "reduce"), ("raise", "increase"),
])
def test_synonymous_acts_read_alike_as_infinitives(similarity: Similarity, act: str, other: str) -> None:
    assert acts_alike(act, [other], similarity)


@pytest.mark.parametrize(("act", "other"), [
    ("spot", "restore"), ("point to", "restore"), ("point to", "add"), ("approve", "delete"), ("contain", "roll back"),
    ("revert", "expose"), ("inherit", "remove"), ("drain", "patch"), ("set off", "roll back"), ("merge", "review"),
    ("own", "review"), ("start", "stop"), ("point to", "pin"), ("turn on", "upgrade"), ("ship", "deploy"),
])
def test_unrelated_acts_do_not(similarity: Similarity, act: str, other: str) -> None:
    assert not acts_alike(act, [other], similarity)


def test_the_same_act_or_no_act_is_no_other_wording(similarity: Similarity) -> None:
    assert not acts_alike("detect", ["detect"], similarity)  # the verb itself is judged by the caller, not here
    assert not acts_alike("", ["detect"], similarity)
    assert not acts_alike("detect", [], similarity)


def test_a_phrasal_verb_keeps_its_particle(nlp: Language) -> None:
    assert "roll back" in act_phrases(nlp("The on-call engineer rolled the flag change back at noon."))
    assert asked_act(analyse("What set off the nightly export failures?", nlp).asks[0], nlp) == "set off"


def _binds(question: str, sentence: str, nlp: Language, similarity: Similarity) -> bool:
    """Whether the sentence answers the question's first ask, its passage granted (the sentence's rule alone)."""
    ask = analyse(question, nlp).asks[0]
    passage = DocPassage("d#p0", "d", "Notes", "section", 0, len(sentence), sentence, ())
    scored = Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True))
    return bind_sentence(ask, scored, nlp(sentence), similarity, (), parse_text=nlp) is not None


def test_a_line_that_states_the_asked_act_in_other_words_binds(nlp: Language, similarity: Similarity) -> None:
    question = "What spotted the dropped invoices first?"
    assert _binds(question, "The dropped invoices were detected by a nightly reconciliation job.", nlp, similarity)


def test_an_on_topic_line_that_states_another_act_does_not(nlp: Language, similarity: Similarity) -> None:
    question = "What spotted the dropped invoices first?"
    assert not _binds(question, "The dropped invoices were restored from the archive on Monday.", nlp, similarity)
    question = "What did the billing alias point to after the migration?"
    assert not _binds(question, "After the migration the billing alias was added to the shared catalog.", nlp,
                      similarity)


def test_a_typed_value_whose_act_is_said_in_other_words_binds(nlp: Language, similarity: Similarity) -> None:
    question = "Which CLI version shipped the parquet writer fix?"
    assert _binds(question, "The parquet writer fix was released in CLI 2.7.1.", nlp, similarity)


def test_a_typed_value_of_another_act_still_does_not(nlp: Language, similarity: Similarity) -> None:
    question = "Which CLI version enabled the parquet writer that produced the oversized export files?"
    assert not _binds(question, "Operators were asked to upgrade the CLI to 2.8.0, which adds an export size check.",
                      nlp, similarity)
