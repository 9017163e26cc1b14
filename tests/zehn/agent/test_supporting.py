"""A second document answers the asks the answering document does not state: a postmortem states the cause, the
runbook it follows states what to collect. Documents here are our own, built in memory (a title, sections, their
sentences), so only the binding rules are under test."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.bind_passages import bind_passages
from zehn.agent.bound import Bound
from zehn.agent.compose import draft
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence
from zehn.agent.similarity import Similarity
from zehn.agent.supporting import SUPPORT_NEAR

QUESTION = "What caused the ledger export stall, and which diagnostics should be collected before retrying the export?"
POSTMORTEM = ("Ledger export stall", (
    ("Summary", ("The nightly ledger export stalled for three hours on Tuesday.",)),
    ("Root cause", ("The export worker kept a stale lease on the ledger partition after a failover.",
                    "Every retry waited on that lease and the export never progressed.")),
    ("Resolution", ("On-call released the stale lease and the export completed.",))))
RUNBOOK = ("Ledger export runbook", (
    ("Overview", ("This runbook covers stalled or failed ledger exports.",)),
    ("Diagnostics to collect", ("Before retrying a stalled export, collect the export worker logs, the lease table "
                                "snapshot and the partition owner list.",))))
# Another runbook whose only remedy is a section heading: it must not answer an ask the postmortem leaves open.
OTHER_FIX = ("Ledger import runbook", (
    ("Mitigation", ("Pause the import scheduler and page the data platform team.",)),))


def _view(doc_id: str, spec: tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], score: float,
          linked: tuple[DocView, ...] = ()) -> DocView:
    title, sections = spec
    passages, sentences, at = [], [], 0
    for n, (heading, lines) in enumerate(sections):
        body = "\n".join(lines)
        path = f"{title} > {heading}"
        passages.append(DocPassage(f"{doc_id}#p{n}", doc_id, path, "section", at, at + len(body), f"{path}\n{body}",
                                   (0.3, 0.3, 0.3)))
        for m, line in enumerate(lines):
            sentences.append(Sentence(f"ev_{doc_id}{n}{m}", line, doc_id, at, at + len(line), "sentence"))
            at += len(line) + 1
        at += 1
    return DocView(DocumentInfo(doc_id, title, "confluence", None, None), tuple(passages), score, False,
                   lambda: sentences, lambda _view: list(linked))


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def _bind(nlp: Language, similarity: Similarity, *views: DocView, question: str = QUESTION) -> Bound:
    return bind_passages(analyse(question, nlp), Retrieved((), views, ()), Parses(ParseCache(nlp)), similarity)


def _cited(bound: Bound) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for finding in bound.findings:
        for sentence in finding.sentences:
            out.setdefault(sentence.document_id, []).append(sentence.text)
    return out


def test_an_ask_the_answering_document_does_not_state_comes_from_a_near_document(
        nlp: Language, similarity: Similarity) -> None:
    bound = _bind(nlp, similarity, _view("pm", POSTMORTEM, 1.0), _view("rb", RUNBOOK, SUPPORT_NEAR + 0.05))
    cited = _cited(bound)
    assert bound.document is not None and bound.document.id == "pm"
    assert POSTMORTEM[1][1][1][0] in cited["pm"]
    assert RUNBOOK[1][1][1][0] in cited["rb"]
    assert not bound.missing
    text = draft(analyse(QUESTION, nlp), bound)
    assert text is not None and "in Ledger export runbook" in text  # the second document is named where it is quoted


def test_a_document_well_behind_the_answering_one_never_supplies_an_ask(nlp: Language,
                                                                       similarity: Similarity) -> None:
    bound = _bind(nlp, similarity, _view("pm", POSTMORTEM, 1.0), _view("rb", RUNBOOK, SUPPORT_NEAR - 0.2))
    assert set(_cited(bound)) == {"pm"}
    assert [a.focus for a in bound.missing] == ["diagnostics"]


def test_a_second_document_never_answers_on_its_own(nlp: Language, similarity: Similarity) -> None:
    # The best document states none of the asks (and is not near-tied to the runbook): nothing is answered, even
    # though a near document states one ask.
    silent = ("Ledger export dashboard", (("Panels", ("The dashboard shows export throughput per partition.",)),))
    bound = _bind(nlp, similarity, _view("db", silent, 1.0), _view("rb", RUNBOOK, SUPPORT_NEAR + 0.05))
    assert not bound.findings


def test_a_remedy_stated_only_by_another_documents_heading_is_not_borrowed(nlp: Language,
                                                                         similarity: Similarity) -> None:
    # Asked for a cause and a fix: the postmortem without its resolution states the cause only; the other runbook's
    # "Mitigation" section names the kind, not this case's remedy.
    no_fix = (POSTMORTEM[0], POSTMORTEM[1][:2])
    question = "What caused the ledger export stall and what mitigation did on-call apply?"
    bound = _bind(nlp, similarity, _view("pm", no_fix, 1.0), _view("ot", OTHER_FIX, SUPPORT_NEAR + 0.05),
                  question=question)
    assert set(_cited(bound)) == {"pm"}
    assert [a.answer_type for a in bound.missing] == ["fix"]


TICKET = ("Export stalled on partition 7", (
    ("description", ("The nightly ledger export stalled on partition 7.",)),
    ("resolution", ("Released the stale lease on partition 7 and the ledger export resumed within minutes.",))))


def test_a_linked_ticket_adds_its_own_statement_of_an_ask(nlp: Language, similarity: Similarity) -> None:
    # The postmortem answers both asks; the ticket it is written about (linked: it names the ticket's key) states
    # the fix in its own words: both are quoted, each under its own document.
    question = "What caused the ledger export stall and what fixed it?"
    ticket = _view("tk", TICKET, 0.1)
    bound = _bind(nlp, similarity, _view("pm", POSTMORTEM, 1.0, linked=(ticket,)), question=question)
    cited = _cited(bound)
    assert TICKET[1][1][1][0] in cited["tk"] and "pm" in cited
    assert [f.document.id for f in bound.findings if f.document is not None] == ["tk"]


def test_without_a_link_the_far_ticket_adds_nothing(nlp: Language, similarity: Similarity) -> None:
    question = "What caused the ledger export stall and what fixed it?"
    bound = _bind(nlp, similarity, _view("pm", POSTMORTEM, 1.0), _view("tk", TICKET, 0.1), question=question)
    assert set(_cited(bound)) == {"pm"}


ADR = ("Export alerting ADR", (
    ("Summary", ("This ADR defines export alert thresholds and which alert labels are excluded from the dedupe key.",)),
    ("Thresholds", ("Page when the ledger export lags more than 30 minutes.",))))
STORM = ("Postmortem: export alert storm", (
    ("Label contract", ("Alert labels excluded from the dedupe key: run_id and partition_path, because per-run "
                        "labels split one alert into hundreds.",)),))
LABELS = "Which alert labels are excluded from the export dedupe key?"


def test_an_ask_the_answering_document_states_in_its_summary_takes_nothing_from_a_near_document(
        nlp: Language, similarity: Similarity) -> None:
    # The near postmortem states it in a section of its own, but the answering ADR states it: one document answers.
    bound = _bind(nlp, similarity, _view("adr", ADR, 1.0), _view("pm", STORM, SUPPORT_NEAR + 0.05), question=LABELS)
    cited = _cited(bound)
    assert ADR[1][0][1][0] in cited["adr"]
    assert set(cited) == {"adr"}


def test_a_near_documents_own_summary_adds_nothing_to_a_summary(nlp: Language, similarity: Similarity) -> None:
    in_brief = (STORM[0], (("Summary", STORM[1][0][1]),))
    bound = _bind(nlp, similarity, _view("adr", ADR, 1.0), _view("pm", in_brief, SUPPORT_NEAR + 0.05),
                  question=LABELS)
    assert set(_cited(bound)) == {"adr"}
