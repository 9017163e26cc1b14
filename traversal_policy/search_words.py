"""The words a full-text passage search runs on: the rarest words of the text, within a budget of matches, so the
search costs about the same whatever the size of the corpus.

Why: the words are OR-ed, and FalkorDB (RediSearch) scores every passage that matches any of them before the head
keeps the best (catalogue ``_head``). With every word of a question, nearly every passage matched (``bench/
query_plans.py``: about 30,000 of 33,000 passages at 16x the Redwood corpus), so the search grew with the corpus.
The index keeps English function words, and their term frequencies weighed most in the scores.

The rule, in order:

1. the words of the text (:func:`params.words`) less English function words (spaCy's list); when only function
   words are left, those;
2. each word's number of matching passages, counted in one fixed query (:data:`COUNT_TEXTS`) that stops at
   :data:`MATCH_BUDGET` per word (the index yields its matches lazily, so a common word costs at most that many
   index entries however large the corpus);
3. words with no match are left out; the others are taken rarest first (ties in the text's order) while their
   matches add up to at most :data:`MATCH_BUDGET`: a rare word tells passages apart, a common one matched most of
   them and weighed little in a passage's score;
4. when not even the rarest word fits the budget, every word of step 1 is searched (the cost then grows with the
   corpus, as before).

The counts are statistics of the index, not rows: like RediSearch's own scores (whose inverse document frequency
counts every indexed passage), they include passages the caller may not read; they only choose words, and every
row the search returns is still read through its owner document's filter.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.lang.en.stop_words import STOP_WORDS

from .params import MAX_TERMS, fulltext_query
from .runner import Trace

# Passage matches (summed over the words searched) one passage search may score, and where a word's count stops.
# At 1x the Redwood corpus (2,056 passages) the question's rarest words up to about this many matches keep every
# answer of the tune halves as it was (checked at 2048 and 512, both unchanged; the smaller one costs less: the
# count stops sooner), while at 16x the search scores about as many passages as at 1x.
MATCH_BUDGET = 512


def _count_text(n: int) -> str:
    """Matches of each of ``$words[0..n-1]`` in the passage index, each counted up to ``$cap``; a word with no
    match has no row (UNION ALL of one branch per word: a zero count of a branch is not returned)."""
    return " UNION ALL ".join(
        f"CALL db.idx.fulltext.queryNodes('Passage', $words[{i}]) YIELD node WITH node LIMIT $cap "
        f"RETURN {i} AS i, count(node) AS matches" for i in range(n))


# One fixed text per number of words (built from constants at import, never from input).
COUNT_TEXTS: tuple[str, ...] = tuple(_count_text(n) for n in range(1, MAX_TERMS + 1))


@dataclass(frozen=True)
class SearchWords:
    """The full-text query (words OR-ed) and the words left out of it, with why."""

    query: str
    function_words: tuple[str, ...] = ()
    common: tuple[str, ...] = ()  # over the budget: matched too many passages to rank by
    unmatched: tuple[str, ...] = ()

    def notes(self) -> list[str]:
        out = []
        if self.function_words:
            out.append(f"function words not searched: {', '.join(self.function_words)}")
        if self.common:
            out.append(f"words too common to search (over {MATCH_BUDGET} passage matches together): "
                       f"{', '.join(self.common)}")
        if self.unmatched:
            out.append(f"words no passage holds: {', '.join(self.unmatched)}")
        return out


def passage_words(trace: Trace, name: str, text: str) -> SearchWords:
    """The words a passage search for ``text`` runs on (rule in the module docstring); InputRejected when the
    text has no word."""
    every = fulltext_query(text).split("|")  # InputRejected when no word is left
    content = [w for w in every if w not in STOP_WORDS] or every
    function_words = tuple(w for w in every if w not in content)
    counts = word_matches(trace, name, content)
    unmatched = tuple(w for w in content if counts[w] == 0)
    ranked = sorted((w for w in content if counts[w] > 0), key=lambda w: (counts[w], content.index(w)))
    chosen: list[str] = []
    total = 0
    for word in ranked:
        if total + counts[word] > MATCH_BUDGET:
            break
        chosen.append(word)
        total += counts[word]
    if not chosen:  # no word matches, or even the rarest matches more than the budget: search them all (step 4)
        return SearchWords("|".join(content), function_words, (), unmatched)
    kept = set(chosen)
    common = tuple(w for w in ranked if w not in kept)
    return SearchWords("|".join(w for w in content if w in kept), function_words, common, unmatched)


def word_matches(trace: Trace, name: str, terms: list[str]) -> dict[str, int]:
    """Each term's number of matching passages, up to ``MATCH_BUDGET + 1`` (then it is over the budget)."""
    terms = terms[:MAX_TERMS]
    rows = trace.rows(name, COUNT_TEXTS[len(terms) - 1], {"words": terms, "cap": MATCH_BUDGET + 1})
    counts = dict.fromkeys(terms, 0)
    for row in rows:
        counts[terms[int(row["i"])]] = int(row["matches"])
    return counts

