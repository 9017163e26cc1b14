"""Nested list items: a sub-line is read with the item it hangs under, and an item is cited whole."""

from __future__ import annotations

from zehn.agent.bind_passages import _extent
from zehn.agent.list_items import frame, item_span, same_item
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
    chosen = _extent(best, pool, 20, item)  # room for the item (18 words), not for the next one (5 more)
    assert [s.text for s in chosen] == [s.text for s in item]


def test_a_passage_whose_text_is_not_heading_and_body_has_no_structure() -> None:
    odd = DocPassage("p2", "doc", HEADING, "section", OFFSET, OFFSET + 10, "something else entirely", ())
    assert frame(odd, _by_text("LEDG-310")) == ""
