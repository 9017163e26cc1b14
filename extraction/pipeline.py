"""The ingest pipeline: a fixed, numbered sequence of steps, logged as "step N/M".

1/5 load    read and validate files (a bad file is reported and skipped, never fatal)
2/5 lease   take the graph's writer lease: concurrent ingests of one graph queue here (extraction/writer_lease.py)
3/5 index   create the range, full-text and vector indexes (first: every MERGE on an id needs its index)
4/5 diff    unchanged, ready documents are skipped; one an interrupted run left not ready is rolled back to its
            last committed version (or purged if it has none) and looked at again; a document read from a new
            path only has its path updated (extraction/ingest_diff.py)
5/5 ingest  per document, two in flight (extraction/document_ingest.py): archive a changed document's version,
            embed, chunk and extract through graphrag-sdk, write the document's passages and Evidence rows, commit;
            last, full-text indexes holding deleted entries are built anew (extraction/fulltext_rebuild.py).

Readers see only ready documents (and their rows valid at ``as_of``), so a crash at any point shows nothing half
written, and the next run finishes the job. A document that fails in step 5 is rolled back to its last committed
version (or purged) and counted in ``rolled_back``. A graph server that stops answering aborts the run with
GraphUnavailable.
"""


from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path

import redis
from graphrag_sdk import ConnectionConfig, FalkorDBConnection, GraphRAG
from spacy.language import Language

from extraction import document_state
from extraction.canonical_names import begin_writes, settle_entity_names
from extraction.document_ingest import CHUNK_CHARS, DocumentIngest
from extraction.document_state import Pause, StoredState
from extraction.documents import SourceDocument
from extraction.embeddings import LocalEmbedder
from extraction.errors import GraphUnavailable
from extraction.evidence_writer import purge_document
from extraction.fulltext_rebuild import rebuild_fulltext_indexes
from extraction.graph_client import open_graph
from extraction.ingest_diff import documents_to_ingest
from extraction.ingest_report import IngestReport, Progress, Waiting
from extraction.loaders import DEFAULT_MAX_BYTES, Failed, Loaded, iter_documents
from extraction.model_extraction import Deterministic, ExtractorFactory
from extraction.nlp import extractor_version, load_nlp
from extraction.parse_store import ParseCache, shared_cache
from extraction.schema import DOCUMENT_READY, EMBEDDING_DIM, ensure_indexes
from extraction.sdk_strategies import NoLLM, quiet_expected_sdk_errors, zehn_ontology
from extraction.span_vectors import KnownVectors
from extraction.version_commit import delete_document
from extraction.writer_lease import WriterLease

# The names callers import from here: the report's shape and the ingest's chunk size live in their own modules.
__all__ = ["CHUNK_CHARS", "CONCURRENT_DOCUMENTS", "STEPS", "IngestReport", "Ingestor", "Progress", "Waiting"]

log = logging.getLogger("zehn.ingest")

STEPS = 5
CONCURRENT_DOCUMENTS = 2
_Todo = tuple[SourceDocument, StoredState]


def _step(n: int, what: str) -> None:
    log.info("step %d/%d: %s", n, STEPS, what)


def ingest_order(items: list[_Todo], seed: int | None) -> list[_Todo]:
    """Load order, or (with ``seed``) a fixed shuffle of it: the same files written in another order."""
    if seed is None:
        return items
    shuffled = list(items)
    random.Random(seed).shuffle(shuffled)
    return shuffled


