"""Okapi BM25 scores of one query over a few hundred passages, equal to the last bit to ``rank_bm25.BM25Okapi``'s.

:mod:`zehn.agent.lexical` scores each question against the passages read for it, and ``BM25Okapi`` built its whole
model for that: a Python dict of counts per passage, two logarithms and a Python-level sum per distinct word of
all of them (~4,000 words a question on Redwood), then a Python list per query word (~7 ms a question). Here each
passage is encoded once, as word ids (:class:`Vocabulary`; :mod:`zehn.agent.lexical` keeps the encodings by text),
and the counts are numpy's. Only the query's words need an idf; the rest enter through the average idf alone (the
floor of a word more than half the passages hold). That average is the same sequential sum, in the same order (the
words' first appearance), of the same per-word values: ``math.log`` of each distinct document frequency (a few
dozen), summed by ``numpy.add.accumulate`` (strictly left to right, as the Python loop adds). The scores are then
``BM25Okapi.get_scores``'s own numpy expression, term by term: the same operations on the same values, so the ranking
the answers read does not move (tests/zehn/agent/test_bm25.py compares bit for bit).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

# BM25Okapi's defaults (the paragraph baseline, zehn/evaluation/paragraphs.py, uses them too).
K1 = 1.5
B = 0.75
EPSILON = 0.25


def idf(size: int, held: int) -> float:
    """BM25Okapi's weight of a word ``held`` of ``size`` passages hold (negative past half of them: the caller
    floors it at the average)."""
    return math.log(size - held + 0.5) - math.log(held + 0.5)


def length_norm(lengths: np.ndarray, average: float) -> np.ndarray:
    """BM25's length term of each passage, ``K1 * (1 - B + B * length / average)``."""
    return K1 * (1 - B + B * lengths / average)


@dataclass(frozen=True)
class Encoded:
    """A passage's tokens as word ids (at least one: BM25 needs a length), and its distinct ids in first-seen
    order (the order BM25Okapi meets words in, which its average idf is summed in)."""

    ids: np.ndarray
    distinct: np.ndarray


class Vocabulary:
    """Word ids, one per distinct word, for the life of the process (shared by the answering threads)."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._ids)

    def encode(self, words: Sequence[str]) -> Encoded:
        """One dict look-up per known word (most of a passage's, once a few documents were read); the new ones
        take ids under the lock, in the order they first appear, as one ``setdefault`` pass would give them."""
        ids = list(map(self._ids.get, words))
        if None in ids:
            with self._lock:  # a new word's id is the count so far: two threads must not take the same one
                ids = [self._ids.setdefault(w, len(self._ids)) if i is None else i
                       for w, i in zip(words, ids, strict=True)]
        return Encoded(np.array(ids, dtype=np.int64), np.array(list(dict.fromkeys(ids)), dtype=np.int64))

    def get(self, word: str) -> int | None:
        return self._ids.get(word)


def bm25_scores(passages: Sequence[Encoded], query: Sequence[int | None]) -> np.ndarray:
    """Each passage's BM25 score for ``query`` (its words' ids; None for a word no passage was encoded with).
    The passages must have been encoded with one :class:`Vocabulary`."""
    return bm25(passages, query)[0]


def bm25(passages: Sequence[Encoded], query: Sequence[int | None]) -> tuple[np.ndarray, float]:
    """:func:`bm25_scores`, and the query's full-match score: the sum of its words' weights (idf), the score of a
    passage of average length that holds each of them once. A word no passage holds is weighed as one held by a
    single passage would be, so that reading one more document that holds it barely moves the scale."""
    size = len(passages)
    lengths = np.array([len(p.ids) for p in passages])
    average = int(lengths.sum()) / size
    holding, in_order = _frequencies(np.concatenate([p.distinct for p in passages]))
    seen = np.flatnonzero(np.bincount(in_order))  # the distinct document frequencies (a few dozen)
    table = np.zeros(int(seen[-1]) + 1, dtype=np.float64)  # by frequency: the same values, read the same way
    table[seen] = [idf(size, f) for f in seen.tolist()]
    floor = EPSILON * (float(np.add.accumulate(table[in_order])[-1]) / len(in_order))
    every = np.concatenate([p.ids for p in passages])
    owner = np.repeat(np.arange(size), lengths)
    terms: dict[int | None, tuple[float, np.ndarray]] = {}
    for word in dict.fromkeys(query):  # a repeated query word counts each time, as in BM25Okapi; computed once
        found = int(holding[word]) if word is not None and word < len(holding) else 0
        if found:
            weight = idf(size, found)
            terms[word] = (floor if weight < 0 else weight, np.bincount(owner[every == word], minlength=size))
        else:
            terms[word] = (0, np.zeros(size, dtype=np.int64))
    single = idf(size, 1)  # the weight of a word one passage holds
    scale = sum(terms[w][0] if terms[w][1].any() else single for w in query)
    score = np.zeros(size)
    for word in query:
        weight, count = terms[word]
        score += (weight or 0) * (count * (K1 + 1) / (count + length_norm(lengths, average)))
    return score, max(scale, 0.0)


def _frequencies(distinct: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The number of passages holding each word, by word id (``distinct``: each passage's distinct ids, one passage
    after another), and those numbers in the order the words first appear there (the order BM25Okapi sums the
    average idf in). Counted by id (``bincount``: a vocabulary's ids are dense): ``np.unique`` with first indexes,
    which sorts stably, took ~4x the time (a synthetic ~35,000 ids over 700 passages)."""
    holding = np.bincount(distinct)
    first = np.full(len(holding), len(distinct), dtype=np.int64)
    np.minimum.at(first, distinct, np.arange(len(distinct)))
    held = np.flatnonzero(holding)
    return holding, holding[held[np.argsort(first[held])]]
