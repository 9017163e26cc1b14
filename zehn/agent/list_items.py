"""Nested list items: the line an item hangs under says what its sub-lines are about.

Enterprise documents write follow-ups, issues and decisions as a titled list item with labelled sub-lines::

    1. **Make the exporter retry on 503**
       - Owner: a person
       - Tracking: a ticket key
       - Target: a date

"Tracking: <key>" is the ticket *for the item it is nested under*; on its own it names nothing the question asked
about. So, within one passage:

- a line's **frame** is the item lines it is nested under (above it, each less indented than the last), read the
  way a heading is read: their words count as the line's own when a sentence is bound to an ask;
- an answer found inside an item **takes the whole item first** (its title line and every line nested under it),
  before the sentences around it: the item is the unit the document wrote.

Lines come from the passage's body (``DocPassage.text`` is the heading path, a newline, then the exact document
range ``start:end``), so every offset here is a document offset, the same as a sentence's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extraction.line_breaks import stored_lines
from zehn.agent.rows import DocPassage, Sentence

LINES_CACHE = 2048  # passages whose lines are kept (a turn reads a few documents' passages for every ask)
_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]")


@dataclass(frozen=True)
class Line:
    start: int  # document offsets
    end: int
    indent: int
    item: bool  # a list item (bullet or number)
    blank: bool


def _indent(raw: str) -> int:
    return len(raw.expandtabs(4)) - len(raw.expandtabs(4).lstrip(" "))


def lines(passage: DocPassage) -> list[Line]:
    """The passage body's lines; none when the stored text is not heading + body (nothing to read structure from)."""
    return list(_lines(passage.text, passage.heading, passage.start, passage.end, passage.escaped))


@lru_cache(maxsize=LINES_CACHE)
def _lines(text: str, heading: str, start: int, end: int, escaped: bool) -> tuple[Line, ...]:
    """Built once per passage: every sentence of a passage, for every ask, reads its frame from the same lines."""
    body = text[len(heading) + 1:] if text.startswith(heading) else ""
    if len(body) != end - start:
        return ()
    out = []
    for a, b in stored_lines(body, escaped):
        raw = body[a:b]
        out.append(Line(start + a, start + b, _indent(raw), bool(_ITEM.match(raw)), not raw.strip()))
    return tuple(out)


def _at(found: list[Line], offset: int) -> int | None:
    return next((n for n, line in enumerate(found) if line.start <= offset <= line.end), None)


def _parents(found: list[Line], index: int) -> list[int]:
    """Indexes of the item lines that the line at ``index`` is nested under, nearest first."""
    out = []
    indent = found[index].indent
    for n in range(index - 1, -1, -1):
        line = found[n]
        if line.blank or line.indent >= indent:
            continue
        if not line.item:
            break  # prose less indented than the line: the list (if any) has ended
        out.append(n)
        indent = line.indent
        if indent == 0:
            break
    return out


def frame(passage: DocPassage, sentence: Sentence) -> str:
    """The text of the item lines the sentence is nested under ("" when it is not nested in an item)."""
    found = lines(passage)
    index = _at(found, sentence.start)
    if index is None:
        return ""
    body = passage.body
    return "\n".join(body[found[n].start - passage.start:found[n].end - passage.start]
                     for n in reversed(_parents(found, index)))


def item_span(passage: DocPassage, sentence: Sentence) -> tuple[int, int] | None:
    """Document range of the outermost list item holding the sentence: its line and every line nested under it
    (blank lines inside it included); None when the sentence is not in a list item."""
    found = lines(passage)
    index = _at(found, sentence.start)
    if index is None:
        return None
    chain = _parents(found, index)
    top = chain[-1] if chain else index
    if not found[top].item:
        return None
    end = found[top].end
    for line in found[top + 1:]:
        if line.blank:
            continue
        if line.indent <= found[top].indent:
            break
        end = line.end
    return found[top].start, end


def same_item(passage: DocPassage, sentence: Sentence, pool: list[Sentence]) -> list[Sentence]:
    """The sentences of ``pool`` inside the outermost list item that holds ``sentence`` (in pool order)."""
    span = item_span(passage, sentence)
    if span is None:
        return []
    return [s for s in pool if s.start < span[1] and s.end > span[0]]


def introduces(sentence: Sentence) -> bool:
    """A line ending in a colon introduces what follows it ("are grouped by these fields:", "Required
    events:"): what it announces is in the lines after it, often a list the document cut into its own block."""
    return sentence.text.rstrip(" \t*_").endswith(":")


def continued(sentence: Sentence, pool: list[Sentence], passages: tuple[DocPassage, ...],
              sentences: tuple[Sentence, ...], used: set[str]) -> list[Sentence]:
    """``pool`` (in document order), and when ``sentence`` introduces what follows and no line of ``pool`` does
    follow it, the sentences of the next passage of the document (less those in ``used``): the list it announces."""
    if not introduces(sentence) or any(s.start >= sentence.end for s in pool):
        return pool
    after = [p for p in passages if p.start >= sentence.end and p.kind != "metadata"]
    if not after:
        return pool
    following = min(after, key=lambda p: p.start)
    more = [s for s in sentences if following.start <= s.start < following.end and s.kind == "sentence" and
            s.id not in used]
    return sorted({s.id: s for s in [*pool, *more]}.values(), key=lambda s: s.start)
