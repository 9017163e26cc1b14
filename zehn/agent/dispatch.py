"""The tool dispatcher: runs the catalogue's named queries for both modes and keeps what they returned this turn.

Rules:

- A call to a name outside the catalogue, with arguments that are not a JSON object, or that the executor rejects
  (``QueryRejected`` / ``InputRejected``) is *not run*: it becomes a ``failed`` result with ``rejected: true``.
- Rows are parsed into typed rows (:mod:`zehn.agent.rows`) here, once. Walk results are enriched with the
  evidence sentences of each edge through ``evidence_for`` (a catalogue query, recorded and reported like any
  other), so the drafter and the hop grader see the sentences.
- Every sentence a query returns this turn lands in :attr:`Dispatcher.evidence`: the only ids the citation gate
  accepts.
- The dispatcher emits nothing itself: each call and result is reported to the :class:`Listener` the pipeline
  runner gives it (which streams the events and checks for cancellation).
- The typed helpers the stages use (:meth:`passages`, :meth:`document`, ...) raise :class:`GraphFailure` when a
  query could not run, so a graph failure in the middle of a turn ends it as ``unavailable``, never as "nothing".
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from extraction.errors import InputRejected, QueryRejected, ZehnError
from traversal_policy import CATALOGUE, Found, QueryFailed, QueryOutcome, QueryRecord, Resolution, TraversalExecutor
from traversal_policy.search import RRF_K
from zehn.agent import name_mentions, rows
from zehn.agent.corpus_words import CorpusWords
from zehn.agent.doc_memo import DocMemo
from zehn.agent.passage_cache import PassageCache
from zehn.agent.reader_tables import ReaderKey
from zehn.agent.rows import DocPassage, DocumentInfo, PassageHit, PathRow, ScopePassage, ScopeVersion, Sentence

MAX_EDGES = 40  # evidence_for look-ups per turn (a 3-hop impact walk on a real corpus stays well below)
EdgeKey = tuple[str, str, str]


class Listener(Protocol):
    def called(self, name: str, args: dict[str, Any]) -> None: ...

    def returned(self, name: str, data: dict[str, Any]) -> None: ...


class GraphFailure(ZehnError):
    """A named query could not run in the middle of a turn (server down, timeout, index missing)."""

    def __init__(self, failed: QueryFailed) -> None:
        super().__init__(f"graph unavailable: {failed.error}")
        self.failed = failed


@dataclass
class ToolResult:
    name: str
    outcome: str  # found | no_evidence | failed
    payload: dict[str, Any]  # what the model sees
    result: QueryOutcome | None = None
    rejected: bool = False


@dataclass
class Dispatcher:
    """``payloads``: build each result's :attr:`ToolResult.payload` rows (what a model reads, and what the MCP tools
    return). Off for a deterministic turn, where nothing reads them: the typed helpers read the outcome's rows, and
    the turn's tool calls are reported (``tool_call`` / ``tool_result``) the same either way."""

    executor: TraversalExecutor
    listener: Listener
    payloads: bool = True
    records: list[QueryRecord] = field(default_factory=list)
    evidence: dict[str, Sentence] = field(default_factory=dict)
    edges: dict[EdgeKey, list[Sentence]] = field(default_factory=dict)
    paths: list[PathRow] = field(default_factory=list)
    failures: list[QueryFailed] = field(default_factory=list)
    retrieval_ms: float = 0.0
    # :meth:`mentions`, by name as asked: the name its rows carry (the cleaned one) and its passages
    mentioned: dict[str, tuple[str, list[tuple[str, str]]]] = field(default_factory=dict)
    corpus: CorpusWords | None = None  # the service's whole-corpus word indexes (None: retrieval does without)
    kept: PassageCache | None = None  # the service's kept passages (None: every document read reads them)
    version: ScopeVersion | None = None  # the graph's version as this turn first read it (:meth:`scope_version`)

    def texts(self) -> dict[str, str]:
        """Evidence id -> sentence, for the citation gate."""
        return {k: v.text for k, v in self.evidence.items()}

    # -- the generic entry point (model mode and the typed helpers) ---------------------------------------------
    def call(self, name: str, args: object, *, as_tool: bool = False) -> ToolResult:
        """Run one named query; ``as_tool`` for a call a model or an MCP client made, which may name only the
        queries offered as tools (``NamedQuery.tool``: not the bulk reads ZEHN's own caches run)."""
        self.listener.called(name, args if isinstance(args, dict) else {"raw": str(args)})
        if name not in CATALOGUE or (as_tool and not CATALOGUE[name].tool):
            return self._reject(name, f"unknown tool {name!r}: only the catalogue's named queries can be called")
        if isinstance(args, str):
            return self._reject(name, f"malformed tool-call arguments (not valid JSON): {args[:200]!r}")
        if not isinstance(args, dict):
            return self._reject(name, "arguments must be a JSON object")
        started = time.perf_counter()
        try:
            outcome = self.executor.run(name, args)
        except (QueryRejected, InputRejected) as exc:
            return self._reject(name, f"{type(exc).__name__}: {exc}")
        finally:
            self.retrieval_ms += (time.perf_counter() - started) * 1000.0
        self.records.extend(outcome.queries)
        payload = self._absorb(outcome)
        count = len(outcome.rows) if isinstance(outcome, Found) else 0
        self.listener.returned(name, {"outcome": outcome.outcome, "rows": count,
                                      "queries": [q.to_dict() for q in outcome.queries]})
        if isinstance(outcome, Found) and any(isinstance(r.get("path"), dict) for r in outcome.rows):
            self._enrich(outcome)
        return ToolResult(name, outcome.outcome, payload, outcome)

    def resolve(self, name: str) -> Resolution | QueryFailed:
        """Typed resolution, reported as a ``resolve_entity`` call."""
        self.listener.called("resolve_entity", {"name": name})
        started = time.perf_counter()
        outcome = self.executor.resolve(name)
        self.retrieval_ms += (time.perf_counter() - started) * 1000.0
        self.records.extend(outcome.queries)
        if isinstance(outcome, QueryFailed):
            self.failures.append(outcome)
        label = {"failed": "failed", "unknown": "no_evidence"}.get(outcome.outcome, "found")
        listed = outcome.to_dict().get("candidates", []) if not isinstance(outcome, QueryFailed) else []
        self.listener.returned("resolve_entity", {"outcome": label, "rows": len(listed),
                                                  "resolution": outcome.outcome,
                                                  "queries": [q.to_dict() for q in outcome.queries]})
        return outcome

    # -- typed helpers for the deterministic stages ----------------------------------------------------------
    def found(self, name: str, args: dict[str, Any]) -> Found | None:
        """The Found outcome, None for "nothing"; raises GraphFailure when the query could not run."""
        result = self.call(name, args)
        if isinstance(result.result, QueryFailed):
            raise GraphFailure(result.result)
        if result.rejected:
            raise QueryRejected(str(result.payload.get("error")))
        return result.result if isinstance(result.result, Found) else None

    def passages(self, text: str, k: int, embedding: list[float] | None = None) -> list[PassageHit]:
        args: dict[str, Any] = {"text": text, "k": k}
        if embedding is not None:
            args["embedding"] = embedding
        found = self.found("search_passages", args)
        return [rows.passage_hit(r, RRF_K) for r in found.rows] if found else []

    def documents(self, document_ids: list[str], vectors: list[list[float]]
                  ) -> list[tuple[DocumentInfo, list[DocPassage]]]:
        """The ready documents among ``document_ids`` (in that order) with their passages, read in one query (only
        the distances of those the service kept under the version this turn read, and the others whole:
        zehn/agent/passage_cache.py)."""
        if self.kept is None or self.version is None or not vectors:
            return self._documents(document_ids, vectors)
        return self.kept.documents(self._reader(), self.version, document_ids,
                                   lambda ids: self._documents(list(ids), vectors),
                                   lambda ids: self._distances(list(ids), vectors))

    def _distances(self, document_ids: list[str], vectors: list[list[float]]) -> list[tuple[str, tuple[float, ...]]]:
        found = self.found("passage_distances", {"document_ids": document_ids, "vectors": vectors})
        return [(str(r["id"]), tuple(map(float, r.get("distances") or ()))) for r in found.rows] if found else []

    def _documents(self, document_ids: list[str], vectors: list[list[float]]
                   ) -> list[tuple[DocumentInfo, list[DocPassage]]]:
        args: dict[str, Any] = {"document_ids": document_ids}
        if vectors:
            args["vectors"] = vectors
        found = self.found("document_passages", args)
        if found is None or found.subject is None:
            return []
        passages: dict[str, list[DocPassage]] = {}
        for row in found.rows:
            passages.setdefault(str(row["document_id"]), []).append(rows.doc_passage(row))
        infos = {str(r["id"]): rows.document_info(r) for r in found.subject["documents"]}
        return [(infos[d], passages[d]) for d in document_ids if d in infos and d in passages]

    def sentences(self, document_id: str) -> list[Sentence]:
        """The document's citable sentences, read every turn (never from the service's memo), so each sentence an
        answer cites was returned by a query this turn ran and shows."""
        found = self.found("document_sentences", {"document_id": document_id})
        return [self.evidence[str(r["id"])] for r in found.rows] if found else []

    def memo(self, document_id: str) -> DocMemo | None:
        """The service's memo of a document this turn read, under the turn's version (zehn/agent/doc_memo.py)."""
        return None if self.kept is None or self.version is None else \
            self.kept.memo(self._reader(), self.version, document_id)

    def corpus_documents(self, question: str) -> list[str]:
        """The documents the whole-corpus word index ranks best for ``question`` (zehn/agent/corpus_words.py), as
        this turn's reader; none without the service's indexes."""
        if self.corpus is None:
            return []
        return self.corpus.index(self._reader(), self).documents(question)

    def _reader(self) -> ReaderKey:
        return self.executor.graph.name, self.executor.scope.tokens, self.executor.as_of

    def scope_version(self) -> ScopeVersion:
        """The graph's version as this reader sees it (``scope_version``'s one row)."""
        found = self.found("scope_version", {})
        row = found.rows[0] if found else {}
        latest, stamp = row.get("latest"), row.get("stamp")
        version = (None, None, int(stamp)) if stamp is not None else \
            (int(row.get("documents") or 0), None if latest is None else str(latest), None)
        if self.version is None:  # the turn's first reading: what kept passages and index sizes are read under
            self.version = version
            self.executor = self.executor.versioned(version)
        return version

    def scope_passages(self) -> list[ScopePassage]:
        """Every passage this reader may read, page after page (``scope_passages``, by passage id)."""
        out: list[ScopePassage] = []
        args: dict[str, Any] = {}
        while (found := self.found("scope_passages", args)) is not None:
            out.extend(ScopePassage(str(r["id"]), str(r["document_id"]), str(r.get("text") or ""))
                       for r in found.rows)
            args = {"after": out[-1].id}
        return out

    def mentions(self, names: list[str]) -> dict[str, list[tuple[str, str]]]:
        """:func:`zehn.agent.name_mentions.mentions` as this turn reads them (each name looked up once a turn)."""
        return name_mentions.mentions(self, names)

    def walk(self, query: str, args: dict[str, Any]) -> list[PathRow]:
        """Paths of a walk (enriched with their edges' sentences); the turn's paths keep every walk's rows."""
        before = len(self.paths)
        self.found(query, args)
        failed = next((f for f in self.failures if f.retriable), None)
        if failed is not None:  # an evidence look-up hit a server that went away: not a partial answer
            raise GraphFailure(failed)
        return self.paths[before:]

    # -- internals ---------------------------------------------------------------------------------------------
    def _reject(self, name: str, error: str) -> ToolResult:
        self.listener.returned(name, {"outcome": "failed", "rows": 0, "rejected": True, "error": error,
                                      "queries": []})
        return ToolResult(name, "failed", {"outcome": "failed", "error": error, "rejected": True}, rejected=True)

    def _absorb(self, outcome: QueryOutcome) -> dict[str, Any]:
        if isinstance(outcome, QueryFailed):
            self.failures.append(outcome)
            return {"outcome": "failed", "error": str(outcome.error), "kind": outcome.kind}
        if not isinstance(outcome, Found):
            return {"outcome": "no_evidence", "reason": outcome.reason, "message": outcome.message}
        shown: list[dict[str, Any]] = []
        sentences = outcome.query in ("search_evidence", "document_sentences", "evidence_for")
        for row in outcome.rows:
            if sentences:
                if outcome.query == "search_evidence" and row.get("kind") != "evidence":
                    continue
                item = rows.sentence(row)
                self._add(item)
                if outcome.query == "evidence_for":
                    self._edge(row, item)  # with this edge's mention spans (a sentence can back several edges)
                if self.payloads:
                    shown.append({"evidence_id": item.id, "document_id": item.document_id,
                                  "document_text": item.text})
                continue
            if isinstance(row.get("path"), dict):
                self.paths.append(rows.path_row(row))
            for ev in row.get("evidence") or []:
                self._add(rows.sentence(ev))
            if self.payloads:
                shown.append({k: v for k, v in row.items() if k not in ("distances",)})
        return {"outcome": "found", "rows": shown, "notes": list(outcome.notes)}

    def _edge(self, row: dict[str, Any], item: Sentence) -> None:
        key = (str(row["source"]), str(row["rel_type"]), str(row["target"]))
        listed = self.edges.setdefault(key, [])
        if all(i.id != item.id for i in listed):
            listed.append(item)

    def _add(self, item: Sentence) -> None:
        self.evidence.setdefault(item.id, item)

    def _enrich(self, outcome: Found) -> None:
        """Fetch the sentences behind every edge of the returned paths (evidence_for), and show them inline in the
        payload (its rows hold the outcome's path maps)."""
        for row in outcome.rows:
            path = row.get("path")
            for edge in path.get("edges", []) if isinstance(path, dict) else []:
                key = (edge["source"], edge["rel_type"], edge["target"])
                if key not in self.edges and len(self.edges) < MAX_EDGES:
                    self.call("evidence_for", {"source": key[0], "rel_type": key[1], "target": key[2]})
                    self.edges.setdefault(key, [])
                if self.payloads:
                    edge["evidence"] = [{"evidence_id": i.id, "document_id": i.document_id,
                                         "document_text": i.text} for i in self.edges.get(key, [])]


def payload_json(result: ToolResult) -> str:
    return json.dumps(result.payload, default=str)[:24_000]
