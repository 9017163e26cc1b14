"""A document named by its topic ("the ticket about ...") answers from its own front-matter field whose key names
the asked focus. Documents are our own."""

from __future__ import annotations

from typing import Literal

from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.field_lists import bind_field, describes_document
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence
from zehn.agent.similarity import Similarity

TITLE = "Thumbnail worker frame drop after a queue failover"
FIELDS = ['  "owner": "Dana Kerr"', '  "team": "media-platform"', '  "components": ["thumb-worker", "frame-queue"]',
          '  "affected_services": ["gallery-api"]']
BODY = "The thumbnail worker dropped frames for an hour after the frame-queue failed over."


def _view(fields: list[str]) -> DocView:
    lines = [*fields, BODY]
    sentences, at = [], 0
    for n, line in enumerate(lines):
        kind: Literal["sentence", "metadata"] = "sentence" if line == BODY else "metadata"
        sentences.append(Sentence(f"ev_{n:016x}", line, "doc_1", at, at + len(line), kind))
        at += len(line) + 1
    passage = DocPassage("p0", "doc_1", "description", "section", 0, at, BODY, (0.5,))
    return DocView(DocumentInfo("doc_1", TITLE, "jira", None, None), (passage,), 1.0, False, lambda: sentences)


def _cited(nlp: Language, question: str, fields: list[str] = FIELDS) -> list[str]:
    view = _view(fields)
    bound = bind_field(analyse(question, nlp), lambda: (view,), Similarity(None))
    return [] if bound is None else [s.text for f in bound.findings for s in f.answer]


def test_components_of_a_ticket_named_by_its_topic_come_from_its_components_field(nlp: Language) -> None:
    cited = _cited(nlp, "Which components are listed on the ticket about the thumbnail worker frame drop after a "
                        "queue failover?")
    assert cited == [FIELDS[2]]


def test_an_impact_question_reads_only_an_affected_field(nlp: Language) -> None:
    cited = _cited(nlp, "Which services were affected by the thumbnail worker frame drop after a queue failover?")
    assert cited == [FIELDS[3]]


def test_which_team_owns_reads_the_team_field_not_the_person_owner(nlp: Language) -> None:
    cited = _cited(nlp, "Which team owns the postmortem on the thumbnail worker frame drop after a queue failover?")
    assert cited == [FIELDS[1]]


def test_a_document_whose_title_the_question_does_not_name_answers_nothing(nlp: Language) -> None:
    assert _cited(nlp, "Which components are listed on the ticket about the billing export timeout?") == []


def test_which_team_did_an_act_is_not_read_from_the_team_field(nlp: Language) -> None:
    assert _cited(nlp, "Which team restarted the thumbnail worker after the frame drop on queue failover?") == []


def test_an_unquoted_key_reads_the_same_as_a_quoted_one(nlp: Language) -> None:
    fields = ["components: [thumb-worker, frame-queue]", *FIELDS[1:]]
    cited = _cited(nlp, "Which components are listed on the ticket about the thumbnail worker frame drop after a "
                        "queue failover?", fields)
    assert cited == [fields[0]]


def test_a_ticket_described_by_where_it_happened_is_a_described_document(nlp: Language) -> None:
    assert describes_document(analyse("Which components are listed on the Staging ticket where the thumbnail "
                                      "worker dropped frames after a queue failover?", nlp))


def test_a_named_system_is_not_a_described_document(nlp: Language) -> None:
    assert not describes_document(analyse("Which components are listed on thumb-worker?", nlp))


def test_components_of_a_ticket_described_by_a_where_clause_come_from_its_field(nlp: Language) -> None:
    cited = _cited(nlp, "Which components are listed on the ticket where the thumbnail worker had a frame drop "
                        "after a queue failover?")
    assert cited == [FIELDS[2]]
