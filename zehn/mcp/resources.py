"""MCP resources: a document (``zehn://documents/{document_id}``) and an evidence sentence
(``zehn://evidence/{evidence_id}``), as the JSON the HTTP API returns for them (``DocumentOut``, ``EvidenceOut``).

Reads go through the ingest's own evidence reads, as the caller's scope (``services.graph`` is bound to it): a
document or sentence it may not read is :class:`NotFound`, like one that does not exist; an id that does not exist
is :class:`NotFound`, a graph that is
down raises its typed error; the server maps both to protocol errors. The resource list names the documents
(at most ``LIST_LIMIT``, by id); evidence is reached through its template, from the ids tools return.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import redis.exceptions

from extraction.evidence_reads import get_document, get_evidence, graph_exists
from extraction.schema import document_alive, ready_document
from extraction.validity import now_stamp
from traversal_policy.runner import map_error
from zehn.api.deps import Services
from zehn.api.errors import NotFound
from zehn.api.schemas import DocumentOut, EvidenceOut

SCHEME = "zehn"
DOCUMENT_TEMPLATE = f"{SCHEME}://documents/{{document_id}}"
EVIDENCE_TEMPLATE = f"{SCHEME}://evidence/{{evidence_id}}"
LIST_LIMIT = 500
LIST_DOCUMENTS = (f"MATCH (d:Document) WHERE {ready_document('d')} AND {document_alive('d')} "
                  "RETURN d.id, d.title ORDER BY d.id LIMIT $limit")  # current documents only
_URI = re.compile(rf"^{SCHEME}://(documents|evidence)/(.+)$")
MIME = "application/json"


@dataclass(frozen=True)
class DocumentRef:
    id: str
    title: str

    @property
    def uri(self) -> str:
        return DOCUMENT_TEMPLATE.format(document_id=self.id)


def _mapped(exc: Exception, services: Services) -> Exception:
    return map_error(exc, services.settings.graph_name)


def list_documents(services: Services) -> list[DocumentRef]:
    """The documents of the graph, by id; a graph nothing was ingested into has none (truthfully)."""
    try:
        if not graph_exists(services.graph):
            return []
        rows = services.graph.ro_query(LIST_DOCUMENTS, {"limit": LIST_LIMIT, "as_of": now_stamp()}).result_set
    except (redis.exceptions.RedisError, OSError) as exc:
        raise _mapped(exc, services) from exc
    return [DocumentRef(str(doc_id), str(title or doc_id)) for doc_id, title in rows]


def read(services: Services, uri: str) -> DocumentOut | EvidenceOut:
    match = _URI.match(uri)
    if match is None:
        raise NotFound(f"no resource {uri[:200]!r}: use {DOCUMENT_TEMPLATE} or {EVIDENCE_TEMPLATE}")
    kind, key = match.groups()
    try:
        if kind == "documents":
            doc = get_document(services.graph, key)
            if doc is None:
                raise NotFound(f"no document {key[:200]!r}")
            return DocumentOut(**doc)
        found = get_evidence(services.graph, [key])
    except (redis.exceptions.RedisError, OSError) as exc:
        raise _mapped(exc, services) from exc
    if not found:
        raise NotFound(f"no evidence {key[:200]!r}")
    return EvidenceOut(**found[0])
