"""The lines right next to what an answer cites that carry its statement on, cited in what is left of the budget.

An answer's lines are chosen one by one (each ask's extent, the situation, the detail that restates it), so a
statement the document wrote over several lines can be cited with a hole in it, or cut off before the line that
finishes it. Two such shapes are read here, each justified by the document's own writing, not by word overlap:

- **A list read with a hole**: two cited items of one list (siblings under one parent, one indent) with a few
  uncited items between them ("True only if:" / "- status == down" / "- confidence >= 0.9" / "- fresh <= 30s",
  the first and last cited): the items between are part of the same enumeration. Only plain items are filled in;
  an item with lines nested under it is a record of its own (an action with its owner and target), another action,
  not part of a statement (``completion._lists`` reads them the same way).
- **A line that points back**: the sentence right after a cited one, in the same passage with nothing but
  whitespace between them (the next sentence of a paragraph, the next message of a chat), that opens with a word
  pointing back at what was just said ("This ...", "It ...", "These ...", after a speaker's name or a list marker)
  or speaks of "the same" thing ("KV cache misses are up on the same hosts"): it goes on about the cited
  statement, so a reader needs it to read that statement whole.

Each addition must fit the words left whole; nothing here changes which document answers or whether the question
is answered (the lines join ``Bound.detail``, completion.py).
"""

from __future__ import annotations

import re
from itertools import pairwise

from zehn.agent.detail import heading_only
from zehn.agent.extent import asks_back, overlaps
from zehn.agent.list_items import Line, lines
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, Sentence

# Uncited items between two cited ones that are filled in: a hole of one or two items is the list read in part; a
# longer run between two cited items is two answers found far apart in one long list (a changelog, a checklist),
# and the items between them are other entries. Chosen on the tune half of facts10 (the hole there is one item).
MAX_HOLE = 2
# Openings that point back at the sentence before (general English reference words).
POINTERS = frozenset({"this", "that", "these", "those", "it", "its", "it's", "they", "such"})
_LEAD = re.compile(r"^[\s*_>#-]*(?:\d{1,3}[.)]\s*)?(?:\[[^\]]{1,20}\]\s*)?"  # "- ", "1. ", "[22:58] "
                   r"(?:[A-Za-z][\w.' -]{0,40}?:\s+)?[\s*_]*")  # "Jake Miller: ", "rico: "
MAX_SEAM = 3  # characters between two passages of one section that continue each other (a line break or two)
_NUMBERED = re.compile(r"^\s*\d{1,3}[.)]\s")
_SAME = re.compile(r"\bthe same\s+[a-z]", re.IGNORECASE)


def _words(sentences: list[Sentence]) -> int:
    return sum(len(s.text.split()) for s in sentences)


def _body(sentence: Sentence) -> bool:
    return sentence.kind == "sentence" and not heading_only(sentence.text)


def _level(line: Line, passage: DocPassage) -> tuple[int, int]:
    """An item line's level: its indent, and whether it is bulleted (1) or numbered (0). A bulleted line written as
    indented as the numbered item above it ("2) is_down(region)" / "- True only if:") hangs under that item: a
    numbered list's sub-points are often not indented."""
    raw = passage.body[line.start - passage.start:line.end - passage.start]
    return line.indent, 0 if _NUMBERED.match(raw) else 1


def _sibling_runs(found: list[Line], passage: DocPassage) -> list[list[tuple[int, int, bool]]]:
    """Every run of sibling items of the passage's lines: items of one level (:func:`_level`) under the same parent
    (a line of a higher level, or prose as indented, ends a run; blank lines and deeper lines do not), each as
    (start, end, plain): its line and the lines nested under it, and whether none are."""
    levels = [_level(line, passage) if line.item else (line.indent, -1) for line in found]
    runs: dict[int, list[tuple[int, int, bool]]] = {}
    open_at: dict[tuple[int, int], int] = {}  # level -> index of its run that is still open
    for n, line in enumerate(found):
        if line.blank:
            continue
        level = levels[n]
        for key in [k for k in open_at if k > level or (k[0] == line.indent and not line.item)]:
            del open_at[key]
        if not line.item:
            continue
        if level not in open_at:
            open_at[level] = n
            runs[n] = []
        end, plain = line.end, True
        for m in range(n + 1, len(found)):
            if found[m].blank:
                continue
            if levels[m] <= level:
                break
            end, plain = found[m].end, False
        runs[open_at[level]].append((line.start, end, plain))
    return list(runs.values())


