"""A Markdown table row is read with its header row (part of stage 4, bind): the one table reader.

A row states values; the header says what each value is: in ``| B. Shared cache | 2 ms | about $900 |`` under
``| Option | Latency (p99) | Cost per month |`` the "2 ms" is the option's p99 latency, yet the row never says
"latency". As a nested list line is read with the item it hangs under (:mod:`zehn.agent.list_items`), a table row
is read with its table's header row, so an ask for "the p99 latency of option B" finds its row, and a list reader
(:mod:`zehn.agent.components`) finds the column that names what each row is.

A table is a header row with a separator line right under it, then its body rows; any other line ends it (pipes
without a separator are no table).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from extraction.line_breaks import stored_lines
from zehn.agent.doc_lines import lines
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, Sentence

_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def _row(line: str) -> bool:
    return line.lstrip().startswith("|")


def cells(row: str) -> list[str]:
    """A row's cells, without the Markdown emphasis around them."""
    return [c.strip(" *_`") for c in row.strip().strip("|").split("|")]


def headers(rows: Iterable[tuple[int, str]]) -> dict[int, str]:
    """Each table body row's start -> its table's header row, over ``(start, text)`` lines in document order."""
    out: dict[int, str] = {}
    header: str | None = None
    prev: tuple[int, str] | None = None
    for start, text in rows:
        if not _row(text):
            header = prev = None
            continue
        if _SEPARATOR.match(text) and prev is not None:
            out.pop(prev[0], None)  # the line above a separator heads a table, even right under another one
            header = prev[1]
        elif header is not None:
            out[start] = header
        prev = (start, text)
    return out


def table_headers(doc_view: DocView) -> dict[int, str]:
    """Each table body row's start in the document -> its header row (read from the document's lines: the header
    row is not always a citable sentence)."""
    return headers((line.start, "" if line.is_heading else line.text) for line in lines(doc_view))


def header_of(passage: DocPassage, sentence: Sentence) -> str:
    """The header row of the Markdown table whose body row the sentence opens in; "" when it opens in no table
    row, in the header itself, or in a table without a separator line under its header."""
    body = passage.body
    at = sentence.start - passage.start
    if not passage.aligned or not 0 <= at < len(body):
        return ""
    starts = [(a, body[a:b]) for a, b in stored_lines(body, passage.escaped)]
    opened = max(start for start, _ in starts if start <= at)
    return headers(starts).get(opened, "")
