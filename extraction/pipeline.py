"""The ingest pipeline: a fixed, numbered sequence of steps, logged as "step N/M".

1/4 load    read and validate files (a bad file is reported and skipped, never fatal)
2/4 index   create the range, full-text and vector indexes (first: every MERGE on an id needs its index)
3/4 diff    unchanged documents (same content hash and extractor version) are skipped; changed ones are purged
4/4 ingest  per document: graphrag-sdk ingest (exact chunks -> lexical graph -> spaCy extraction -> entities,
            mentions, chunk embeddings), then the evidence writer (Evidence rows, RELATES edges)

A document that fails in step 4 is purged again, so a failure never leaves half a document behind.
A graph server that stops answering aborts the run with GraphUnavailable: that is not a per-file problem.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

import redis
from graphrag_sdk import ConnectionConfig, FalkorDBConnection, GraphRAG
from graphrag_sdk.core.exceptions import GraphRAGError
from graphrag_sdk.ingestion.resolution_strategies.exact_match import ExactMatchResolution
from spacy.language import Language

from extraction.chunker import ExactSliceChunking
from extraction.documents import SourceDocument
from extraction.embeddings import LocalEmbedder
from extraction.errors import GraphUnavailable, ZehnError
from extraction.evidence_writer import purge_document, write_evidence
from extraction.graph_client import open_graph
from extraction.loaders import DEFAULT_MAX_BYTES, Failed, Loaded, iter_documents
from extraction.nlp import extractor_version, load_nlp
from extraction.passages import write_passages
from extraction.schema import EMBEDDING_DIM, ensure_indexes
from extraction.sdk_strategies import NoLLM, SpacyExtraction, zehn_ontology

log = logging.getLogger("zehn.ingest")


class _AlreadyIndexed(logging.Filter):
    """graphrag-sdk re-creates its indexes after every document and logs FalkorDB's "already indexed" answer as an
    ERROR; we create them first (step 2), so that message is expected noise. Every other message passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "already indexed" not in record.getMessage()


def _quiet_expected_sdk_errors() -> None:
    sdk_log = logging.getLogger("graphrag_sdk.core.connection")
    if not any(isinstance(f, _AlreadyIndexed) for f in sdk_log.filters):
        sdk_log.addFilter(_AlreadyIndexed())
STEPS = 4
CONCURRENT_DOCUMENTS = 2
CHUNK_CHARS = 600  # about 128 word pieces of technical English: what the embedding model reads in full
EXTRACTOR = "zehn-spacy"

DOCUMENT_HASH = "MATCH (d:Document {id: $id}) RETURN d.content_hash, d.extractor_version"
DOCUMENT_PROPS = """
MATCH (d:Document {id: $id})
SET d.title = $title, d.source_type = $source_type, d.path = $path, d.original_path = $original_path,
    d.authors = $authors, d.participants = $participants, d.created = $created, d.updated = $updated,
    d.text = $text, d.body_start = $body_start, d.content_hash = $content_hash, d.ingested_at = $ingested_at,
    d.extractor_version = $extractor_version
"""


