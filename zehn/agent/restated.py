"""An ask a document states twice: once in a summary, once where it was done or decided.

A ticket's resolution sums up ("released the stale lease and restarted the export"); the comment that did it says
how ("released lease 7, set export.retry_limit = 3, paused the scheduler for an hour"). A report's summary names the
fix; its timeline or notes give the settings. Passage ranking prefers the summary (its words are the question's),
so the bound line is often the shorter statement. When the bound line's extent leaves part of the ask's share of
the word budget, the ask's next bound lines of *other* sections of the same document, ranked within
:data:`RESTATED_MARGIN` of the best, are cited as well, each with its own extent, while they fit. Only body
sections count: front matter states no answer unless asked for, and its lines bind on the document's own names.

A conversation is one section ("messages") whose blocks are its turns: the summary a thread closes with ("Wrap-up:
- cause: ...") and the earlier turn that worked the cause out (a numbered list of suspects) are two statements of
the ask as much as a resolution and a comment are. So with ``passages`` given, the best bound
line of one other block (paragraph, list, turn) of the bound line's own section counts as another section's
(:func:`zehn.agent.extent.block_of`), when it ranks within :data:`OWN_SECTION_MARGIN` of the best. One, not every
one: a long transcript has many turns that mention the asked words, and citing each would spend the budget the
question's other asks need.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from zehn.agent.extent import block_of
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.sentence_binding import Scored

# How far below the best bound line another section's line may still rank and restate the ask. Chosen on the tune
# halves (facts2, facts, multi, single): 0.3, 0.4 and 0.5 gave the same facts on every set (0.5 cites more words);
# at 0.2 one two-part answer lost its detail (facts2 0.798 -> 0.763); 0.4 sits inside the flat range, not at its edge.
RESTATED_MARGIN = 0.4
# The same for a line of another block of the bound line's own section (a turn of the same thread): tighter, since a
# transcript's turns repeat the asked words far more often than a document's sections do. Chosen on all tune halves
# (public, facts2-9, nearmiss, nearmiss2, para, para2, para3): at 0.1 the thread whose closing summary and earlier
# cause list rank 0.05 apart cites both (facts4 one question 0.333 -> 1.0 facts) and no question lost a fact; at 0.2
# a call transcript's next turn that merely mentions the asked words (0.13 below its best) took the budget another
# ask needed (facts5 one question 1.0 -> 0.667, median words 196 -> 201), as every turn within 0.4 did too.
OWN_SECTION_MARGIN = 0.1

BoundLine = tuple[float, Sentence, list[Sentence], Scored, str]  # (rank, sentence, pool, passage, how) as find binds
Extend = Callable[[Sentence, Scored, int, set[str]], tuple[Sentence, ...]]  # (line, passage, budget, taken)


def _size(sentences: Sequence[Sentence]) -> int:
    return sum(len(s.text.split()) for s in sentences)


def restated(chosen: tuple[Sentence, ...], best: BoundLine, bound_all: Sequence[BoundLine], share: int,
             extend: Extend, passages: tuple[DocPassage, ...] = ()) -> tuple[Sentence, ...]:
    """``chosen`` (the best line's extent) with the ask's bound lines of other body sections (with ``passages``:
    or of other blocks of its own section) added, best first, each with its extent, while they fit ``share``; in
    document order."""
    rank, best_line, _, scored, _ = best
    out = list(chosen)
    taken = {s.id for s in out}
    headings = {scored.passage.heading}
    best_block = block_of(passages, best_line) if passages else None
    own_added = False  # one other block of the best line's own section at most
    for other in sorted(bound_all, key=lambda b: (-b[0], b[1].start)):
        other_rank, line, passage = other[0], other[1], other[3].passage
        if other_rank < rank - RESTATED_MARGIN:
            break
        left = share - _size(out)
        if line.id in taken or passage.kind != "section" or len(line.text.split()) > left:
            continue
        if passage.heading == scored.passage.heading:  # another block (turn) of the best line's own section
            if own_added or best_block is None or other_rank < rank - OWN_SECTION_MARGIN or \
                    block_of(passages, line) == best_block:
                continue
            own_added = True
        elif passage.heading in headings:
            continue
        headings.add(passage.heading)
        more = [s for s in extend(line, other[3], left, taken) if s.id not in taken]
        out += more
        taken |= {s.id for s in more}
    return tuple(sorted(out, key=lambda s: s.start))
