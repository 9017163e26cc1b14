"""The parse store: each Evidence row keeps the spaCy parse of its own text, made at ingest, so answering a question
rebuilds the sentences it reads instead of running the pipeline over them again.

- What is stored is the parse of the sentence's text *alone*, the same call question time made before
  (``nlp.pipe`` over the sentence texts), but for its entities (below): not the slice of its chunk's parse, which
  differs (tags, heads, entities near the edges) for about half of all sentences and would change answers.
- Where: a string property ``parse`` on the Evidence node (the token attributes ``DocBin`` keeps, strings as
  indexes into the parse's own string table, :func:`encode`; zlib-compressed, base64 for a FalkorDB string). It
  lives and dies with its row (re-ingest, archive, purge need nothing new), any server a reader reaches has it (an
  external ``FALKORDB_URL`` shares no data dir with the ingesting process), and one parameterised read by evidence
  id fetches a turn's parses. Cost: ~0.6 kB per sentence of graph memory (Redwood sentences: 594 characters on
  average; 983 with spaCy's 8-byte hashes stored as they are).
- Ingest cost (one more spaCy pass over the evidence texts): each distinct text is parsed once, whatever the number
  of documents that hold it (:class:`ParseCache`: one per ``Ingestor``, so across its ingests, the last
  :data:`CACHE_SIZE` texts), in batches of :data:`PARSE_BATCH`. Both leave the
  stored parses as they were: spaCy's parse of a text does not depend on the batch it is parsed in.
- The entity recogniser (its own tok2vec: about half of the pipeline's CPU) is not run again for a sentence inside
  one body chunk: it keeps the entities its chunk's parse found inside it (:class:`ChunkEntities`); every other
  attribute is the standalone parse's. Measured on 40 Redwood documents: 80% of evidence texts take their chunk's
  entities, the store's parse pass costs 34% less CPU, and 4.7% of texts get other entities than a standalone
  recogniser gives them (entities at a sentence's edges read their neighbours as context); nothing else differs.
- A stored parse is used only when the reader's pipeline made it (the row's ``extractor_version``) and its text is
  the row's text; anything else (a row written before the store, another model) is parsed again, as before.
  ``RULES_VERSION`` changed with the store, so documents of older graphs are re-read on the next ingest.
"""

from __future__ import annotations

import base64
import json
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import numpy
import redis
from spacy.attrs import ENT_IOB, HEAD, ORTH, SENT_START, SPACY
from spacy.language import Language
from spacy.tokens import Doc, DocBin
from spacy.vocab import Vocab

from extraction.access import scoped
from extraction.errors import GraphUnavailable
from extraction.schema import ready_document

# spaCy's batch: 256 short texts cost ~8% less CPU than 64 (measured on Redwood evidence sentences), same parses.
PARSE_BATCH = 256
# Texts whose parses one Ingestor keeps (~0.6 kB each, ~20 MB when full): labelled lines and template sentences
# recur across documents.
CACHE_SIZE = 32768
# What spaCy itself keeps of a parse (DocBin's attributes), string-valued ones first (each a string's id: a hash,
# or a symbol's number for POS, common tags and labels), then the small integers (a head's offset, the entity IOB
# code, the sentence-start flag).
_SMALL: list[int | str] = [int(a) for a in (HEAD, ENT_IOB, SENT_START)]
_STRINGS: list[int | str] = [int(a) for a in cast(Any, DocBin().attrs) if int(a) not in _SMALL]
_ATTRS = _STRINGS + _SMALL
_ORTH = _ATTRS.index(ORTH)
_HEADER = struct.Struct("<IIBB")  # tokens, length of the strings' JSON, bytes per index and per small value
NER = "ner"
# A text's entities: (start, end, label), character offsets into the text.
Entities = tuple[tuple[int, int, str], ...]
_UNSIGNED = {2: numpy.uint16, 4: numpy.uint32}
_SIGNED = {2: numpy.int16, 4: numpy.int32}


class ParsesUnavailable(GraphUnavailable):
    """The graph failed while a reader fetched stored parses."""


