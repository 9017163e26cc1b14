"""Model-mode extraction: graphrag-sdk's `GraphExtraction` asks a model for relations, under a quote-first contract.

The deterministic reading runs as always (entities, evidence rows, rule relations); the model adds relations the
rules missed. Step 1 of the SDK's extractor is our own spaCy mention finder (no model download); step 2 is the
model, asked for relations typed from our vocabulary, each with a ``quote`` attribute. A model relation is kept
only when, in this order:

1. its type is one of `REL_TYPES`, spelled exactly (else ``unknown_type``);
2. its quote is a verbatim substring of one of the chunks it came from (else ``bad_quote``);
3. both entity names occur in the chunk (else ``invented_entity``) and inside the quote (else
   ``entity_outside_quote``);
4. both ends have a type of our vocabulary that the relation allows (``vocabulary.normalise``; else
   ``type_constraint``).

The evidence is the quote's exact range; flags (negated, hedged, planned) are read from the quote's words. Calls
that time out, fail or answer with something that is not JSON are counted too (``timeout``, ``unavailable``,
``malformed_json``). ``ModelExtraction.rejected`` holds every count; nothing rejected reaches the graph.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import Counter
from typing import Protocol

from graphrag_sdk import Context, GraphData, Ontology, TextChunks
from graphrag_sdk.core.models import Attribute, Entity, ExtractedEntity, ExtractedRelation, Relation
from graphrag_sdk.ingestion.extraction_strategies.entity_extractors import EntityExtractor
from graphrag_sdk.ingestion.extraction_strategies.graph_extraction import GraphExtraction
from spacy.language import Language

from extraction.documents import SourceDocument
from extraction.entities import find_mentions
from extraction.evidence import collect
from extraction.extraction_types import ChunkExtraction, Mention, RelationCandidate
from extraction.model_llm import ModelConfig, OpenAIChatModel
from extraction.sdk_strategies import SpacyExtraction, graph_data
from extraction.vocabulary import ENTITY_TYPES, HEDGE_WORDS, NEGATION_WORDS, PLAN_WORDS, REL_TYPES, normalise

log = logging.getLogger("zehn.ingest")
QUOTE = Attribute(name="quote", type="STRING",
                  description="the exact words of the text that state this relationship, copied character for "
                              "character (no paraphrase, no ellipsis)")


def model_ontology() -> Ontology:
    return Ontology(entities=[Entity(label=t) for t in ENTITY_TYPES],
                    relations=[Relation(label=r, properties=[QUOTE]) for r in REL_TYPES])


class SpacyEntities(EntityExtractor):
    """Step 1 of the SDK's extractor: our own mention finder, so nothing is downloaded and types match ours."""

    def __init__(self, nlp: Language) -> None:
        self.nlp = nlp

    async def extract_entities(self, text: str, entity_types: list[str], source_chunk_id: str
                               ) -> list[ExtractedEntity]:
        return [ExtractedEntity(name=m.name, type=m.type, source_chunk_ids=[source_chunk_id])
                for m in find_mentions(self.nlp(text), 0)]


def _find(haystack: str, needle: str) -> int:
    return haystack.casefold().find(needle.casefold()) if needle.strip() else -1


class ModelExtraction(SpacyExtraction):
    """The deterministic reading plus model relations that keep the quote-first contract."""

    def __init__(self, document: SourceDocument, nlp: Language, model: OpenAIChatModel) -> None:
        super().__init__(document, nlp)
        self.model = model
        self.rejected: Counter[str] = Counter()
        self.accepted = 0

    def _candidate(self, rel: ExtractedRelation, chunks: dict[str, tuple[int, str]],
                   types: dict[str, str]) -> tuple[str, RelationCandidate] | None:
        if rel.type not in REL_TYPES:
            self.rejected["unknown_type"] += 1
            return None
        quote = str(rel.attributes.get("quote") or "")
        homes = [cid for cid in rel.source_chunk_ids if cid in chunks and quote and quote in chunks[cid][1]]
        if not homes:
            self.rejected["bad_quote"] += 1
            return None
        start, text = chunks[homes[0]]
        at = text.find(quote)
        ends: list[Mention] = []
        for name in (rel.source, rel.target):
            if _find(text, name) < 0:
                self.rejected["invented_entity"] += 1
                return None
            inside = _find(quote, name)
            if inside < 0:
                self.rejected["entity_outside_quote"] += 1
                return None
            s = start + at + inside
            ends.append(Mention(" ".join(quote[inside : inside + len(name)].split()), types.get(name.casefold(), ""),
                                s, s + len(name)))
        rel_type = normalise(rel.type, ends[0].type, ends[1].type)
        if rel_type is None:
            self.rejected["type_constraint"] += 1
            return None
        words = set(re.findall(r"[a-z']+", quote.casefold()))
        return homes[0], RelationCandidate(
            subject=ends[0], object=ends[1], rel_type=rel_type, raw_verb="model", predicate_start=start + at,
            predicate_end=start + at + len(quote), sentence_start=start + at, sentence_end=start + at + len(quote),
            kind="sentence", negated=bool(words & NEGATION_WORDS), hedged=bool(words & HEDGE_WORDS),
            planned=bool(words & PLAN_WORDS))

    async def extract(self, chunks: TextChunks, ontology: Ontology, ctx: Context) -> GraphData:
        deterministic = await asyncio.to_thread(self.extractions, chunks)
        body = TextChunks(chunks=[c for c in chunks.chunks if c.metadata.get("kind") == "body"])
        extra: list[ChunkExtraction] = []
        if body.chunks:
            before = Counter(self.model.calls)
            graph = await GraphExtraction(self.model, entity_extractor=SpacyEntities(self.nlp)).extract(
                body, model_ontology(), ctx)
            self.rejected.update({k: n for k, n in (self.model.calls - before).items() if k != "answered"})
            texts = {c.uid: (int(c.metadata["start"]), c.text) for c in body.chunks}
            types = {m.name.casefold(): m.type for x in deterministic for m in x.mentions}
            for entity in graph.extracted_entities or []:
                if entity.type in ENTITY_TYPES:
                    types.setdefault(entity.name.casefold(), entity.type)
            for rel in graph.extracted_relations or []:
                kept = self._candidate(rel, texts, types)
                if kept is not None:
                    uid, candidate = kept
                    extra.append(ChunkExtraction(uid, (candidate.subject, candidate.object), (candidate,)))
                    self.accepted += 1
        self.evidence = collect(self.document, deterministic + extra)
        log.info("model extraction of %s: %d relations kept, rejected %s", self.document.path, self.accepted,
                 dict(self.rejected))
        return graph_data(self.evidence)


class ExtractorFactory(Protocol):
    """Makes the extraction strategy for one document; ``version`` is appended to the extractor version, so a
    graph read in another mode is read again."""

    version: str

    def __call__(self, document: SourceDocument, nlp: Language) -> SpacyExtraction: ...


class Deterministic:
    """The default: spaCy and rules, no model."""

    version = ""

    def __call__(self, document: SourceDocument, nlp: Language) -> SpacyExtraction:
        return SpacyExtraction(document, nlp)


class WithModel:
    """Model mode: the deterministic reading plus quote-checked model relations (one model client for the run)."""

    def __init__(self, config: ModelConfig) -> None:
        self.model = OpenAIChatModel(config)
        self.version = f"+model-{config.model}"

    def __call__(self, document: SourceDocument, nlp: Language) -> SpacyExtraction:
        return ModelExtraction(document, nlp, self.model)
