"""A retrieved document read as its written lines, each with the citable sentences that cover it.

The shape readers (action items, comment blocks, table rows) read a document's layout line by line, but the citable
sentences the extractor keeps do not follow lines: a table's header row may be left out, a short header line may be
merged into the next line's sentence, a labelled line may be cut at its colon. So the readers take the line
structure from the passages (exact slices of the document) and cite every sentence that overlaps the line.

A body exported from JSON may keep its line breaks as the two characters ``\\n``; a passage ingest found on such a
line (``escaped``, extraction/line_breaks.py) is split there too, any other keeps them as text.
"""

from __future__ import annotations

from dataclasses import dataclass

from extraction.line_breaks import stored_lines
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence, own_heading


@dataclass(frozen=True)
class Line:
    text: str
    start: int  # document offsets
    end: int
    heading: str  # the innermost heading of the line's section ("" when none)
    is_heading: bool = False


def lines(doc_view: DocView) -> list[Line]:
    """Each passage's heading (as a zero-width line) and non-blank body lines, in document order; a section split
    into several passages gives its heading once. Found once per document content (every line reader of every
    turn that reads the document reads them; zehn/agent/doc_memo.py): do not change the list."""
    return doc_view.memo.of(_lines, doc_view)


def _lines(doc_view: DocView) -> list[Line]:
    out: list[Line] = []
    seen: set[int] = set()
    last_heading = ""
    for passage in sorted(doc_view.passages, key=lambda p: p.start):
        heading = own_heading(passage.heading)
        if heading != last_heading:
            out.append(Line(heading, passage.start, passage.start, heading, True))
            last_heading = heading
        body = passage.text[len(passage.text) - (passage.end - passage.start):]
        for at, end in stored_lines(body, passage.escaped):
            raw = body[at:end]
            if raw.strip() and passage.start + at not in seen:
                seen.add(passage.start + at)
                out.append(Line(raw, passage.start + at, passage.start + end, heading))
    return out


def covering(doc_view: DocView, start: int, end: int) -> list[Sentence]:
    """The citable body sentences that overlap ``[start, end)``, in document order."""
    return sorted((s for s in doc_view.sentences if s.kind != "metadata" and s.start < end and start < s.end),
                  key=lambda s: s.start)