# ``WITH e`` keeps the document lookup on its id index per row: two MATCHes joined on a property plan as a label
# scan of every Document and a hash join (tests/traversal_policy/test_query_plans.py).
READ_PARSES = f"""
UNWIND $ids AS eid
MATCH (e:Evidence {{id: eid}}) WHERE e.parse IS NOT NULL AND e.extractor_version STARTS WITH $parser
WITH e
MATCH (d:Document {{id: e.document_id}}) WHERE {ready_document('d')}
RETURN e.id, e.text, e.parse
"""


def encode(doc: Doc) -> str:
    """One parse as a FalkorDB string: the token attributes spaCy's ``DocBin`` keeps (tokens, norms, lemmas, POS,
    tags, heads and labels, sentence starts, entities, morphology) and the spaces, zlib-compressed, base64.

    Compact: every string-valued attribute is an index into the parse's own table of distinct strings (not
    spaCy's 8-byte hashes, which do not compress), the head a signed offset, with the entity and sentence flags,
    two bytes each (four for a text too long for two), column by column."""
    n, k = len(doc), len(_STRINGS)
    array = numpy.asarray(doc.to_array(_ATTRS), dtype=numpy.uint64).reshape(n, len(_ATTRS)).T
    distinct, index = numpy.unique(array[:k], return_inverse=True)
    strings = json.dumps([doc.vocab.strings[int(v)] for v in distinct]).encode()
    # Two bytes a value unless a (very long) text needs four.
    index_type = numpy.uint32 if len(distinct) > 0xFFFF else numpy.uint16
    small_type = numpy.int32 if n >= 0x7FFF else numpy.int16
    columns = (index.reshape(k, n).astype(index_type), array[k:].astype(numpy.int64).astype(small_type))
    header = _HEADER.pack(n, len(strings), *(column.itemsize for column in columns))
    raw = b"".join((header, strings, numpy.asarray(doc.to_array(SPACY), numpy.uint8).tobytes(),
                    *(column.tobytes() for column in columns)))
    return base64.b64encode(zlib.compress(raw)).decode("ascii")


def decode(data: str, vocab: Vocab) -> Doc:
    """The parse ``encode`` stored, rebuilt over ``vocab`` (the reader's pipeline's, so strings are shared) the way
    ``DocBin.get_docs`` rebuilds one (its ``from_bytes`` costs ~4x more: msgpack hooks looked up per call)."""
    raw = zlib.decompress(base64.b64decode(data))
    n, size, index_bytes, small_bytes = _HEADER.unpack_from(raw)
    k = len(_STRINGS)
    at = _HEADER.size
    add = vocab.strings.add
    ids = numpy.array([add(s) for s in json.loads(raw[at : at + size])], dtype=numpy.uint64)
    at += size
    spaces = numpy.frombuffer(raw, dtype=numpy.uint8, count=n, offset=at).astype(bool).tolist()
    at += n
    index = numpy.frombuffer(raw, dtype=_UNSIGNED[index_bytes], count=n * k, offset=at).reshape(k, n)
    small = numpy.frombuffer(raw, dtype=_SIGNED[small_bytes], count=n * len(_SMALL), offset=at + index.nbytes)
    array = numpy.empty((len(_ATTRS), n), dtype=numpy.uint64)
    if n:
        array[:k] = ids[index]
    array[k:] = small.reshape(len(_SMALL), n).astype(numpy.int64).view(numpy.uint64)  # two's complement, as spaCy
    rows = numpy.ascontiguousarray(array.T)
    words: Any = rows[:, _ORTH]  # orth ids, as DocBin.get_docs passes them (spaCy's stub says str)
    doc = Doc(vocab, words=words, spaces=spaces)
    return doc.from_array(_ATTRS, cast(Any, rows))


