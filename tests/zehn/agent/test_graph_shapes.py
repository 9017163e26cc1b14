"""Graph questions answered from the shapes enterprise documents state who / what in: action items with owners,
ticket comment blocks, front-matter list fields, enumerated component lists, and a labelled cause continued in the
next sentence (documents written for these tests: tests/zehn/agent/fixtures_shapes)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.fixture_service import service_over
from zehn.agent import AnswerService
from zehn.answers.model import Answer
from zehn.graph_server import EmbeddedFalkorDB

FIXTURES = Path(__file__).parent / "fixtures_shapes"
POSTMORTEM = "fx_pm_archive_purge"
TICKET = "fx_ticket_pay_512"
PRD = "fx_prd_ledger_payout"
DECLINED = ("abstained", "not_in_graph", "unknown_entity")


@pytest.fixture(scope="module")
def shapes(falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder) -> Iterator[AnswerService]:
    with service_over(FIXTURES, falkordb_server, nlp, embedder, "shapes") as service:
        yield service


def _answered(answer: Answer, document: str, name: str, line: str) -> None:
    assert answer.status == "answered", answer.text
    assert name in answer.text, answer.text
    assert {c.document_id for c in answer.citations} == {document}, answer.text
    assert any(line in c.text for c in answer.citations), answer.text


@pytest.mark.parametrize(("question", "owner", "line", "others"), [
    ("Who owns the action item to enforce request signing on the upload-proxy?", "Keiko Arai", "ACTION 2",
     ("Tomasz Wojcik", "Felipe Duarte")),
    ("Who owns the action item to alert on the snapshot restore queue?", "Felipe Duarte", "ACTION 3",
     ("Keiko Arai", "Tomasz Wojcik")),
    ("Who is responsible for the follow-up to rotate the cold archive bucket credentials?", "hana.sato",
     "Rotate the credentials", ("Keiko Arai",)),
])
def test_an_action_item_is_chosen_by_what_it_does_not_by_its_place(shapes: AnswerService, question: str, owner: str,
                                                                    line: str, others: tuple[str, ...]) -> None:
    answer = shapes.answer(question)
    _answered(answer, POSTMORTEM, owner, line)
    assert not any(o in answer.text for o in others), answer.text


def test_an_action_item_nobody_wrote_is_not_given_the_nearest_owner(shapes: AnswerService) -> None:
    answer = shapes.answer("Who owns the action item to decommission the upload-proxy?")
    assert answer.status in DECLINED, answer.text
    assert not answer.citations


@pytest.mark.parametrize(("question", "author", "line"), [
    ("Who applied the mitigation which throttled the export-worker?", "Oksana Petrenko", "Mitigation applied"),
    ("Who rolled back the thumbnail-renderer?", "Rahul Verma", "Rolled back the thumbnail-renderer"),
    ("Who approved the schema change for the invoice-store?", "Ines Moreau", "Approved the schema change"),
    ("Who restarted the refund-worker pods?", "Hana Sato", "Restarted the refund-worker pods"),
    ("Who expanded the refund volume?", "Tomasz Wojcik", "expanded the refund volume"),
])
def test_a_comment_body_is_its_header_authors_act(shapes: AnswerService, question: str, author: str,
                                                   line: str) -> None:
    answer = shapes.answer(question)
    _answered(answer, TICKET, author, line)
    others = {"Oksana Petrenko", "Rahul Verma", "Ines Moreau", "Hana Sato", "Tomasz Wojcik"} - {author}
    assert not any(line.startswith(f"- {o}") for o in others for line in answer.text.splitlines()), answer.text


def test_an_act_no_comment_states_is_not_answered(shapes: AnswerService) -> None:
    answer = shapes.answer("Who rejected the schema change for the invoice-store?")
    assert answer.status in DECLINED, answer.text


@pytest.mark.parametrize(("question", "document", "parts", "section"), [
    ("What are the major components of the Ledger & Payout Reconciliation (LPR) product?", PRD,
     ("Statement Ingestor", "Match Engine", "Exception Queue", "Close Report"), "Components"),
    ("Which modules make up LPR?", PRD, ("Statement Ingestor", "Close Report"), "Components"),
    ("What are the main pieces of the Ledger & Payout Reconciliation product?", PRD, ("Match Engine",), "Components"),
    ("What are the parts of SEH?", "fx_design_event_hub", ("Carrier Collector", "Normaliser", "Fan-out Router"),
     "three parts"),
])
def test_the_parts_of_a_product_are_its_documents_listed_items(shapes: AnswerService, question: str, document: str,
                                                               parts: tuple[str, ...], section: str) -> None:
    answer = shapes.answer(question)
    assert answer.status == "answered", answer.text
    assert {c.document_id for c in answer.citations} == {document}, answer.text
    assert all(any(p in c.text for c in answer.citations) for p in parts), answer.text
    assert section in answer.text, answer.text


def test_the_parts_of_a_product_no_document_names_are_not_answered(shapes: AnswerService) -> None:
    answer = shapes.answer("What are the components of the Vendor Onboarding Portal?")
    assert answer.status in DECLINED, answer.text
    assert not answer.citations


@pytest.mark.parametrize(("question", "names", "not_names", "field"), [
    ("What does PAY-512 depend on according to its metadata?", ("PAY-498", "PAY-503"), ("PAY-470",), "dependencies"),
    ("What does PAY-498 depend on?", ("PAY-470",), ("PAY-503",), "dependencies"),
    ("Which tickets is PAY-512 dependent on according to its metadata?", ("PAY-498", "PAY-503"), ("PAY-470",),
     "dependencies"),
    ("What are PAY-512's dependencies?", ("PAY-498", "PAY-503"), ("PAY-470",), "dependencies"),
    ("What is PAY-512 blocked by?", ("PAY-490",), ("PAY-530",), "blocked_by"),
    ("Which issues are linked to PAY-512?", ("PAY-477", "OPS-88"), ("PAY-490",), "linked_issues"),
])
def test_a_ticket_keys_own_front_matter_field_answers(shapes: AnswerService, question: str, names: tuple[str, ...],
                                                      not_names: tuple[str, ...], field: str) -> None:
    answer = shapes.answer(question)
    assert answer.status == "answered", answer.text
    assert all(n in answer.text for n in names), answer.text
    assert not any(n in answer.text for n in not_names), answer.text
    assert all(field in c.text for c in answer.citations), answer.text


@pytest.mark.parametrize(("question", "cause_line", "effect"), [
    ("What did the compaction-job retention change cause?", "Trigger: PR #2207", "deleted 11% of cold segments"),
    ("What did switching the nightly file import to the new parser cause?", "Trigger: the nightly file import",
     "doubled the import time"),
])
def test_what_a_change_caused_cites_the_sentence_that_continues_its_line(shapes: AnswerService, question: str,
                                                                         cause_line: str, effect: str) -> None:
    answer = shapes.answer(question)
    assert answer.status == "answered", answer.text
    assert any(cause_line in c.text for c in answer.citations), answer.text
    assert any(effect in c.text for c in answer.citations), answer.text


@pytest.mark.parametrize("question", ["What did PR #2207 do?", "What did PR #2207 cause?"])
def test_what_a_pull_request_did_is_the_sentence_that_continues_the_line_naming_it(shapes: AnswerService,
                                                                                   question: str) -> None:
    answer = shapes.answer(question)
    assert answer.status == "answered", answer.text
    assert {c.document_id for c in answer.citations} == {POSTMORTEM}, answer.text
    assert any("Trigger: PR #2207" in c.text for c in answer.citations), answer.text
    assert any(c.text.startswith("This deleted") for c in answer.citations), answer.text
    assert "inferred" in answer.text, answer.text


def test_what_an_unknown_pull_request_did_is_not_answered(shapes: AnswerService) -> None:
    answer = shapes.answer("What did PR #7311 do?")
    assert answer.status in DECLINED, answer.text
    assert not answer.citations


def test_a_comment_that_reports_someone_elses_act_answers_with_the_doer(shapes: AnswerService) -> None:
    answer = shapes.answer("Who disabled the refund-flag?")
    assert answer.status in DECLINED or "Ines Moreau" in answer.text, answer.text
    assert all("Oksana Petrenko" not in line.split("“")[0] for line in answer.text.splitlines()), answer.text


OPS_LOG = "fx_ops_log_ingest_gateway"


@pytest.mark.parametrize(("question", "doer", "lines", "inferred"), [
    ("Who shortened the batch window of the frame-decoder?", "Jonah Reyes",
     ("shortened to 2 seconds by Jonah Reyes",), False),  # the passive names the doer: source-backed
    ("Who flushed the stale dedupe keys?", "Mette Olsen", ("Mette Olsen rotated", "It also flushed"), True),
])
def test_a_doer_is_read_from_a_passive_or_from_the_sentence_an_act_continues(
        shapes: AnswerService, question: str, doer: str, lines: tuple[str, ...], inferred: bool) -> None:
    answer = shapes.answer(question)
    assert answer.status == "answered", answer.text
    assert doer in answer.text and ("continues_subject" in answer.text) == inferred, answer.text
    assert {c.document_id for c in answer.citations} == {OPS_LOG}, answer.text
    assert all(any(line in c.text for c in answer.citations) for line in lines), answer.text


def test_a_doer_of_the_act_on_another_named_thing_is_not_given(shapes: AnswerService) -> None:
    answer = shapes.answer("Who shortened the batch window of the dedupe-filter?")
    assert "Jonah Reyes" not in answer.text or answer.status in DECLINED, answer.text


@pytest.mark.parametrize(("question", "names"), [
    ("What are the components of the Ingest Gateway (IGW)?", ("frame-decoder", "dedupe-filter")),
    ("What does the Ingest Gateway depend on?", ("token-issuer", "schema-registry")),
])
def test_a_table_of_parts_and_a_dependencies_list_of_the_subjects_document_answer(
        shapes: AnswerService, question: str, names: tuple[str, ...]) -> None:
    answer = shapes.answer(question)
    assert answer.status == "answered", answer.text
    assert {c.document_id for c in answer.citations} == {OPS_LOG}, answer.text
    assert all(any(n in c.text for c in answer.citations) for n in names), answer.text
    assert "Mette Olsen" not in answer.text, answer.text
