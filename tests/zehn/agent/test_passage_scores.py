"""Passage scores: a section whose own heading names the kind of named thing a list ask wants ranks above its
neighbours ("#### Required fields" for "which fields are required")."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.passage_scores import ROLE_WEIGHT, names_act, score_passages, section_act
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


STEPS = "1) Drain the queue.\n2) Switch the writer.\n3) Confirm replication."


def _sections(*owns: str) -> DocView:
    passages = tuple(DocPassage(f"d#p{n}", "d", f"Ledger store runbook > {own}", "section", n * 100, n * 100 + 90,
                                f"Ledger store runbook > {own}\n{STEPS}", (0.4, 0.4))
                     for n, own in enumerate(owns))
    return DocView(DocumentInfo("d", "Ledger store runbook", "confluence", None, None), passages, 1.0, False,
                   lambda: [])


@pytest.mark.parametrize("question", [
    "What are the steps to fail over the ledger store?",
    "failover steps for the ledger store?",
])
def test_steps_asked_for_an_act_rank_the_section_headed_with_that_act_over_other_steps(
        nlp: Language, embedder: LocalEmbedder, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    scored = score_passages(_sections("Upgrade_steps", "failover_plan"), ask, 1, Similarity(embedder), ())
    assert scored[0].passage.heading.endswith("failover_plan")
    assert [s.role for s in scored] == [1.0, 0.5]


def test_steps_keep_their_section_when_no_heading_names_the_act(nlp: Language, embedder: LocalEmbedder) -> None:
    ask = analyse("What are the steps to fail over the ledger store?", nlp).asks[0]
    scored = score_passages(_sections("Upgrade steps", "Notes"), ask, 1, Similarity(embedder), ())
    assert scored[0].passage.heading.endswith("Upgrade steps")
    assert scored[0].role == 1.0


def test_only_an_ask_for_a_kind_of_section_names_an_act(nlp: Language) -> None:
    assert section_act(analyse("Who rolled back the ledger store?", nlp).asks[0]) == ()
    assert "rollback" in section_act(analyse("What are the steps to roll back the ledger store?", nlp).asks[0])


@pytest.mark.parametrize(("question", "heading", "named"), [
    ("What are the steps to roll back the ledger store?", "Runbook > rollback_plan", True),
    ("What checklist is used to cut over the ledger store?", "Runbook > Cutover checklist", True),
    ("What are the steps to roll back the ledger store?", "Runbook > Rollout steps", False),  # another act
    ("What are the steps to roll back the ledger store?", "Runbook > Upgrade steps", False),
])
def test_a_heading_names_the_asked_act_by_the_noun_of_its_verb_and_particle(
        nlp: Language, question: str, heading: str, named: bool) -> None:
    passage = DocPassage("d#p0", "d", heading, "section", 0, 10, heading, (0.4,))
    assert names_act(section_act(analyse(question, nlp).asks[0]), passage) is named


def test_the_title_naming_the_act_is_no_section_of_the_asked_role(nlp: Language, embedder: LocalEmbedder) -> None:
    ask = analyse("What are the consequences of moving the ledger to a queue?", nlp).asks[0]
    passages = tuple(DocPassage(f"d#p{n}", "d", heading, "section", n * 100, n * 100 + 90, f"{heading}\n{STEPS}",
                                (0.4, 0.4))
                     for n, heading in enumerate(("Move the ledger to a queue",
                                                  "Move the ledger to a queue > Consequences")))
    view = DocView(DocumentInfo("d", "Move the ledger to a queue", "confluence", None, None), passages, 1.0,
                   False, lambda: [])
    scored = score_passages(view, ask, 1, Similarity(embedder), ())
    assert {s.passage.heading.rsplit(" > ", 1)[-1]: s.role for s in scored}["Consequences"] == 1.0
