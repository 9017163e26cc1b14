"""graphrag-sdk plug-ins for a deterministic, offline ingest: a spaCy extractor and an LLM that refuses to run.

The extractor hands the SDK entities and mentions (it writes those well) and keeps the relations with their
evidence for the evidence writer, because the SDK's RELATES upsert keeps one edge per pair and overwrites evidence.
"""

from __future__ import annotations

import asyncio
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

from extraction.documents import SourceDocument
from extraction.entities import find_mentions
from extraction.errors import ModelUnavailable
from extraction.evidence import DocumentEvidence, collect
from extraction.extraction_types import ChunkExtraction
from extraction.metadata import relations_from_metadata, type_hints
from extraction.relations import find_relations, sentence_range
from extraction.vocabulary import ENTITY_TYPES


def zehn_ontology() -> Ontology:
    """Our entity types, so the SDK's ontology pruning keeps every node we extract."""
    return Ontology(entities=[Entity(label=label) for label in sorted(ENTITY_TYPES)])


class NoLLM(LLMInterface):
    """Ingestion is deterministic: any attempt by the SDK to call a model is a bug and fails loudly."""

    def __init__(self) -> None:
        super().__init__(model_name="none")

    def invoke(self, prompt: str, **kwargs: Any) -> LLMResponse:
        raise ModelUnavailable("ZEHN ingests without a language model; the SDK tried to call one")


class SpacyExtraction(ExtractionStrategy):
    """Reads entities and relations from one document's chunks with spaCy (one parse per body chunk)."""

    def __init__(self, document: SourceDocument, nlp: Language) -> None:
        self.document = document
        self.nlp = nlp
        self.evidence: DocumentEvidence | None = None

    def _extract_sync(self, chunks: TextChunks) -> DocumentEvidence:
        body = [c for c in chunks.chunks if c.metadata.get("kind") == "body"]
        hints = type_hints(self.document)  # e.g. the ticket's customer_company names a Customer in the body
        extractions: list[ChunkExtraction] = []
        for chunk, doc in zip(body, self.nlp.pipe([c.text for c in body]), strict=True):
            offset = int(chunk.metadata["start"])
            mentions = find_mentions(doc, offset, hints)
            relations = find_relations(doc, offset, mentions)
            ranges = (sentence_range(sent) for sent in doc.sents)
            passages = tuple((offset + s, offset + e) for s, e in ranges if e > s)
            extractions.append(ChunkExtraction(chunk.uid, tuple(mentions), tuple(relations), passages))
        meta_chunk = next((c for c in chunks.chunks if c.metadata.get("kind") == "metadata"), None)
        if meta_chunk is not None:
            mentions, relations = relations_from_metadata(self.document)
            lines = tuple((line.start, line.end) for line in self.document.metadata_lines if line.values)
            extractions.append(ChunkExtraction(meta_chunk.uid, tuple(mentions), tuple(relations), lines, "metadata"))
        return collect(self.document, extractions)

    async def extract(self, chunks: TextChunks, ontology: Ontology, ctx: Context) -> GraphData:
        found = await asyncio.to_thread(self._extract_sync, chunks)
        self.evidence = found
        nodes = [
            GraphNode(id=row.id, label=row.type, properties={"name": row.name, "name_key": row.name_key,
                                                             "type": row.type})
            for row in found.entities.values()
        ]
        mentions = [EntityMention(chunk_id=chunk, entity_id=entity) for chunk, entity in sorted(found.mentions)]
        ctx.log(f"SpacyExtraction: {len(nodes)} entities, {len(found.evidence)} evidence rows")
        return GraphData(nodes=nodes, mentions=mentions)
