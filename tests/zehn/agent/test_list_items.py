"""Nested list items: a sub-line is read with the item it hangs under, and an item is cited whole."""

from __future__ import annotations

import pytest

from zehn.agent.extent import extent
from zehn.agent.list_items import continued, frame, introduces, item_span, same_item
from zehn.agent.rows import DocPassage, Sentence

HEADING = "Retro: ledger export stalls > Follow-ups"
BODY = (
    "1. **Teach the exporter to retry on 503**\n"
    "   - Owner: Dana Whitfield\n"
    "   - Tracking: LEDG-310\n"
    "   - Target: 2026-07-02\n"
    "\n"
    "2. **Alert on export lag**\n"
    "   - Tracking: LEDG-311\n"
    "\n"
    "The exporter is owned by the books team.")
OFFSET = 500  # the passage starts mid-document: every offset is a document offset


def _passage() -> DocPassage:
    return DocPassage("p1", "doc", HEADING, "section", OFFSET, OFFSET + len(BODY), f"{HEADING}\n{BODY}", (0.2,))


def _lines() -> list[Sentence]:
    out = []
    at = 0
    for n, line in enumerate(BODY.split("\n")):
        if line.strip():
            out.append(Sentence(f"s{n}", line.strip(), "doc", OFFSET + at + len(line) - len(line.lstrip()),
                                OFFSET + at + len(line), "sentence"))
        at += len(line) + 1
    return out


def _by_text(part: str) -> Sentence:
    return next(s for s in _lines() if part in s.text)


def test_a_nested_line_is_framed_by_the_item_it_hangs_under() -> None:
    assert frame(_passage(), _by_text("LEDG-310")) == "1. **Teach the exporter to retry on 503**"
    assert frame(_passage(), _by_text("LEDG-311")) == "2. **Alert on export lag**"


def test_a_top_level_item_and_prose_have_no_frame() -> None:
    assert frame(_passage(), _by_text("Teach the exporter")) == ""
    assert frame(_passage(), _by_text("books team")) == ""


def test_the_item_runs_from_its_title_to_its_last_nested_line() -> None:
    span = item_span(_passage(), _by_text("LEDG-310"))
    assert span is not None
    assert BODY[span[0] - OFFSET:span[1] - OFFSET].startswith("1. **Teach")
    assert BODY[span[0] - OFFSET:span[1] - OFFSET].endswith("2026-07-02")
    assert item_span(_passage(), _by_text("books team")) is None


def test_same_item_holds_the_title_and_every_sibling_but_not_the_next_item() -> None:
    texts = [s.text for s in same_item(_passage(), _by_text("Owner:"), _lines())]
    assert texts == ["1. **Teach the exporter to retry on 503**", "- Owner: Dana Whitfield", "- Tracking: LEDG-310",
                     "- Target: 2026-07-02"]


def test_an_answer_inside_an_item_takes_the_whole_item_before_its_neighbours() -> None:
    pool = _lines()
    best = _by_text("LEDG-310")
    item = same_item(_passage(), best, pool)
    chosen = extent(best, pool, 20, item)  # room for the item (18 words), not for the next one (5 more)
    assert [s.text for s in chosen] == [s.text for s in item]


def test_a_passage_whose_text_is_not_heading_and_body_has_no_structure() -> None:
    odd = DocPassage("p2", "doc", HEADING, "section", OFFSET, OFFSET + 10, "something else entirely", ())
    assert frame(odd, _by_text("LEDG-310")) == ""


# A lead-in line in its own passage, and the list it announces cut into the next passage (under a sub-heading).
LEAD = "Export records are grouped by these fields:"
LISTED = ("- tenant_id (owning tenant)", "- region (serving region)", "- schema_version")


def _split_document() -> tuple[tuple[DocPassage, ...], tuple[Sentence, ...]]:
    lead = Sentence("lead", LEAD, "doc", 100, 100 + len(LEAD), "sentence")
    items = tuple(Sentence(f"i{n}", text, "doc", 200 + 40 * n, 200 + 40 * n + len(text), "sentence")
                  for n, text in enumerate(LISTED))
    after = Sentence("later", "Keys are never reused.", "doc", 400, 422, "sentence")
    passages = (DocPassage("p1", "doc", "Keys", "section", 100, 100 + len(LEAD), f"Keys\n{LEAD}", ()),
                DocPassage("p2", "doc", "Keys > Required key fields", "section", 200, 330, "", ()),
                DocPassage("p3", "doc", "Reuse", "section", 400, 422, "", ()))
    return passages, (lead, *items, after)


@pytest.mark.parametrize(("line", "expected"), [
    (LEAD, True), ("Required log events:", True), ("**Owners:**", True),
    ("Records are keyed by tenant and region.", False), ("Note: keys are never reused.", False)])
def test_a_line_ending_in_a_colon_introduces_what_follows(line: str, expected: bool) -> None:
    assert introduces(Sentence("s", line, "doc", 0, len(line), "sentence")) is expected


def test_a_lead_in_takes_the_list_of_the_next_passage() -> None:
    passages, sentences = _split_document()
    lead = sentences[0]
    pool = continued(lead, [lead], passages, sentences, set())
    assert [s.text for s in pool] == [LEAD, *LISTED]  # the next passage only: not the section after it


def test_a_lead_in_whose_list_follows_in_its_own_pool_is_left_alone() -> None:
    passages, sentences = _split_document()
    pool = [sentences[0], sentences[1]]
    assert continued(sentences[0], pool, passages, sentences, set()) == pool


def test_a_line_that_introduces_nothing_is_not_continued() -> None:
    passages, sentences = _split_document()
    later = sentences[-1]
    assert continued(later, [later], passages, sentences, set()) == [later]


def test_lines_another_ask_already_cited_are_not_taken_again() -> None:
    passages, sentences = _split_document()
    pool = continued(sentences[0], [sentences[0]], passages, sentences, {"i0"})
    assert [s.id for s in pool] == ["lead", "i1", "i2"]


EXPORTED = "1. **Retry on 503**\\n   - Owner: Dana Whitfield\\n   - Tracking: LEDG-310\\n2. **Alert on lag**"


def _exported(escaped: bool) -> DocPassage:
    return DocPassage("p3", "doc", "Follow-ups", "section", OFFSET, OFFSET + len(EXPORTED),
                      f"Follow-ups\n{EXPORTED}", (0.2,), escaped)


def test_a_passage_stored_as_escaped_frames_its_written_out_lines() -> None:
    at = EXPORTED.index("- Tracking")
    line = Sentence("s1", "- Tracking: LEDG-310", "doc", OFFSET + at, OFFSET + at + 20, "sentence")
    assert frame(_exported(True), line) == "1. **Retry on 503**"
    assert frame(_exported(False), line) == ""  # one line: nothing to hang under
