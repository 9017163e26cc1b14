"""A list an answer cites with a hole in it has the hole filled, and the sentence right after a cited one that points
back at it is cited, while the words fit; wide holes, records of their own, numbered items with their own
sub-points, unrelated next lines, questions and lines that do not fit are left out. Fixture text is our own."""

from __future__ import annotations

import re

from zehn.agent.cited_neighbours import list_holes, neighbours, points_back
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence


def _view(sections: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]) -> DocView:
    """A document of sections (heading, chunks of lines): each chunk is a passage of its own under the section's
    heading, the chunks of one section one line break apart; a line's sentences are split after ". "."""
    passages: list[DocPassage] = []
    sentences: list[Sentence] = []
    at = 0
    for n, (heading, chunks) in enumerate(sections):
        at += len(heading) + 1  # the heading line, stored apart from the body
        for c, chunk in enumerate(chunks):
            start, body = at, "\n".join(chunk)
            for k, line in enumerate(chunk):
                pos = 0
                for m, part in enumerate(re.split(r"(?<=\.) ", line.strip())):
                    pos = line.index(part, pos)
                    sentences.append(Sentence(f"ev_{n}_{c}_{k}_{m}", part, "d", at + pos, at + pos + len(part),
                                              "sentence"))
                    pos += len(part)
                at += len(line) + 1
            passages.append(DocPassage(f"d#p{n}_{c}", "d", heading, "section", start, start + len(body),
                                       f"{heading}\n{body}", (0.3,)))
    return DocView(DocumentInfo("d", "Relay failover", "doc", None, None), tuple(passages), 1.0, False,
                   lambda: sentences)


def _starting(view: DocView, text: str) -> Sentence:
    return next(s for s in view.sentences if s.text.startswith(text))


SPEC = ("2) is_down(region) -> bool", "- True only if:", "  - status == down", "  - confidence >= 0.8",
        "  - age <= max_age (default 20s)")
CHECKLIST = ("- Drain the relay", "- Flip the switch", "- Page the owner", "- Watch the graphs", "- Close the ticket")
RECORDS = ("- **Rotate the relay key**", "  - Owner: Dana", "- **Unpin the kiosks**", "  - Owner: Lee",
           "- **Add an expiry alert**", "  - Owner: Sam")
NUMBERED = ("1) probe(region) -> status", "- Reads the last probe.", "2) drain(region) -> bool",
            "- Empties the queue first.", "3) flip(region) -> bool")
CHAT = ("sam: I'm on the logs. Early find: retries spike on the canary relays.",
        "lee: Cache misses are up on the same relays, with many evictions.",
        "kim: Paging the owner now.")
REPLY = ("ana: How big is the archive?", "bo: It's around 180 GB.", "ana: Thanks, noted.")
VIEW = _view((("## Spec", (SPEC,)), ("## Steps", (CHECKLIST,)), ("## Actions", (RECORDS,)),
              ("## Calls", (NUMBERED,)), ("## Chat", (CHAT[:1], CHAT[1:])), ("## Reply", (REPLY,))))


def _passage(heading: str) -> DocPassage:
    return next(p for p in VIEW.passages if p.heading == heading)


def test_an_uncited_item_between_two_cited_items_of_one_list_is_filled_in() -> None:
    cited = [_starting(VIEW, "- status"), _starting(VIEW, "- age")]
    assert [s.text for s in list_holes(VIEW, _passage("## Spec"), cited)] == ["- confidence >= 0.8"]


def test_a_hole_wider_than_two_items_is_two_answers_apart_and_stays_open() -> None:
    cited = [_starting(VIEW, "- Drain"), _starting(VIEW, "- Close")]
    assert list_holes(VIEW, _passage("## Steps"), cited) == []
    narrow = [_starting(VIEW, "- Drain"), _starting(VIEW, "- Watch")]
    assert [s.text for s in list_holes(VIEW, _passage("## Steps"), narrow)] == ["- Flip the switch",
                                                                                 "- Page the owner"]


def test_a_record_with_lines_of_its_own_is_another_action_and_is_not_filled_in() -> None:
    cited = [_starting(VIEW, "- **Rotate"), _starting(VIEW, "- **Add an expiry")]
    assert list_holes(VIEW, _passage("## Actions"), cited) == []


def test_bullets_as_indented_as_a_numbered_item_hang_under_it() -> None:
    cited = [_starting(VIEW, "1) probe"), _starting(VIEW, "3) flip")]
    assert list_holes(VIEW, _passage("## Calls"), cited) == []  # "2) drain" has a sub-point: no plain hole


def test_the_next_message_speaking_of_the_same_thing_is_cited_across_a_passage_seam() -> None:
    cited = [_starting(VIEW, "Early find")]
    assert [s.text for s in neighbours(VIEW, cited, 100)] == [
        "lee: Cache misses are up on the same relays, with many evictions."]


def test_a_reply_opening_with_a_pointing_word_is_cited_and_a_question_is_not() -> None:
    assert [s.text for s in neighbours(VIEW, [_starting(VIEW, "ana: How big")], 100)] == ["bo: It's around 180 GB."]
    assert neighbours(VIEW, [_starting(VIEW, "sam: I'm on")], 100) == []  # "Early find" points at nothing


def test_a_neighbour_that_does_not_fit_the_words_left_is_not_cited() -> None:
    assert neighbours(VIEW, [_starting(VIEW, "Early find")], 5) == []


def test_pointing_openings_are_read_after_a_speaker_a_clock_and_a_list_marker() -> None:
    assert points_back("[22:58] Jo Park: This cut the restore to an hour.")
    assert points_back("- These come from the canary pool.")
    assert not points_back("kim: Paging the owner now.")
    assert not points_back("Thistle is the relay's codename.")
