"""graphrag-sdk plug-ins for a deterministic, offline ingest: a spaCy extractor and an LLM that refuses to run.

The extractor hands the SDK entities and mentions (it writes those well) and keeps the relations with their
evidence for the evidence writer, because the SDK's RELATES upsert keeps one edge per pair and overwrites evidence.
"""

from __future__ import annotations

import asyncio
import logging
from bisect import bisect_right
from typing import Any

from graphrag_sdk import (
    Context,
    Entity,
    GraphData,
    GraphNode,
    LLMInterface,
    Ontology,
    TextChunks,
)
from graphrag_sdk.core.models import EntityMention, LLMResponse
from graphrag_sdk.ingestion.extraction_strategies.base import ExtractionStrategy
from spacy.language import Language

from extraction.doc_context import build_context
from extraction.documents import SourceDocument
from extraction.entities import find_mentions
from extraction.errors import ModelUnavailable
from extraction.evidence import DocumentEvidence, collect
from extraction.extraction_types import ChunkExtraction, Mention, RelationCandidate
from extraction.line_breaks import escaped_breaks
from extraction.lines import find_line_relations
from extraction.metadata import relations_from_metadata
from extraction.parse_store import shared_cache
from extraction.relations import find_relations, sentence_range
from extraction.sentence_parses import chunk_parses
from extraction.vocabulary import ENTITY_TYPES


def zehn_ontology() -> Ontology:
    """Our entity types, so the SDK's ontology pruning keeps every node we extract."""
    return Ontology(entities=[Entity(label=label) for label in sorted(ENTITY_TYPES)])


class _AlreadyIndexed(logging.Filter):
    """graphrag-sdk re-creates its indexes after every document and logs FalkorDB's "already indexed" answer as an
    ERROR; we create them first (step 3): expected noise. Every other message passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "already indexed" not in record.getMessage()


def quiet_expected_sdk_errors() -> None:
    sdk_log = logging.getLogger("graphrag_sdk.core.connection")
    if not any(isinstance(f, _AlreadyIndexed) for f in sdk_log.filters):
        sdk_log.addFilter(_AlreadyIndexed())


class NoLLM(LLMInterface):
    """Ingestion is deterministic: any attempt by the SDK to call a model is a bug and fails loudly."""

    def __init__(self) -> None:
        super().__init__(model_name="none")

    def invoke(self, prompt: str, **kwargs: Any) -> LLMResponse:
        raise ModelUnavailable("ZEHN ingests without a language model; the SDK tried to call one")


class SpacyExtraction(ExtractionStrategy):
    """Reads entities and relations from one document's chunks with spaCy: each body chunk read as its sentences'
    standalone parses (extraction/sentence_parses.py), the parses the parse store then keeps."""

    def __init__(self, document: SourceDocument, nlp: Language) -> None:
        self.document = document
        self.nlp = nlp
        self.evidence: DocumentEvidence | None = None

    def _extract_sync(self, chunks: TextChunks) -> DocumentEvidence:
        return collect(self.document, self.extractions(chunks))

    def extractions(self, chunks: TextChunks) -> list[ChunkExtraction]:
        """What the deterministic reader finds in each chunk (and in the front matter), before evidence rows."""
        body = [c for c in chunks.chunks if c.metadata.get("kind") == "body"]
        # The document's subject, sections, label scopes, tables and people, read once (title and headings parsed).
        ctx = build_context(self.document, self.nlp)
        per_chunk: list[tuple[str, int, list[Mention], list[RelationCandidate], tuple[tuple[int, int], ...]]] = []
        text = self.document.text  # a chunk holds part of a line: whether "\\n" ends lines is the document's call
        breaks = [[(a - c.metadata["start"], b - c.metadata["start"])
                   for a, b in escaped_breaks(text, c.metadata["start"], c.metadata["end"])] for c in body]
        for chunk, doc in zip(body, chunk_parses(shared_cache(self.nlp), [c.text for c in body], breaks), strict=True):
            offset = int(chunk.metadata["start"])
            mentions = find_mentions(doc, offset, ctx.hints, ctx.people)
            ranges = [sentence_range(sent) for sent in doc.sents]
            passages = tuple((offset + s, offset + e) for s, e in ranges if e > s)
            per_chunk.append((chunk.uid, offset, mentions, find_relations(doc, offset, mentions, ctx), passages))
        # Lines are read over the whole body: a chunk boundary may fall inside a long line ("Label:" | value).
        every_mention = [m for _, _, mentions, _, _ in per_chunk for m in mentions]
        every_passage = [p for *_, passages in per_chunk for p in passages]
        starts = [offset for _, offset, *_ in per_chunk]
        for rel in find_line_relations(self.document.body_start, len(self.document.text), every_mention, ctx,
                                       every_passage):
            at = max(bisect_right(starts, rel.sentence_start) - 1, 0)
            per_chunk[at][3].append(rel)
        extractions = [ChunkExtraction(uid, tuple(mentions), tuple(relations), passages)
                       for uid, _, mentions, relations, passages in per_chunk]
        meta_chunk = next((c for c in chunks.chunks if c.metadata.get("kind") == "metadata"), None)
        if meta_chunk is not None:
            mentions, relations = relations_from_metadata(self.document)
            lines = tuple((line.start, line.end) for line in self.document.metadata_lines if line.values)
            extractions.append(ChunkExtraction(meta_chunk.uid, tuple(mentions), tuple(relations), lines, "metadata"))
        return extractions

    async def extract(self, chunks: TextChunks, ontology: Ontology, ctx: Context) -> GraphData:
        found = await asyncio.to_thread(self._extract_sync, chunks)
        self.evidence = found
        ctx.log(f"SpacyExtraction: {len(found.entities)} entities, {len(found.evidence)} evidence rows")
        return graph_data(found)


def graph_data(found: DocumentEvidence) -> GraphData:
    """The entities and their mentions, as the SDK writes them (relations go through the evidence writer)."""
    nodes = [
        GraphNode(id=row.id, label=row.type, properties={"name": row.name, "name_key": row.name_key,
                                                         "type": row.type})
        for row in found.entities.values()
    ]
    mentions = [EntityMention(chunk_id=chunk, entity_id=entity) for chunk, entity in sorted(found.mentions)]
    return GraphData(nodes=nodes, mentions=mentions)
