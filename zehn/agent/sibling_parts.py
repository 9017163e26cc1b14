"""Where an answer's neighbours stop: at the next part of the document written as a sibling of the answer's own.

Documents written without markup headings still have sections: a short title line opens a block and its lines follow
("Metrics we keep" / "- Counters: ..." / blank line / "Known limits" / "- ..."). A block opened
by such a title is a section of its own, and so are the blocks after it until the next title. The extent's
neighbours from other blocks (:mod:`zehn.agent.extent`) are read only in the answer's own titled part: the next title
begins a sibling topic, and a line there that shares a word with the ask ("run", "telemetry") is not a continuation.

Action lists are written the same way: numbered items, each a title with labelled lines under it ("1. **Fix X**" /
"- Owner: ..." / "- Tracking: ..."). A line answered inside one item belongs to that item; the next numbered item is
another action, not more of the answer.

Descriptions exported as one paragraph run their fields together on one line ("Summary: ... Scope: ... Security:
token is redacted ... Test plan: ..."): each label opens a field of its own, and the fields after the answer's are
siblings, not its continuation (:func:`field_runs`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable

from zehn.agent.list_items import item_span
from zehn.agent.rows import DocPassage, Sentence

TITLE_WORDS = 8  # a title line names a topic in a few words ("How we ship and undo a release")
MIN_TITLES = 2  # one title line alone is no structure: a section needs a sibling to end at
_MARKUP = re.compile(r"^[\s*_#>]+|[\s*_]+$")
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s")
_NUMBERED = re.compile(r"^\s*(?:[-*+]\s+)?\d{1,3}[.)]\s")
_CLOSING = ".!?:;,"
# A field's label: "Security: ", "**Test plan:** ", "Not included: " (at most three words, capitalised).
_FIELD = re.compile(r"^[\s*_]*[A-Z][A-Za-z/&-]*(?: [A-Za-z/&-]+){0,2}(?:[*_]*:|:[*_]*)\s")
MIN_FIELDS = 2  # labelled sentences on one line that make it a run of fields


def _line_alone(sentence: Sentence, passage: DocPassage) -> bool:
    """The sentence is a whole line of the passage's body (the line break before it and after it)."""
    if not passage.aligned:
        return False
    body, at, end = passage.body, sentence.start - passage.start, sentence.end - passage.start
    if at < 0 or end > len(body):
        return False
    before = body[:at].rstrip(" \t")
    return (not before or before.endswith("\n")) and (end == len(body) or body[end:].lstrip(" \t")[:1] in ("\n", ""))


def title_line(sentence: Sentence, passage: DocPassage) -> bool:
    """A line that names a topic: a few words, capitalised, no closing punctuation, not a list item, alone on its
    line ("Metrics we keep", "**Undo steps**")."""
    text = _MARKUP.sub("", sentence.text)
    count = len(text.split())
    return (0 < count <= TITLE_WORDS and text[:1].isupper() and text[-1] not in _CLOSING and
            not _ITEM.match(sentence.text) and _line_alone(sentence, passage))


def titled_part(best: Sentence, pool: list[Sentence], passages: tuple[DocPassage, ...],
                block: Callable[[Sentence], Hashable]) -> Callable[[Sentence], bool]:
    """Whether a sentence of ``pool`` lies in the same titled part as ``best``: the blocks from a block that opens
    with a title line to the next such block. Every sentence does when the pool has fewer than
    :data:`MIN_TITLES` titled blocks (no structure to stop at)."""
    ordered = sorted({s.id: s for s in [*pool, best]}.values(), key=lambda s: s.start)
    part: dict[str, int] = {}
    seen: set[Hashable] = set()
    count = 0
    for s in ordered:
        key = block(s)
        if key not in seen:
            seen.add(key)
            passage = next((p for p in passages if p.start <= s.start < p.end), None)
            if passage is not None and title_line(s, passage) and _continues(s, ordered, block):
                count += 1
        part[s.id] = count
    if count < MIN_TITLES:
        return lambda s: True
    home = part[best.id]
    return lambda s: part.get(s.id, home) == home


