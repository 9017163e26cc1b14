"""Find an ingested document by what a person has at hand: its id, its key (a ticket key, a PR number), or a URL.

Rules, in order (the first that finds something decides):

1. the reference is a document id;
2. a URL or ``owner/repo#123``: documents whose ``original_path`` contains the URL's path (``#123`` read as
   ``/pull/123``), with any scheme, host and trailing ``.json``-like extension ignored;
3. a key: documents with a front-matter line whose single value is the reference (``"key": "OPS-412"``, found
   through the full-text index on evidence, compared exactly, case aside), or whose ``original_path`` has it as a
   file name.

Only current documents the handle's scope may read count (ready, not deleted; extraction/access.py: a plain handle
reads as everyone). Several documents: all are returned, none is picked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from extraction.access import scoped
from extraction.evidence_reads import graph_exists
from extraction.evidence_writer import Graph
from extraction.schema import document_alive, ready_document
from extraction.validity import now_stamp

MAX_FOUND = 10
_WORDS = re.compile(r"[^\W_]+")
_VALUE = re.compile(r':\s*"?([^"\[\]]+?)"?\s*,?\s*$')
_REPO_NUMBER = re.compile(r"^([\w.-]+/[\w.-]+)#(\d+)$")
_LIVE = f"{ready_document('d')} AND {document_alive('d')}"

BY_ID = f"MATCH (d:Document {{id: $ref}}) WHERE {_LIVE} RETURN d.id, d.title, d.source_type, d.original_path"
BY_PATH = (f"MATCH (d:Document) WHERE {_LIVE} AND d.original_path IS NOT NULL AND d.original_path CONTAINS $part "
           f"RETURN d.id, d.title, d.source_type, d.original_path ORDER BY d.id LIMIT {MAX_FOUND}")
BY_METADATA = (
    "CALL db.idx.fulltext.queryNodes('Evidence', $words) YIELD node "
    "WITH node WHERE node.kind = 'metadata' AND node.valid_to IS NULL "
    f"MATCH (d:Document {{id: node.document_id}}) WHERE {_LIVE} "
    "RETURN d.id, d.title, d.source_type, d.original_path, node.text LIMIT 200"
)
REVIEWABLE = (
    f"MATCH (d:Document) WHERE {_LIVE} AND d.source_type IN $types "
    "RETURN d.id, d.title, d.source_type, d.original_path, coalesce(d.updated, d.created) AS day "
    "ORDER BY day DESC, d.id LIMIT $limit"
)


@dataclass(frozen=True)
class FoundDocument:
    id: str
    title: str | None
    source_type: str | None
    original_path: str | None


def _found(rows: list[list[Any]]) -> list[FoundDocument]:
    unique = {str(r[0]): FoundDocument(str(r[0]), r[1], r[2], r[3]) for r in rows}
    return list(unique.values())[:MAX_FOUND]


def _path_part(ref: str) -> str | None:
    repo = _REPO_NUMBER.match(ref)
    if repo:
        return f"{repo.group(1)}/pull/{repo.group(2)}"
    parsed = urlparse(ref)
    if parsed.scheme in ("http", "https") and parsed.path.strip("/"):
        return parsed.path.strip("/")
    return None


def find_documents(graph: Graph, ref: str) -> list[FoundDocument]:
    """The current documents ``ref`` names (see the module doc); empty when none."""
    ref = ref.strip()
    if not ref or not graph_exists(graph):
        return []
    graph = scoped(graph)
    now = {"as_of": now_stamp()}
    rows = graph.ro_query(BY_ID, {"ref": ref, **now}).result_set
    if rows:
        return _found(rows)
    part = _path_part(ref)
    if part is not None:
        found = _found(graph.ro_query(BY_PATH, {"part": part, **now}).result_set)
        if found or "/" not in part:
            return found
        ref = part.rsplit("/", 1)[-1]  # e.g. a tracker URL ending in the key
    words = "|".join(dict.fromkeys(w.casefold() for w in _WORDS.findall(ref)))
    if not words:
        return []
    hits = []
    for row in graph.ro_query(BY_METADATA, {"words": words, **now}).result_set:
        value = _VALUE.search(str(row[4]))
        if value and value.group(1).strip().casefold() == ref.casefold():
            hits.append(row[:4])
    if not hits:
        hits = list(graph.ro_query(BY_PATH, {"part": f"/{ref}.", **now}).result_set)
    return _found(hits)


def reviewable_documents(graph: Graph, types: list[str], limit: int = 200) -> list[FoundDocument]:
    """Current documents of ``types`` (pull requests, tickets), newest first."""
    if not graph_exists(graph):
        return []
    rows = scoped(graph).ro_query(REVIEWABLE, {"types": types, "limit": limit, "as_of": now_stamp()}).result_set
    return [FoundDocument(str(r[0]), r[1], r[2], r[3]) for r in rows]
