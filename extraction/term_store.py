"""The term store: the full model's vector of each verb and adjective lemma the evidence sentences hold, made at
ingest, so answering a question reads the vectors its synonym checks compare instead of running the model on them.

- Why: question time compares an asked verb with the verbs and adjectives of the sentences it reads by the full
  model, each word embedded alone (zehn/agent/similarity.py, :meth:`Similarity.synonym`). Every answer met new
  words and paid one model call for them (~8 ms a call, ~11 ms of the answering thread's ~80 ms per answer on the
  tune questions, the largest share left that depends on the documents rather than on the question). The words are
  the lemmas of the stored parses (extraction/parse_store.py), so ingest knows them.
- What: one ``Term`` node per distinct word and embedding model (``text``, ``model``: the model's name and runtime,
  whose last bits differ), its vector as base64 of the float32 bytes the model returned (a float32 vector is read
  back bit for bit; a graph vector property would be parsed float by float). A vector depends on the word alone,
  so one node serves every document that holds the word; it says nothing of any document (a model call on the word
  gives it to anyone), so it carries no access list, and a rolled-back or purged document leaves its words' nodes.
- Which words: the casefolded lemmas of the tokens the parser tags VERB or ADJ (what
  :func:`zehn.agent.sentence_binding.prefetch_synonyms` and the other synonym checks compare). A word not stored (a
  question's own word, a graph ingested before the store) is embedded at question time, as before: the same
  vector either way (``embed_words`` pads a batch without changing a vector's bits:
  tests/extraction/test_embeddings.py).
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import numpy as np
import redis
from spacy.attrs import LEMMA, POS

from extraction.errors import GraphUnavailable
from extraction.parse_store import _ATTRS, _HEADER, _STRINGS, _UNSIGNED
from extraction.schema import TERM

TERM_POS = frozenset({"VERB", "ADJ"})
BATCH = 500  # words per write
_LEMMA, _POS = _ATTRS.index(int(LEMMA)), _ATTRS.index(int(POS))

READ_TERMS = f"UNWIND $words AS w MATCH (t:{TERM} {{text: w}}) WHERE t.model = $model RETURN t.text, t.vector"
WRITE_TERMS = f"UNWIND $rows AS r MERGE (t:{TERM} {{text: r[0], model: $model}}) SET t.vector = r[1]"


class TermsUnavailable(GraphUnavailable):
    """The graph failed while a reader fetched stored term vectors."""


class WordModel(Protocol):
    @property
    def model_name(self) -> str: ...

    @property
    def runtime(self) -> str: ...

    def embed_words(self, words: list[str]) -> list[list[float]]: ...


def model_tag(embedder: WordModel) -> str:
    """Which model's vectors a node holds: its name and runtime (ONNX Runtime's and torch's differ in the last bits)."""
    return f"{embedder.model_name}/{embedder.runtime}"


def term_words(parse: str) -> list[str]:
    """The casefolded verb and adjective lemmas of one stored parse (:func:`extraction.parse_store.encode`), read
    from its columns without rebuilding the ``Doc``."""
    raw = zlib.decompress(base64.b64decode(parse))
    n, size, index_bytes, _ = _HEADER.unpack_from(raw)
    at = _HEADER.size
    strings: list[str] = json.loads(raw[at : at + size])
    index = np.frombuffer(raw, dtype=_UNSIGNED[index_bytes], count=n * len(_STRINGS), offset=at + size + n)
    columns = index.reshape(len(_STRINGS), n)
    return [strings[lemma].casefold() for lemma, pos in zip(columns[_LEMMA].tolist(), columns[_POS].tolist(),
                                                              strict=True) if strings[pos] in TERM_POS]


def encode_vector(vector: Sequence[float]) -> str:
    return base64.b64encode(np.asarray(vector, dtype=np.float32).tobytes()).decode("ascii")


def decode_vector(data: str) -> np.ndarray:
    return np.frombuffer(base64.b64decode(data), dtype=np.float32)


def read_terms(graph: Any, words: Sequence[str], model: str) -> dict[str, np.ndarray]:
    """The stored vectors of ``words`` made by ``model``, by word (a word not stored is left out). A graph that
    fails raises :class:`TermsUnavailable`, never an empty result."""
    if not words:
        return {}
    try:
        rows = graph.ro_query(READ_TERMS, {"words": list(words), "model": model}).result_set
    except (redis.RedisError, OSError) as exc:
        raise TermsUnavailable(f"graph unavailable while reading term vectors: {exc}") from exc
    return {str(word): decode_vector(str(data)) for word, data in rows}


def missing_terms(graph: Any, embedder: WordModel, parses: Iterable[str]) -> list[tuple[str, str]]:
    """The words of ``parses`` (encoded) not stored yet for ``embedder``'s model, with their encoded vectors (one
    batched model call): for :func:`write_terms`."""
    words = list(dict.fromkeys(w for parse in parses for w in term_words(parse) if w))
    model = model_tag(embedder)
    stored: set[str] = set()
    for at in range(0, len(words), BATCH):
        stored.update(read_terms(graph, words[at:at + BATCH], model))
    missing = [w for w in words if w not in stored]
    if not missing:
        return []
    return [(w, encode_vector(v)) for w, v in zip(missing, embedder.embed_words(missing), strict=True)]


def write_terms(graph: Any, model: str, rows: Sequence[tuple[str, str]]) -> None:
    for at in range(0, len(rows), BATCH):
        graph.query(WRITE_TERMS, {"rows": [list(r) for r in rows[at:at + BATCH]], "model": model})
