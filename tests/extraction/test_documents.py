"""The ingest data contracts: ids, and the invariants the dataclasses enforce."""

from __future__ import annotations

import dataclasses
import hashlib
import re

import pytest

from extraction.documents import ChunkSlice, MetadataLine, SourceDocument, chunk_id, document_id_for_path


def _doc(text: str = "hello", body_start: int = 0) -> SourceDocument:
    return SourceDocument(
        id="d1", title="t", source_type="text", text=text, body_start=body_start, path="p.txt",
        original_path=None, authors=(), participants=(), created=None, updated=None, metadata_lines=(),
        content_hash=hashlib.sha256(text.encode()).hexdigest(),
    )


def test_document_id_for_path_is_doc_plus_16_hex_of_sha256() -> None:
    expected = "doc_" + hashlib.sha256(b"notes/a.md").hexdigest()[:16]
    assert document_id_for_path("notes/a.md") == expected
    assert re.fullmatch(r"doc_[0-9a-f]{16}", expected)


def test_document_id_for_path_is_platform_independent() -> None:
    assert document_id_for_path("notes\\a.md") == document_id_for_path("notes/a.md")
    assert document_id_for_path("notes/b.md") != document_id_for_path("notes/a.md")


def test_chunk_id_format_and_content_stability() -> None:
    cid = chunk_id("doc_1", 3, "Some text.")
    assert cid == f"doc_1#c0003-{hashlib.sha256(b'Some text.').hexdigest()[:8]}"
    assert chunk_id("doc_1", 3, "Some text.") == cid
    assert chunk_id("doc_1", 3, "Other text.") != cid


def test_chunk_slice_rejects_a_range_that_does_not_match_its_text() -> None:
    ChunkSlice("c", "d", 0, 2, 5, "abc", None, "body")
    with pytest.raises(ValueError):
        ChunkSlice("c", "d", 0, 2, 6, "abc", None, "body")
    with pytest.raises(ValueError):
        ChunkSlice("c", "d", 0, 2, 5, "abc", None, "summary")


def test_metadata_line_needs_one_span_per_value() -> None:
    with pytest.raises(ValueError):
        MetadataLine("k", ("a", "b"), 0, 10, ((1, 2),))


def test_source_document_is_frozen_and_checks_body_start() -> None:
    doc = _doc()
    with pytest.raises(dataclasses.FrozenInstanceError):
        doc.title = "x"  # type: ignore[misc]
    assert _doc("---\n---\nbody", 8).body == "body"
    with pytest.raises(ValueError):
        _doc("abc", 4)
