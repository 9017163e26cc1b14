"""A second ask whose subject points back to the person a who-ask asks for ("..., and what did *they* say?") is
answered by the rest of that person's turn; a to-do line never names who did an act. Every line here is our own."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.bind_passages import bind_document
from zehn.agent.dependent_asks import refers_back
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity


def _back(nlp: Language, question: str) -> list[bool]:
    analysis = analyse(question, nlp)
    return [refers_back(analysis, ask) for ask in analysis.asks]


@pytest.mark.parametrize("question", [
    "Who reproduced the crash on staging, and what did they say would be done?",
    "Who reviewed the migration plan, and what else did that reviewer want?",
    "Who rolled back the release and what did she propose next?",
])
def test_a_later_ask_whose_subject_points_back_refers_to_the_earlier_answer(nlp: Language, question: str) -> None:
    assert _back(nlp, question) == [False, True]


@pytest.mark.parametrize("question", [
    "Who reproduced the crash on staging, and what does the runbook say about it?",  # its own subject
    "Which team owns the exporter, and when will they ship the fix?",  # a date still needs a line stating it
    "Who approved the rollout?",
])
def test_an_ask_with_its_own_subject_or_a_typed_answer_does_not_refer_back(nlp: Language, question: str) -> None:
    assert not any(_back(nlp, question))


THREAD = """# Driver crash on the render nodes

## Next steps

- Reproduce the crash on staging with the new driver.
- Collect core dumps from two nodes.

## comments

2026-02-01 08:10 - Support (Lena Ortiz): Customer sent the crash logs from the render nodes.
2026-02-01 09:30 - Platform (Kai Moreno): Reproduced the crash on staging with the new driver. We will pin the \
driver version and add a canary check before the next rollout.
"""


def _sentences(lines: DocView) -> DocView:
    """The view with each line cut into its sentences at ". ", as ingest's splitter cuts a chat message."""
    cut: list[Sentence] = []
    for line in lines.sentences:
        at = line.start
        for piece in re.split(r"(?<=\.) ", line.text):
            cut.append(replace(line, id=f"{line.id}_{len(cut)}", text=piece, start=at, end=at + len(piece)))
            at += len(piece) + 1
    return DocView(lines.info, lines.passages, 1.0, True, lambda: cut)


def test_both_asks_are_answered_from_the_doers_turn_and_not_from_a_to_do_line(nlp: Language) -> None:
    view = _sentences(markdown_view(THREAD, "Driver crash on the render nodes"))
    analysis = analyse("Who reproduced the crash on staging, and what did they say would be done?", nlp)
    bound = bind_document(analysis, view, Parses(ParseCache(nlp)), Similarity(None))
    assert not bound.missing
    first, second = bound.findings
    assert first.bound.text.startswith("2026-02-01 09:30 - Platform (Kai Moreno)")
    assert any("pin the driver version" in s.text for s in second.answer)