@dataclass
class IngestReport:
    documents: int = 0
    chunks: int = 0
    entities: int = 0
    relations: int = 0
    evidence: int = 0
    skipped: int = 0
    errors: list[dict[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents, "chunks": self.chunks, "entities": self.entities,
            "relations": self.relations, "evidence": self.evidence, "skipped": self.skipped,
            "errors": len(self.errors), "error_details": self.errors, "seconds": round(self.seconds, 3),
        }


Progress = Callable[[str, int, int], None]  # (document path, index, total)


def _step(n: int, what: str) -> None:
    log.info("step %d/%d: %s", n, STEPS, what)


class Ingestor:
    """Ingests files into one named graph. Heavy models load once, on first use."""

    def __init__(self, host: str, port: int, graph_name: str, password: str | None = None,
                 nlp: Language | None = None, embedder: LocalEmbedder | None = None,
                 max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.host, self.port, self.graph_name, self.password = host, port, graph_name, password
        self._nlp = nlp
        self.embedder = embedder or LocalEmbedder()
        self.max_bytes = max_bytes
        self.graph = open_graph(host, port, graph_name, password)

    @property
    def nlp(self) -> Language:
        if self._nlp is None:
            self._nlp = load_nlp()
        return self._nlp

    def ingest(self, paths: Sequence[Path], progress: Progress | None = None) -> IngestReport:
        try:
            return asyncio.run(self._ingest(paths, progress))
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise GraphUnavailable(f"FalkorDB at {self.host}:{self.port} stopped answering: {exc}") from exc

    def delete(self, document_id: str) -> bool:
        """Remove a document and whatever only it supported. False when no such document exists."""
        try:
            if not self.graph.query(DOCUMENT_HASH, {"id": document_id}).result_set:
                return False
            purge_document(self.graph, document_id)
            return True
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise GraphUnavailable(f"FalkorDB at {self.host}:{self.port} stopped answering: {exc}") from exc

    async def _ingest(self, paths: Sequence[Path], progress: Progress | None) -> IngestReport:
        started = time.perf_counter()
        _quiet_expected_sdk_errors()
        report = IngestReport()
        _step(1, f"load {len(paths)} path(s)")
        documents: list[SourceDocument] = []
        for outcome in iter_documents(list(paths), max_bytes=self.max_bytes):
            if isinstance(outcome, Failed):
                report.errors.append({"path": str(outcome.path), "reason": outcome.reason})
            elif isinstance(outcome, Loaded):
                documents.append(outcome.document)
        _step(2, "ensure indexes")
        ensure_indexes(self.graph)
        _step(3, f"compare {len(documents)} document(s) with the graph")
        todo: list[SourceDocument] = []
        seen: dict[str, str] = {}
        for doc in documents:
            if doc.id in seen:  # two files claiming one id would overwrite each other: keep the first
                report.errors.append({"path": doc.path, "reason": f"duplicate document id {doc.id!r} "
                                                                  f"(already read from {seen[doc.id]})"})
                continue
            seen[doc.id] = doc.path
            stored = self._stored_state(doc)
            if stored == "changed":
                purge_document(self.graph, doc.id)  # no stale chunks or evidence survive a new version
            if stored != "current":
                todo.append(doc)
        report.skipped = len(seen) - len(todo)
        _step(4, f"ingest {len(todo)} new or changed document(s) through graphrag-sdk")
        connection = FalkorDBConnection(ConnectionConfig(
            host=self.host, port=self.port, password=self.password, graph_name=self.graph_name, retry_count=1,
        ))
        rag = GraphRAG(connection, llm=NoLLM(), embedder=self.embedder, ontology=zehn_ontology(),
                       embedding_dimension=EMBEDDING_DIM)
        # Two documents in flight: one document's embeddings (torch, outside the GIL) overlap the next one's
        # parse (spaCy). Evidence writes run without an await in between, so they never interleave.
        gate = asyncio.Semaphore(CONCURRENT_DOCUMENTS)
        done = 0

        async def one(doc: SourceDocument) -> None:
            nonlocal done
            async with gate:
                await self._ingest_one(rag, doc, report)
            done += 1
            if progress:
                progress(doc.path, done, len(todo))

        try:
            await asyncio.gather(*(one(doc) for doc in todo))
        finally:
            await rag.close()
        report.seconds = time.perf_counter() - started
        return report

    @cached_property
    def extractor_version(self) -> str:
        return extractor_version(self.nlp)

    def _stored_state(self, doc: SourceDocument) -> Literal["new", "changed", "current"]:
        """Same text read by the same extractor version is current; anything else is read again."""
        rows = self.graph.query(DOCUMENT_HASH, {"id": doc.id}).result_set
        if not rows:
            return "new"
        return "current" if tuple(rows[0]) == (doc.content_hash, self.extractor_version) else "changed"

    async def _ingest_one(self, rag: GraphRAG, doc: SourceDocument, report: IngestReport) -> None:
        extractor = SpacyExtraction(doc, self.nlp)
        try:
            result = await rag.ingest(text=doc.text, document_id=doc.id, chunker=ExactSliceChunking(doc, CHUNK_CHARS),
                                      extractor=extractor, resolver=ExactMatchResolution())
            found = extractor.evidence
            if found is None:
                raise ZehnError(f"{doc.path}: the extractor never ran")
            self._write_document(doc)
            await asyncio.to_thread(write_passages, self.graph, doc, self.embedder)
            related = [ev for ev in found.evidence.values() if ev.relations]
            vectors = await asyncio.to_thread(self.embedder.embed_documents, [ev.text for ev in related])
            embeddings = {ev.id: vector for ev, vector in zip(related, vectors, strict=True)}
            evidence, edges = write_evidence(self.graph, found, embeddings, EXTRACTOR,
                                             self.extractor_version)
        except (redis.ConnectionError, redis.TimeoutError):
            raise
        except (GraphRAGError, ZehnError, ValueError, redis.ResponseError) as exc:
            purge_document(self.graph, doc.id)
            report.errors.append({"path": doc.path, "reason": f"{type(exc).__name__}: {exc}"})
            log.warning("ingest of %s failed and was rolled back: %s", doc.path, exc)
            return
        report.documents += 1
        report.chunks += result.chunks_indexed
        report.entities += len(found.entities)
        report.relations += edges
        report.evidence += evidence

    def _write_document(self, doc: SourceDocument) -> None:
        self.graph.query(DOCUMENT_PROPS, {
            "id": doc.id, "title": doc.title, "source_type": doc.source_type, "path": doc.path,
            "original_path": doc.original_path, "authors": list(doc.authors),
            "participants": list(doc.participants), "created": doc.created, "updated": doc.updated,
            "text": doc.text, "body_start": doc.body_start, "content_hash": doc.content_hash,
            "ingested_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "extractor_version": self.extractor_version,
        })
