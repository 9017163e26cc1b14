"""A passage's body: the text under its heading line, and whether offsets into it are the document's."""

from __future__ import annotations

from dataclasses import replace

from zehn.agent.rows import DocPassage, with_distances

HEADING = "Export runbook > Steps"
BODY = "1. Pause the scheduler.\n2. Release the lease."


def _passage(text: str, start: int = 200) -> DocPassage:
    return DocPassage("p1", "doc", HEADING, "section", start, start + len(BODY), text, (0.1,))


def test_the_body_is_the_text_under_the_heading_line() -> None:
    passage = _passage(f"{HEADING}\n{BODY}")
    assert passage.body == BODY
    assert passage.aligned


def test_a_passage_stored_without_its_heading_line_is_not_aligned() -> None:
    assert not _passage(BODY).aligned


def test_a_passage_with_other_distances_is_what_replace_gives() -> None:
    passage = _passage(f"{HEADING}\n{BODY}")
    moved = with_distances(passage, (0.4, 0.5))
    assert moved == replace(passage, distances=(0.4, 0.5))
    assert moved.text is passage.text and passage.distances == (0.1,)
