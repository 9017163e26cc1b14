"""The held-out graph questions (tests/zehn/agent/fixtures_heldout: documents and questions written for these
sets, not for the readers' own tests) asked through the real answer service over a fresh graph of the test server,
graded as `zehn eval` grades graph questions. The floors are the measured figures: a change to the shape readers
that answers fewer of them right, or declines fewer of the near misses, fails here. Set 1 was written before the
readers were generalised; set 2 after (its first measurement, before the readers were fitted to it, is in the
fixtures' README). Set 3 holds benchmark questions over enterprise documents (postmortem, ADR, runbook, chat, PR,
ticket), graded by reference facts as `zehn eval` grades them; its paraphrase pairs must be read the same way.
Set 4 (graph questions again) was written and committed before the changes it measures; so were the relation sets
g5 and g6."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.fixture_service import service_over
from zehn.agent.analyse import analyse
from zehn.evaluation.metrics import grade_bench, grade_graph, summarise, summarise_graph
from zehn.evaluation.questions import BenchQuestion, GraphQuestion, load_questions
from zehn.evaluation.records import from_answer
from zehn.graph_server import EmbeddedFalkorDB

HELD_OUT = Path(__file__).parent / "fixtures_heldout"


@pytest.mark.parametrize(("docs", "questions", "count", "answered_floor", "declined_floor"), [
    ("docs", "questions.jsonl", 38, 0.96, 1.0),  # measured 0.9655 (28 of 29), 1.000 (9 of 9)
    ("docs2", "questions2.jsonl", 12, 0.88, 1.0),  # measured 0.8889 (8 of 9), 1.000 (3 of 3)
    # Set 4 (relations stated in prose, tables, transcripts, a catalogue page, a ticket hand-over), written before
    # the readers were changed: first measured 0.469 (15 of 32), 0.500 (6 of 12); now 0.875 (28 of 32), 0.8333
    # (10 of 12): the two must-not misses are passage answers (a gerund ask the parse loses, a person who sent
    # apologies asked what they agreed to).
    ("docs_g4", "questions_g4.jsonl", 44, 0.87, 0.83),
    # Set g5 (path maps, Upstream / Downstream tables, prose dependencies, a reassigned ticket, an RFC's approvers):
    # first measured 0.4333 / 0.8889; now 0.8667 (26 of 30), 1.000 (18 of 18).
    ("docs_g5", "questions_g5.jsonl", 48, 0.86, 1.0),
    # Set g6 (a YAML descriptor, a RACI table, an on-call rotation, a PR with bold labels, spoken asks, an org change,
    # numbered request-flow steps, a decommission notice), committed before the code it measures: first measured
    # 0.4571 (16 of 35), 0.7273 (16 of 22); now 0.7143 (25 of 35; 26 before "run by" became maintaining),
    # 0.8636 (19 of 22).
    ("docs_g6", "questions_g6.jsonl", 57, 0.71, 0.86),
])
def test_the_held_out_graph_questions_stay_at_their_measured_floor(
        falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder, docs: str, questions: str,
        count: int, answered_floor: float, declined_floor: float) -> None:
    asked = [q for q in load_questions(HELD_OUT / questions) if isinstance(q, GraphQuestion)]
    assert len(asked) == count
    with service_over(HELD_OUT / docs, falkordb_server, nlp, embedder, "heldout") as service:
        grades = [grade_graph(q, from_answer(q.id, service.answer(q.question), 0.0)) for q in asked]
    overall = summarise_graph(grades)["overall"]
    wrong = [(g.question_id, g.status, g.missing_terms) for g in grades if not (g.answered_right or g.declined_right)]
    assert overall["answered_right"] >= answered_floor, wrong
    assert overall["declined_right"] >= declined_floor, wrong


SET3_FLOORS = {"facts_covered": 0.91, "answered_right": 0.92, "abstention_recall": 1.0}  # measured 0.9107, 0.9286, 1.0
SET3_FALSE_ABSTENTION_CEILING = 0.08  # measured 0.0714 (2 of 28)


def test_the_held_out_passage_questions_stay_at_their_measured_floor(
        falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder) -> None:
    asked = [q for q in load_questions(HELD_OUT / "questions3.jsonl") if isinstance(q, BenchQuestion)]
    assert len(asked) == 37
    with service_over(HELD_OUT / "docs3", falkordb_server, nlp, embedder, "heldout3") as service:
        grades = [grade_bench(q, from_answer(q.id, service.answer(q.question), 0.0)) for q in asked]
    overall = summarise(grades)
    wrong = [(g.question_id, g.bucket, g.facts_covered) for g in grades
             if (g.answerable and not g.answered_right) or (not g.answerable and not g.declined)]
    for key, floor in SET3_FLOORS.items():
        assert overall[key] >= floor, (key, overall[key], wrong)
    assert overall["false_abstention"] <= SET3_FALSE_ABSTENTION_CEILING, wrong


def test_paraphrases_of_a_held_out_question_are_read_the_same_way(nlp: Language) -> None:
    rows = [json.loads(line) for line in (HELD_OUT / "questions3.jsonl").read_text().splitlines() if line.strip()]
    pairs: dict[str, list[str]] = {}
    for row in rows:
        if "paraphrase_of" in row:
            pairs.setdefault(row["paraphrase_of"], []).append(row["question"])
    assert len(pairs) == 5
    for questions in pairs.values():
        read = {(a.route, tuple(ask.answer_type for ask in a.asks)) for a in (analyse(q, nlp) for q in questions)}
        assert len(read) == 1, (questions, read)
