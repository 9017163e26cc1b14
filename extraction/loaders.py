"""Load Markdown (with or without front matter) and plain-text files into SourceDocuments.

A file that cannot be ingested raises DocumentRejected with a reason a person can act on. ``iter_documents``
turns those into ``Failed`` outcomes and carries on with the rest, so one bad file never stops an ingest.

The decoded text is the whole file (front matter included); only a UTF-8 BOM is dropped. Control characters
other than tab, line feed and carriage return are rejected: the graph store strips them from stored strings,
which would silently shift every offset after them.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from extraction.access import document_access
from extraction.chunker import markdown_headings
from extraction.documents import MetadataLine, SourceDocument, document_id_for_path, sha256_hex
from extraction.errors import DocumentRejected
from extraction.frontmatter import parse_front_matter

DEFAULT_MAX_BYTES = 10 * 1024 * 1024
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
TEXT_SUFFIXES = frozenset({".txt"})
_BOM = b"\xef\xbb\xbf"
_BINARY_SAMPLE = 8192
_BINARY_CONTROL_RATIO = 0.10
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v")
_FORBIDDEN_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # Unicode category Cc


@dataclass(frozen=True)
class Loaded:
    document: SourceDocument


@dataclass(frozen=True)
class Failed:
    path: Path
    reason: str


LoadOutcome = Loaded | Failed


def _read_bytes(path: Path, max_bytes: int) -> bytes:
    where = str(path)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise DocumentRejected(where, "is a directory")
        if not stat.S_ISREG(info.st_mode):
            raise DocumentRejected(where, "not a regular file")
        size = info.st_size
        if size > max_bytes:
            raise DocumentRejected(where, f"file too large: {size} bytes (limit {max_bytes})")
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)  # the file may have grown since stat
    except PermissionError as exc:
        raise DocumentRejected(where, "permission denied") from exc
    except FileNotFoundError as exc:
        raise DocumentRejected(where, "no such file") from exc
    except OSError as exc:
        raise DocumentRejected(where, f"unreadable: {exc.strerror or exc}") from exc
    if len(data) > max_bytes:
        raise DocumentRejected(where, f"file too large: more than {max_bytes} bytes")
    return data


def _decode(path: Path, data: bytes) -> str:
    where = str(path)
    if not data:
        raise DocumentRejected(where, "empty file")
    if b"\x00" in data:
        raise DocumentRejected(where, f"binary file: NUL byte at byte offset {data.index(0)}")
    sample = data[:_BINARY_SAMPLE]
    controls = sum(1 for b in sample if (b < 32 or b == 127) and b not in _TEXT_CONTROLS)
    if controls > _BINARY_CONTROL_RATIO * len(sample):
        raise DocumentRejected(where, f"binary file: {controls} control bytes in the first {len(sample)}")
    skip = len(_BOM) if data.startswith(_BOM) else 0
    try:
        text = data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DocumentRejected(where, f"invalid UTF-8 at byte offset {exc.start + skip}") from exc
    if not text.strip():
        raise DocumentRejected(where, "empty file (whitespace only)")
    bad = _FORBIDDEN_CONTROL.search(text)
    if bad is not None:
        code = ord(bad.group())
        raise DocumentRejected(where, f"control character U+{code:04X} at character offset {bad.start()}")
    return text


def _string(data: dict[str, Any], key: str, where: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, dict | list):
        raise DocumentRejected(where, f"malformed front matter: {key!r} must be a single value")
    return str(value)


def _strings(data: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key)
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    if any(isinstance(item, dict | list) for item in items):
        raise DocumentRejected(where, f"malformed front matter: {key!r} must be a list of names")
    return tuple(str(item) for item in items if item is not None)


def normalise_id(doc_id: str, where: str) -> str:
    """A front-matter id as stored: trimmed, with ``/`` (and ``\\``) turned into ``-``.

    Ids travel in URL paths (``/api/documents/{id}``), where a slash would split the segment and the document could
    never be opened; rewriting is kinder than rejecting ("org/repo#12" stays readable as "org-repo#12"), and two
    files that end up with one id are reported as duplicates by the ingest. "." and ".." are rejected: clients
    resolve them as path steps."""
    clean = doc_id.strip().replace("/", "-").replace("\\", "-")
    if not clean:
        raise DocumentRejected(where, "malformed front matter: 'id' is empty")
    if clean in {".", ".."}:
        raise DocumentRejected(where, f"malformed front matter: 'id' {clean!r} cannot be used in a URL")
    return clean


def load_file(path: Path, root: Path | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> SourceDocument:
    """Load one file. ``root`` makes the fallback id stable: it is derived from the path relative to ``root``
    (or from the path as given, when there is no root). The document's ``path`` is relative to ``root`` (its file
    name without one): a server's absolute paths are never stored or shown. Raises DocumentRejected."""
    where = str(path)
    suffix = path.suffix.lower()
    if suffix not in MARKDOWN_SUFFIXES | TEXT_SUFFIXES:
        raise DocumentRejected(where, f"unsupported file type {suffix or '(no extension)'!r}")
    text = _decode(path, _read_bytes(path, max_bytes))
    rel = path.relative_to(root) if root is not None and path.is_relative_to(root) else path
    fallback_id = document_id_for_path(rel.as_posix())
    data: dict[str, Any] = {}
    lines: tuple[MetadataLine, ...] = ()
    body_start = 0
    markdown = suffix in MARKDOWN_SUFFIXES
    front = parse_front_matter(text, where) if markdown else None
    if front is not None:
        data, lines, body_start = front.data, front.lines, front.body_start
    raw_id = _string(data, "id", where)
    doc_id = normalise_id(raw_id, where) if raw_id is not None else None
    title = _string(data, "title", where)
    if not title and markdown:
        title = next((h.text for h in markdown_headings(text, body_start) if h.level == 1 and h.text), None)
    return SourceDocument(
        id=doc_id or fallback_id,
        title=title or path.stem,
        source_type=_string(data, "source_type", where) or ("markdown" if markdown else "text"),
        text=text,
        body_start=body_start,
        path=rel.as_posix() if rel is not path else path.name,
        original_path=_string(data, "original_path", where),
        authors=_strings(data, "authors", where),
        participants=_strings(data, "participants", where),
        created=_string(data, "created", where),
        updated=_string(data, "updated", where),
        metadata_lines=lines,
        content_hash=sha256_hex(text),
        access=document_access(data),
    )


