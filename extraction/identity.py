"""Stable identifiers: entities (name + type), evidence (document, chunk, character range)."""

from __future__ import annotations

import hashlib
import re

EVIDENCE_ID_RE = re.compile(r"^ev_[0-9a-f]{16}$")
_NON_ALNUM = re.compile(r"[^0-9a-z]+")
_SPACES = re.compile(r"\s+")


def name_key(name: str) -> str:
    """Case- and whitespace-insensitive key: names that differ only in case or spacing are the same name."""
    return _SPACES.sub(" ", name).strip().casefold()


def entity_id(entity_type: str, name: str) -> str:
    """Same name and type merge; the same name with another type is another entity."""
    slug = _NON_ALNUM.sub("-", name_key(name)).strip("-") or hashlib.sha256(name.encode()).hexdigest()[:12]
    return f"{entity_type.lower()}:{slug}"


def evidence_id(document_id: str, chunk_id: str, start: int, end: int) -> str:
    """``ev_`` + 16 hex of sha256 over (document, chunk, range): stable across re-ingests of the same content."""
    digest = hashlib.sha256(f"{document_id}\x1f{chunk_id}\x1f{start}\x1f{end}".encode()).hexdigest()
    return "ev_" + digest[:16]