def _in(sentence: Sentence, span: tuple[int, int, bool]) -> bool:
    return sentence.start < span[1] and sentence.end > span[0]


def list_holes(view: DocView, passage: DocPassage, cited: list[Sentence]) -> list[Sentence]:
    """The sentences of the plain items that lie between two cited items of one run of siblings in ``passage``,
    at most :data:`MAX_HOLE` of them in a row, in document order."""
    out: list[Sentence] = []
    mine = [s for s in view.in_passage(passage) if _body(s)]
    for run in _sibling_runs(lines(passage), passage):
        held = [n for n, span in enumerate(run) if any(_in(s, span) for s in cited)]
        for a, b in pairwise(held):
            hole = run[a + 1:b]
            if not hole or len(hole) > MAX_HOLE or not all(span[2] for span in hole):
                continue
            out += [s for span in hole for s in mine if _in(s, span) and not overlaps(s, [*cited, *out])]
    return out


def points_back(text: str) -> bool:
    """The sentence opens with a word pointing back at the one before it, after a speaker's name or a list marker
    ("It's around 180 GB.", "rico: These come from ..."), or speaks of "the same" thing."""
    opening = _LEAD.sub("", text, count=1).split(maxsplit=1)
    first = opening[0].casefold().strip(",;:") if opening else ""
    return first in POINTERS or bool(_SAME.search(text))


def _blank_between(before: Sentence, after: Sentence, home: DocPassage, nxt: DocPassage) -> bool:
    """Only whitespace lies between the two sentences: inside one passage, or across the seam of two consecutive
    passages of one section (a long chat or paragraph run is stored as several passages)."""
    if home is nxt:
        return not home.body[before.end - home.start:after.start - home.start].strip()
    return (nxt.start - home.end <= MAX_SEAM and not home.body[before.end - home.start:].strip() and
            not nxt.body[:max(0, after.start - nxt.start)].strip())


def pointing_next(view: DocView, section: list[DocPassage], cited: list[Sentence]) -> list[Sentence]:
    """The sentence right after each cited one in ``section`` (its passages in order; whitespace alone between the
    two) that points back at it (:func:`points_back`) and states something (no question), in document order."""
    placed = sorted({s.id: (s, p) for p in section if p.aligned for s in view.in_passage(p)
                     if _body(s) and p.start <= s.start < p.end}.values(), key=lambda x: x[0].start)
    out: list[Sentence] = []
    for (before, home), (after, nxt) in pairwise(placed):
        if before not in cited or overlaps(after, [*cited, *out]) or after.start < before.end:
            continue
        if _blank_between(before, after, home, nxt) and points_back(after.text) and not asks_back(after):
            out.append(after)
    return out


def _sections(view: DocView) -> list[list[DocPassage]]:
    """The document's body passages grouped by heading, each group in document order."""
    groups: dict[str, list[DocPassage]] = {}
    for p in sorted(view.passages, key=lambda p: p.start):
        if p.kind == "section":
            groups.setdefault(p.heading, []).append(p)
    return list(groups.values())


def neighbours(view: DocView, cited: list[Sentence], left: int) -> list[Sentence]:
    """The holes of the lists ``cited`` reads in part, then the sentences that point back at a cited one, a section
    at a time, while each fits whole in ``left`` words; in document order."""
    added: list[Sentence] = []
    for section in _sections(view):
        if not any(p.start <= s.start < p.end for p in section for s in cited):
            continue
        holes = [s for p in section for s in list_holes(view, p, cited)]
        for sentence in [*holes, *pointing_next(view, section, cited)]:
            size = len(sentence.text.split())
            if size <= left and not overlaps(sentence, [*cited, *added]):
                added.append(sentence)
                left -= size
    return sorted(added, key=lambda s: s.start)
