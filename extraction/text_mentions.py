"""Entity mentions in text that is not (or not yet) in the graph, read exactly as the ingest reads a document.

A change review reads a pasted PR description, design note or ticket with the same chunker, the same spaCy pass and
the same mention rules (``find_mentions``, front-matter values through ``relations_from_metadata``) as the
ingest's extraction strategy, so a name is found in a review exactly when it would be found in a document.
"""

from __future__ import annotations

from spacy.language import Language

from extraction.chunker import chunk_document
from extraction.documents import SourceDocument, sha256_hex
from extraction.entities import find_mentions
from extraction.extraction_types import Mention
from extraction.frontmatter import parse_front_matter
from extraction.metadata import relations_from_metadata, type_hints
from extraction.pipeline import CHUNK_CHARS  # the ingest's chunk size, so sentences split the same way


def pasted_document(text: str, title: str = "pasted text", doc_id: str = "pasted") -> SourceDocument:
    """``text`` as a document: its front matter (if it has one) read like a file's."""
    front = parse_front_matter(text, "<pasted>")
    data = front.data if front is not None else {}
    values = {k: v for k, v in data.items() if isinstance(v, str)}
    return SourceDocument(
        id=doc_id, title=values.get("title") or title, source_type=values.get("source_type") or "text", text=text,
        body_start=front.body_start if front is not None else 0, path="<pasted>", original_path=None, authors=(),
        participants=(), created=values.get("created"), updated=values.get("updated"),
        metadata_lines=front.lines if front is not None else (), content_hash=sha256_hex(text),
    )


def document_mentions(document: SourceDocument, nlp: Language) -> list[Mention]:
    """Every mention in ``document`` (body sentences and front-matter values), in text order, each once."""
    body = [c for c in chunk_document(document, CHUNK_CHARS) if c.kind == "body"]
    hints = type_hints(document)
    found: list[Mention] = []
    for chunk, doc in zip(body, nlp.pipe([c.text for c in body]), strict=True):
        found.extend(find_mentions(doc, chunk.start, hints))
    if document.metadata_lines:
        found.extend(relations_from_metadata(document)[0])
    unique = {(m.start, m.end, m.name, m.type): m for m in found}
    return sorted(unique.values(), key=lambda m: (m.start, m.end))
