"""Exact-slice chunking: chunks are offsets into the original text, never rewritten text."""

from __future__ import annotations

import asyncio
import hashlib
import re
from pathlib import Path

import pytest
from graphrag_sdk.core.context import Context
from hypothesis import given, settings
from hypothesis import strategies as st

from extraction import chunker
from extraction.chunker import ExactSliceChunking, chunk_document, markdown_headings
from extraction.documents import ChunkSlice, SourceDocument, chunk_id
from extraction.loaders import load_file

FIXTURES = Path(__file__).parent / "fixtures"


def _doc(text: str, body_start: int = 0, doc_id: str = "doc_test") -> SourceDocument:
    return SourceDocument(
        id=doc_id, title="t", source_type="markdown", text=text, body_start=body_start, path="t.md",
        original_path=None, authors=(), participants=(), created=None, updated=None, metadata_lines=(),
        content_hash=hashlib.sha256(text.encode()).hexdigest(),
    )


def _check_invariants(doc: SourceDocument, chunks: list[ChunkSlice], max_chars: int) -> None:
    text = doc.text
    pos = 0
    for i, c in enumerate(chunks):
        assert c.index == i and c.document_id == doc.id
        assert c.text == text[c.start : c.end] and c.text
        assert c.start >= pos, "chunks overlap or are out of order"
        assert not c.text[0].isspace() and not c.text[-1].isspace()
        assert c.id == chunk_id(doc.id, i, c.text)
        pos = c.end
    meta = [c for c in chunks if c.kind == "metadata"]
    body = [c for c in chunks if c.kind == "body"]
    assert chunks[: len(meta)] == meta
    if text[: doc.body_start].strip():
        assert len(meta) == 1 and meta[0].text == text[: doc.body_start].strip()
        assert meta[0].section is None
    else:
        assert meta == []
    covered = {i for c in body for i in range(c.start, c.end)}
    # A written-out break or tab (backslash + n, r or t) is never kept at a chunk's edge (line_breaks.trim), so it
    # may stand between chunks as whitespace does; every other character is in a chunk.
    written = {i for m in re.finditer(r"(?<!\\)\\[nrt]", text) for i in range(*m.span())}
    for i in range(doc.body_start, len(text)):
        assert text[i].isspace() or i in covered or i in written, f"character {i} ({text[i]!r}) is in no chunk"
    assert all(c.start >= doc.body_start and len(c.text) <= max_chars for c in body)
    headings = markdown_headings(text, doc.body_start)
    for c in body:
        before = [h.text for h in headings if h.start <= c.start]
        assert c.section == (before[-1] if before else None)


_WORDS = st.sampled_from(
    ["the", "ledger", "service", "naïve", "Zürich", "日本語", "👩‍💻", "e\u0301", "e.g.", "Dr.", "v1.2", "x" * 40, "—"]
)
_SENTENCE = st.builds(
    lambda words, end: " ".join(words) + end,
    st.lists(_WORDS, min_size=1, max_size=12),
    st.sampled_from([".", "!", "?", "...", '."', "", ":"]),
)
_BLOCK = st.one_of(
    st.builds(
        lambda level, words: "#" * level + " " + " ".join(words), st.integers(1, 6), st.lists(_WORDS, max_size=4)
    ),
    st.builds(" ".join, st.lists(_SENTENCE, min_size=1, max_size=8)),
    st.builds("\n".join, st.lists(_SENTENCE, min_size=1, max_size=5)),
    st.just("```\n# not a heading\ncode();\n```"),
    st.builds(lambda words, line: " ".join(words) + "\n" + line, st.lists(_WORDS, min_size=1, max_size=4),
              st.sampled_from(["---", "===", "  -- ", "-", "```\nTitle\n---\n```"])),
    st.sampled_from(["", "   ", "\t", "- item one", "> quoted line.", "---", "- item\n---"]),
)


@st.composite
def _documents(draw: st.DrawFn) -> SourceDocument:
    blocks = draw(st.lists(_BLOCK, max_size=14))
    separators = st.sampled_from(["\n", "\n\n", "\n\n\n", " \n \n"])
    seps = draw(st.lists(separators, min_size=len(blocks), max_size=len(blocks)))
    body = "".join(b + s for b, s in zip(blocks, seps, strict=True))
    front = draw(st.sampled_from(["", '---\nid: "x"\n---\n', '---\ntitle: "T"\nsource_metadata:\n  "k": "v"\n---\n\n']))
    text = front + body
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    body_start = text.index("---", 3) + 3 if front else 0
    if front:
        body_start = text.index("\n", body_start) + 1
    return _doc(text, body_start)


