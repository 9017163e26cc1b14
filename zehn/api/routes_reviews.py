"""Change reviews: review a change (``POST /api/change-reviews``, stored with a permalink; ``.../preview`` computes
the same review without storing it), list and read stored ones, export one as Markdown for a PR comment, and list
the pull requests and tickets that can be picked instead of pasting. ``POST .../markdown`` renders a review it is
given (a preview has no permalink yet) without reading anything.

Storing is a write: it declares ``Writer`` (:mod:`zehn.api.auth`), the one place writes are authorised. The
preview, like every read here, needs no token on loopback and reads as the caller (its scope: what it may not read
is not in the review); stored reviews are listed and opened only by their author and admins, as answers are
(:mod:`zehn.review.store`). A change names a document by id, key (``OPS-412``) or URL; a name
several documents share is a 422 that lists them; none is a 404.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field, model_validator
from pydantic.json_schema import SkipJsonSchema
from starlette.concurrency import run_in_threadpool

from extraction.document_lookup import reviewable_documents
from extraction.validity import AS_OF_PATTERN, parse_as_of
from zehn.api.auth import Writer
from zehn.api.deps import ReadyServices, Services
from zehn.api.errors import ErrorOut, NotFound
from zehn.api.inputs import ID, NAME, TEXT, ReviewId
from zehn.review.markdown import render
from zehn.review.model import ChangeReview, ReviewEntry
from zehn.review.service import MAX_TEXT_CHARS, ChangeReviewer
from zehn.review.store import ReviewStore

router = APIRouter(prefix="/api", tags=["change reviews"])


class MarkdownResponse(PlainTextResponse):
    media_type = "text/markdown"

ERRORS: dict[int | str, dict[str, object]] = {
    404: {"model": ErrorOut}, 422: {"model": ErrorOut}, 503: {"model": ErrorOut, "description": "graph unavailable"},
}
WRITE_ERRORS: dict[int | str, dict[str, object]] = {
    **ERRORS, 401: {"model": ErrorOut, "description": "missing or wrong bearer token"},
    403: {"model": ErrorOut, "description": "the token may not do this"},
}
_ERROR_JSON = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
# A Markdown route's errors are JSON bodies like every other error (FastAPI would list them under the route's type).
MARKDOWN_ERRORS: dict[int | str, dict[str, object]] = {
    code: {"description": what, "content": _ERROR_JSON}
    for code, what in ((404, "no such review"), (422, "rejected input"), (503, "graph unavailable"))}
REVIEWABLE_SOURCES = ["github", "jira", "linear"]


class ChangeReviewRequest(BaseModel):
    """Exactly one of ``text`` and ``document_id`` (a request with neither or both is a 422)."""

    text: str | SkipJsonSchema[None] = Field(default=None, max_length=MAX_TEXT_CHARS, pattern=TEXT, description=(
        "The change: a PR description, a unified diff (with or without a description above it), a design note."))
    document_id: str | SkipJsonSchema[None] = Field(default=None, max_length=500, pattern=ID, description=(
        "Or a pull request / ticket already in the graph: its id, key (OPS-412, org/repo#12) or URL."))
    depth: int = Field(default=2, ge=1, le=3, description="Impact hops, 1..3.")
    as_of: str | SkipJsonSchema[None] = Field(default=None, max_length=40, pattern=AS_OF_PATTERN,
                              description="Review against the graph as it stood then (default now).")
    title: str | SkipJsonSchema[None] = Field(default=None, max_length=200, pattern=NAME,
                              description="A title (default: the first line).")

    @model_validator(mode="after")
    def one_input(self) -> ChangeReviewRequest:
        if (self.text is None) == (self.document_id is None):
            raise ValueError("give exactly one of text or document_id")
        return self


class ReviewList(BaseModel):
    reviews: list[ReviewEntry]
    limit: int


class ReviewableDocument(BaseModel):
    id: str
    title: str | None
    source_type: str | None
    kind: Literal["pull_request", "ticket"]


def compute(services: Services, body: ChangeReviewRequest) -> ChangeReview:
    """The review a request asks for (not stored); shared with the MCP ``change_review`` tool."""
    as_of = None if body.as_of is None else parse_as_of(body.as_of)
    return ChangeReviewer(services).review(body.text, document=body.document_id, depth=body.depth, as_of=as_of,
                                           title=body.title)


@router.post("/change-reviews", response_model=ChangeReview, responses=WRITE_ERRORS,
             summary="Review a change and store the review (permalink: GET /api/change-reviews/{id})")
async def create_review(body: ChangeReviewRequest, services: ReadyServices, caller: Writer) -> ChangeReview:
    review = await run_in_threadpool(compute, services, body)
    return await run_in_threadpool(ReviewStore(services.graph).save, review, caller)


@router.post("/change-reviews/preview", response_model=ChangeReview, responses=ERRORS,
             summary="Review a change without storing it")
async def preview_review(body: ChangeReviewRequest, services: ReadyServices) -> ChangeReview:
    return await run_in_threadpool(compute, services, body)


@router.post("/change-reviews/markdown", response_class=MarkdownResponse, responses={422: MARKDOWN_ERRORS[422]},
             summary="Render a review (e.g. a preview) as Markdown for a PR comment; reads nothing")
def markdown_of(review: ChangeReview) -> MarkdownResponse:
    permalink = f"/change-reviews/{review.id}" if review.id else None
    return MarkdownResponse(render(review, permalink))


@router.get("/change-reviews", response_model=ReviewList, responses=ERRORS,
            summary="The caller's stored reviews, newest first (an admin token lists everyone's)")
def list_reviews(services: ReadyServices, limit: Annotated[int, Query(ge=1, le=500)] = 50) -> ReviewList:
    return ReviewList(reviews=ReviewStore(services.graph).list(services.caller, limit), limit=limit)


@router.get("/change-reviews/sources", response_model=list[ReviewableDocument], responses=ERRORS,
            summary="Pull requests and tickets in the graph that a review can start from")
def review_sources(services: ReadyServices) -> list[ReviewableDocument]:
    return [ReviewableDocument(id=d.id, title=d.title, source_type=d.source_type,
                               kind="pull_request" if d.source_type == "github" else "ticket")
            for d in reviewable_documents(services.graph, REVIEWABLE_SOURCES)]


def _stored(services: Services, review_id: str) -> ChangeReview:
    review = ReviewStore(services.graph).get(review_id, services.caller)
    if review is None:
        raise NotFound(f"no change review {review_id!r}")
    return review


@router.get("/change-reviews/{review_id}", response_model=ChangeReview, responses=ERRORS,
            summary="One stored review (its permalink)")
def get_review(review_id: ReviewId, services: ReadyServices) -> ChangeReview:
    return _stored(services, review_id)


@router.get("/change-reviews/{review_id}/markdown", response_class=MarkdownResponse, responses=MARKDOWN_ERRORS,
            summary="One stored review as Markdown for a PR comment, every line cited")
def review_markdown(review_id: ReviewId, services: ReadyServices) -> MarkdownResponse:
    review = _stored(services, review_id)
    return MarkdownResponse(render(review, f"/change-reviews/{review.id}"))
