"""Answer history: every final answer is kept in the graph, so it survives a restart of the service.

Schema (the answers part of docs/architecture.md)::

    (:Question {id, text})-[:ANSWERED_BY]->(:Answer {id, question, status, created_at, json})-[:CITES]->(:Evidence)

``json`` is the whole answer object; ``status``, ``question`` and ``created_at`` are copied out so history can be
listed without parsing it. One Question node per distinct question text (``id`` = ``q_`` + 16 hex of its sha256),
so repeated questions share it. CITES edges go to the Evidence nodes the answer cites, matched by id; a cited id
with no Evidence node (deleted since) simply gets no edge, the JSON still names it.

What is stored: every final answer, abstentions, refusals, ambiguity and unknown-entity answers included. What is
not: ``unavailable`` answers, i.e. the graph server was down, so there is nothing to write to, and a retry would
be a new answer anyway (:func:`should_persist`).

Staleness (:mod:`zehn.answers.stale`) is read, not stored: an answer is stale while one of the evidence versions it
CITES is closed and no current successor says the same thing, or when a cited row is gone (``cited`` counts the
ids it cited, CITES the edges still there).

All Cypher here is fixed text with parameters. Database errors are mapped to the project's typed errors
(``GraphUnavailable`` when the server is down): a failure never reads as an empty history.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import redis.exceptions
from pydantic import BaseModel

from extraction.evidence_reads import graph_exists
from traversal_policy.runner import map_error
from zehn.answers.model import Answer, Status
from zehn.answers.stale import stale_reason

SAVE_ANSWER = """
MERGE (q:Question {id: $question_id})
ON CREATE SET q.text = $question
MERGE (a:Answer {id: $id})
SET a.question = $question, a.status = $status, a.created_at = $created_at, a.json = $json
MERGE (q)-[:ANSWERED_BY]->(a)
WITH a
UNWIND $evidence_ids AS eid
MATCH (e:Evidence {id: eid})
MERGE (a)-[:CITES]->(e)
WITH a, count(e) AS cited
SET a.cited = cited
RETURN cited
"""
# A closed cited row with no current successor of the same text, or fewer CITES than cited ids: stale.
LIST_ANSWERS = """
MATCH (a:Answer)
WHERE ($status IS NULL OR a.status = $status) AND ($q IS NULL OR toLower(a.question) CONTAINS $q)
OPTIONAL MATCH (a)-[:CITES]->(e:Evidence)
OPTIONAL MATCH (n:Evidence)-[:SUPERSEDES*1..16]->(e) WHERE e.valid_to IS NOT NULL AND n.valid_to IS NULL
                                                      AND n.text = e.text
WITH a, count(DISTINCT e) AS cites,
     count(DISTINCT CASE WHEN e.valid_to IS NOT NULL AND n IS NULL THEN e END) AS closed
