"""An ask a document states twice: once in a summary, once where it was done or decided.

A ticket's resolution sums up ("released the stale lease and restarted the export"); the comment that did it says
how ("released lease 7, set export.retry_limit = 3, paused the scheduler for an hour"). A report's summary names the
fix; its timeline or notes give the settings. Passage ranking prefers the summary (its words are the question's),
so the bound line is often the shorter statement. When the bound line's extent leaves part of the ask's share of
the word budget, the ask's next bound lines of *other* sections of the same document, ranked within
:data:`RESTATED_MARGIN` of the best, are cited as well, each with its own extent, while they fit. Only body
sections count: front matter states no answer unless asked for, and its lines bind on the document's own names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from zehn.agent.rows import Sentence
from zehn.agent.sentence_binding import Scored

# How far below the best bound line another section's line may still rank and restate the ask. Chosen on the tune
# halves (facts2, facts, multi, single): 0.3, 0.4 and 0.5 gave the same facts on every set (0.5 cites more words);
# at 0.2 one two-part answer lost its detail (facts2 0.798 -> 0.763); 0.4 sits inside the flat range, not at its edge.
RESTATED_MARGIN = 0.4

BoundLine = tuple[float, Sentence, list[Sentence], Scored, str]  # (rank, sentence, pool, passage, how) as find binds
Extend = Callable[[Sentence, Scored, int, set[str]], tuple[Sentence, ...]]  # (line, passage, budget, taken)


def _size(sentences: Sequence[Sentence]) -> int:
    return sum(len(s.text.split()) for s in sentences)


def restated(chosen: tuple[Sentence, ...], best: BoundLine, bound_all: Sequence[BoundLine], share: int,
             extend: Extend) -> tuple[Sentence, ...]:
    """``chosen`` (the best line's extent) with the ask's bound lines of other body sections added, best first,
    each with its extent, while they fit ``share``; in document order."""
    rank, _, _, scored, _ = best
    out = list(chosen)
    taken = {s.id for s in out}
    headings = {scored.passage.heading}
    for other in sorted(bound_all, key=lambda b: (-b[0], b[1].start)):
        if other[0] < rank - RESTATED_MARGIN:
            break
        line, passage = other[1], other[3].passage
        left = share - _size(out)
        if line.id in taken or passage.kind != "section" or passage.heading in headings or \
                len(line.text.split()) > left:
            continue
        headings.add(passage.heading)
        more = [s for s in extend(line, other[3], left, taken) if s.id not in taken]
        out += more
        taken |= {s.id for s in more}
    return tuple(sorted(out, key=lambda s: s.start))