def _continues(title: Sentence, ordered: list[Sentence], block: Callable[[Sentence], Hashable]) -> bool:
    """The title's block goes on after it (a title heads lines; a lone short line is a statement)."""
    key = block(title)
    return any(s.start > title.start and block(s) == key for s in ordered)


def field_runs(pool: list[Sentence], passages: tuple[DocPassage, ...]) -> dict[str, tuple[str, int]]:
    """The field each sentence of ``pool`` belongs to, for the lines that run at least :data:`MIN_FIELDS` labelled
    fields together ("Summary: ... Scope: ..."): (passage id, start of the labelled sentence that opens the field).
    Sentences of other lines, and those before a line's first label, are in no field."""
    out: dict[str, tuple[str, int]] = {}
    lines: dict[tuple[str, int], list[Sentence]] = {}
    for s in sorted(pool, key=lambda s: s.start):
        passage = next((p for p in passages if p.start <= s.start < p.end), None)
        if passage is None or not passage.aligned:
            continue
        lines.setdefault((passage.id, passage.body.rfind("\n", 0, s.start - passage.start)), []).append(s)
    for (pid, _), line in lines.items():
        if sum(bool(_FIELD.match(s.text)) for s in line) < MIN_FIELDS:
            continue
        opener: int | None = None
        for s in line:
            opener = s.start if _FIELD.match(s.text) else opener
            if opener is not None:
                out[s.id] = (pid, opener)
    return out


def numbered_item(passage: DocPassage, sentence: Sentence) -> tuple[int, int] | None:
    """The range of the numbered list item the sentence is nested under, when that item is a title with lines of its
    own under it (an action item: "1. Fix X" / "- Owner: ..."); None otherwise."""
    span = item_span(passage, sentence)
    if span is None or not passage.aligned:
        return None
    head = passage.body[span[0] - passage.start:span[1] - passage.start]
    if not _NUMBERED.match(head) or "\n" not in head.strip("\n"):
        return None
    return span


def other_items(best: Sentence, passages: tuple[DocPassage, ...]) -> Callable[[Sentence], bool]:
    """Whether a sentence lies in another numbered item of the list ``best`` is nested in (an action
    item of its own); never true when ``best`` is not inside such an item."""
    passage = next((p for p in passages if p.start <= best.start < p.end), None)
    own = numbered_item(passage, best) if passage is not None else None
    if own is None or passage is None:
        return lambda s: False

    def other(s: Sentence) -> bool:
        if own[0] <= s.start < own[1] or not passage.start <= s.start < passage.end:
            return False
        return numbered_item(passage, s) is not None
    return other


def best_framed(pool: list[Sentence], frames: dict[str, str], held: Callable[[str], int]) -> dict[str, int]:
    """How many asked terms each line of ``pool`` holds (``held`` of a text), counting the words of the list item it is
    nested under (``frames``) only when that item holds the most of them among the items over the pool's lines: the
    item that states what was asked, not its siblings."""
    heads = {f: held(f) for f in {frames.get(s.id, "") for s in pool} if f}
    top = max(heads.values(), default=0)
    return {s.id: held(f"{f}\n{s.text}" if (f := frames.get(s.id, "")) and heads[f] == top else s.text)
            for s in pool}


def one_action_item(pool: list[Sentence], held: dict[str, int], passages: tuple[DocPassage, ...]) -> list[Sentence]:
    """``pool`` less the lines of every action item (:func:`numbered_item`) but the one whose lines hold the most
    asked terms (``held``), per passage: the question describes one action, and its siblings are other actions."""
    spans: dict[str, tuple[str, tuple[int, int]]] = {}
    for s in pool:
        passage = next((p for p in passages if p.start <= s.start < p.end), None)
        span = numbered_item(passage, s) if passage is not None else None
        if span is not None and passage is not None:
            spans[s.id] = (passage.id, span)
    best: dict[str, tuple[int, int, int]] = {}  # passage -> (held, -start, ...) of its best item
    for s in pool:
        if s.id in spans:
            key, span = spans[s.id]
            best[key] = max(best.get(key, (-1, 0, 0)), (held[s.id], -span[0], span[1]))
    return [s for s in pool if s.id not in spans or
            (-best[spans[s.id][0]][1], best[spans[s.id][0]][2]) == spans[s.id][1]]
