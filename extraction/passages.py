"""Sections and passages of a document, indexed next to its sentences (``(:Passage)`` nodes).

Enterprise documents say things in sections ("Root cause", "Mitigation", "Owners") and in blocks (a paragraph,
a bulleted list, a table, one e-mail of a thread). A passage is what an answer is read from:

- the front matter is one passage of kind ``metadata`` (its labelled lines answer "who is the assignee");
- a section is the text from the end of one Markdown heading to the next heading (any level); its
  ``heading_path`` holds the titles of the enclosing headings, outermost first; inside it, a line that heads
  what follows without being a Markdown heading (a wiki heading "h2. Root cause", a bold-only line, a short label
  line ending in a colon such as "Next steps:") starts a part whose path adds that line;
- a section's body is cut into blocks at blank lines; consecutive list items and table rows stay in one block
  (a list or a table is never split across passages, however long); blocks are packed in order into passages
  of at most :data:`PASSAGE_WORDS` words, and a prose block longer than that stands alone.

Every passage is an exact range of the document (``text[start:end]``); the indexed ``text`` property is the
heading path, a newline, then that range, so full-text and vector search see the heading with its body.
Writing replaces the document's passages (a changed document never keeps stale ones).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal, Protocol

from extraction.chunker import Heading, markdown_headings
from extraction.documents import SourceDocument, sha256_hex
from extraction.line_breaks import blank_line_ends, escaped_breaks, is_blank, line_spans, line_start, trim
from extraction.schema import PASSAGE
from extraction.wire import written_vector

# About a paragraph and a half of technical prose: what the embedding model reads in full (128 word pieces).
PASSAGE_WORDS = 90
_LIST_OR_TABLE = re.compile(r"^\s*(?:[-*+•]\s|\d{1,3}[.)]\s|\|)")
# Lines that head a part of a section: wiki headings, bold-only lines, short label lines ending in a colon.
_INLINE_HEADING = re.compile(r"[ \t]*(?:h[1-6]\.[ \t]+([^\n]+?)|\*\*([^*\n]{2,80})\*\*:?|__([^_\n]{2,80})__:?|"
                             r"([A-Z][^:\n.!?]{1,60}):)[ \t]*")

# The vector is set in the CREATE itself: a SET after it updates the new node, which the full-text index records
# as a delete and a re-add, and the deleted postings stay (counted in its scores) until the index's collector runs,
# so BM25 over passages would depend on when that happened (500 nodes written with a SET after: maxDocId 1,000).
WRITE_PASSAGES = f"""
UNWIND $rows AS row
MATCH (d:Document {{id: row.document_id}})
CREATE (d)-[:HAS_PASSAGE]->(p:{PASSAGE} {{id: row.id, document_id: row.document_id, index: row.index,
  start: row.start, end: row.end, heading: row.heading, kind: row.kind, escaped: row.escaped, text: row.text,
  embedding: vecf32(row.embedding)}})
"""
HEADING_SEP = " > "  # between the headings of a passage's path, as stored and as the answerer reads it
DELETE_PASSAGES = f"MATCH (p:{PASSAGE} {{document_id: $doc}}) DELETE p"


@dataclass(frozen=True)
class PassageSlice:
    id: str  # f"{document_id}#p{index:04d}-{sha256(text)[:8]}" (content-stable)
    document_id: str
    index: int
    start: int  # body range: document.text[start:end]
    end: int
    heading_path: tuple[str, ...]
    kind: Literal["metadata", "section"]
    escaped: bool = False  # it lies on an exported body's line whose written-out "\\n" end lines (line_breaks)

    def heading(self) -> str:
        return HEADING_SEP.join(self.heading_path)

    def indexed_text(self, document: SourceDocument) -> str:
        """What full-text and vector search read: heading path, newline, body."""
        return f"{self.heading()}\n{document.text[self.start:self.end]}"


@dataclass(frozen=True)
class EmbeddedPassage:
    slice: PassageSlice
    text: str  # indexed_text
    vector: list[float]


class PassageGraph(Protocol):
    def query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any: ...


def _blocks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Blank-line separated blocks of ``text[start:end]``; a list or table interrupted by blank lines is one."""
    cuts = [start, *blank_line_ends(text, start, end), end]
    raw = [trim(text, a, b) for a, b in pairwise(cuts)]
    blocks: list[tuple[int, int]] = []
    for a, b in raw:
        if a >= b:
            continue
        joins = blocks and _LIST_OR_TABLE.match(text[a:b]) and _LIST_OR_TABLE.match(_last_line(text, *blocks[-1]))
        if joins:
            blocks[-1] = (blocks[-1][0], b)
        else:
            blocks.append((a, b))
    return blocks


def _last_line(text: str, start: int, end: int) -> str:
    """The block's last line when it has several; "" for a block of one line, which pulls no list in after it."""
    at = line_start(text, end, start)
    return text[at:end] if at > start else ""


