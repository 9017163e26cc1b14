"""Passages of a document: sections, inline headings and blocks, on real lines and on an exported body's lines."""

from __future__ import annotations

import hashlib

from extraction.documents import SourceDocument
from extraction.passages import passages


def _doc(text: str) -> SourceDocument:
    return SourceDocument(
        id="doc_p", title="Export", source_type="markdown", text=text, body_start=0, path="p.md",
        original_path=None, authors=(), participants=(), created=None, updated=None, metadata_lines=(),
        content_hash=hashlib.sha256(text.encode()).hexdigest(),
    )


EXPORTED = ("# Export\n\n## content\n\nSummary:\\n\\nThe queue stalled at noon.\\n\\n"
            "Next steps:\\n- add a breaker\\n- page the storage team\\n\\nEnd of notes.\n")


def test_an_exported_body_is_cut_at_its_label_lines_and_blank_lines() -> None:
    doc = _doc(EXPORTED)
    found = [(p.heading_path[-1], EXPORTED[p.start : p.end], p.escaped) for p in passages(doc)]
    assert found == [("Summary", "The queue stalled at noon.", False),
                     ("Next steps", "- add a breaker\\n- page the storage team\\n\\nEnd of notes.", True)]


def test_a_normal_section_with_one_written_out_break_stays_one_passage() -> None:
    text = "# Notes\n\n## parsing\n\nThe loader splits on \\n and then: reads the header.\nIt keeps the rest.\n"
    found = passages(_doc(text))
    assert [(text[p.start : p.end], p.escaped) for p in found] == [
        ("The loader splits on \\n and then: reads the header.\nIt keeps the rest.", False)]


def test_a_setext_section_starts_under_its_underline_with_the_heading_in_its_path() -> None:
    text = "Service guide\n=============\n\nIntro text.\n\nOwners\n------\n- Primary: the billing team\n"
    found = [(p.heading_path, text[p.start : p.end]) for p in passages(_doc(text))]
    assert found == [(("Service guide",), "Intro text."), (("Service guide", "Owners"), "- Primary: the billing team")]


def test_a_label_line_inside_a_comment_heads_only_the_rest_of_that_comment() -> None:
    text = ("# Ticket\n\n## Comments\n\n2025-01-02 10:00 - Ana Ruiz\nPulled the worker logs:\n- queue depth 40k\n"
            "- no retries\n\nLooks like a stuck consumer.\n\nNext steps:\n- add an alert\n\nDone.\n")
    found = [(p.heading_path[1:], text[p.start : p.end]) for p in passages(_doc(text))]
    assert found == [(("Comments",), "2025-01-02 10:00 - Ana Ruiz"),
                     (("Comments", "Pulled the worker logs"), "- queue depth 40k\n- no retries"),
                     (("Comments",), "Looks like a stuck consumer."),
                     (("Comments", "Next steps"), "- add an alert\n\nDone.")]