def parse_texts(nlp: Language, texts: Iterable[str], entities: Mapping[str, Entities] | None = None,
                ) -> dict[str, str]:
    """Encoded parses of ``texts`` by text: each distinct text parsed once, alone, in one batched pass.

    ``entities``: for some texts, the entities their extraction parse found inside them (:class:`ChunkEntities`);
    those texts skip the recogniser (about half of the pipeline's CPU) and keep these. The rest get the recogniser's
    own, in one more batched pass over the same docs: spaCy's NER runs last and reads only the tokens, so that is the
    parse one whole pipeline call gives."""
    distinct = list(dict.fromkeys(texts))
    given = entities or {}
    skip = [name for name in (NER,) if name in nlp.pipe_names]
    docs = list(nlp.pipe(distinct, batch_size=PARSE_BATCH, disable=skip))
    unset = [doc for text, doc in zip(distinct, docs, strict=True) if not _set_entities(doc, given.get(text))]
    if skip and unset:
        recogniser: Any = nlp.get_pipe(NER)
        for _ in recogniser.pipe(unset, batch_size=PARSE_BATCH):  # annotates each doc in place
            pass
    return {text: encode(doc) for text, doc in zip(distinct, docs, strict=True)}


def _set_entities(doc: Doc, entities: Entities | None) -> bool:
    """Give ``doc`` these entities (every other token outside one, as the recogniser leaves it); False, leaving it
    untouched, when there are none to give or one does not fall on its token boundaries."""
    if entities is None:
        return False
    spans = [doc.char_span(start, end, label=label) for start, end, label in entities]
    if any(span is None for span in spans):
        return False
    doc.ents = [span for span in spans if span is not None]
    return True


class ChunkEntities:
    """The entities the extraction parse found, by document offsets, and the ranges it parsed (one per body chunk):
    a sentence inside one chunk gets the entities inside it, read off its chunk's parse instead of a second run of
    the recogniser. A sentence in no parsed chunk, or cut through by an entity, gets None (the recogniser runs)."""

    def __init__(self) -> None:
        self._chunks: list[tuple[int, int, list[tuple[int, int, str]]]] = []

    def add(self, offset: int, doc: Doc) -> None:
        """The parse of the chunk starting at document offset ``offset``."""
        found = [(offset + e.start_char, offset + e.end_char, e.label_) for e in doc.ents]
        self._chunks.append((offset, offset + len(doc.text), found))

    def within(self, start: int, end: int) -> Entities | None:
        """The entities inside document range ``[start, end)``, relative to ``start``; None as the class says."""
        for chunk_start, chunk_end, found in self._chunks:
            if chunk_start <= start and end <= chunk_end:
                if any(a < end and b > start and not (start <= a and b <= end) for a, b, _ in found):
                    return None
                return tuple((a - start, b - start, label) for a, b, label in found if start <= a and b <= end)
        return None


class ParseCache:
    """:func:`parse_texts` over one pipeline, remembering the last ``size`` texts' parses: a text that an earlier
    document of the ingest held (a labelled line, a sentence of a shared template) is not parsed again. The parse
    is a function of the text and the entities given with it (the pipeline is fixed), so a remembered parse is the
    one a new pass would give. Two documents in flight share it (the ingest runs each parse pass in a thread of its
    own)."""

    def __init__(self, nlp: Language, size: int = CACHE_SIZE) -> None:
        self.nlp, self.size = nlp, size
        self._known: OrderedDict[tuple[str, Entities | None], str] = OrderedDict()
        self._lock = threading.Lock()
        self.parsed = 0  # texts this cache handed to spaCy
        self.reused = 0  # texts it answered from memory

    def parses(self, texts: Iterable[str], entities: Mapping[str, Entities] | None = None) -> dict[str, str]:
        """Encoded parses of ``texts`` by text (each distinct text once, in first-seen order); ``entities`` as
        :func:`parse_texts` takes them."""
        given = entities or {}
        keys = {text: (text, given.get(text)) for text in dict.fromkeys(texts)}
        with self._lock:
            known = {text: self._known[key] for text, key in keys.items() if key in self._known}
            for text in known:
                self._known.move_to_end(keys[text])
        missing = [text for text in keys if text not in known]
        fresh = parse_texts(self.nlp, missing, given) if missing else {}
        with self._lock:
            self.parsed += len(missing)
            self.reused += len(known)
            self._known.update((keys[text], parse) for text, parse in fresh.items())
            while len(self._known) > self.size:
                self._known.popitem(last=False)
        return {text: known[text] if text in known else fresh[text] for text in keys}


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
