"""Passage scores: a section whose own heading names the kind of named thing a list ask wants ranks above its
neighbours ("#### Required fields" for "which fields are required")."""

from __future__ import annotations

from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.passage_scores import ROLE_WEIGHT, score_passages
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo
from zehn.agent.similarity import Similarity

BODY = "- ledger_ref (string)\n- amount_minor (integer)\n- booked_at (timestamp)"


def _view() -> DocView:
    passages = tuple(DocPassage(f"d#p{n}", "d", f"Ledger export spec > {own}", "section", n * 100, n * 100 + 90,
                                f"Ledger export spec > {own}\n{BODY}", (0.4, 0.4))
                     for n, own in enumerate(("Record notes", "Record fields")))
    return DocView(DocumentInfo("d", "Ledger export spec", "confluence", None, None), passages, 1.0, False,
                   lambda: [])


def test_a_heading_naming_the_asked_kind_of_named_thing_ranks_its_section_first(
        nlp: Language, embedder: LocalEmbedder) -> None:
    ask = analyse("Which fields must each ledger export record hold?", nlp).asks[0]
    scored = score_passages(_view(), ask, 1, Similarity(embedder), ())
    assert scored[0].passage.heading.endswith("Record fields")
    assert abs(scored[0].score - scored[1].score - ROLE_WEIGHT) < 1e-6


def test_a_list_ask_for_steps_gives_no_heading_that_bonus(nlp: Language, embedder: LocalEmbedder) -> None:
    ask = analyse("Which steps must the ledger export job take?", nlp).asks[0]
    scored = score_passages(_view(), ask, 1, Similarity(embedder), ())
    assert abs(scored[0].score - scored[1].score) < 1e-6
