"""Exact-slice chunker: every chunk is ``document.text[start:end]``, cut only at offsets, never rewritten.

The front matter (``0..body_start``) is one chunk of kind "metadata". The body is cut into chunks of at most
``max_chars`` characters, preferring (in order) Markdown headings and blank lines, then sentence ends
(``. ! ?`` followed by whitespace), then line ends, then any whitespace; a hard cut inside a word happens only
when a run of ``max_chars`` characters has no whitespace at all. A cut is never placed right after a heading
line (a heading stays with the text under it). Whitespace at chunk edges is trimmed by moving offsets. Lines,
blank lines and edges are `extraction.line_breaks`' (a written-out "\\n" of an exported body ends a line too).
Sentence detection is a cheap regex on purpose: spaCy parses each document once, later, in extraction.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graphrag_sdk.core.context import Context
from graphrag_sdk.core.models import TextChunk, TextChunks
from graphrag_sdk.ingestion.chunking_strategies.base import ChunkingStrategy

from extraction.documents import ChunkSlice, SourceDocument, chunk_id
from extraction.line_breaks import blank_line_ends, escaped_breaks, fenced_blocks, is_blank, line_breaks, trim

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*\r?$", re.MULTILINE)
_ESCAPED_HEADING = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*")
# A wiki-markup heading ("h1. Summary", Confluence and Jira): a body that uses them is written in that markup, where a
# line opening with "#" ("# Add a gate", "## nested step") is a numbered list item, not a heading.
_WIKI_HEADING = re.compile(r"^[ \t]*h[1-6]\.[ \t]+\S", re.MULTILINE)
_UNDERLINE = re.compile(r"^ {0,3}(=+|-+)[ \t]*\r?$", re.MULTILINE)
# A line that is no setext heading's text: a list item, a quote, a table row, an ATX heading, a fence, a rule or an
# underline, a line indented as code.
_NOT_TITLE = re.compile(r" {0,3}(?:[-*+•](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|[>|]|#{1,6}(?:[ \t]|$)|```|~~~|"
                        r"([-*_=])[ \t]*(?:\1[ \t]*)+$)|[ \t]*\t|    ")
_FENCE_LINE = re.compile(r" {0,3}-{3,}[ \t]*\r?")  # what closes a block fenced with "---"
# What may stand right above a one-line title: a blank line, an ATX heading, a rule or underline, a code fence.
_SEPARATOR = re.compile(r"[ \t]*(?:#{1,6}(?:[ \t].*)?|[-*_=][-*_= \t]*|(?:`{3,}|~{3,}).*)?")
_SENTENCE_END = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)")
_WHITESPACE = re.compile(r"\s+")
_ABBREVIATIONS = frozenset(
    {"e.g", "i.e", "etc", "vs", "mr", "mrs", "ms", "dr", "prof", "inc", "ltd", "no", "cf", "approx"}
)
_MIN_FILL = 0.5  # prefer a strong boundary only if it keeps the chunk at least this full


@dataclass(frozen=True)
class Heading:
    start: int  # offset of the heading line
    end: int  # end of the heading line (before its line ending)
    level: int
    text: str
    underline_end: int | None = None  # a setext heading's "===" / "---" line end (before its line ending)

    @property
    def body_start(self) -> int:
        """Where the text under the heading starts: after its underline, if it has one."""
        return self.end if self.underline_end is None else self.underline_end


def markdown_headings(text: str, start: int = 0, end: int | None = None) -> list[Heading]:
    """ATX (``# Title``) and setext (``Title`` over ``===`` / ``---``) headings in ``text[start:end]``, skipping
    fenced code blocks. Once a wiki heading ("h1. Summary") has appeared, the text is wiki markup: its "#" lines
    are numbered list items (the document's own Markdown title and field headings come before it)."""
    end = len(text) if end is None else end
    code = fenced_blocks(text, start, end)
    code_starts = [a for a, _ in code]

    def in_code(at: int) -> bool:
        k = bisect_right(code_starts, at) - 1
        return k >= 0 and at <= code[k][1]

    wiki = _wiki_from(text, end)
    out = []
    for m in _HEADING.finditer(text, start, end):
        if in_code(m.start()) or m.start() > wiki:  # after a wiki heading, "# ..." is a numbered list item
            continue
        out.append(Heading(m.start(), _line_end(text, m.end()), len(m.group(1)), (m.group(2) or "").strip()))
    out.extend(h for h in _setext_headings(text, start, end) if not in_code(h.start) and not in_code(h.body_start))
    breaks = escaped_breaks(text, start, end)  # "...\\n## Rollback\\n..." on an exported body's line
    for n, (_, at) in enumerate(breaks):
        stop = breaks[n + 1][0] if n + 1 < len(breaks) else text.find("\n", at, end) % (end + 1)
        found = _ESCAPED_HEADING.fullmatch(text, at, stop)
        if found is not None:
            out.append(Heading(at, found.end(), len(found.group(1)), (found.group(2) or "").strip()))
    return sorted(out, key=lambda h: h.start)


def _wiki_from(text: str, end: int) -> int:
    """Where the text turns to wiki markup: its first wiki heading outside code (read from the text's start, so a
    range that begins inside a wiki body is read alike); ``end`` when it has none."""
    found = [m.start() for m in _WIKI_HEADING.finditer(text, 0, end)]
    if not found:
        return end
    code = fenced_blocks(text, 0, end)
    return next((at for at in found if not any(a <= at <= b for a, b in code)), end)


def _line_end(text: str, at: int) -> int:
    return at - 1 if text[at - 1 : at] == "\r" else at


def _setext_headings(text: str, start: int, end: int) -> list[Heading]:
    """CommonMark setext headings whose text is a one-line paragraph: the line right above an underline of "="
    (level 1) or "-" (level 2), itself below a blank line, the range's start, a heading, a rule or a fence. A "---"
    under a blank line or a list item is a rule; lines of a block over a "---" are a YAML document or key: value
    lines, not a title (CommonMark would make the whole block one heading; here it is none). Real lines only."""
    out = []
    closing: set[int] = set()
    for m in _UNDERLINE.finditer(text, start, end):
        if m.start() == start:
            continue
        line_start = text.rfind("\n", start, m.start() - 1) + 1 or start
        line = text[line_start : _line_end(text, m.start() - 1)]
        if not line.strip() or _NOT_TITLE.match(line):
            continue
        above = text[text.rfind("\n", start, max(line_start - 1, start)) + 1 or start : max(line_start - 1, start)]
        if line_start > start and not _SEPARATOR.fullmatch(above.rstrip("\r")):
            continue
        level = 1 if m.group(1).startswith("=") else 2
        if level == 2 and (m.start() in closing or _fences_a_block(text, m.end(), end, closing)):
            continue
        out.append(Heading(line_start, line_start + len(line), level, line.strip(), _line_end(text, m.end())))
    return out


def _fences_a_block(text: str, at: int, end: int, closing: set[int]) -> bool:
    """A "---" whose block (up to the next blank line) a second "---" closes opens a YAML document or key: value
    block, as front matter's fences do (a "Sample manifest" line, "---", "name: x", "---"): no underline, nor is
    the second one (its start is added to ``closing``)."""
    while (at := text.find("\n", at, end) + 1) > 0:
        stop = text.find("\n", at, end) % (end + 1) if at < end else end
        if is_blank(text, at, stop):
            return False
        if _FENCE_LINE.fullmatch(text, at, stop):
            closing.add(at)
            return True
    return False


def _sentence_ends(text: str, start: int, end: int) -> list[int]:
    out = []
    for m in _SENTENCE_END.finditer(text, start, end):
        word_start = m.start()
        while word_start > start and not text[word_start - 1].isspace():
            word_start -= 1
        word = text[word_start : m.start()].casefold()
        if m.group().startswith(".") and (word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())):
            continue  # "e.g. x", "J. Smith": not a sentence end
        out.append(m.end())
    return out


class _Boundaries:
    """Candidate cut offsets of one body, by strength (0 strongest), excluding cuts right after a heading."""

    def __init__(self, text: str, start: int, end: int, headings: list[Heading]) -> None:
        self.text = text
        self.heading_ends = {h.end for h in headings} | {h.body_start for h in headings}
        levels = [
            sorted({h.start for h in headings} | set(blank_line_ends(text, start, end))),
            _sentence_ends(text, start, end),
            [b for _, b in line_breaks(text, start, end)],
            [m.end() for m in _WHITESPACE.finditer(text, start, end)],
        ]
        self.levels = [[c for c in cuts if self._allowed(c)] for cuts in levels]

    def _allowed(self, cut: int) -> bool:
        return trim(self.text, 0, cut)[1] not in self.heading_ends

    def best(self, lo: int, hi: int) -> int | None:
        """The preferred cut in ``(lo, hi]``."""
        fill = lo + int((hi - lo) * _MIN_FILL)
        for level, floor in ((0, fill), (1, fill), (2, fill), (1, lo), (0, lo), (2, lo), (3, lo)):
            cuts = self.levels[level]
            i = bisect_right(cuts, hi) - 1
            if i >= 0 and cuts[i] > floor:
                return cuts[i]
        return None


def _hard_cut(text: str, lo: int, hi: int) -> int:
    """``hi``, moved back so a combining mark, joiner or variation selector stays with its base character."""
    cut = hi
    while cut > lo + 1 and (unicodedata.combining(text[cut]) or text[cut] in "\u200d\ufe0f\ufe0e"):
        cut -= 1
    return cut


def body_spans(
    text: str, start: int, end: int, max_chars: int, headings: list[Heading] | None = None
) -> list[tuple[int, int]]:
    """Trimmed, non-overlapping (start, end) spans covering every non-whitespace character of the range."""
    if max_chars < 1:
        raise ValueError("max_chars must be positive")
    if headings is None:
        headings = markdown_headings(text, start, end)
    boundaries = _Boundaries(text, start, end, headings)
    spans: list[tuple[int, int]] = []
    pos = start
    while True:
        lo, hi_end = trim(text, pos, end)
        if lo >= hi_end:
            return spans
        if hi_end - lo <= max_chars:
            spans.append((lo, hi_end))
            return spans
        cut = boundaries.best(lo, lo + max_chars)
        if cut is None:
            cut = _hard_cut(text, lo, lo + max_chars)
        spans.append(trim(text, lo, cut))
        pos = cut


def chunk_document(document: SourceDocument, max_chars: int = 1200) -> list[ChunkSlice]:
    """Cut ``document`` into exact slices: the front matter as one "metadata" chunk, then "body" chunks."""
    text = document.text
    spans: list[tuple[int, int, str]] = []
    meta = trim(text, 0, document.body_start)
    if meta[0] < meta[1]:
        spans.append((meta[0], meta[1], "metadata"))
    headings = markdown_headings(text, document.body_start)
    body = body_spans(text, document.body_start, len(text), max_chars, headings)
    spans.extend((s, e, "body") for s, e in body)
    starts = [h.start for h in headings]
    chunks = []
    for index, (s, e, kind) in enumerate(spans):
        h = bisect_left(starts, s + 1) - 1  # the last heading starting at or before s
        section = headings[h].text if kind == "body" and h >= 0 else None
        piece = text[s:e]
        cid = chunk_id(document.id, index, piece)
        chunks.append(ChunkSlice(cid, document.id, index, s, e, piece, section, kind))
    return chunks


def chunk_metadata(chunk: ChunkSlice) -> dict[str, Any]:
    """What the SDK copies onto the Chunk node besides ``text`` and ``index``."""
    return {
        "start": chunk.start,
        "end": chunk.end,
        "kind": chunk.kind,
        "section": chunk.section,  # None is dropped by the graph store (no property)
        "document_id": chunk.document_id,
    }


class ExactSliceChunking(ChunkingStrategy):
    """graphrag-sdk strategy that hands the SDK our exact chunks for one document.

    Construct it per document; ``chunk`` ignores the raw text it is given except to check that it is
    exactly ``document.text`` (any other text would make every offset wrong). ``slices``: the document's chunks
    as :func:`chunk_document` cut them already (the ingest cuts them once, for their vectors), else cut here.
    """

    def __init__(self, document: SourceDocument, max_chars: int = 1200,
                 slices: Sequence[ChunkSlice] | None = None) -> None:
        self.document = document
        self.max_chars = max_chars
        self.slices = slices

    async def chunk(self, text: str, ctx: Context) -> TextChunks:
        if text != self.document.text:
            raise ValueError(f"ExactSliceChunking for {self.document.id} was given a different text")
        slices = self.slices if self.slices is not None else chunk_document(self.document, self.max_chars)
        ctx.log(f"ExactSliceChunking: {len(slices)} chunks for {self.document.id}")
        return TextChunks(
            chunks=[
                TextChunk(text=c.text, index=c.index, metadata=chunk_metadata(c), uid=c.id) for c in slices
            ]
        )
