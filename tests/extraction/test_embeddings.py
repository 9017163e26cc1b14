"""The embedder embeds each distinct text once per process and returns what the model returned, in order."""

from __future__ import annotations

from typing import Any

import numpy as np

from extraction.embeddings import LocalEmbedder


class CountingModel:
    """Stands in for the SentenceTransformer: a vector per text derived from its length; counts what it encodes."""

    def __init__(self) -> None:
        self.encoded: list[str] = []

    def encode(self, texts: list[str], **kwargs: Any) -> np.ndarray:
        self.encoded.extend(texts)
        return np.array([[float(len(t)), 1.0] for t in texts])


def test_repeated_texts_are_encoded_once_and_returned_in_order() -> None:
    embedder = LocalEmbedder(cache_size=3)
    model = CountingModel()
    embedder.__dict__["_model"] = model  # the cached_property's slot: no weights are loaded
    first = embedder.embed_documents(["a", "bb", "a"])
    second = embedder.embed_documents(["bb", "ccc"])
    assert first == [[1.0, 1.0], [2.0, 1.0], [1.0, 1.0]] and second == [[2.0, 1.0], [3.0, 1.0]]
    assert model.encoded == ["a", "bb", "ccc"]
    embedder.embed_documents(["dddd", "a"])  # "bb" is now the oldest of four: evicted
    embedder.embed_documents(["bb"])
    assert model.encoded == ["a", "bb", "ccc", "dddd", "bb"]
