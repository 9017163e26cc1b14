"""The ingest pipeline: a fixed, numbered sequence of steps, logged as "step N/M".

1/5 load    read and validate files (a bad file is reported and skipped, never fatal)
2/5 lease   take the graph's writer lease: concurrent ingests of one graph queue here (extraction/writer_lease.py)
3/5 index   create the range, full-text and vector indexes (first: every MERGE on an id needs its index)
4/5 diff    unchanged, ready documents are skipped; one an interrupted run left not ready is rolled back to its
            last committed version (or purged if it has none) and looked at again; a document read from a new
            path only has its path updated
5/5 ingest  per document (its steps are DOCUMENT_STEPS): a changed (or deleted) document's current version is
            archived; status "ingesting"; one model pass per passage, and per chunk those left unread
            (extraction/span_vectors.py); graphrag-sdk writes chunks, entities, mentions and chunk embeddings (read
            off those passes; the extractor parses each sentence once, extraction/sentence_parses.py); the evidence
            texts' parses, mostly those same ones (extraction/parse_store.py); the document's properties
            and passages; its Evidence rows; then one commit query writes its RELATES support with intervals, stamps
            the rows this version opens and closes, and sets it "ready" (extraction/version_commit.py). Nothing is
            overwritten: closed rows keep their text and ids.

Readers see only ready documents (and their rows valid at ``as_of``), so a crash at any point shows nothing half
written, and the next run finishes the job. A document that fails in step 5 is rolled back to its last committed
version (or purged) and counted in ``rolled_back``. A graph server that stops answering aborts the run with
GraphUnavailable.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import redis
from graphrag_sdk import ConnectionConfig, Context, FalkorDBConnection, GraphData, GraphRAG, Ontology, TextChunks
from graphrag_sdk.core.exceptions import GraphRAGError
from graphrag_sdk.ingestion.extraction_strategies.base import ExtractionStrategy
from graphrag_sdk.ingestion.resolution_strategies.exact_match import ExactMatchResolution
from spacy.language import Language

from extraction import document_state, version_store
from extraction.chunker import ExactSliceChunking, chunk_document
from extraction.document_state import Pause, StoredState
from extraction.documents import SourceDocument
from extraction.embeddings import LocalEmbedder
from extraction.errors import GraphUnavailable, ZehnError
from extraction.evidence_writer import purge_document, write_evidence_rows
from extraction.graph_client import open_graph
from extraction.loaders import DEFAULT_MAX_BYTES, Failed, Loaded, iter_documents
from extraction.model_extraction import Deterministic, ExtractorFactory
from extraction.nlp import extractor_version, load_nlp
from extraction.parse_store import ParseCache, shared_cache
from extraction.passages import write_passages
from extraction.schema import EMBEDDING_DIM, ensure_indexes
from extraction.sdk_strategies import NoLLM, SpacyExtraction, quiet_expected_sdk_errors, zehn_ontology
from extraction.span_vectors import KnownVectors, chunk_vectors, embed_passages, span_vectors
from extraction.version_commit import commit_version, delete_document
from extraction.writer_lease import WriterLease

log = logging.getLogger("zehn.ingest")

STEPS = 5
CONCURRENT_DOCUMENTS = 2
CHUNK_CHARS = 600  # about 128 word pieces of technical English: what the embedding model reads in full
EXTRACTOR = "zehn-spacy"


@dataclass
class IngestReport:
    documents: int = 0
    chunks: int = 0
    entities: int = 0
    relations: int = 0
    evidence: int = 0
    skipped: int = 0
    recovered: int = 0  # documents an interrupted run had left not ready, redone
    rolled_back: int = 0  # documents that failed in step 5 and were rolled back
    versions: int = 0  # documents that got a new version on top of a committed one
    closed_evidence: int = 0  # evidence rows the new versions closed (kept, no longer current)
    errors: list[dict[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents, "chunks": self.chunks, "entities": self.entities,
            "relations": self.relations, "evidence": self.evidence, "skipped": self.skipped,
            "recovered": self.recovered, "rolled_back": self.rolled_back, "versions": self.versions,
            "closed_evidence": self.closed_evidence,
            "errors": len(self.errors), "error_details": self.errors, "seconds": round(self.seconds, 3),
        }


Progress = Callable[[str, int, int], None]  # (document path, index, total)
Waiting = Callable[[dict[str, object]], None]  # told once who holds the writer lease an ingest waits for


def _step(n: int, what: str) -> None:
    log.info("step %d/%d: %s", n, STEPS, what)


class _PauseAfterChunks(ExtractionStrategy):
    """The SDK calls the extractor right after it wrote the document's chunks: the test hook's first stop."""

    def __init__(self, inner: SpacyExtraction, reached: Callable[[], None]) -> None:
        self.inner, self.reached = inner, reached

    async def extract(self, chunks: TextChunks, ontology: Ontology, ctx: Context) -> GraphData:
        self.reached()
        return await self.inner.extract(chunks, ontology, ctx)


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
        self._states: dict[str, StoredState] = {}  # new / changed / deleted, per document to ingest

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
               waiting: Waiting | None = None) -> IngestReport:
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
            todo = self._diff(documents, report)
            _step(5, f"ingest {len(todo)} new, changed or unfinished document(s) through graphrag-sdk")
            asyncio.run(self._ingest_all(todo, report, lease, progress))
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
            if not self.graph.query(document_state.DOCUMENT_STATE, {"id": document_id}).result_set:
                return False
            if purge:
                purge_document(self.graph, document_id)
                return True
            return delete_document(self.graph, document_id)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise self._unavailable(exc) from exc
        finally:
            lease.release()

    def _diff(self, documents: list[SourceDocument], report: IngestReport) -> list[SourceDocument]:
        _step(4, f"compare {len(documents)} document(s) with the graph")
        todo: list[SourceDocument] = []
        seen: dict[str, str] = {}
        for doc in documents:
            if doc.id in seen:  # two files claiming one id would overwrite each other: keep the first
                report.errors.append({"path": doc.path, "reason": f"duplicate document id {doc.id!r} "
                                                                  f"(already read from {seen[doc.id]})"})
                continue
            seen[doc.id] = doc.path
            state = document_state.stored_state(self.graph, doc, self.extractor_version)
            if state == "incomplete":  # nothing half written survives: back to the last committed version
                version_store.rollback(self.graph, doc.id)
                report.recovered += 1
                state = document_state.stored_state(self.graph, doc, self.extractor_version)
            if state == "moved":
                document_state.move(self.graph, doc)
            if state in ("new", "changed", "deleted"):
                todo.append(doc)
                self._states[doc.id] = state
        report.skipped = len(seen) - len(todo)
        return todo

    async def _ingest_all(self, todo: list[SourceDocument], report: IngestReport, lease: WriterLease,
                          progress: Progress | None) -> None:
        quiet_expected_sdk_errors()
        connection = FalkorDBConnection(ConnectionConfig(
            host=self.host, port=self.port, password=self.password, graph_name=self.graph_name, retry_count=1,
        ))
        known = KnownVectors(self.embedder)  # each document's chunk vectors, from chunk_vectors below
        rag = GraphRAG(connection, llm=NoLLM(), embedder=known, ontology=zehn_ontology(),
                       embedding_dimension=EMBEDDING_DIM)
        # Two documents in flight: one document's embeddings (ONNX Runtime, outside the GIL) overlap the next one's
        # parse (spaCy). Evidence writes and commits run without an await in between, so they never interleave.
        gate = asyncio.Semaphore(CONCURRENT_DOCUMENTS)
        done = 0

        async def one(doc: SourceDocument) -> None:
            nonlocal done
            async with gate:
                await self._ingest_one(rag, known, doc, report, lease)
            done += 1
            if progress:
                progress(doc.path, done, len(todo))

        try:
            await asyncio.gather(*(one(doc) for doc in todo))
        finally:
            await rag.close()

    def _reached(self, step: str, doc: SourceDocument) -> None:
        if self.pause is not None:
            self.pause(step, doc.id)

    async def _ingest_one(self, rag: GraphRAG, known: KnownVectors, doc: SourceDocument, report: IngestReport,
                          lease: WriterLease) -> None:
        extractor = self.extractors(doc, self.nlp)
        try:
            if self._states.get(doc.id) in ("changed", "deleted"):
                version_store.archive(self.graph, doc.id)
                report.versions += 1
            document_state.begin(self.graph, doc)
            embedded, tokens = await asyncio.to_thread(embed_passages, doc, self.embedder)  # the one model pass
            chunks = chunk_document(doc, CHUNK_CHARS)
            vectors, tokens = await asyncio.to_thread(chunk_vectors, tokens, [(c.start, c.end, c.text) for c in chunks],
                                                      self.embedder)  # and a pass per chunk the passages left unread
            with known.known(vectors):
                result = await rag.ingest(text=doc.text, document_id=doc.id,
                                          chunker=ExactSliceChunking(doc, CHUNK_CHARS),
                                          extractor=_PauseAfterChunks(extractor, lambda: self._reached("chunks", doc)),
                                          resolver=ExactMatchResolution())
            self._reached("entities", doc)
            found = extractor.evidence
            if found is None:
                raise ZehnError(f"{doc.path}: the extractor never ran")
            document_state.write_properties(self.graph, doc)
            await asyncio.to_thread(write_passages, self.graph, doc, embedded)
            self._reached("document", doc)
            stored = version_store.stored(self.graph, doc.id)  # what earlier versions committed
            related = [ev for ev in found.evidence.values() if ev.relations and ev.id not in stored.embedded]
            derived = await asyncio.to_thread(span_vectors, tokens, [(ev.start, ev.end, ev.text) for ev in related],
                                              self.embedder)
            embeddings = {ev.id: vector for ev, vector in zip(related, derived, strict=True)}
            # Each sentence's parse for question time (its text alone, as a reader parses it): mostly extraction's.
            parses = await asyncio.to_thread(self.parse_cache.parses, [ev.text for ev in found.evidence.values()])
            evidence = write_evidence_rows(self.graph, found, embeddings, EXTRACTOR, self.extractor_version, parses)
            self._reached("evidence", doc)
            lease.ensure()
            committed = commit_version(self.graph, doc.id, found, chunks, stored,
                                       doc.content_hash, self.extractor_version, doc.access)
            self._reached("ready", doc)
        except (redis.ConnectionError, redis.TimeoutError, GraphUnavailable):
            raise
        except (GraphRAGError, ZehnError, ValueError, redis.ResponseError) as exc:
            version_store.rollback(self.graph, doc.id)
            report.rolled_back += 1
            report.errors.append({"path": doc.path, "reason": f"rolled back: {type(exc).__name__}: {exc}"})
            log.warning("ingest of %s failed and was rolled back: %s", doc.path, exc)
            return
        report.documents += 1
        report.chunks += result.chunks_indexed
        report.entities += len(found.entities)
        report.relations += committed.edges
        report.evidence += evidence
        report.closed_evidence += committed.closed
