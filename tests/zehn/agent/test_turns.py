"""A meeting transcript answered turn by turn (tests/zehn/agent/fixtures_turns): a question the chair asks is
answered by the reply below it, the reply turn is cited whole, and the turns after it are not cited for words that
merely follow."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.fixture_service import service_over
from zehn.agent import AnswerService
from zehn.graph_server import EmbeddedFalkorDB

FIXTURES = Path(__file__).parent / "fixtures_turns"


@pytest.fixture(scope="module")
def turns(falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder) -> Iterator[AnswerService]:
    with service_over(FIXTURES, falkordb_server, nlp, embedder, "turns") as service:
        yield service


def _quoted(answer: object) -> list[str]:
    return [c.text for c in answer.citations]


def test_a_question_asked_in_the_meeting_is_answered_by_the_reply_turn(turns: AnswerService) -> None:
    answer = turns.answer("What did the team do to clear the thumbnail backlog?")
    assert answer.status == "answered", answer.text
    quoted = _quoted(answer)
    assert any("doubled the resize workers" in q for q in quoted), answer.text
    assert any("cleared in about three hours" in q for q in quoted), answer.text
    assert not any("office move" in q or "fourth floor" in q for q in quoted), answer.text


def test_the_permanent_fix_is_the_reply_to_the_question_that_names_it(turns: AnswerService) -> None:
    answer = turns.answer("What is the permanent fix for the thumbnail backlog?")
    assert answer.status == "answered", answer.text
    quoted = _quoted(answer)
    assert any("resize images on upload" in q for q in quoted), answer.text
    assert not any(q.rstrip().endswith("?") for q in quoted), answer.text  # the question itself states nothing


def test_a_weekday_the_meeting_contradicts_is_not_established(turns: AnswerService) -> None:
    answer = turns.answer("What did the team do to clear the thumbnail backlog on Friday?")
    assert answer.status == "abstained", answer.text
    assert not answer.citations
    assert "Friday" in (answer.reason or "")


def test_a_fix_for_a_system_the_meeting_never_names_is_not_answered(turns: AnswerService) -> None:
    answer = turns.answer("What is the permanent fix for the podcast transcoding backlog?")
    assert answer.status in ("abstained", "unknown_entity"), answer.text
    assert not answer.citations


def test_an_event_stated_then_handed_to_the_next_speaker_is_explained_by_the_reply(turns: AnswerService) -> None:
    answer = turns.answer("Why did the upload queue stall?")
    assert answer.status == "answered", answer.text
    quoted = _quoted(answer)
    assert any("virus scanner held a lock" in q for q in quoted), answer.text
    assert not any("fourth floor" in q for q in quoted), answer.text