def _expand(path: Path, root: Path | None) -> Iterator[tuple[Path, Path | None] | Failed]:
    """Files under ``path`` (sorted, depth first, hidden entries skipped) with the root their id derives from."""
    if not path.is_dir():
        yield path, root
        return
    try:
        children = sorted(path.iterdir(), key=lambda p: p.name)
    except PermissionError:
        yield Failed(path, "permission denied")
        return
    except OSError as exc:
        yield Failed(path, f"unreadable directory: {exc.strerror or exc}")
        return
    for child in children:
        if child.name.startswith("."):
            continue
        if child.is_symlink():  # it may point outside the folder being ingested: never followed
            yield Failed(child, f"symlinked {'directory' if child.is_dir() else 'file'} not followed")
            continue
        yield from _expand(child, root if root is not None else path)


def iter_documents(paths: Sequence[Path], max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[LoadOutcome]:
    """Load every file in ``paths`` (directories are walked recursively), one outcome per file, in order.

    Never raises for a single bad file; each is reported as ``Failed(path, reason)``. A file reached twice
    (a directory and a file in it both given) is loaded once. Files inside a directory get ids relative to it.
    """
    seen: set[str] = set()
    for given in paths:
        for item in _expand(given, given if given.is_dir() else None):
            if isinstance(item, Failed):
                yield item
                continue
            path, root = item
            key = os.path.realpath(path)
            if key in seen:
                continue
            seen.add(key)
            try:
                yield Loaded(load_file(path, root, max_bytes))
            except DocumentRejected as exc:
                yield Failed(path, exc.reason)
