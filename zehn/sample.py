"""The bundled sample corpus: a fictional company's documents, so a new user has something to ask about."""

from __future__ import annotations

from pathlib import Path

SAMPLE_CORPUS_DIR = Path(__file__).resolve().parent / "sample_corpus"
