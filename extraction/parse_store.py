"""The parse store: each Evidence row keeps the spaCy parse of its own text, made at ingest, so answering a question
rebuilds the sentences it reads instead of running the pipeline over them again.

- What is stored is the parse of the sentence's text *alone*, the same call question time made before
  (``nlp.pipe`` over the sentence texts), entities included: not the slice of a longer parse, which differs (tags,
  heads, entities near the edges) for about half of all sentences and would change answers.
- Where: a string property ``parse`` on the Evidence node (the token attributes ``DocBin`` keeps, strings as
  indexes into the parse's own string table, :func:`encode`; zlib-compressed, base64 for a FalkorDB string). It
  lives and dies with its row (re-ingest, archive, purge need nothing new), any server a reader reaches has it (an
  external ``FALKORDB_URL`` shares no data dir with the ingesting process), and one parameterised read by evidence
  id fetches a turn's parses. Cost: ~0.6 kB per sentence of graph memory (Redwood sentences: 594 characters on
  average; 983 with spaCy's 8-byte hashes stored as they are).
- Ingest cost: none of its own for most rows. The extraction parses each sentence alone already
  (extraction/sentence_parses.py) through the process's :class:`ParseCache` (:func:`shared_cache`), so a row whose
  text is such a sentence is only encoded; the rest (a labelled line read across a chunk edge, a sentence the parser
  split in two) are parsed here, in batches of :data:`PARSE_BATCH`. A distinct text is parsed once, whatever the
  number of documents that hold it (the last :data:`CACHE_SIZE` texts). Neither changes a parse: spaCy's parse of a
  text does not depend on the batch it is parsed in.
- A stored parse is used only when the reader's pipeline made it (the row's ``extractor_version``) and its text is
  the row's text; anything else (a row written before the store, another model) is parsed again, as before.
  ``RULES_VERSION`` changed with the store, so documents of older graphs are re-read on the next ingest.
"""

from __future__ import annotations

import base64
import functools
import json
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import numpy
import redis
from spacy.attrs import ENT_IOB, HEAD, LEMMA, ORTH, SENT_START, SPACY
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
_LEMMA = _ATTRS.index(LEMMA)
_HEADER = struct.Struct("<IIBB")  # tokens, length of the strings' JSON, bytes per index and per small value
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


def decode_lemmas(data: str) -> tuple[str, tuple[str, ...]]:
    """The text and the tokens' lemmas of the parse ``encode`` stored, read from its columns without rebuilding a
    ``Doc`` (~4x cheaper than :func:`decode`): for a reader that compares words by lemma and nothing else."""
    raw = zlib.decompress(base64.b64decode(data))
    n, size, index_bytes, _ = _HEADER.unpack_from(raw)
    at = _HEADER.size
    strings = json.loads(raw[at : at + size])
    at += size
    spaces = raw[at : at + n]
    at += n
    columns = numpy.frombuffer(raw, dtype=_UNSIGNED[index_bytes], count=n * len(_STRINGS), offset=at).reshape(-1, n)
    text = "".join(strings[o] + (" " if space else "") for o, space in zip(columns[_ORTH].tolist(), spaces,
                                                                             strict=True))
    return text, tuple(strings[i] for i in columns[_LEMMA].tolist())


def parse_texts(nlp: Language, texts: Iterable[str]) -> dict[str, str]:
    """Encoded parses of ``texts`` by text: each distinct text parsed once, alone, in one batched pass."""
    distinct = list(dict.fromkeys(texts))
    return {text: encode(doc) for text, doc in zip(distinct, nlp.pipe(distinct, batch_size=PARSE_BATCH), strict=True)}


