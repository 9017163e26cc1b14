"""Stored change reviews, like answers (:mod:`zehn.history`): they survive a restart and have a permalink.

Schema: ``(:ChangeReview {id, title, kind, created_at, matches, affected, json})-[:CITES]->(:Evidence)``. ``json``
is the whole review; the other properties are copied out so the list needs no parsing. CITES edges go to every
evidence row the review cites. All Cypher is fixed text with parameters; database errors are mapped to the
project's typed errors (a failure never reads as an empty list).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, TypeVar

import redis.exceptions

from extraction.evidence_reads import graph_exists
from traversal_policy.runner import map_error
from zehn.history import now_iso
from zehn.review.model import ChangeReview, ReviewEntry

SAVE_REVIEW = """
MERGE (r:ChangeReview {id: $id})
SET r.title = $title, r.kind = $kind, r.created_at = $created_at, r.matches = $matches, r.affected = $affected,
    r.json = $json
WITH r
UNWIND $evidence_ids AS eid
MATCH (e:Evidence {id: eid})
MERGE (r)-[:CITES]->(e)
RETURN count(e)
"""
LIST_REVIEWS = """
MATCH (r:ChangeReview)
RETURN r.id, r.title, r.kind, r.created_at, r.matches, r.affected
ORDER BY r.created_at DESC, r.id DESC
LIMIT $limit
"""
GET_REVIEW = "MATCH (r:ChangeReview {id: $id}) RETURN r.json"
REVIEW_INDEX = "CREATE INDEX FOR (r:ChangeReview) ON (r.id)"
MAX_LIMIT = 500
T = TypeVar("T")


def review_id() -> str:
    return "cr_" + uuid.uuid4().hex[:16]


class ReviewStore:
    def __init__(self, graph: Any) -> None:
        self.graph = graph
        self._indexed = False

    def _call(self, action: Callable[[], T]) -> T:
        try:
            return action()
        except (redis.exceptions.RedisError, OSError) as exc:
            raise map_error(exc, str(getattr(self.graph, "name", "-"))) from exc

    def save(self, review: ChangeReview) -> ChangeReview:
        """Store ``review`` under a new id (its permalink) and return it as stored."""
        stored = review.model_copy(update={"id": review_id(), "created_at": now_iso()})
        params = {"id": stored.id, "title": stored.input.title, "kind": stored.input.kind,
                  "created_at": stored.created_at, "matches": len(stored.matches), "affected": len(stored.affected),
                  "json": stored.model_dump_json(), "evidence_ids": sorted(stored.evidence)}

        def write() -> None:
            if not self._indexed:
                try:
                    self.graph.query(REVIEW_INDEX)
                except redis.exceptions.ResponseError as exc:
                    if "already indexed" not in str(exc).lower():
                        raise
                self._indexed = True
            self.graph.query(SAVE_REVIEW, params)

        self._call(write)
        return stored

    def list(self, limit: int = 50) -> list[ReviewEntry]:
        bounded = max(1, min(MAX_LIMIT, int(limit)))

        def read() -> list[ReviewEntry]:
            if not graph_exists(self.graph):
                return []
            rows = self.graph.ro_query(LIST_REVIEWS, {"limit": bounded}).result_set
            return [ReviewEntry(id=r[0], title=r[1], kind=r[2], created_at=r[3], matches=r[4], affected=r[5])
                    for r in rows]

        return self._call(read)

    def get(self, review_id: str) -> ChangeReview | None:
        def read() -> ChangeReview | None:
            if not graph_exists(self.graph):
                return None
            rows = self.graph.ro_query(GET_REVIEW, {"id": review_id}).result_set
            return ChangeReview.model_validate_json(rows[0][0]) if rows else None

        return self._call(read)