@settings(max_examples=300, deadline=None)
@given(doc=_documents(), max_chars=st.integers(min_value=1, max_value=400))
def test_chunks_are_exact_ordered_and_cover_the_body(doc: SourceDocument, max_chars: int) -> None:
    _check_invariants(doc, chunk_document(doc, max_chars), max_chars)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=600), max_chars=st.integers(min_value=1, max_value=120))
def test_arbitrary_text_is_chunked_exactly(text: str, max_chars: int) -> None:
    doc = _doc(text)
    _check_invariants(doc, chunk_document(doc, max_chars), max_chars)


def test_fixture_ticket_chunks() -> None:
    doc = load_file(FIXTURES / "ticket.md", FIXTURES)
    chunks = chunk_document(doc, max_chars=200)
    _check_invariants(doc, chunks, 200)
    assert chunks[0].kind == "metadata" and chunks[0].text.startswith("---\nid:") and chunks[0].text.endswith("---")
    assert [c.section for c in chunks[1:]] == ['Checkout "retry" storm after cache failover', "description"]
    assert chunks[1].text.endswith("load on payments-gateway.")  # cut at a sentence end, not mid-sentence
    assert chunks[2].text.startswith("Customers saw timeouts")


def test_default_size_keeps_short_documents_whole() -> None:
    doc = load_file(FIXTURES / "note.md", FIXTURES)
    chunks = chunk_document(doc)
    assert len(chunks) == 1 and chunks[0].text == doc.text.strip() and chunks[0].section is None


def test_code_fence_comments_are_not_headings() -> None:
    doc = load_file(FIXTURES / "note.md", FIXTURES)
    assert [h.text for h in markdown_headings(doc.text)] == ["Session cache runbook", "Failover", "Aftercare"]
    chunks = chunk_document(doc, max_chars=120)
    _check_invariants(doc, chunks, 120)
    assert "not a heading" not in {c.section for c in chunks}


def test_a_heading_stays_with_the_text_under_it() -> None:
    text = "Intro sentence one. Intro sentence two.\n\n## Next\n\n" + "Body sentence here. " * 3
    chunks = chunk_document(_doc(text), max_chars=60)
    assert chunks[0].text == "Intro sentence one. Intro sentence two."
    assert chunks[1].text.startswith("## Next\n\nBody sentence here.") and chunks[1].section == "Next"


def test_abbreviations_are_not_sentence_ends() -> None:
    text = "Use a cache, e.g. redis here. Then restart it."
    chunks = chunk_document(_doc(text), max_chars=35)
    assert [c.text for c in chunks] == ["Use a cache, e.g. redis here.", "Then restart it."]


def test_hard_cut_only_for_unbroken_runs_and_never_splits_combining_marks() -> None:
    text = "short words. " + "a" * 25 + "e\u0301" + "b" * 10
    chunks = chunk_document(_doc(text), max_chars=16)
    _check_invariants(_doc(text), chunks, 16)
    assert chunks[0].text == "short words."
    assert all(not c.text.startswith("\u0301") for c in chunks)


def test_chunk_ids_are_content_stable() -> None:
    base = "First paragraph stays the same.\n\nSecond paragraph v1."
    a = chunk_document(_doc(base), max_chars=40)
    b = chunk_document(_doc(base.replace("v1", "v2")), max_chars=40)
    assert a[0].id == b[0].id and a[1].id != b[1].id
    assert chunk_document(_doc(base), max_chars=40) == a


def test_invalid_max_chars() -> None:
    with pytest.raises(ValueError):
        chunk_document(_doc("text"), max_chars=0)


def test_empty_body_gives_only_the_metadata_chunk() -> None:
    text = '---\nid: "x"\n---\n\n  \n'
    chunks = chunk_document(_doc(text, 16))
    assert [(c.kind, c.text) for c in chunks] == [("metadata", '---\nid: "x"\n---')]


def test_sdk_adapter_hands_over_the_exact_chunks() -> None:
    doc = load_file(FIXTURES / "ticket.md", FIXTURES)
    strategy = ExactSliceChunking(doc, max_chars=200)
    result = asyncio.run(strategy.chunk(doc.text, Context()))
    expected = chunk_document(doc, 200)
    assert [c.uid for c in result.chunks] == [c.id for c in expected]
    assert [(c.text, c.index) for c in result.chunks] == [(c.text, c.index) for c in expected]
    first = result.chunks[1]
    assert first.metadata == {
        "start": expected[1].start, "end": expected[1].end, "kind": "body",
        "section": expected[1].section, "document_id": doc.id,
    }
    assert doc.text[first.metadata["start"] : first.metadata["end"]] == first.text


