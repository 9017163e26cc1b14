"""Where the lines of a document end: at a real line break, and, on a line exported with its line breaks written
out, at the two characters backslash + n.

Chat, ticket and JSON exports sometimes hold a whole body on one physical line, each line break escaped ("\\n",
"\\r\\n"). The text is never rewritten (every evidence is an exact slice), so such a body is read as lines where it
stands: an escape sequence on an *escaped line* is a line boundary, as "\n" is, and never the edge of a line or a
quote (:func:`trim`). Every reader of lines (the chunker, the sentence recogniser, the labelled-line, section and
passage readers, the answerer's line readers) takes its boundaries from here.

A physical line counts as escaped when it lies outside a fenced code block and holds at least :data:`ESCAPED_MIN`
runs of escape sequences (a blank line "\\n\\n" is one run) outside inline code spans: one alone ("\\n" in a
regex or a path, a keep-alive string "\\n\\n") splits nothing. A backslash written twice ("\\\\n") is an escaped
backslash, never a break.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left, bisect_right
from itertools import pairwise

ESCAPED_MIN = 2  # runs of written-out breaks on one line
ESCAPE = re.compile(r"(?<!\\)(?:\\r\\n|\\n)")  # a written-out line break
_EDGE_ESCAPE = re.compile(r"(?<!\\)\\[nrt]")  # what a line's or quote's edge never keeps (a break, a tab)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.MULTILINE)

Span = tuple[int, int]


def fenced_blocks(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """(opening fence, closing fence or ``end``) of every fenced code block in ``text[start:end]``."""
    end = len(text) if end is None else end
    fences = [(m.start(), m.group(1)) for m in _FENCE.finditer(text, start, end)]
    code: list[Span] = []
    i = 0
    while i < len(fences):
        open_at, mark = fences[i]
        close = next((j for j in range(i + 1, len(fences)) if fences[j][1].startswith(mark)), None)
        code.append((open_at, end if close is None else fences[close][0]))
        i = len(fences) if close is None else close + 1
    return code


def escapes(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """Every written-out line break in ``text[start:end]``, whatever line it is on (for a caller that knows the
    range is escaped already, as a passage stored with ``escaped`` is)."""
    return [m.span() for m in ESCAPE.finditer(text, start, len(text) if end is None else end)]


@functools.lru_cache(maxsize=64)
def _escaped_breaks(text: str) -> tuple[Span, ...]:
    if "\\" not in text:
        return ()
    code = fenced_blocks(text)
    code_starts = [a for a, _ in code]
    out: list[Span] = []
    at = 0
    while at < len(text):
        stop = text.find("\n", at)
        stop = len(text) if stop < 0 else stop
        k = bisect_right(code_starts, at) - 1
        if text.find("\\", at, stop) >= 0 and not (k >= 0 and at <= code[k][1]):
            spans = [(m.start(), m.end()) for m in _INLINE_CODE.finditer(text, at, stop)]
            found = [s for s in escapes(text, at, stop) if not any(a <= s[0] < b for a, b in spans)]
            runs = sum(1 for n, (a, _) in enumerate(found) if n == 0 or text[found[n - 1][1] : a].strip())
            out.extend(found if runs >= ESCAPED_MIN else [])
        at = stop + 1
    return tuple(out)


def escaped_breaks(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """The escape sequences of ``text[start:end]`` that end a line: those on an escaped line of ``text``."""
    found = _escaped_breaks(text)
    end = len(text) if end is None else end
    return list(found[bisect_left(found, (start, start)) : bisect_left(found, (end, end))])


def line_breaks(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """Every line boundary in ``text[start:end]`` in order: each real "\\n", each escaped break."""
    end = len(text) if end is None else end
    real = [(i, i + 1) for i in _positions(text, "\n", start, end)]
    return sorted(real + [b for b in escaped_breaks(text, start, end) if b[1] <= end])


def line_spans(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """The lines of ``text[start:end]`` (blank ones too), each without its boundary."""
    end = len(text) if end is None else end
    return _between(line_breaks(text, start, end), start, end)


def stored_lines(text: str, escaped: bool) -> list[Span]:
    """The lines of a text read apart from its document (a stored passage's body), blank ones too: cut at each real
    line break, and at each written-out one when the passage was stored as lying on an escaped line (``escaped``)."""
    cuts = sorted([(i, i + 1) for i in _positions(text, "\n", 0, len(text))] + (escapes(text) if escaped else []))
    return _between(cuts, 0, len(text))


def _between(cuts: list[Span], start: int, end: int) -> list[Span]:
    """The spans of ``[start, end)`` left between ordered boundary spans ``cuts``."""
    out, at = [], start
    for a, b in cuts:
        out.append((at, a))
        at = b
    out.append((at, end))
    return out


def is_blank(text: str, start: int, end: int) -> bool:
    """Nothing but whitespace and written-out tabs or breaks."""
    return not _EDGE_ESCAPE.sub("", text[start:end]).strip()


def text_lines(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """The non-blank lines of ``text[start:end]``, leading indentation kept (a nested item's), a written-out tab
    at either edge left out."""
    out = []
    for a, b in line_spans(text, start, end):
        while text.startswith(("\\t", "\\r"), a) and a + 2 <= b:
            a += 2
        while b - 2 >= a and text[b - 2 : b] in ("\\t", "\\r") and (b < 3 or text[b - 3] != "\\"):
            b -= 2
        if not is_blank(text, a, b):
            out.append((a, b))
    return out


def blank_line_ends(text: str, start: int = 0, end: int | None = None) -> list[int]:
    """Where a paragraph starts after a blank line (real or written out) in ``text[start:end]``."""
    return paragraph_starts(text, line_spans(text, start, end))


def paragraph_starts(text: str, lines: list[Span]) -> list[int]:
    """The start of each of ``lines`` that follows a blank one and is not blank itself."""
    return [a for (pa, pb), (a, b) in pairwise(lines) if is_blank(text, pa, pb) and not is_blank(text, a, b)]


def line_start(text: str, at: int, floor: int = 0) -> int:
    """Start of the line holding offset ``at`` (not before ``floor``)."""
    real = text.rfind("\n", floor, at) + 1
    found = _escaped_breaks(text)
    k = bisect_right(found, (at, at)) - 1
    while k >= 0 and found[k][1] > at:
        k -= 1
    return max(real, floor, found[k][1] if k >= 0 else 0)


def line_before(text: str, start: int) -> Span | None:
    """The line that ends at the boundary ending at ``start`` (a line's start), None at the top of the text."""
    if start <= 0:
        return None
    if text[start - 1] == "\n":
        end = start - 1
    else:
        found = _escaped_breaks(text)
        k = bisect_left(found, (start, start)) - 1
        k = next((j for j in (k, k + 1) if 0 <= j < len(found) and found[j][1] == start), -1)
        if k < 0:
            return None
        end = found[k][0]
    return line_start(text, end), end


def trim(text: str, start: int, end: int) -> Span:
    """``[start, end)`` without whitespace or written-out breaks and tabs at its edges (a quote's edges)."""
    while start < end:
        if text[start].isspace():
            start += 1
        elif _EDGE_ESCAPE.match(text, start) and start + 2 <= end and (start == 0 or text[start - 1] != "\\"):
            start += 2
        else:
            break
    while end > start:
        if text[end - 1].isspace():
            end -= 1
        elif end - 2 >= start and _EDGE_ESCAPE.match(text, end - 2):
            end -= 2
        else:
            break
    return start, end


def _positions(text: str, char: str, start: int, end: int) -> list[int]:
    out, at = [], text.find(char, start, end)
    while at >= 0:
        out.append(at)
        at = text.find(char, at + 1, end)
    return out
