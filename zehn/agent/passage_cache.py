"""The read documents' passages kept between answers, per reader and graph version: a later read asks for the
distances alone.

A turn reads whole documents (``document_passages``: every passage's id, heading, kind, offsets and text, with its
distances to the turn's vectors). The next questions read many of the same documents again, and all but the
distances are the same as long as the graph is: decoding those strings was most of the client's work for the query
and sending them most of the server's time outside its run time. So each document read is kept (its information
and its passages without distances) under the reader (graph, scope, as_of) and the graph's version as that reader
saw it at the start of the turn (``scope_version``, the one :mod:`zehn.agent.corpus_words` reads: an ingest, an
edit, a deletion or a new grant moves it). A read whose documents are all kept under the turn's version runs
``passage_distances`` instead (the same documents, order and limit; ids and distances only) and puts the kept
passages back together with them: the rows ``document_passages`` would have given. A read that holds documents not
kept reads those alone whole: on a larger corpus a question's search finds more documents (16x Redwood: the same
text in sixteen copies), and one new document among 24 sent all 24 back to ``document_passages`` (77 whole reads
for 41 questions, ~80 ms an answer of the client decoding text it had kept). A passage it does not know, or
a document whose passage count differs, sends the read back to ``document_passages``. A document no passage came
for (not ready, not the reader's) is kept as such. The version has corpus_words' limit: an edit that ends in the
same second as the last ingest it saw, with as many documents, is seen at the next change. Each kept document also
keeps what is worked out from its content alone (:mod:`zehn.agent.doc_memo`), on the same ground.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from traversal_policy.passage_queries import PASSAGE_READ_LIMIT
from zehn.agent.doc_memo import DocMemo
from zehn.agent.reader_tables import ReaderKey, ReaderTables
from zehn.agent.rows import DocPassage, DocumentInfo, ScopeVersion, with_distances

# Documents kept per reader; past this many the reader's entry starts empty again (Redwood's 150 documents are
# ~2,400 passages, ~2 MB of text).
DOCUMENTS_KEPT = 4096
Read = list[tuple[DocumentInfo, list[DocPassage]]]
# (passage id, distances) in document_passages' order; empty when no passage came ("no_passages").
Distances = list[tuple[str, tuple[float, ...]]]


@dataclass(frozen=True)
class Kept:
    """One document as a reader read it: its information and passages (distances left out), or None for both
    when no passage came (the read leaves it out)."""

    info: DocumentInfo | None
    passages: tuple[DocPassage, ...] = ()
    memo: DocMemo = field(default_factory=DocMemo, compare=False, repr=False)  # its content's values


class PassageCache:
    """A service's kept documents, one table per reader, each under the version it was read at."""

    def __init__(self, documents_kept: int = DOCUMENTS_KEPT) -> None:
        self.documents_kept = documents_kept
        self._kept: ReaderTables[Mapping[str, Kept]] = ReaderTables()
        self.distance_reads = 0  # reads answered from kept passages (a test reads it)

    def documents(self, key: ReaderKey, version: ScopeVersion, ids: Sequence[str],
                  read: Callable[[Sequence[str]], Read], distances: Callable[[Sequence[str]], Distances]) -> Read:
        """What ``read(ids)`` (a ``document_passages`` read) returns: the documents kept under ``version`` from
        their kept passages and ``distances`` of them, the others from ``read`` of them alone (then kept), put
        together in ``ids`` order. Anything kept that does not match, or more passages than one whole read returns
        (``PASSAGE_READ_LIMIT``: the whole read would have cut them), reads ``ids`` whole."""
        table = self._kept.get(key, version) or {}
        kept = [table[d] for d in ids if d in table]
        missing = [d for d in ids if d not in table]
        if kept:
            found = _joined([d for d in ids if d in table], kept, lambda: distances([d for d in ids if d in table]))
            fresh = read(missing) if found is not None and missing else []
            if found is not None and sum(len(k.passages) for k in kept) + _count(fresh) <= PASSAGE_READ_LIMIT:
                self.distance_reads += 1
                if missing:
                    self._keep(key, version, missing, fresh)
                # at most one entry a document in either list: each document's passages as the whole read's
                by_id = {info.id: (info, passages) for info, passages in [*found, *fresh]}
                return [by_id[d] for d in ids if d in by_id]
        fresh = read(ids)
        self._keep(key, version, ids, fresh)
        return fresh

    def memo(self, key: ReaderKey, version: ScopeVersion, document_id: str) -> DocMemo | None:
        """The memo of the document as ``key`` read it under ``version`` (None: not kept under it)."""
        table = self._kept.get(key, version)
        kept = table.get(document_id) if table is not None else None
        return kept.memo if kept is not None and kept.info is not None else None

    def _keep(self, key: ReaderKey, version: ScopeVersion, ids: Sequence[str], fresh: Read) -> None:
        documents = {info.id: Kept(info, tuple(with_distances(p, ()) for p in passages)) for info, passages in fresh}
        table = self._kept.get(key, version) or {}
        if len(table) + len(ids) > self.documents_kept:
            table = {}  # past the limit the reader's table starts empty again
        # a new table, not the kept one changed: another answer may be reading that one
        self._kept.put(key, version, {**table, **{d: documents.get(d, Kept(None)) for d in ids}})


def _count(read: Read) -> int:
    return sum(len(passages) for _, passages in read)


def _joined(ids: Sequence[str], kept: list[Kept], distances: Callable[[], Distances]) -> Read | None:
    """The kept documents' passages with the distances ``distances`` reads, in the read's order; None when the rows
    do not match what is kept (a passage not kept, a document with more or fewer passages)."""
    wanted = [k for k in kept if k.info is not None and k.passages]
    if not wanted:
        return []
    by_id = {p.id: p for k in wanted for p in k.passages}
    rows = distances()
    if len(rows) != len(by_id):
        return None
    passages: dict[str, list[DocPassage]] = {}
    for passage_id, near in rows:
        p = by_id.get(passage_id)
        if p is None:
            return None
        passages.setdefault(p.document_id, []).append(with_distances(p, near))
    infos = {k.info.id: k.info for k in wanted if k.info is not None}
    if any(len(passages.get(k.info.id, ())) != len(k.passages) for k in wanted if k.info is not None):
        return None
    return [(infos[d], passages[d]) for d in ids if d in infos and d in passages]
