"""The embedder takes its model cache directory from the one typed Settings (ZEHN_MODEL_CACHE_DIR)."""

from __future__ import annotations

from pathlib import Path

import pytest

from zehn.models import local_embedder
from zehn.settings import Settings


def test_the_model_cache_dir_comes_from_the_environment_through_settings(monkeypatch: pytest.MonkeyPatch,
                                                                         tmp_path: Path) -> None:
    monkeypatch.setenv("ZEHN_MODEL_CACHE_DIR", str(tmp_path / "models"))
    assert local_embedder(Settings()).cache_dir == tmp_path / "models"


def test_unset_it_leaves_the_default_to_the_exporter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ZEHN_MODEL_CACHE_DIR", raising=False)
    assert local_embedder(Settings()).cache_dir is None
