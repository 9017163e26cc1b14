"""What the extractor emits (the contract in docs/architecture.md, "Extraction output").

Every offset is a character offset into the document's full text, so `text[start:end]` is the exact source.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mention:
    """One occurrence of an entity: `name` is canonical, `text[start:end]` is what the document says."""

    name: str
    type: str
    start: int
    end: int


@dataclass(frozen=True)
class RelationCandidate:
    """A relation read from one sentence (kind="sentence") or one front-matter line (kind="metadata")."""

    subject: Mention
    object: Mention
    rel_type: str
    raw_verb: str
    predicate_start: int
    predicate_end: int
    sentence_start: int
    sentence_end: int
    kind: str
    negated: bool
    hedged: bool
    planned: bool
    # "text": both ends are named in the evidence; "document_subject": one end is what the document or its section
    # is about ("it", "the service", a bare "- Owner: X" line), bound by reading. Such an edge grades inferred at best.
    via: str = "text"


@dataclass(frozen=True)
class ChunkExtraction:
    """Everything read from one chunk (or from the metadata lines, with the metadata chunk's id)."""

    chunk_id: str
    mentions: tuple[Mention, ...]
    relations: tuple[RelationCandidate, ...]
    # Every citable range of the chunk (sentences, or metadata lines), document offsets: each becomes an
    # Evidence row even when no relation was read from it, so a plain statement can still be quoted and cited.
    passages: tuple[tuple[int, int], ...] = ()
    passage_kind: str = "sentence"  # "metadata" for front-matter lines
