"""Stored change reviews, like answers (:mod:`zehn.history`): they survive a restart and have a permalink.

Schema: ``(:ChangeReview {id, title, kind, created_at, matches, affected, json, owner, read_as})-[:CITES]->
(:Evidence)``. ``json`` is the whole review; the other properties are copied out so the list needs no parsing.
CITES edges go to every evidence row the review cites. All Cypher is fixed text with parameters; database errors
are mapped to the project's typed errors (a failure never reads as an empty list).

Who sees a review, as for answers: its author (``owner``, the writer's token name) and admins, and only while the
reader's scope still covers it: every token of ``read_as`` (the scope it was computed with) is the reader's, and
every document it cites is one the reader may read now. Anyone else gets "no such review" (404), exactly as for an
id that does not exist.
"""

from __future__ import annotations

import uuid

import redis.exceptions

from extraction.access import ADMIN
from extraction.evidence_reads import graph_exists
from extraction.schema import ready_document
from zehn.access import Caller
from zehn.graph_store import GraphStore
from zehn.history import now_iso
from zehn.review.model import ChangeReview, ReviewEntry

SAVE_REVIEW = """
MERGE (r:ChangeReview {id: $id})
SET r.title = $title, r.kind = $kind, r.created_at = $created_at, r.matches = $matches, r.affected = $affected,
    r.json = $json, r.owner = $owner, r.read_as = $read_as
WITH r
UNWIND $evidence_ids AS eid
MATCH (e:Evidence {id: eid})
MERGE (r)-[:CITES]->(e)
RETURN count(e)
"""
# The reader's reviews (see the module doc). A review stored before reviews had an owner is an admin's only.
_READABLE = f"""
WHERE ('{ADMIN}' IN $scope OR (r.owner = $owner AND all(t IN coalesce(r.read_as, ['{ADMIN}']) WHERE t IN $scope)))
WITH r, [(r)-[:CITES]->(e:Evidence) | e.document_id] AS cited
WITH r, reduce(acc = [], x IN cited | CASE WHEN x IN acc THEN acc ELSE acc + [x] END) AS docs
OPTIONAL MATCH (d:Document) WHERE d.id IN docs AND {ready_document('d')}
WITH r, size(docs) AS sources, count(d) AS readable
WHERE sources = readable
"""
LIST_REVIEWS = f"""
MATCH (r:ChangeReview) {_READABLE}
RETURN r.id, r.title, r.kind, r.created_at, r.matches, r.affected
ORDER BY r.created_at DESC, r.id DESC
LIMIT $limit
"""
GET_REVIEW = f"MATCH (r:ChangeReview {{id: $id}}) {_READABLE} RETURN r.json"
REVIEW_INDEX = "CREATE INDEX FOR (r:ChangeReview) ON (r.id)"
MAX_LIMIT = 500


def review_id() -> str:
    return "cr_" + uuid.uuid4().hex[:16]


class ReviewStore(GraphStore):
    """Reads and writes reviews in one named graph (a handle that may write), per caller."""

    def save(self, review: ChangeReview, caller: Caller) -> ChangeReview:
        """Store ``review`` as ``caller``'s, under a new id (its permalink), and return it as stored."""
        stored = review.model_copy(update={"id": review_id(), "created_at": now_iso()})
        params = {"id": stored.id, "title": stored.input.title, "kind": stored.input.kind,
                  "created_at": stored.created_at, "matches": len(stored.matches), "affected": len(stored.affected),
                  "json": stored.model_dump_json(), "evidence_ids": sorted(stored.evidence),
                  "owner": caller.history_owner, "read_as": list(caller.scope.tokens)}

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

    def list(self, caller: Caller, limit: int = 50) -> list[ReviewEntry]:
        """The reviews ``caller`` may see, newest first."""
        bounded = max(1, min(MAX_LIMIT, int(limit)))

        def read() -> list[ReviewEntry]:
            if not graph_exists(self.graph):
                return []
            rows = self._as(caller).ro_query(LIST_REVIEWS, {"limit": bounded, "owner": caller.history_owner}).result_set
            return [ReviewEntry(id=r[0], title=r[1], kind=r[2], created_at=r[3], matches=r[4], affected=r[5])
                    for r in rows]

        return self._call(read)

    def get(self, review_id: str, caller: Caller) -> ChangeReview | None:
        """One review ``caller`` may see; None when there is none (or it is not the caller's: they read alike)."""
        def read() -> ChangeReview | None:
            if not graph_exists(self.graph):
                return None
            rows = self._as(caller).ro_query(GET_REVIEW, {"id": review_id, "owner": caller.history_owner}).result_set
            return ChangeReview.model_validate_json(rows[0][0]) if rows else None

        return self._call(read)
