"""What a read document is about, in its own words, and how much of the question that subject holds.

Why: a document's passages are ranked by their nearest vector and their best passage's words
(:mod:`zehn.agent.retrieve`), and neither tells the document *about* the question's case from one that mentions
the same words in passing. Among several tickets of one kind ("403s after ..." three times over) the one whose
summary line names the asked case is the answering one; a question that names its document by that document's
subject ("the stream truncation ticket", "the audit-log security review") is matched by the title, not by a
passage. A chat export is titled by its channel or thread stamp, one word that every thread there shares: its
case is stated in the thread's opening message, which stands in for the title.

The share is weighted by word rarity among the read documents' subjects, so a word every subject holds (the
channel's kind of case, "403") tells none of them apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from zehn.agent.lexical import terms
from zehn.agent.rows import DocPassage, DocumentInfo

# Which of the asked words some word of a subject matches: the turn's Similarity.matches (the same lemma, or an
# inflection or derivation whose word vector is near: "truncation" / "truncated", "alerting" / "alert").
Matcher = Callable[[Sequence[str], Iterable[str]], set[str]]
OPENING_CHARS = 300  # the opening message is a subject, not a passage: its first line, cut here


def subject_text(info: DocumentInfo, passages: Sequence[DocPassage]) -> str:
    """The title, and where the title is one word (a channel name, a thread stamp) the first body line of the
    document's first section (a thread's opening message)."""
    title = info.title.strip()
    if " " in title:
        return title
    return f"{title}\n{_opening(passages)}"


def _opening(passages: Sequence[DocPassage]) -> str:
    for passage in passages:
        if passage.kind != "section":
            continue
        body = passage.text.removeprefix(passage.heading) if passage.heading else passage.text  # heading path first
        for line in body.splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                return line[:OPENING_CHARS]
    return ""


def _same(asked: Sequence[str], words: Iterable[str]) -> set[str]:
    return set(asked) & set(words)


def subject_shares(question: str, read: Sequence[tuple[DocumentInfo, Sequence[DocPassage]]],
                   match: Matcher = _same) -> dict[str, float]:
    """Each read document's share of the question's words its subject holds (0.0 to 1.0), each word weighted by
    its rarity among the read subjects (inverse document frequency): a word all of them hold counts for nothing.
    Every asked word is in the whole, one no subject holds as if one did, so a document's share stays put when
    another document, whose subject holds other asked words, is read beside it. Words are compared by ``match``
    (by default as folded, :func:`zehn.agent.lexical.terms`)."""
    asked = list(dict.fromkeys(terms(question)))
    return rarity_shares(asked, {info.id: match(asked, terms(subject_text(info, passages))) for info, passages in read})


def rarity_shares(asked: Sequence[str], held: dict[str, set[str]]) -> dict[str, float]:
    """Each document's share of the ``asked`` words it holds (``held``, by document id), each word weighted by its
    rarity among these documents (inverse document frequency): a word all of them hold counts for nothing.
    Every asked word is in the whole, one no document holds as if one did, so a document's share stays put when
    another document, which holds other asked words, is read beside it."""
    if not asked or not held:
        return dict.fromkeys(held, 0.0)
    count = len(held)
    found = {t: sum(t in words for words in held.values()) for t in asked}
    # A word no read document holds weighs as one document's would: its share of the question does not depend on
    # whether a document holding it happened to be read (that shrank every other share, and reordered them).
    weight = {t: math.log((count + 1) / (1 + max(n, 1))) for t, n in found.items()}
    total = sum(weight.values())
    if total <= 0:
        return dict.fromkeys(held, 0.0)
    return {d: sum(w for t, w in weight.items() if t in words) / total for d, words in held.items()}
