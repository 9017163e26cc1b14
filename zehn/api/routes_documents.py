"""``GET /api/documents``: the ingested documents, filtered by source type, or searched by the words of their
evidence sentences (full text). ``GET /api/documents/{id}`` (one document) lives with the other graph reads."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from zehn.api.deps import ReadyServices
from zehn.api.document_reads import list_documents, search_documents
from zehn.api.errors import ErrorOut
from zehn.api.inputs import NAME
from zehn.api.schemas import QueryRecordApi
from zehn.api.views import records

router = APIRouter(prefix="/api", tags=["documents"])
Deps = ReadyServices  # 503 warming_up / unavailable while the graph is not ready
MAX_LIMIT = 200


class EvidenceHit(BaseModel):
    evidence_id: str
    text: str = Field(description="A matching sentence, exactly document.text[start:end].")
    start: int
    end: int


class DocumentSummary(BaseModel):
    id: str
    title: str | None
    source_type: str | None
    created: str | None = None
    updated: str | None = None
    ingested_at: str | None = None
    hits: list[EvidenceHit] = Field(default_factory=list, description="Matching sentences (searches only).")


class DocumentsOut(BaseModel):
    documents: list[DocumentSummary]
    total: int = Field(description="Documents matching the filter and the search, across all pages.")
    offset: int
    limit: int
    source_type: str | None
    q: str | None
    source_types: dict[str, int] = Field(description="Every source type in the graph with its document count.")
    queries: list[QueryRecordApi]


@router.get("/documents", response_model=DocumentsOut, summary="List documents, or search their sentences",
            responses={422: {"model": ErrorOut}, 503: {"model": ErrorOut, "description": "graph unavailable"}})
async def documents(
    services: Deps,
    source_type: Annotated[str | None, Query(min_length=1, max_length=100, description="Only this source type.")]
    = None,
    q: Annotated[str | None, Query(min_length=1, max_length=500, pattern=NAME, description=(
        "Words to find in the documents' sentences (full text); documents are then ordered by their best match."))]
    = None,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 50,
) -> DocumentsOut:
    graph, timeout = services.executor.graph, services.settings.query_timeout_ms
    if q is not None:
        page = await run_in_threadpool(search_documents, graph, timeout, q, source_type, offset, limit)
    else:
        page = await run_in_threadpool(list_documents, graph, timeout, source_type, offset, limit)
    return DocumentsOut(documents=[DocumentSummary(**d) for d in page.documents], total=page.total, offset=offset,
                        limit=limit, source_type=source_type, q=q, source_types=page.source_types,
                        queries=records(page.queries))