def _words(text: str, start: int, end: int) -> int:
    return len(text[start:end].split())


def _pack(text: str, blocks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Consecutive blocks joined while the passage stays within PASSAGE_WORDS (a longer block stands alone)."""
    out: list[tuple[int, int]] = []
    words = 0
    for a, b in blocks:
        size = _words(text, a, b)
        if out and words + size <= PASSAGE_WORDS and not _LIST_OR_TABLE.match(text[a:b]):
            out[-1] = (out[-1][0], b)
            words += size
        else:
            out.append((a, b))
            words = size
    return out


def _inline(text: str, path: tuple[str, ...], start: int, end: int) -> list[tuple[tuple[str, ...], int, int]]:
    """A Markdown section cut again at the lines that head what follows them without being Markdown headings:
    wiki headings ("h2. Root cause"), bold-only lines ("**Mitigation**") and short label lines that end in a colon
    ("Next steps:"). Each such line heads the text up to the next one; a label line inside a block (a comment's
    "Pulled the logs:" under its author line) heads only the rest of that block: it leads in to the lines under
    it, not to the messages after them."""
    spans = line_spans(text, start, end)
    found: list[tuple[re.Match[str], int]] = []  # (heading line, where what it heads ends at the latest)
    for n, (a, b) in enumerate(spans):
        m = _INLINE_HEADING.fullmatch(text, a, b)
        if m is None or len(_heading_text(m).split()) > 8:
            continue
        inside = m.group(4) is not None and n > 0 and not is_blank(text, *spans[n - 1])
        found.append((m, next((x for x, y in spans[n + 1 :] if is_blank(text, x, y)), end) if inside else end))
    if not found:
        return [(path, start, end)]
    out = [(path, start, found[0][0].start())] if found[0][0].start() > start else []
    for n, (match, block_end) in enumerate(found):
        stop = found[n + 1][0].start() if n + 1 < len(found) else end
        out.append(((*path, _heading_text(match)), match.end(), min(stop, block_end)))
        if block_end < stop:
            out.append((path, block_end, stop))
    return out


def _heading_text(match: re.Match[str]) -> str:
    return next(g for g in match.groups() if g).strip(" *_:")


def _sections(document: SourceDocument) -> list[tuple[tuple[str, ...], int, int]]:
    """(heading path, body start, body end) of every section; text before the first heading has the title."""
    text = document.text
    headings: list[Heading] = markdown_headings(text, document.body_start)
    out: list[tuple[tuple[str, ...], int, int]] = []
    stack: list[Heading] = []
    first = headings[0].start if headings else len(text)
    if first > document.body_start:
        out.append(((document.title,), document.body_start, first))
    for n, heading in enumerate(headings):
        stack = [h for h in stack if h.level < heading.level] + [heading]
        end = headings[n + 1].start if n + 1 < len(headings) else len(text)
        path = tuple(h.text for h in stack if h.text)
        out.append((path or (document.title,), heading.body_start, end))
    return [cut for path, start, end in out for cut in _inline(text, path, start, end)]


def passages(document: SourceDocument) -> list[PassageSlice]:
    """The document's passages in document order (front matter first)."""
    text = document.text
    found: list[tuple[tuple[str, ...], int, int, Literal["metadata", "section"]]] = []
    meta = trim(text, 0, document.body_start)
    if meta[0] < meta[1]:
        found.append(((document.title,), *meta, "metadata"))
    for path, start, end in _sections(document):
        for a, b in _pack(text, _blocks(text, start, end)):
            found.append((path, a, b, "section"))
    out = []
    for index, (path, a, b, kind) in enumerate(found):
        digest = sha256_hex(text[a:b])[:8]
        out.append(PassageSlice(f"{document.id}#p{index:04d}-{digest}", document.id, index, a, b, path, kind,
                                bool(escaped_breaks(text, a, b))))
    return out


def write_passages(graph: PassageGraph, document: SourceDocument, embedded: Sequence[EmbeddedPassage]) -> int:
    """Replace the document's passages in the graph with ``embedded`` (its :func:`passages` with their vectors, from
    extraction/span_vectors.py); returns how many were written.

    The :Document node must exist already (passages hang off it with HAS_PASSAGE)."""
    graph.query(DELETE_PASSAGES, {"doc": document.id})
    rows = [{"id": p.id, "document_id": p.document_id, "index": p.index, "start": p.start, "end": p.end,
             "heading": p.heading(), "kind": p.kind, "escaped": p.escaped, "text": e.text,
             "embedding": written_vector(e.vector)}
            for e in embedded for p in (e.slice,)]
    for batch in _batches(rows, 200):
        graph.query(WRITE_PASSAGES, {"rows": list(batch)})
    return len(rows)


def _batches(rows: Sequence[dict[str, Any]], size: int) -> list[Sequence[dict[str, Any]]]:
    return [rows[i : i + size] for i in range(0, len(rows), size)]
