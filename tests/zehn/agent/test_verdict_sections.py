"""A why-ask about a rejected option is answered by the option's own section: its verdict line and the reasons
below it, not by a section that merely names the option in passing. Fixture text is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.section_view import section_view
from zehn.agent.analyse import analyse
from zehn.agent.retrieve import DocView
from zehn.agent.sentence_binding import Scored
from zehn.agent.similarity import Similarity
from zehn.agent.verdict_sections import verdict_opens, verdict_sections

QUESTION = "Why did the storage team reject letting the exporter write to the archive bucket directly?"


def _view(sections: tuple[tuple[str, tuple[str, ...]], ...]) -> DocView:
    return section_view(sections, "Storage design record", "confluence")


VIEW = _view((
    ("Storage design record > Decision", ("The exporter writes through the upload service.",)),
    ("Storage design record > Alternatives > Option A: Let the exporter write to the archive bucket directly",
     ("Rejected.", "- Every exporter would need bucket credentials.", "- Uploads could not be throttled.")),
    ("Storage design record > Alternatives > Option B: Keep a local spool on each host",
     ("Rejected as the default path.", "- Disks fill during long outages.")),
    ("Storage design record > Alternatives > Option C: Write to the archive bucket directly in batches",
     ("Considered for a later phase.",)),
))


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def _scored(view: DocView) -> list[Scored]:
    return [Scored(p, 1.0, 0.0, 1.0, True, (1.0, True)) for p in view.passages]


@pytest.mark.parametrize(("line", "expected"), [
    ("Rejected.", True),
    ("**Rejected** as the primary path.", True),
    ("- Rejected: too costly.", True),
    ("We rejected it later.", False),  # the verdict opens the line, or it is a statement about it
    ("Accepted.", False),
])
def test_a_verdict_line_opens_with_the_asked_verb(line: str, expected: bool) -> None:
    assert verdict_opens(line, "reject") is expected


def test_why_an_option_was_rejected_binds_the_first_line_of_that_options_own_section(
        nlp: Language, similarity: Similarity) -> None:
    ask = analyse(QUESTION, nlp).asks[0]
    found = verdict_sections(ask, _scored(VIEW), VIEW, set(), similarity)
    assert [(first.text, [s.text for s in pool][1:]) for first, pool, _ in found] == [
        ("Rejected.", ["- Every exporter would need bucket credentials.", "- Uploads could not be throttled."])]


def test_a_section_without_the_verdict_or_an_ask_of_another_kind_binds_nothing(
        nlp: Language, similarity: Similarity) -> None:
    ask = analyse(QUESTION, nlp).asks[0]
    undecided = _view(((VIEW.passages[1].heading, ("Considered for a later phase.",)),))
    assert verdict_sections(ask, _scored(undecided), undecided, set(), similarity) == []
    what = analyse("What did the storage design record say about the archive bucket?", nlp).asks[0]
    assert verdict_sections(what, _scored(VIEW), VIEW, set(), similarity) == []
