"""A stored line's other sentences: one message of a chat log, or a paragraph written on one line, is one
statement."""

from __future__ import annotations

from zehn.agent.line_mates import line_mates, with_mates
from zehn.agent.rows import DocPassage, Sentence

BODY = ("Ana: The export runs nightly. Rows are written as newline-delimited JSON.\n"
        "Ben: The cafeteria closes early on Friday.\n")
CUTS = ["Ana: The export runs nightly.", "Rows are written as newline-delimited JSON.",
        "Ben: The cafeteria closes early on Friday."]


def _doc(offset: int = 0) -> tuple[DocPassage, list[Sentence]]:
    passage = DocPassage("p", "doc", "Notes", "section", offset, offset + len(BODY), f"Notes\n{BODY}", (0.1,))
    return passage, [Sentence(f"s{n}", t, "doc", offset + BODY.index(t), offset + BODY.index(t) + len(t), "sentence")
                     for n, t in enumerate(CUTS)]


def test_the_mates_of_a_sentence_are_the_other_sentences_of_its_line() -> None:
    passage, sentences = _doc(offset=40)
    mates = line_mates(sentences, (passage,))
    assert [s.id for s in mates(sentences[0])] == ["s1"]
    assert [s.id for s in mates(sentences[1])] == ["s0"]
    assert mates(sentences[2]) == []  # a line of one sentence has none


def test_without_an_aligned_passage_there_are_no_mates() -> None:
    passage, sentences = _doc()
    unaligned = DocPassage("p", "doc", "Notes", "section", 0, len(BODY) + 5, passage.text, (0.1,))
    assert line_mates(sentences, (unaligned,))(sentences[0]) == []
    assert line_mates(sentences, ())(sentences[0]) == []


def test_each_neighbour_is_followed_by_its_mates_marked_as_such() -> None:
    passage, sentences = _doc()
    mates = line_mates(sentences, (passage,))
    order = with_mates([sentences[2], sentences[0]], mates)
    assert [(s.id, mate) for s, mate in order] == [("s2", False), ("s0", False), ("s1", True)]
