"""The data contracts of ingest: a loaded document, its citable metadata lines, and its exact chunks.

Every offset is a character offset into ``SourceDocument.text`` (the full original file, front matter
included), so ``text[start:end]`` is always the exact source. See docs/architecture.md, "Documents and
offsets".
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

SOURCE_TYPES: frozenset[str] = frozenset(
    {
        "confluence",
        "jira",
        "linear",
        "github",
        "slack",
        "gmail",
        "hubspot",
        "google_drive",
        "fireflies",
        "markdown",
        "text",
    }
)


def sha256_hex(text: str) -> str:
    """sha256 hex digest of ``text`` encoded as UTF-8."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def document_id_for_path(rel_path: str) -> str:
    """Id for a document without a front-matter ``id``: ``"doc_"`` + 16 hex of sha256(relative path).

    Backslashes are normalised to ``/`` so the same file gets the same id on every platform.
    """
    return "doc_" + sha256_hex(rel_path.replace("\\", "/"))[:16]


def chunk_id(document_id: str, index: int, text: str) -> str:
    """Content-stable chunk id: ``f"{document_id}#c{index:04d}-{sha256(text)[:8]}"``."""
    return f"{document_id}#c{index:04d}-{sha256_hex(text)[:8]}"


@dataclass(frozen=True)
class MetadataLine:
    """One ``key: value`` line of the front matter (a ``source_metadata`` entry or a top-level key).

    ``start``/``end`` cover the whole line without its line ending (``\\n`` or ``\\r\\n``).
    ``values`` are the values as YAML means them (escapes decoded); ``value_spans`` cover each value's text
    *as written* (inside the quotes, if quoted). For values written without escapes ``text[s:e] == value``;
    for a value written with escapes (``\\"``, ``\\n``) the span covers the raw escaped text, so they differ.
    """

    key: str
    values: tuple[str, ...]
    start: int
    end: int
    value_spans: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if len(self.values) != len(self.value_spans):
            raise ValueError("MetadataLine: values and value_spans differ in length")
        if not 0 <= self.start <= self.end:
            raise ValueError("MetadataLine: invalid line range")


@dataclass(frozen=True)
class SourceDocument:
    """A loaded document: the full original text plus what its front matter says about it."""

    id: str
    title: str
    source_type: str
    text: str
    body_start: int
    path: str
    original_path: str | None
    authors: tuple[str, ...]
    participants: tuple[str, ...]
    created: str | None
    updated: str | None
    metadata_lines: tuple[MetadataLine, ...]
    content_hash: str
    access: tuple[str, ...] = ("everyone",)  # who may read it (extraction/access.py); from the front matter

    def __post_init__(self) -> None:
        if not 0 <= self.body_start <= len(self.text):
            raise ValueError("SourceDocument: body_start outside the text")

    @property
    def body(self) -> str:
        """The text after the front matter (a convenience; offsets always refer to ``text``)."""
        return self.text[self.body_start :]


@dataclass(frozen=True)
class ChunkSlice:
    """An exact slice of a document: ``text == document.text[start:end]``."""

    id: str
    document_id: str
    index: int
    start: int
    end: int
    text: str
    section: str | None
    kind: str  # "body" | "metadata"

    def __post_init__(self) -> None:
        if self.end - self.start != len(self.text) or self.start < 0:
            raise ValueError("ChunkSlice: start/end do not match the text length")
        if self.kind not in ("body", "metadata"):
            raise ValueError(f"ChunkSlice: unknown kind {self.kind!r}")
