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
- Which words: the casefolded lemmas of the sentences' tokens that are words (letters, parts joined by "-" or "_":
  not numbers, paths or code), whatever their part of speech, and each verb's act phrase as an infinitive ("to roll
  back", :func:`act_phrase`, :func:`infinitive`). Question time compares more than verbs and adjectives: the
  words of a measure against a line's lemmas, clipped words by the full model, and an asked act against a
  sentence's acts as phrases (zehn/agent/asked_measure.py, similarity.py, act_phrases.py); storing only verbs and
  adjectives left ~10 ms of model calls per first answer (bench/answers.py, tune questions). A word not stored (a
  question's own word, a graph ingested before the store or before this rule) is embedded at question time, as
  before: the same vector either way (``embed_words`` pads a batch without changing a vector's bits:
  tests/extraction/test_embeddings.py).
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import numpy as np
import redis
from spacy.attrs import DEP, HEAD, LEMMA, ORTH, POS

from extraction.errors import GraphUnavailable
from extraction.parse_store import _ATTRS, _HEADER, _SIGNED, _SMALL, _STRINGS, _UNSIGNED
from extraction.schema import TERM
from extraction.verb_reader import PARTICLES

BATCH = 500  # words per write
_LEMMA, _POS, _DEP, _ORTH = (_ATTRS.index(int(a)) for a in (LEMMA, POS, DEP, ORTH))
_HEAD = _SMALL.index(int(HEAD))
# A word: letters, or letter runs joined by "-" or "_" ("sign-off", "max_retries"); not a number, path or URL.
_WORD = re.compile(r"[^\W\d_]+(?:[-_][^\W\d_]+)*")

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


def act_phrase(lemma: str, particles: Sequence[str]) -> str:
    """A verb's act as a phrase: its lemma casefolded and its particles ("rolled it back" -> "roll back")."""
    return " ".join([lemma.casefold(), *particles])


def is_particle(dep: str, lower: str) -> bool:
    """A verb's child that belongs to its act phrase: a particle, or an adverb that is one ("set it up")."""
    return dep == "prt" or (dep == "advmod" and lower in PARTICLES)


def infinitive(act: str) -> str:
    """The text an act phrase is embedded as ("to roll back"): a bare verb out of context reads as a noun too."""
    return f"to {act}"


def term_words(parse: str) -> list[str]:
    """The words of one stored parse (:func:`extraction.parse_store.encode`) whose vectors are stored, read from
    its columns without rebuilding the ``Doc``: its tokens' casefolded lemmas that are words, then its verbs' act
    phrases as infinitives, each once, in order."""
    raw = zlib.decompress(base64.b64decode(parse))
    n, size, index_bytes, small_bytes = _HEADER.unpack_from(raw)
    at = _HEADER.size
    strings: list[str] = json.loads(raw[at : at + size])
    index = np.frombuffer(raw, dtype=_UNSIGNED[index_bytes], count=n * len(_STRINGS), offset=at + size + n)
    columns = index.reshape(len(_STRINGS), n)
    small = np.frombuffer(raw, dtype=_SIGNED[small_bytes], count=n * len(_SMALL), offset=at + size + n + index.nbytes)
    heads = (small.reshape(len(_SMALL), n)[_HEAD].astype(np.int64) + np.arange(n)).tolist()  # offsets to positions
    lemmas = [strings[i] for i in columns[_LEMMA].tolist()]
    pos = [strings[i] for i in columns[_POS].tolist()]
    deps = [strings[i] for i in columns[_DEP].tolist()]
    lower = [strings[i].lower() for i in columns[_ORTH].tolist()]
    words = [lemma.casefold() for lemma in lemmas if _WORD.fullmatch(lemma.casefold())]
    # A token's children are the tokens whose head it is, in text order (as spaCy's ``Token.children`` gives them).
    acts = [infinitive(act_phrase(lemmas[v], [lower[c] for c in range(n) if c != v and heads[c] == v and
                                              is_particle(deps[c], lower[c])]))
            for v in range(n) if pos[v] == "VERB"]
    return list(dict.fromkeys([*words, *acts]))


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
