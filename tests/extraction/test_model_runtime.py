"""Texts are batched by piece count so that padding costs less than another call would, and the ONNX graph is
exported once into its cache, checked, and refused loudly when the file is broken."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from extraction.embeddings import LocalEmbedder, _model_path
from extraction.errors import EmbedderUnavailable
from extraction.model_runtime import OnnxForward, forward_each, length_groups
from extraction.onnx_export import export_key, exported_model


def test_every_text_is_in_exactly_one_batch_of_at_most_the_cap() -> None:
    lengths = [128, 7, 90, 128, 12, 64, 3, 128, 100, 40, 128, 9, 11, 128, 128, 128, 128, 30]
    groups = length_groups(lengths, max_batch=4)
    assert sorted(i for group in groups for i in group) == list(range(len(lengths)))
    assert all(1 <= len(group) <= 4 for group in groups)
    assert all(lengths[group[0]] == max(lengths[i] for i in group) for group in groups)  # padded to its first


def test_a_long_text_is_not_batched_with_short_ones_but_equal_ones_share_a_call() -> None:
    assert length_groups([128, 6, 5, 6], max_batch=16) == [[0], [1, 3, 2]]
    assert length_groups([50, 50, 50], max_batch=16) == [[0, 1, 2]]
    assert length_groups([50, 50, 50], max_batch=1) == [[0], [1], [2]]


def test_each_texts_output_leaves_its_padding_out(embedder: LocalEmbedder) -> None:
    pieces = [[101, 2054, 2326, 102], [101, 7170, 102], [101, 2054, 2326, 2106, 1996, 102]]
    together = forward_each(embedder._forward, pieces, max_batch=16)
    alone = [forward_each(embedder._forward, [p], max_batch=1)[0] for p in pieces]
    assert [t.shape[0] for t in together] == [4, 3, 6]
    assert all(np.allclose(a, b, atol=1e-5) for a, b in zip(together, alone, strict=True))


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return exported_model(Path(_model_path()), tmp_path_factory.mktemp("models"))


def test_the_export_is_written_once_and_then_read_from_the_cache(exported: Path) -> None:
    assert exported.name.endswith(f"{export_key(Path(_model_path()))}.onnx")
    written = exported.stat().st_mtime_ns
    assert exported_model(Path(_model_path()), exported.parent) == exported
    assert exported.stat().st_mtime_ns == written
    assert [p.name for p in exported.parent.iterdir()] == [exported.name]  # no scratch files left behind


def test_a_broken_export_raises_embedder_unavailable_not_an_empty_vector(exported: Path, tmp_path: Path) -> None:
    broken = tmp_path / exported.name
    broken.write_bytes(exported.read_bytes()[: 1 << 16])
    with pytest.raises(EmbedderUnavailable, match="delete it to export again"):
        OnnxForward(broken, threads=1)
    embedder = LocalEmbedder(cache_dir=tmp_path)
    with pytest.raises(EmbedderUnavailable):
        embedder.embed_documents(["any text"])