class ParseCache:
    """Standalone parses over one pipeline, remembering the last ``size`` texts' (encoded): a sentence the
    extraction parsed (extraction/sentence_parses.py) is not parsed again for its evidence row, nor a text that an
    earlier document held (a labelled line, a sentence of a shared template). The parse is a function of the text
    (the pipeline is fixed), so a remembered parse is the one a new pass would give. Documents in flight share it
    (each parse pass runs in a thread of its own). One per pipeline and process: :func:`shared_cache`."""

    def __init__(self, nlp: Language, size: int = CACHE_SIZE) -> None:
        self.nlp, self.size = nlp, size
        self._known: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()
        self.parsed = 0  # texts this cache handed to spaCy
        self.reused = 0  # texts it answered from memory

    def _lookup(self, texts: Iterable[str]) -> tuple[dict[str, str], list[str]]:
        distinct = list(dict.fromkeys(texts))
        with self._lock:
            known = {text: self._known[text] for text in distinct if text in self._known}
            for text in known:
                self._known.move_to_end(text)
            self.reused += len(known)
        return known, [text for text in distinct if text not in known]

    def _remember(self, fresh: Mapping[str, str]) -> None:
        with self._lock:
            self.parsed += len(fresh)
            self._known.update(fresh)
            while len(self._known) > self.size:
                self._known.popitem(last=False)

    def parses(self, texts: Iterable[str]) -> dict[str, str]:
        """Encoded parses of ``texts`` by text (each distinct text once, in first-seen order)."""
        known, missing = self._lookup(texts)
        fresh = parse_texts(self.nlp, missing) if missing else {}
        self._remember(fresh)
        return {**known, **fresh}

    def docs(self, texts: Iterable[str]) -> dict[str, Doc]:
        """The parses of ``texts`` by text, as Docs over the pipeline's vocab: remembered ones rebuilt
        (:func:`decode`, ~0.3 ms against ~2 ms to parse), the rest parsed in one batched pass and remembered."""
        known, missing = self._lookup(texts)
        out = {text: decode(data, self.nlp.vocab) for text, data in known.items()}
        fresh = dict(zip(missing, self.nlp.pipe(missing, batch_size=PARSE_BATCH), strict=True))
        self._remember({text: encode(doc) for text, doc in fresh.items()})
        return {**out, **fresh}


@functools.lru_cache(maxsize=4)
def shared_cache(nlp: Language) -> ParseCache:
    """The process's :class:`ParseCache` for ``nlp``: the extraction and the parse store of every ingest share it."""
    return ParseCache(nlp)


def read_parses(graph: Any, sentences: Mapping[str, str], vocab: Vocab, parser: str) -> dict[str, Doc]:
    """Stored parses of the evidence rows ``sentences`` (id -> the text the caller holds), by id, read as the
    handle's scope and rebuilt over ``vocab`` (the reader pipeline's). Only parses made by ``parser`` (the
    reader's :func:`~extraction.nlp.extractor_version`: spaCy, model and rules versions, which the row's own
    ``extractor_version`` starts with) of the caller's text are returned; the caller parses the rest.
    A graph that fails raises :class:`ParsesUnavailable`, never an empty result."""
    out: dict[str, Doc] = {}
    for ev_id, text, data in _stored(graph, sentences, parser):
        doc = decode(data, vocab)
        if doc.text == text:
            out[ev_id] = doc
    return out


def read_lemmas(graph: Any, sentences: Mapping[str, str], parser: str) -> dict[str, tuple[str, ...]]:
    """The tokens' lemmas of the stored parses :func:`read_parses` would rebuild (same rows, same checks), by id."""
    out: dict[str, tuple[str, ...]] = {}
    for ev_id, text, data in _stored(graph, sentences, parser):
        said, lemmas = decode_lemmas(data)
        if said == text:
            out[ev_id] = lemmas
    return out


def _stored(graph: Any, sentences: Mapping[str, str], parser: str) -> list[tuple[str, str, str]]:
    """(id, text, encoded parse) of the rows whose stored parse ``parser`` made of the text the caller holds."""
    if not sentences:
        return []
    params = {"ids": list(sentences), "parser": parser}
    try:
        rows: Sequence[list[Any]] = scoped(graph).ro_query(READ_PARSES, params).result_set
    except (redis.RedisError, OSError) as exc:
        raise ParsesUnavailable(f"graph unavailable while reading stored parses: {exc}") from exc
    return [(ev_id, text, data) for ev_id, text, data in rows if sentences.get(ev_id) == text]
