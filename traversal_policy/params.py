"""Typed parameters of the named queries, and the only places user text is shaped before it reaches FalkorDB.

User text is never spliced into Cypher: it travels as a query parameter. Two things still need care:

- the falkordb client inlines parameters into a ``CYPHER k="..."`` header; quotes and backslashes are escaped
  there, but a NUL byte would cut the header short, so control characters become spaces (:func:`clean_text`);
- full-text search reads RediSearch syntax, so search text is reduced to words (``[^\\w\\s]`` -> space) and the
  words are OR-ed (:func:`fulltext_query`); text with no word left is rejected as blank.

Depth is an int clamped to 1..3 here (variable-length bounds cannot be Cypher parameters); ``k`` to 1..50.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from extraction.errors import InputRejected, QueryRejected
from extraction.schema import EMBEDDING_DIM

from .policy import MAX_HOPS

ParamKind = Literal["text", "texts", "entity_id", "document_id", "document_ids", "depth", "k", "rel_type",
                    "embedding", "embeddings"]

MAX_TEXT_CHARS = 100_000  # far above any real name or question; longer input is rejected as oversized
MAX_TERMS = 32  # full-text terms kept from a query (the first ones, deduplicated)
MAX_TERM_CHARS = 64
MAX_K = 50
MAX_VECTORS = 8  # query vectors one passage read compares against (one per asked thing)
# Documents one passage read covers. An answer reads ~17 (median on the tune halves, 6-40): at 8 a call that was
# three round trips, each sending every query vector again (up to 8 x 384 floats as text, parsed by the server).
MAX_DOCUMENTS = 24
MAX_NAMES = 16  # names one passages_mentioning_each looks up (a question's names, a document's tracker keys)
DEFAULT_K = 10
DEFAULT_DEPTH = 2

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NON_WORD = re.compile(r"[^\w\s]|_")  # "_" too: a lone "_" term is a RediSearch syntax error
_SLUG_SEP = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class ParamSpec:
    name: str
    kind: ParamKind
    description: str
    required: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "description": self.description, "required": self.required}


def clean_text(value: object, field: str) -> str:
    """A non-blank, bounded string without control characters (it may still hold any syntax: it is a parameter)."""
    if not isinstance(value, str):
        raise QueryRejected(f"parameter {field!r} must be a string, got {type(value).__name__}")
    text = value.encode("utf-8", "replace").decode("utf-8")  # lone surrogates cannot travel
    text = _CONTROL.sub(" ", text)
    if not text.strip():
        raise InputRejected(f"parameter {field!r} is blank: give a name or some words to look for")
    if len(text) > MAX_TEXT_CHARS:
        raise InputRejected(f"parameter {field!r} is {len(text)} characters long (limit {MAX_TEXT_CHARS})")
    return text.strip()


def _bounded_int(value: object, field: str) -> int:
    if isinstance(value, bool):
        raise QueryRejected(f"parameter {field!r} must be an integer, got a boolean")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,30}\s*", value):
        return int(value)
    raise QueryRejected(f"parameter {field!r} must be an integer, got {value!r:.40}")


def clamp_depth(value: object) -> int:
    """Any integer (negative, huge) becomes 1..MAX_HOPS."""
    return max(1, min(MAX_HOPS, _bounded_int(value, "depth")))


def clamp_k(value: object) -> int:
    return max(1, min(MAX_K, _bounded_int(value, "k")))


def words(text: str) -> list[str]:
    """The searchable words of ``text``: punctuation (RediSearch operators) removed, deduplicated, capped."""
    seen: dict[str, None] = {}
    for word in _NON_WORD.sub(" ", text).split():
        seen.setdefault(word.casefold()[:MAX_TERM_CHARS], None)
        if len(seen) >= MAX_TERMS:
            break
    return list(seen)


def fulltext_query(text: str) -> str:
    """Words OR-ed (``a|b|c``); a text with no word in it is rejected as blank."""
    terms = words(text)
    if not terms:
        raise InputRejected("the search text has no words in it (only punctuation or symbols)")
    return "|".join(terms)


def fulltext_all(text: str) -> str:
    """Every word required (RediSearch reads space-separated words as AND); blank text is rejected."""
    terms = words(text)
    if not terms:
        raise InputRejected("the search text has no words in it (only punctuation or symbols)")
    return " ".join(terms)


def fuzzy_name_query(name: str) -> str | None:
    """Full-text query for similar names: each word exact, as a prefix (3+ chars), within one edit (4+ chars)."""
    parts: list[str] = []
    for term in words(name):
        parts.append(term)
        if len(term) >= 3:
            parts.append(f"{term}*")
        if len(term) >= 4:
            parts.append(f"%{term}%")
    return "|".join(parts) or None


def name_keys(name: str) -> list[str]:
    """Exact-match keys for an entity name: the casefolded, whitespace-collapsed name and its id slug."""
    folded = " ".join(name.casefold().split())
    slug = _SLUG_SEP.sub("-", folded).strip("-")
    return [k for k in dict.fromkeys((folded, slug)) if k]


def embedding_vector(value: object) -> list[float]:
    if not isinstance(value, list | tuple) or len(value) != EMBEDDING_DIM:
        raise QueryRejected(f"parameter 'embedding' must be a list of {EMBEDDING_DIM} numbers")
    if {float} == set(map(type, value)) and all(map(math.isfinite, value)):
        return list(value)  # the usual case (an embedder's floats), checked in C: the same list the loop builds
    vector: list[float] = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int | float) or not math.isfinite(item):
            raise QueryRejected("parameter 'embedding' must hold finite numbers only")
        vector.append(float(item))
    return vector


def embedding_vectors(value: object) -> list[list[float]]:
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= MAX_VECTORS:
        raise QueryRejected(f"parameter 'vectors' must be a list of 1..{MAX_VECTORS} vectors")
    return [embedding_vector(v) for v in value]


def validate(specs: tuple[ParamSpec, ...], params: Mapping[str, object], query: str) -> dict[str, Any]:
    """Check names, presence and types; returns the cleaned values (depth/k clamped, text cleaned)."""
    known = {spec.name for spec in specs}
    extra = sorted(set(params) - known)
    if extra:
        raise QueryRejected(f"query {query!r} takes no parameter(s) {', '.join(extra)}; "
                            f"it takes: {', '.join(sorted(known)) or 'none'}")
    clean: dict[str, Any] = {}
    for spec in specs:
        if spec.name not in params or params[spec.name] is None:
            if spec.required:
                raise QueryRejected(f"query {query!r} needs parameter {spec.name!r} ({spec.description})")
            continue
        clean[spec.name] = _cleaned(spec, params[spec.name])
    return clean


def _cleaned(spec: ParamSpec, value: object) -> Any:
    """One present parameter's value, checked and cleaned as its kind says."""
    if spec.kind in ("text", "entity_id", "document_id", "rel_type"):
        return clean_text(value, spec.name)
    if spec.kind == "depth":
        return clamp_depth(value)
    if spec.kind == "k":
        return clamp_k(value)
    if spec.kind == "document_ids":
        return _texts(spec.name, value, MAX_DOCUMENTS, "document ids")
    if spec.kind == "texts":
        return _texts(spec.name, value, MAX_NAMES, "names")
    if spec.kind == "embeddings":
        return embedding_vectors(value)
    return embedding_vector(value)


def _texts(name: str, value: object, limit: int, what: str) -> list[str]:
    """A list of 1..``limit`` texts, each cleaned as a text parameter is."""
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= limit:
        raise QueryRejected(f"parameter {name!r} must be a list of 1..{limit} {what}")
    return [clean_text(v, name) for v in value]
