"""A Markdown table row is read with its header row (part of stage 4, bind).

A row states values; the header says what each value is: in ``| B. Shared cache | 2 ms | about $900 |`` under
``| Option | Latency (p99) | Cost per month |`` the "2 ms" is the option's p99 latency, yet the row never says
"latency". As a nested list line is read with the item it hangs under (:mod:`zehn.agent.list_items`), a table row
is read with its table's header row, so an ask for "the p99 latency of option B" finds its row.
"""

from __future__ import annotations

import re

from zehn.agent.rows import DocPassage, Sentence

_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def _row(line: str) -> bool:
    return line.lstrip().startswith("|")


def header_of(passage: DocPassage, sentence: Sentence) -> str:
    """The header row of the Markdown table whose body row the sentence opens in; "" when it opens in no table
    row, in the header itself, or in a table without a separator line under its header."""
    body = passage.text[len(passage.heading) + 1:]
    at = sentence.start - passage.start
    if len(body) != passage.end - passage.start or not 0 <= at < len(body):
        return ""
    lines: list[tuple[int, str]] = []
    offset = 0
    for line in body.split("\n"):
        lines.append((offset, line))
        offset += len(line) + 1
    index = max(n for n, (start, _) in enumerate(lines) if start <= at)
    if not _row(lines[index][1]):
        return ""
    first = index
    while first > 0 and _row(lines[first - 1][1]):
        first -= 1
    if first + 1 >= len(lines) or not _SEPARATOR.match(lines[first + 1][1]) or index <= first + 1:
        return ""
    return lines[first][1]
