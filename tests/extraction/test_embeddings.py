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


class BatchRecordingModel(CountingModel):
    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[list[str], int]] = []

    def encode(self, texts: list[str], **kwargs: Any) -> np.ndarray:
        self.calls.append((list(texts), int(kwargs["batch_size"])))
        return super().encode(texts, **kwargs)


def test_embed_each_runs_one_call_of_unpadded_texts_and_shares_the_cache() -> None:
    embedder = LocalEmbedder()
    model = BatchRecordingModel()
    embedder.__dict__["_model"] = model
    embedder.embed_documents(["a question"])
    assert embedder.embed_each(["a question", "an ask", "an ask"]) == [[10.0, 1.0], [6.0, 1.0], [6.0, 1.0]]
    assert model.calls == [(["a question"], embedder.batch_size), (["an ask"], 1)]


def _sharing_weights(embedder: LocalEmbedder) -> LocalEmbedder:
    """A new embedder (empty cache) over the already loaded model."""
    other = LocalEmbedder()
    other.__dict__["_model"] = embedder._model
    return other


def test_unpadded_vectors_agree_with_batched_ones(embedder: LocalEmbedder) -> None:
    texts = ["Which service did the rollback of the nightly export job affect last week?", "which service",
             "rollback"]
    batched = np.array(_sharing_weights(embedder).embed_documents(texts))
    each = np.array(_sharing_weights(embedder).embed_each(texts))
    assert np.allclose(batched, each, atol=1e-6)
    assert float(batched[1] @ batched[2]) < 0.99  # different texts: the comparison is not trivially true