WITH a, cites, closed > 0 OR cites < coalesce(a.cited, cites) AS stale
WHERE $stale IS NULL OR stale = $stale
RETURN a.id, a.question, a.status, a.created_at, cites, stale
ORDER BY a.created_at DESC, a.id DESC
LIMIT $limit
"""
GET_ANSWER = "MATCH (a:Answer {id: $id}) RETURN a.json"
CITED_NOW = """
UNWIND $ids AS eid
OPTIONAL MATCH (e:Evidence {id: eid})
OPTIONAL MATCH (n:Evidence)-[:SUPERSEDES*1..16]->(e) WHERE e.valid_to IS NOT NULL AND n.valid_to IS NULL
WITH eid, e, collect(n)[0] AS n
RETURN eid, e IS NOT NULL, e.valid_to, e.text, e.document_id, n.id, n.text
"""
ANSWER_INDEXES = (
    "CREATE INDEX FOR (a:Answer) ON (a.id)",
    "CREATE INDEX FOR (a:Answer) ON (a.created_at)",
    "CREATE INDEX FOR (q:Question) ON (q.id)",
)
MAX_LIMIT = 500
T = TypeVar("T")


class HistoryEntry(BaseModel):
    id: str
    question: str
    status: Status
    created_at: str
    citations: int
    stale: bool = False


def should_persist(answer: Answer) -> bool:
    """Every final answer except ``unavailable`` ones (the graph was down: nothing could be written)."""
    return answer.status != "unavailable"


def question_id(question: str) -> str:
    return "q_" + hashlib.sha256(question.encode("utf-8")).hexdigest()[:16]


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class AnswerStore:
    """Reads and writes answers in one named graph (a falkordb ``Graph`` handle that may write)."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph
        self._indexed = False

    def _call(self, action: Callable[[], T]) -> T:
        try:
            return action()
        except (redis.exceptions.RedisError, OSError) as exc:
            raise map_error(exc, str(getattr(self.graph, "name", "-"))) from exc

    def _ensure_indexes(self) -> None:
        if self._indexed:
            return
        for statement in ANSWER_INDEXES:
            try:
                self.graph.query(statement)
            except redis.exceptions.ResponseError as exc:
                if "already indexed" not in str(exc).lower() and "already exists" not in str(exc).lower():
                    raise
        self._indexed = True

    def save(self, answer: Answer) -> Answer:
        """Persist ``answer`` (stamping ``created_at`` when missing) and return what was stored."""
        if not should_persist(answer):
            raise ValueError("unavailable answers are not persisted")
        stored = answer if answer.created_at else answer.model_copy(update={"created_at": now_iso()})
        cited = sorted({c.evidence_id for c in stored.citations})
        params = {
            "id": stored.id, "question_id": question_id(stored.question), "question": stored.question,
            "status": stored.status, "created_at": stored.created_at, "json": stored.model_dump_json(),
            "evidence_ids": cited,
        }

        def write() -> None:
            self._ensure_indexes()
            self.graph.query(SAVE_ANSWER, params)

        self._call(write)
        return stored

    def list(self, limit: int = 50, *, status: Status | None = None, q: str | None = None,
             stale: bool | None = None) -> list[HistoryEntry]:
        """Newest first, optionally only one status, questions containing ``q`` (case-insensitive), and only stale
        (True) or only current (False) answers.

        A graph nothing was ever written to has no history (an empty list, truthfully)."""
        bounded = max(1, min(MAX_LIMIT, int(limit)))
        words = " ".join((q or "").split()).lower() or None
        params = {"limit": bounded, "status": status, "q": words, "stale": stale}

        def read() -> list[HistoryEntry]:
            if not graph_exists(self.graph):
                return []
            rows = self.graph.ro_query(LIST_ANSWERS, params).result_set
            return [HistoryEntry(id=r[0], question=r[1], status=r[2], created_at=r[3], citations=r[4], stale=r[5])
                    for r in rows]

        return self._call(read)

    def get(self, answer_id: str) -> Answer | None:
        """The stored answer with ``stale`` and its reasons as of now."""
        def read() -> Answer | None:
            if not graph_exists(self.graph):
                return None
            rows = self.graph.ro_query(GET_ANSWER, {"id": answer_id}).result_set
            return self._with_staleness(Answer.model_validate_json(rows[0][0])) if rows else None

        return self._call(read)

    def _with_staleness(self, answer: Answer) -> Answer:
        quoted = {c.evidence_id: c.text for c in answer.citations}
        if not quoted:
            return answer
        rows = self.graph.ro_query(CITED_NOW, {"ids": sorted(quoted)}).result_set
        now = {r[0]: {"exists": r[1], "valid_to": r[2], "text": r[3], "document_id": r[4], "current_id": r[5],
                      "current_text": r[6]} for r in rows}
        reasons = [reason for ev, text in quoted.items() if (reason := stale_reason(ev, text, now.get(ev)))]
        return answer.model_copy(update={"stale": bool(reasons), "stale_reasons": reasons})
