"""The embedding model as the settings configure it: one place that turns ``Settings`` into a ``LocalEmbedder``."""

from __future__ import annotations

from extraction.embeddings import LocalEmbedder
from zehn.settings import Settings


def local_embedder(settings: Settings) -> LocalEmbedder:
    """The packaged MiniLM; its exported ONNX graph is kept in ``settings.model_cache_dir`` (unset: the user's
    cache directory, see extraction/onnx_export.py)."""
    return LocalEmbedder(cache_dir=settings.model_cache_dir)
