"""The parse store: each Evidence row keeps the spaCy parse of its own text, made at ingest, so answering a question
rebuilds the sentences it reads instead of running the pipeline over them again.

- What is stored is the parse of the sentence's text *alone*, the same call question time made before
  (``nlp.pipe`` over the sentence texts): not the slice of its chunk's parse, which differs (tags, heads, entities
  near the edges) for about half of all sentences and would change answers.
- Where: a string property ``parse`` on the Evidence node (a ``DocBin``, zlib-compressed by spaCy, base64 for a
  FalkorDB string). It lives and dies with its row (re-ingest, archive, purge need nothing new), any server a
  reader reaches has it (an external ``FALKORDB_URL`` shares no data dir with the ingesting process), and one
  parameterised read by evidence id fetches a turn's parses. Cost: ~1 kB per sentence of graph memory.
- A stored parse is used only when the reader's pipeline made it (the row's ``extractor_version``) and its text is
  the row's text; anything else (a row written before the store, another model) is parsed again, as before.
  ``RULES_VERSION`` changed with the store, so documents of older graphs are re-read on the next ingest.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import redis
from spacy.language import Language
from spacy.tokens import Doc, DocBin
from spacy.vocab import Vocab

from extraction.access import scoped
from extraction.errors import GraphUnavailable
from extraction.schema import ready_document

PARSE_BATCH = 64


class ParsesUnavailable(GraphUnavailable):
    """The graph failed while a reader fetched stored parses."""


READ_PARSES = f"""
UNWIND $ids AS eid
MATCH (e:Evidence {{id: eid}}) WHERE e.parse IS NOT NULL AND e.extractor_version STARTS WITH $parser
MATCH (d:Document {{id: e.document_id}}) WHERE {ready_document('d')}
RETURN e.id, e.text, e.parse
"""


def encode(doc: Doc) -> str:
    """One parse as a FalkorDB string (every attribute spaCy's ``DocBin`` keeps: tokens and spaces, norms, tags,
    POS, morphology, lemmas, heads and labels, sentence starts, entities)."""
    return base64.b64encode(DocBin(docs=[doc]).to_bytes()).decode("ascii")


def decode(data: str, vocab: Vocab) -> Doc:
    """The parse ``encode`` stored, rebuilt over ``vocab`` (the reader's pipeline's, so strings are shared)."""
    return next(iter(DocBin().from_bytes(base64.b64decode(data)).get_docs(vocab)))


def parse_texts(nlp: Language, texts: Iterable[str]) -> dict[str, str]:
    """Encoded parses of ``texts`` by text: each distinct text parsed once, alone, in one batched pass."""
    distinct = list(dict.fromkeys(texts))
    return {text: encode(doc) for text, doc in zip(distinct, nlp.pipe(distinct, batch_size=PARSE_BATCH),
                                                   strict=True)}


def read_parses(graph: Any, sentences: Mapping[str, str], vocab: Vocab, parser: str) -> dict[str, Doc]:
    """Stored parses of the evidence rows ``sentences`` (id -> the text the caller holds), by id, read as the
    handle's scope and rebuilt over ``vocab`` (the reader pipeline's). Only parses made by ``parser`` (the
    reader's :func:`~extraction.nlp.extractor_version`: spaCy, model and rules versions, which the row's own
    ``extractor_version`` starts with) of the caller's text are returned; the caller parses the rest.
    A graph that fails raises :class:`ParsesUnavailable`, never an empty result."""
    if not sentences:
        return {}
    params = {"ids": list(sentences), "parser": parser}
    try:
        rows: Sequence[list[Any]] = scoped(graph).ro_query(READ_PARSES, params).result_set
    except (redis.RedisError, OSError) as exc:
        raise ParsesUnavailable(f"graph unavailable while reading stored parses: {exc}") from exc
    out: dict[str, Doc] = {}
    for ev_id, text, data in rows:
        if sentences.get(ev_id) != text:
            continue
        doc = decode(data, vocab)
        if doc.text == text:
            out[ev_id] = doc
    return out
