"""The only way to query the graph: ``TraversalExecutor.run(name, params)`` and ``.resolve(name)``.

An executor reads as one :class:`extraction.access.Scope` (its graph is a scoped handle): every Cypher text it runs
gets that reader's ``$scope``, which the catalogue's fragments use to leave out what the reader may not read.
``executor.scoped(scope)`` is the same executor for another reader; built over a plain handle, it reads as everyone.

Raised (before anything runs): ``QueryRejected`` for an unknown query or wrong parameters, ``InputRejected`` for
blank, wordless or oversized text. Everything else ends as a typed value: ``Found`` / ``NoEvidence`` /
``QueryFailed`` (server down, timeout, graph not ingested, missing index, a query the server refused, the policy
guard), each with the records of every Cypher text that ran and the policy's name, hash and evaluation mode.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from extraction.access import Scope, ScopedGraph, scoped
from extraction.errors import InputRejected, ZehnError

from . import departure, handlers
from .catalogue import get
from .handlers import Hit, Miss
from .index_sizes import IndexSizes, VersionSizes
from .named_query import NamedQuery
from .outcomes import Found, NoEvidence, QueryFailed, QueryOutcome, Resolution, Unknown
from .params import clean_text, validate
from .policy import Policy
from .resolution import resolution_rows, resolve_with
from .runner import IndexMemo, ReadOnlyGraph, Trace
from .search import Embedder, search, search_passages

Handler = Callable[[NamedQuery, Trace, Policy, dict[str, Any]], Hit | Miss]
DEFAULT_TIMEOUT_MS = 10_000


class TraversalExecutor:
    """``as_of``: read the graph as it stood then (a stamp from ``extraction.validity.parse_as_of``); ``None``
    reads it as it is now, at each query. ``scope``: read as that caller (extraction/access.py); a scoped handle
    brings its own, a plain one reads as PUBLIC. ``sizes`` and ``version``: see :meth:`scoped` and
    :meth:`versioned`."""

    def __init__(self, graph: ReadOnlyGraph | ScopedGraph, policy: Policy, *, embedder: Embedder | None = None,
                 timeout_ms: int = DEFAULT_TIMEOUT_MS, scope: Scope | None = None, as_of: str | None = None,
                 indexes: IndexMemo | None = None, sizes: IndexSizes | None = None,
                 version: Hashable | None = None) -> None:
        self.graph: ScopedGraph = scoped(graph, scope)
        self.policy = policy
        self.embedder = embedder
        self.timeout_ms = timeout_ms
        self.as_of = as_of
        self.indexes = indexes  # None: every search checks its indexes (see :meth:`scoped`)
        self.sizes = sizes
        self.version = version

    def at(self, as_of: str | None) -> TraversalExecutor:
        """The same executor reading the graph as of ``as_of`` (``None``: now)."""
        return TraversalExecutor(self.graph, self.policy, embedder=self.embedder, timeout_ms=self.timeout_ms,
                                 as_of=as_of, indexes=self.indexes, sizes=self.sizes)  # self.graph is scoped

    @property
    def scope(self) -> Scope:
        return self.graph.scope

    def scoped(self, scope: Scope, *, indexes: IndexMemo | None = None,
               sizes: IndexSizes | None = None) -> TraversalExecutor:
        """This executor, reading as ``scope`` (same graph, policy, embedder, timeout and ``as_of``). ``indexes``:
        the memo of the indexes its searches found present, so that each is checked once per memo instead of before
        every search (``IndexMemo()``: one answer's; ``IndexMemo(keep_s=...)``: shared by a service's answers).
        ``sizes``: a service's index sizes, used once the executor is :meth:`versioned`."""
        return TraversalExecutor(self.graph.base, self.policy, embedder=self.embedder, timeout_ms=self.timeout_ms,
                                 scope=scope, as_of=self.as_of, indexes=indexes, sizes=sizes)

    def versioned(self, version: Hashable) -> TraversalExecutor:
        """This executor, told the graph's version as its reader read it (``scope_version``): its searches read
        each index size once per version from its ``sizes`` (traversal_policy/index_sizes.py), not before each
        search. The caller reads the version before the searches it gives it to."""
        return TraversalExecutor(self.graph, self.policy, embedder=self.embedder, timeout_ms=self.timeout_ms,
                                 as_of=self.as_of, indexes=self.indexes, sizes=self.sizes, version=version)

    def _trace(self) -> Trace:
        sizes = None if self.sizes is None or self.version is None else \
            VersionSizes(self.sizes, self.graph.name, self.version)
        return Trace(self.graph, self.timeout_ms, self.as_of, self.indexes, sizes)

    def run(self, name: str, params: Mapping[str, object] | None = None) -> QueryOutcome:
        query = get(name)
        clean = validate(query.params, params or {}, name)
        trace = self._trace()
        info = self.policy.info()
        try:
            result = self._dispatch(query, trace, clean)
            if isinstance(result, Hit):
                self.policy.check_rows(result.rows)
        except InputRejected:
            raise
        except ZehnError as exc:
            return QueryFailed(name, exc, exc.retriable, tuple(trace.records), info)
        records = tuple(trace.records)
        if isinstance(result, Miss):
            return NoEvidence(name, result.reason, result.message, records, info)
        if not result.rows:  # a handler bug must not turn "nothing" into an empty Found
            return NoEvidence(name, "no_match", "the query returned no rows", records, info)
        return Found(name, tuple(result.rows), records, info, tuple(result.notes), result.subject)

    def _dispatch(self, query: NamedQuery, trace: Trace, clean: dict[str, Any]) -> Hit | Miss:
        if query.name == "resolve_entity":
            resolution = resolve_with(trace, clean["name"], self.policy.info())
            if isinstance(resolution, Unknown):
                meant = "; did you mean: " + ", ".join(c.name for c in resolution.suggestions) \
                    if resolution.suggestions else ""
                return Miss("unknown_entity", f"no entity is named like {clean['name'][:200]!r}{meant}")
            rows, note = resolution_rows(resolution)
            return Hit(rows, [note, f"resolution: {resolution.outcome}"])
        if query.name in ("search_evidence", "search_passages"):
            searcher = search if query.name == "search_evidence" else search_passages
            hits = searcher(trace, clean, self.embedder)
            if not hits.rows:
                return Miss("no_match", f"nothing matches the search words ({query.name})")
            return Hit(hits.rows, hits.notes)
        handler: Handler = {
            "paths_between": handlers.paths_between,
            "evidence_for": handlers.evidence_for,
            "documents_mentioning": handlers.documents_mentioning,
            "document_passages": handlers.document_passages,
            "passage_distances": handlers.passage_distances,
            "document_sentences": handlers.document_sentences,
            "passages_mentioning": handlers.passages_mentioning,
            "passages_mentioning_each": handlers.passages_mentioning_each,
            "scope_version": handlers.scope_version,
            "scope_passages": handlers.scope_passages,
            "if_person_leaves": departure.if_person_leaves,
        }.get(query.name, handlers.walk)
        return handler(query, trace, self.policy, clean)

    def resolve(self, name: str) -> Resolution | QueryFailed:
        """Typed entity resolution (see traversal_policy.resolution for the rules)."""
        clean = clean_text(name, "name")
        trace = self._trace()
        try:
            return resolve_with(trace, clean, self.policy.info())
        except ZehnError as exc:
            return QueryFailed("resolve_entity", exc, exc.retriable, tuple(trace.records), self.policy.info())
