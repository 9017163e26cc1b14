"""The other sentences of a stored line: one line is one statement.

A chat or comment log writes one message per line, and a message often says its point in several sentences
("Priya: Sent the customer a backoff snippet: max retries=2, base delay=500ms. Also asked them to stop using X.");
a paragraph is often one line too. The sentence an ask is bound to, or a neighbour the extent takes
(:mod:`zehn.agent.extent`), may be any one of them: the settings said before the asked header, the format said
after the export targets. So the extent reads a chosen sentence's line-mates with it, instead of leaving them to
compete, one by one, with every other line of the block.
"""

from __future__ import annotations

from collections.abc import Callable

from extraction.line_breaks import stored_lines
from zehn.agent.rows import DocPassage, Sentence


def with_mates(order: list[Sentence], mates: Callable[[Sentence], list[Sentence]]) -> list[tuple[Sentence, bool]]:
    """Each neighbour followed by the other sentences of its line (``True``: a line-mate, skipped when it does not
    fit, where a neighbour that does not fit ends the extent)."""
    return [pair for s in order for pair in [(s, False), *((m, True) for m in mates(s))]]


def line_mates(pool: list[Sentence], passages: tuple[DocPassage, ...], covered: bool = False
               ) -> Callable[[Sentence], list[Sentence]]:
    """The other sentences of ``pool`` on the stored line of a sentence, in ``pool``'s order (empty without
    passages). :func:`zehn.agent.extent.extent` cites the rest of the bound line first, and a neighbour's line-mates
    that hold some of the question right after it; a line-mate that holds none waits its turn (a chat turn's
    "Watching the graphs." is no reason to drop a line further away that says what was done). ``covered``: on every
    line the sentence covers, not only the one it starts on (a first sentence stored with its heading line covers
    that line and the paragraph's: zehn/agent/completion.py)."""
    def mates(sentence: Sentence) -> list[Sentence]:
        spans = _line_spans(passages, sentence, covered)
        return [s for s in pool if s.id != sentence.id and any(a <= s.start and s.end <= b for a, b in spans)]
    return mates


def _line_spans(passages: tuple[DocPassage, ...], sentence: Sentence, covered: bool) -> list[tuple[int, int]]:
    """The document offsets of the stored line the sentence starts on (``covered``: of every line it overlaps);
    none outside an aligned passage."""
    out = []
    for p in passages:
        inside = p.start < sentence.end and sentence.start < p.end if covered else p.start <= sentence.start < p.end
        if not inside or not p.aligned:
            continue
        at = sentence.start - p.start
        for a, b in stored_lines(p.body, p.escaped):
            if (p.start + a < sentence.end and sentence.start < p.start + b) if covered else a <= at < b:
                out.append((p.start + a, p.start + b))
    return out
