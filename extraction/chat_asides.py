"""Chat and e-mail asides that open a line before its clause: "fyi X publishes to Y", "heads up, X reads from Y".

Engineers flag a message as information before stating it; the flag says nothing about the relation, so the clause
after it opens as it would at the start of the line (`extraction.surface_relations` asks here where an opened
clause may begin). The flag must itself open the sentence or follow a speaker's "name:" or a bullet, so a word
such as "update" inside a sentence is never skipped.
"""

from __future__ import annotations

from spacy.tokens import Span

from extraction.vocabulary import CHAT_ASIDES

_OPENERS = frozenset({":", "-", "*", "•", "+", ">"})


def aside_start(sent: Span, j: int) -> int:
    """When tokens up to ``j`` (inclusive) end an aside that opens the line (optionally followed by a comma), the
    index of the aside's first token; else ``j + 1`` (no aside: nothing is skipped)."""
    doc = sent.doc
    k = j - 1 if j >= sent.start and doc[j].text == "," else j
    for phrase in CHAT_ASIDES:
        size = len(phrase)
        first = k - size + 1
        if first < sent.start or tuple(t.lower_ for t in doc[first : k + 1]) != phrase:
            continue
        if first == sent.start or doc[first - 1].text in _OPENERS or doc[first - 1].text.endswith(":"):
            return first
    return j + 1
