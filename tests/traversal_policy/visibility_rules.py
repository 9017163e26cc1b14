"""A static check that a Cypher text reads documents, chunks, evidence, RELATES edges and entities only through the
reader fragments of ``extraction.schema`` (``visible``, ``ready_document``, ``relation_valid_at``,
``visible_evidence_ids``).

It complements the behavioural tests (a restricted document never shows up): a new query text that forgets the
filter fails here before anyone has thought of a test for it. The rules, for one text:

1. every node variable labelled ``Document`` is filtered with ``visible(var)`` (anonymous ``(:Document)`` cannot be);
2. every named ``RELATES`` variable is filtered with ``visible(var)`` (or lies on a path ``p`` with the per-hop
   filter over ``relationships(p)``); a variable-length ``RELATES`` pattern needs that per-hop filter; an
   anonymous single ``[:RELATES]`` hop cannot be filtered;
3. no ``.evidence_ids`` is read outside ``visible_evidence_ids`` / ``relation_valid_at`` (it would return ids of
   unreadable documents);
4. a text touching a part of a document (``Chunk``, ``Evidence``, ``Passage``: :data:`DOCUMENT_PARTS`) joins a
   filtered ``Document`` or takes its ids from ``visible_evidence_ids``;
5. a text touching ``__Entity__`` uses ``$scope`` (entities are filtered, or reached over filtered edges).
"""

from __future__ import annotations

import re

from extraction.schema import relation_valid_at, visible, visible_evidence_ids

_DOCUMENT_VAR = re.compile(r"\((\w+):Document\b")
_ANON_DOCUMENT = re.compile(r"\(:Document\b")
_RELATES_VAR = re.compile(r"\[(\w+):RELATES\b")
_RELATES_VARLEN = re.compile(r"\[:RELATES\*")
_RELATES_ANON = re.compile(r"\[:RELATES\]")
_EVIDENCE_IDS = re.compile(r"\b\w+\.evidence_ids\b")
# Labels whose nodes are parts of one document (a new such label belongs here: its reads join their document).
DOCUMENT_PARTS = ("Chunk", "Evidence", "Passage")
_CHUNK_OR_EVIDENCE = re.compile(rf":({'|'.join(DOCUMENT_PARTS)})\b|queryNodes\('({'|'.join(DOCUMENT_PARTS)})'")
_ENTITY = re.compile(r"__Entity__")
_WALKED = re.compile(r"MATCH p = (.*?) WHERE ")  # the pattern of a path whose hops the per-hop filter covers
_PER_HOP = re.compile(r"ALL\(r IN relationships\(p\) WHERE [^)]*" + re.escape(visible("r")))


def problems(text: str) -> list[str]:
    """What is read without the reader's filter (empty: the text passes every rule)."""
    found: list[str] = []
    documents = set(_DOCUMENT_VAR.findall(text))
    for var in sorted(documents):
        if visible(var) not in text:
            found.append(f"Document {var} is read without visible({var})")
    if _ANON_DOCUMENT.search(text):
        found.append("an anonymous (:Document) cannot be filtered")
    walked = _WALKED.findall(text) if _PER_HOP.search(text) else []
    for var in sorted(set(_RELATES_VAR.findall(text))):
        if visible(var) not in text and not any(f"[{var}:RELATES" in pattern for pattern in walked):
            found.append(f"RELATES {var} is walked without visible({var})")
    if _RELATES_VARLEN.search(text) and not _PER_HOP.search(text):
        found.append("a variable-length RELATES walk without the per-hop visible(r) filter")
    if _RELATES_ANON.search(text):
        found.append("an anonymous [:RELATES] hop cannot be filtered")
    stripped = text
    for var in ("r", "r1", "r2", "ro", "ri", "hc", "a", "w", "m"):
        stripped = stripped.replace(visible_evidence_ids(var), "").replace(relation_valid_at(var), "")
    if _EVIDENCE_IDS.search(stripped):
        found.append("evidence_ids read outside visible_evidence_ids / relation_valid_at")
    filtered_document = any(visible(v) in text for v in documents)
    if _CHUNK_OR_EVIDENCE.search(text) and not filtered_document and "evidence_access" not in text:
        found.append("chunks or evidence read without a filtered Document or visible_evidence_ids")
    if _ENTITY.search(text) and "$scope" not in text:
        found.append("entities read without $scope")
    return found
