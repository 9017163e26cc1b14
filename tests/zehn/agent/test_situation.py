"""The situation a question describes is cited from the document's prose, never from machine log records that
merely repeat the question's words. Fixture text is our own."""

from __future__ import annotations

from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence
from zehn.agent.similarity import Similarity
from zehn.agent.situation import log_record, situation

PROSE = "After the relay restart, badge sessions were dropped and the badge gateway replayed stale heartbeats."
LOG = "2026-02-03T04:05:06.789Z WARN badge-gateway session=s1 heartbeat replayed after relay restart"


def test_timestamped_records_with_a_level_and_field_runs_are_log_records() -> None:
    assert log_record(LOG)
    assert log_record("[2026-02-03 04:05] ERROR relay dropped the session")
    assert log_record("deny user=u1 path=/admin status=403 request=r9")
    assert not log_record(PROSE)
    assert not log_record("2026-02-03 04:20 UTC - Dana: restarted the relay and the badge sessions recovered.")
    assert not log_record('Call the endpoint with "mode=strict" and keep the retry budget at 3.')


def _view(lines: tuple[str, ...]) -> DocView:
    body = "\n".join(lines)
    heading = "Badge gateway replay > Timeline"
    passage = DocPassage("d#p0", "d", heading, "section", 0, len(body), f"{heading}\n{body}", (0.2, 0.2))
    sentences, at = [], 0
    for n, line in enumerate(lines):
        sentences.append(Sentence(f"ev_d{n}", line, "d", at, at + len(line), "sentence"))
        at += len(line) + 1
    return DocView(DocumentInfo("d", "Badge gateway replay", "jira", None, None), (passage,), 1.0, False,
                   lambda: sentences)


QUESTION = ("In the incident where the badge gateway replayed stale heartbeats after a relay restart, what was the "
            "root cause?")


def test_the_situation_is_cited_from_prose_not_from_log_records(nlp: Language, embedder: LocalEmbedder) -> None:
    view = _view((LOG, PROSE))
    analysis = analyse(QUESTION, nlp)
    chosen = situation(analysis, view, set(), 200, Similarity(embedder))
    assert [s.text for s in chosen] == [PROSE]


def test_a_line_sharing_one_word_with_the_question_does_not_state_its_situation(nlp: Language,
                                                                               embedder: LocalEmbedder) -> None:
    chatter = "Dana asked the customer for the badge session list."
    one_word = "Closing the incident from the customer side."
    chosen = situation(analyse(QUESTION, nlp), _view((chatter, PROSE, one_word)), set(), 200, Similarity(embedder))
    assert [s.text for s in chosen] == [PROSE]
