"""A whole-corpus word index (Okapi BM25 over every passage a reader may read), kept per graph and scope until the
graph changes: it names the documents whose passages hold a question's rare words when neither the passage indexes'
nearest vectors nor their full-text head found them.

Retrieval reads only the documents ``search_passages`` and the question's names lead to (:mod:`zehn.agent.retrieve`),
and ranks them by word statistics of that pool alone (:mod:`zehn.agent.lexical`). A document that states the asked
thing in the question's own rare words but whose passages are neither near the question's vector nor among the
full-text head's few matches was never read, so no ranking could put it first. The same BM25 over every passage
(the paragraph baseline's scoring, :mod:`zehn.evaluation.paragraphs`, with plurals folded as in
:mod:`zehn.agent.lexical`) finds such a document; its best few documents then *join* the read pool and are ranked
with the others on what is read (they do not take a place by this score).

The index is built from ``scope_passages`` (every passage of every ready document the reader may read) and kept
under its graph's version as that reader sees it (``scope_version``: the graph's ingest stamp, which every ingest,
edit, deletion and rollback moves, extraction/ingest_stamp.py). Each turn asks the version (one node's lookup) and
rebuilds only when it moved. A graph written before the stamp gives the number of readable ready documents and the
latest ingest time instead (one aggregate query); that time is to the second, so there an edit that ends in the
same second as the last ingest the index saw, with as many documents, is seen at the next change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from zehn.agent.bm25 import EPSILON, K1, idf, length_norm
from zehn.agent.lexical import passage_terms, terms
from zehn.agent.reader_tables import ReaderKey, ReaderTables
from zehn.agent.rows import ScopePassage, ScopeVersion

# Documents the whole-corpus index adds to a question's read pool: its best two by their best passage. Chosen on
# the tune halves of every set with bench/ranking.py: 1, 2 and 3 gave the same ranks (two gold documents never read
# before are read, one now first, none moved down); 5 pushed one gold document from first to second.
CORPUS_DOCUMENTS = 2


@dataclass(frozen=True)
class Postings:
    passages: np.ndarray  # the passages holding the word (indexes into CorpusIndex.owners)
    counts: np.ndarray  # how often each holds it
    idf: float


class CorpusIndex:
    """BM25Okapi over a fixed list of passages, as an inverted index (a query costs its words' postings only)."""

    def __init__(self, passages: Sequence[ScopePassage]) -> None:
        self.owners = [p.document_id for p in passages]
        counted: dict[str, dict[int, int]] = {}
        lengths = np.zeros(len(passages), dtype=np.float64)
        for at, passage in enumerate(passages):
            words = passage_terms(passage.text)  # kept: the passages a question then reads are not folded again
            lengths[at] = max(len(words), 1)  # a passage without a word still has a length (as lexical's stand-in)
            for word in words:
                held = counted.setdefault(word, {})
                held[at] = held.get(at, 0) + 1
        size = len(passages)
        idfs = {w: idf(size, len(h)) for w, h in counted.items()}
        floor = EPSILON * (sum(idfs.values()) / len(idfs)) if idfs else 0.0  # BM25Okapi's floor of common words
        self.postings = {w: Postings(np.array(list(h), dtype=np.int64), np.array(list(h.values()), dtype=np.float64),
                                     floor if idfs[w] < 0 else idfs[w]) for w, h in counted.items()}
        self.norm = length_norm(lengths, float(lengths.mean()) if size else 1.0)

    def documents(self, question: str, keep: int = CORPUS_DOCUMENTS) -> list[str]:
        """The ``keep`` documents with the best passage score for ``question`` (ties by id); none without a match."""
        score = np.zeros(len(self.owners))
        for word in terms(question):  # a repeated word counts each time, as in BM25Okapi
            post = self.postings.get(word)
            if post is not None:
                count = post.counts
                score[post.passages] += post.idf * count * (K1 + 1) / (count + self.norm[post.passages])
        best: dict[str, float] = {}
        for at in np.flatnonzero(score > 0).tolist():
            owner = self.owners[at]
            best[owner] = max(best.get(owner, 0.0), float(score[at]))
        return sorted(best, key=lambda d: (-best[d], d))[:keep]


class Reader(Protocol):
    """What the index is read through: a turn's dispatcher (:meth:`zehn.agent.dispatch.Dispatcher.scope_version`)."""

    def scope_version(self) -> ScopeVersion: ...

    def scope_passages(self) -> list[ScopePassage]: ...


class CorpusWords:
    """The whole-corpus indexes of a service, one per reader (graph, scope, as_of), each under its version
    (:class:`zehn.agent.reader_tables.ReaderTables`; each holds its corpus's postings: ~2 MB for Redwood's ~2,400
    passages)."""

    def __init__(self) -> None:
        self._kept: ReaderTables[CorpusIndex] = ReaderTables()
        self.builds = 0  # indexes built (a test reads it: a changed graph builds again, an unchanged one does not)

    def index(self, key: ReaderKey, reader: Reader) -> CorpusIndex:
        """``key``'s index, rebuilt when its version moved. Built outside the lock (a build reads the graph); a
        version that moved during the build is not kept under the old one, so the next turn builds again."""
        version = reader.scope_version()
        kept = self._kept.get(key, version)
        if kept is not None:
            return kept
        built = CorpusIndex(reader.scope_passages())
        self.builds += 1
        if reader.scope_version() == version:
            self._kept.put(key, version, built)
        return built
