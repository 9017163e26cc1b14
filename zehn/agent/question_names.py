"""The question's names (hyphenated words, identifiers, acronyms) as a retrieval signal: where they meet, which
documents are read; how many of them a read document holds, how it ranks.

Why: the passage search ORs single words and the read documents are ranked by their nearest passage and their
best passage's words (:mod:`zehn.agent.retrieve`), and neither sees a name as one thing. The words of a compound
are common where the compound itself is rare ("low-memory", "smoke-bench": "low", "memory" and "bench" are
each in hundreds of passages), so a one-line follow-up that holds three of the question's names can be in neither
the full-text list (its words were left out as too common) nor the nearest vectors; and among the documents read,
one that speaks of what the question names should outrank one that only shares its common words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from traversal_policy.catalogue import PATH_LIMIT
from zehn.agent.lexical import singular
from zehn.agent.question import Analysis
from zehn.agent.text_index import TextIndex, comparison

# Names looked up alone and in pairs (named_documents): 5 names give 5 + 10 look-ups, within one
# passages_mentioning_each (traversal_policy.params.MAX_NAMES).
NAMES_PAIRED = 5
# A name's look-up returns at most this many passages; one that returned as many may have been cut, by the
# index's own scores, which differ from one server start to the next.
NAMED_LIMIT = PATH_LIMIT
# A read document's score gains this much times the share of the question's names it holds (name_shares). Chosen
# on the tune halves' read sets: 0.1, 0.2 and 0.3 only lifted gold documents (1, 3 and 4 more ranked first), none
# fell; 0.3 is a third of the spread between the first and the fifth document of a typical read set.
NAME_WEIGHT = 0.3

Mentions = Callable[[list[str]], dict[str, list[tuple[str, str]]]]  # Dispatcher.mentions
# A name's last word, and the text before it (an English plural is written on the last word of a compound).
_LAST_WORD = re.compile(r"^(.*?)(?<![^\W_])([^\W\d_]+)$")


def question_names(analysis: Analysis) -> list[str]:
    """The names a document about the question would hold: hyphenated words, identifiers, acronyms (not a phrase
    that only compares numbers, "512-vs-1024")."""
    return [n for n in dict.fromkeys((*analysis.names, *analysis.anchors)) if not comparison(n)]


def named_documents(names: Sequence[str], mentions: Mentions) -> list[str]:
    """The documents of the passages where the names meet: each name alone and every two of them together,
    looked up word for word (``passages_mentioning_each``), in id order. Only a look-up that came back whole is
    used (fewer rows than :data:`NAMED_LIMIT`): a name that common tells no document apart, and a cut list would
    make the read documents differ between server starts."""
    kept = list(names)[:NAMES_PAIRED]
    texts = [*kept, *(f"{a} {b}" for at, a in enumerate(kept) for b in kept[at + 1:])]
    if not texts:
        return []
    found = mentions(texts)
    return sorted({d for rows in found.values() if len(rows) < NAMED_LIMIT for d, _ in rows})


def name_shares(names: Sequence[str], indexes: dict[str, TextIndex]) -> dict[str, float]:
    """Each document's share of ``names`` it mentions (its title and passages, separator-blind: "smoke bench"
    holds "smoke-bench"; a plural name in its singular too, :func:`name_forms`); 0.0 for every document when the
    question names nothing."""
    if not names:
        return dict.fromkeys(indexes, 0.0)
    forms = {n: name_forms(n) for n in names}
    return {d: sum(any(index.mentions(f, " " in n) for f in forms[n]) for n in names) / len(names)
            for d, index in indexes.items()}


def name_forms(name: str) -> tuple[str, ...]:
    """The name, and where its last word is a plural the name with that word made singular (Harman's folding,
    :func:`zehn.agent.lexical.singular`): a question asks about "the follow-ups" or "the SDKs" of a case whose
    document writes "follow-up" (or "follow up", "followup") and "SDK". Only a plural written with a lower-case
    "s" after letters is folded: an acronym that ends in an upper-case S is the name itself ("KMS", "AWS"), and
    a word with digits ("k8s") is an identifier. Why: a document that never wrote the plural lost the whole name's
    share to documents that did (on the tune halves, the follow-up tickets of a case ranked below other cases'
    threads that said "follow-ups")."""
    found = _LAST_WORD.match(name)
    if found is None or not found.group(2).endswith("s"):
        return (name,)
    before, last = found.groups()
    one = singular(last.casefold())
    if one == last.casefold():
        return (name,)
    # The written case kept where the singular only drops letters ("SDKs" -> "SDK"), else as folded ("policy").
    return name, before + (last[:len(one)] if last.casefold().startswith(one) else one)
