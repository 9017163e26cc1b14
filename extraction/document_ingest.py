"""Step 5 of an ingest for one document, in the order of DOCUMENT_STEPS (extraction/document_state.py).

A changed (or deleted) document's current version is archived; status "ingesting"; one model pass per passage, and
per chunk those left unread (extraction/span_vectors.py); graphrag-sdk writes chunks, entities, mentions and chunk
embeddings (read off those passes; the extractor parses each sentence once, extraction/sentence_parses.py); the
evidence texts' parses, mostly those same ones (extraction/parse_store.py); the document's properties and passages;
its Evidence rows, and the vectors of their verbs and adjectives not stored yet (extraction/term_store.py); then
one commit query writes its RELATES support with intervals, stamps the rows this version opens and closes, and sets
it "ready" (extraction/version_commit.py). Nothing is overwritten: closed rows keep their text and ids. A
document that fails here is rolled back to its last committed version (or purged) and counted in ``rolled_back``; a
graph server that stops answering is raised to the caller.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

import redis
from graphrag_sdk import Context, GraphData, GraphRAG, Ontology, TextChunks
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
from extraction.evidence_writer import Graph, write_evidence_rows
from extraction.ingest_report import IngestReport
from extraction.model_extraction import ExtractorFactory
from extraction.parse_store import ParseCache
from extraction.passages import write_passages
from extraction.sdk_strategies import SpacyExtraction
from extraction.span_vectors import KnownVectors, chunk_vectors, embed_passages, span_vectors
from extraction.term_store import missing_terms, model_tag, write_terms
from extraction.version_commit import commit_version
from extraction.writer_lease import WriterLease

log = logging.getLogger("zehn.ingest")

CHUNK_CHARS = 600  # about 128 word pieces of technical English: what the embedding model reads in full
EXTRACTOR = "zehn-spacy"


class _PauseAfterChunks(ExtractionStrategy):
    """The SDK calls the extractor right after it wrote the document's chunks: the test hook's first stop."""

    def __init__(self, inner: SpacyExtraction, reached: Callable[[], None]) -> None:
        self.inner, self.reached = inner, reached

    async def extract(self, chunks: TextChunks, ontology: Ontology, ctx: Context) -> GraphData:
        self.reached()
        return await self.inner.extract(chunks, ontology, ctx)


@dataclass(frozen=True)
class DocumentIngest:
    """What every document's step 5 shares within one ingest: the graph, the models and the test hook."""

    graph: Graph
    nlp: Language
    embedder: LocalEmbedder
    extractors: ExtractorFactory
    parse_cache: ParseCache
    extractor_version: str
    pause: Pause | None = None
    # The SDK writes chunks, entities, mentions and its config node with MERGE, and FalkorDB does not make a MERGE
    # atomic against another one in flight: two documents' SDK writes at once can create the same node twice (two
    # "__GraphRAGConfig__" singletons, two nodes of an entity both name). One document's SDK pass at a time; the other
    # document's model pass still overlaps it.
    sdk_writes: asyncio.Lock = field(default_factory=asyncio.Lock, compare=False)

    def _reached(self, step: str, doc: SourceDocument) -> None:
        if self.pause is not None:
            self.pause(step, doc.id)

    async def run(self, rag: GraphRAG, known: KnownVectors, doc: SourceDocument, state: StoredState,
                  report: IngestReport, lease: WriterLease) -> None:
        """Ingest ``doc`` (stored as ``state``) and add what it wrote to ``report``; a failure it can undo is rolled
        back and reported there, a graph that stops answering is raised."""
        extractor = self.extractors(doc, self.nlp)
        try:
            if state in ("changed", "deleted"):
                version_store.archive(self.graph, doc.id)
                report.versions += 1
            document_state.begin(self.graph, doc)
            embedded, tokens = await asyncio.to_thread(embed_passages, doc, self.embedder)  # the one model pass
            chunks = chunk_document(doc, CHUNK_CHARS)
            vectors, tokens = await asyncio.to_thread(chunk_vectors, tokens, [(c.start, c.end, c.text) for c in chunks],
                                                      self.embedder)  # and a pass per chunk the passages left unread
            async with self.sdk_writes:
                with known.known(vectors):
                    result = await rag.ingest(
                        text=doc.text, document_id=doc.id, chunker=ExactSliceChunking(doc, CHUNK_CHARS, chunks),
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
            # Its sentences' verbs' and adjectives' vectors for question time's synonym checks (those not stored):
            # embedded in a thread, written here, so two documents never MERGE the same word at once.
            terms = await asyncio.to_thread(missing_terms, self.graph, self.embedder, parses.values())
            write_terms(self.graph, model_tag(self.embedder), terms)
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