class Ingestor:
    """Ingests files into one named graph. Heavy models load once, on first use."""

    def __init__(self, host: str, port: int, graph_name: str, password: str | None = None,
                 nlp: Language | None = None, embedder: LocalEmbedder | None = None,
                 max_bytes: int = DEFAULT_MAX_BYTES, *, wait_s: float = 3600.0, pause: Pause | None = None,
                 extractors: ExtractorFactory | None = None) -> None:
        self.host, self.port, self.graph_name, self.password = host, port, graph_name, password
        self._nlp = nlp
        self.embedder = embedder or LocalEmbedder()
        self.max_bytes = max_bytes
        self.wait_s = wait_s
        self.pause = pause
        self.extractors: ExtractorFactory = extractors or Deterministic()  # model mode: extraction.model_extraction
        self.graph = open_graph(host, port, graph_name, password)

    @property
    def nlp(self) -> Language:
        if self._nlp is None:
            self._nlp = load_nlp()
        return self._nlp

    @property
    def parse_cache(self) -> ParseCache:  # sentence parses: the extraction's, kept for the evidence rows (bounded)
        return shared_cache(self.nlp)

    @cached_property
    def extractor_version(self) -> str:
        return extractor_version(self.nlp) + self.extractors.version

    def _lease(self) -> WriterLease:
        return WriterLease(redis.Redis(host=self.host, port=self.port, password=self.password, socket_timeout=10.0),
                           self.graph_name)

    def _unavailable(self, exc: Exception) -> GraphUnavailable:
        return GraphUnavailable(f"FalkorDB at {self.host}:{self.port} stopped answering: {exc}")

    def ingest(self, paths: Sequence[Path], progress: Progress | None = None,
               waiting: Waiting | None = None, order_seed: int | None = None) -> IngestReport:
        """Ingest ``paths``. ``order_seed``: step 5 takes the documents in an order shuffled by this seed instead of
        load order (another write history of the same files, for ``zehn eval --repeat-ingest``)."""
        started = time.perf_counter()
        report = IngestReport()
        _step(1, f"load {len(paths)} path(s)")
        documents: list[SourceDocument] = []
        for outcome in iter_documents(list(paths), max_bytes=self.max_bytes):
            if isinstance(outcome, Failed):
                report.errors.append({"path": str(outcome.path), "reason": outcome.reason})
            elif isinstance(outcome, Loaded):
                documents.append(outcome.document)
        _step(2, f"take the writer lease of graph {self.graph_name!r}")
        lease = self._lease()
        lease.acquire(self.wait_s, waiting)
        try:
            _step(3, "ensure indexes")
            ensure_indexes(self.graph)
            _step(4, f"compare {len(documents)} document(s) with the graph")
            todo = documents_to_ingest(self.graph, documents, self.extractor_version, report)
            settled = bool(todo) and begin_writes(self.graph)
            _step(5, f"ingest {len(todo)} new, changed or unfinished document(s) through graphrag-sdk")
            asyncio.run(self._ingest_all(ingest_order(list(todo.values()), order_seed), report, lease, progress))
            # A rollback removed chunks (and their links to entities the failed write named): every entity then.
            limited = settled and not report.rolled_back and not report.recovered
            self._settle_fulltext(names=bool(todo), documents=list(todo) if limited else None)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise self._unavailable(exc) from exc
        finally:
            lease.release()
        report.seconds = time.perf_counter() - started
        return report

    def delete(self, document_id: str, *, purge: bool = False) -> bool:
        """Close a document: its rows and facts stop being current but stay readable ``as_of`` earlier, and answers
        that cited it turn stale. ``purge`` removes it and every version instead. False when no such document
        exists (or it is already closed)."""
        lease = self._lease()
        lease.acquire(self.wait_s)
        try:
            state = self.graph.query(document_state.DOCUMENT_STATE, {"id": document_id}).result_set
            if not state:
                return False
            settled = begin_writes(self.graph)
            if purge:
                purge_document(self.graph, document_id)
            elif not delete_document(self.graph, document_id):
                return False
            # A purge, or the rollback of an unfinished version, removed chunks: every entity then.
            limited = settled and not purge and state[0][0] == DOCUMENT_READY
            self._settle_fulltext(names=True, documents=[document_id] if limited else None)
            return True
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise self._unavailable(exc) from exc
        finally:
            lease.release()

    def _settle_fulltext(self, names: bool, documents: list[str] | None = None) -> None:
        """The last writes under the lease: entity spellings chosen by a rule on the documents
        (extraction/canonical_names.py) when ``names`` (a document was written or removed: only then can a
        spelling's count change, so an ingest with nothing new skips it), for the entities ``documents`` mention
        (None: every entity), then full-text statistics that depend on the nodes alone
        (extraction/fulltext_rebuild.py; an index-state read when nothing is stale)."""
        renamed = settle_entity_names(self.graph, documents) if names else 0
        if renamed:
            log.info("entity names set to their canonical spelling: %d", renamed)
        rebuilt = rebuild_fulltext_indexes(self.graph)
        if rebuilt:
            log.info("full-text indexes built anew (they held deleted entries): %s", ", ".join(rebuilt))

    async def _ingest_all(self, todo: list[_Todo], report: IngestReport,
                          lease: WriterLease, progress: Progress | None) -> None:
        quiet_expected_sdk_errors()
        connection = FalkorDBConnection(ConnectionConfig(
            host=self.host, port=self.port, password=self.password, graph_name=self.graph_name, retry_count=1,
        ))
        known = KnownVectors(self.embedder)  # each document's chunk vectors, from chunk_vectors
        rag = GraphRAG(connection, llm=NoLLM(), embedder=known, ontology=zehn_ontology(),
                       embedding_dimension=EMBEDDING_DIM)
        step = DocumentIngest(self.graph, self.nlp, self.embedder, self.extractors, self.parse_cache,
                              self.extractor_version, self.pause)
        # Two documents in flight: one document's embeddings (ONNX Runtime, outside the GIL) overlap the next one's
        # parse (spaCy). Evidence writes and commits run without an await in between, so they never interleave; the
        # SDK's MERGE writes take turns (`DocumentIngest.sdk_writes`).
        gate = asyncio.Semaphore(CONCURRENT_DOCUMENTS)
        done = 0

        async def one(doc: SourceDocument, state: StoredState) -> None:
            nonlocal done
            async with gate:
                await step.run(rag, known, doc, state, report, lease)
            done += 1
            if progress:
                progress(doc.path, done, len(todo))

        try:
            await asyncio.gather(*(one(doc, state) for doc, state in todo))
        finally:
            await rag.close()
