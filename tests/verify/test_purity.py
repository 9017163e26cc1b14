"""verify/ imports only the standard library, spaCy types and itself: no project, database or network."""

from __future__ import annotations

import ast
from pathlib import Path

VERIFY = Path(__file__).resolve().parents[2] / "verify"
ALLOWED_ROOTS = {"__future__", "collections", "dataclasses", "functools", "re", "typing", "verify", "spacy"}


def test_verify_modules_import_nothing_outside_the_allowed_set() -> None:
    for path in sorted(VERIFY.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert roots <= ALLOWED_ROOTS, f"{path.name} imports {roots - ALLOWED_ROOTS}"


def test_verify_never_loads_a_model() -> None:
    for path in sorted(VERIFY.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "spacy.load" not in text and "open(" not in text, path.name