def test_sdk_adapter_hands_over_slices_cut_before_without_cutting_again(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = load_file(FIXTURES / "ticket.md", FIXTURES)
    expected = chunk_document(doc, 200)
    monkeypatch.setattr(chunker, "chunk_document", lambda *_: pytest.fail("the slices were cut again"))
    result = asyncio.run(ExactSliceChunking(doc, 200, expected).chunk(doc.text, Context()))
    assert [(c.uid, c.text, c.metadata["start"]) for c in result.chunks] == [(c.id, c.text, c.start) for c in expected]


def test_sdk_adapter_refuses_other_text() -> None:
    doc = load_file(FIXTURES / "note.md", FIXTURES)
    with pytest.raises(ValueError, match="different text"):
        asyncio.run(ExactSliceChunking(doc).chunk(doc.text.replace("\n", "\r\n"), Context()))


EXPORTED_BODY = "## content\n\n" + "\\n".join(f"- step {n}: drain the node and check its queue depth"
                                             for n in range(40))


def test_an_exported_body_is_cut_at_its_written_out_line_ends() -> None:
    doc = _doc(EXPORTED_BODY)
    chunks = chunk_document(doc, max_chars=300)
    assert len(chunks) > 3
    for c in chunks:
        assert c.text.startswith(("## content", "- step")) and c.text.endswith("queue depth")


def test_a_heading_written_out_in_an_exported_body_is_a_heading() -> None:
    text = "# Export\n\nIntro line.\\n\\n## Rollback\\n- revert the flag\\n- page on-call\n"
    found = [(h.level, h.text, text[h.start : h.end]) for h in markdown_headings(text)]
    assert found == [(1, "Export", "# Export"), (2, "Rollback", "## Rollback")]


def test_a_line_underlined_with_equals_or_dashes_is_a_heading_spanning_the_line() -> None:
    text = "Overview\n========\n\nWhat it does.\n\n  Owners and escalation  \r\n-----\r\n- Primary: the storage team\n"
    found = [(h.level, h.text, text[h.start : h.end], text[h.end : h.body_start]) for h in markdown_headings(text)]
    assert found == [(1, "Overview", "Overview", "\n========"),
                     (2, "Owners and escalation", "  Owners and escalation  ", "\r\n-----")]
    chunks = chunk_document(_doc(text), max_chars=40)
    _check_invariants(_doc(text), chunks, 40)
    assert chunks[-1].section == "Owners and escalation" and chunks[-1].text.endswith("the storage team")


def test_a_rule_list_item_paragraph_block_or_code_over_dashes_is_no_heading() -> None:
    text = ("Intro.\n\n---\n\n- an item\n---\nkey: one\nother: two\n---\n\n```\nbanner\n---\n```\n"
            "> quoted\n---\n    indented code\n---\n")
    assert markdown_headings(text) == []


def test_a_dash_line_that_a_second_one_closes_fences_a_block_and_underlines_nothing() -> None:
    text = "Example manifest\n---\nname: probe\n---\n\nOne key\n---\nport: 8080\n---\n\nOwners\n---\nthe data team\n"
    assert [h.text for h in markdown_headings(text)] == ["Owners"]


def test_the_underline_is_not_cut_from_its_heading() -> None:
    text = "Intro sentence one. Intro sentence two.\n\nNext steps\n----------\n\n" + "Body sentence here. " * 3
    chunks = chunk_document(_doc(text), max_chars=60)
    assert chunks[0].text == "Intro sentence one. Intro sentence two."
    assert chunks[1].text.startswith("Next steps\n----------\n\nBody") and chunks[1].section == "Next steps"


def test_hash_lines_after_a_wiki_heading_are_numbered_list_items_not_headings() -> None:
    text = ("# Billing export review\n\n## content\n\nh1. Summary\nThe nightly export stalled.\n\n"
            "h1. Follow-ups\n# *Add a retry cap*: stop after five tries. (Owner: Ada Park; Due: 2030-01-05)\n"
            "## nested step under it\n# *Page on stalls*: alert the queue owner.\n")
    assert [(h.level, h.text) for h in markdown_headings(text)] == [(1, "Billing export review"), (2, "content")]
    later = text.index("# *Page")
    assert markdown_headings(text, later) == []  # a range that starts inside the wiki body reads it alike


def test_hash_lines_stay_headings_in_a_body_without_wiki_headings() -> None:
    text = "# Runbook\n\nIntro.\n\n# Failover\nSteps here.\n"
    assert [h.text for h in markdown_headings(text)] == ["Runbook", "Failover"]


def test_a_wiki_heading_inside_a_code_fence_does_not_turn_the_body_to_wiki_markup() -> None:
    text = "# Guide\n\n```\nh1. example markup\n```\n\n# Next part\nBody.\n"
    assert [h.text for h in markdown_headings(text)] == ["Guide", "Next part"]
