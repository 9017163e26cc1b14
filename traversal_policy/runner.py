"""Run one fixed Cypher text read-only, record the shown work, and turn database failures into typed errors.

Every execution (also a failed one) leaves a :class:`QueryRecord`: name, exact Cypher, parameters, row count,
FalkorDB's own run time and the wall time. Errors are mapped, never swallowed:

================================================  ====================================================
what happened                                     raised as
================================================  ====================================================
connection refused / reset, server loading        GraphUnavailable (retriable)
socket timeout, "Query timed out"                 QueryTimedOut (retriable)
"Invalid graph operation on empty key"            GraphNotIngested (the graph was never written)
"to be executed only on read-only queries"        QueryRejected (a write through the read path)
any other error answer of the server              QueryRejected
================================================  ====================================================
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Mapping
from itertools import repeat
from typing import Any, Protocol

import redis.exceptions

from extraction.access import ScopedGraph, scoped
from extraction.errors import GraphUnavailable, QueryRejected, ZehnError
from extraction.validity import parse_as_of
from extraction.wire import Written, vector_text

from .index_sizes import VersionSizes
from .outcomes import GraphNotIngested, MissingIndex, QueryRecord, QueryTimedOut, Row

INDEX_CHECK = "CALL db.indexes() YIELD label, properties, types RETURN label, types"


class ReadOnlyGraph(Protocol):
    """The part of a falkordb ``Graph`` the policy uses: read-only queries only."""

    @property
    def name(self) -> str: ...

    def ro_query(self, q: str, params: dict[str, object] | None = None, timeout: int | None = None) -> Any: ...


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """Result values as plain JSON-able Python (maps arrive as OrderedDict). Scalars, most of every result, are
    returned at once: an exact type check is much cheaper than the ``Mapping`` ABC check."""
    if type(value) in _SCALARS:
        return value
    if type(value) is list and _SCALARS.issuperset(map(type, value)):
        return list(value)  # a list of scalars (a row's distances, its ids): one C-level pass, not a call per item
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def _floats(value: Any) -> bool:
    return type(value) is list and bool(value) and set(map(type, value)) == {float}


WRITTEN_CACHE = 256  # vectors kept in their written form: a turn sends its question's and asks' vectors again


_written: dict[bytes, str] = {}  # by the floats' bits: 0.0 and -0.0 are equal as floats, not as text


def _vector_text(value: list[float]) -> str:
    """``[`` + each float's ``str``, comma-joined + ``]``: what the client writes for a list of floats. Kept by
    value: the question's vector goes to the passage search and again, with the asks', to every passage read."""
    key = array("d", value).tobytes()
    text = _written.get(key)
    if text is None:
        if len(_written) >= WRITTEN_CACHE:
            _written.clear()
        text = _written[key] = vector_text(value)
    return text


def _wire(value: Any) -> Any:
    """A float vector, or a list of them, in the text the client would write for it, from C-level joins instead of
    one Python call per float (a turn sends thousands), each vector written once: the same query text reaches the
    server. Any other value is left to the client."""
    if _floats(value):
        return Written(_vector_text(value))
    if type(value) is list and value and all(map(_floats, value)):
        return Written("[" + ",".join(map(_vector_text, value)) + "]")
    return value


def _long_vector(value: Any) -> bool:
    """More than 8 floats (checked in C: a passage read records up to 8 vectors of 384; a validated vector holds
    exact floats, anything else is checked item by item)."""
    return isinstance(value, list) and len(value) > 8 and (
        set(map(type, value)) == {float} or all(map(isinstance, value, repeat(float))))


def _shown_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as recorded: exact, except that long float vectors are summarised, one alone or a list of them
    (a passage read's question and ask vectors: thousands of floats that every answer would otherwise carry in its
    shown work, and store in its history)."""
    shown: dict[str, Any] = {}
    for key, value in params.items():
        if _long_vector(value):
            shown[key] = f"<vector of {len(value)} floats>"
        elif isinstance(value, list) and value and all(map(_long_vector, value)):
            shown[key] = f"<{len(value)} vectors of {'/'.join(dict.fromkeys(str(len(v)) for v in value))} floats>"
        else:
            shown[key] = value
    return shown


def map_error(exc: Exception, graph_name: str) -> ZehnError:
    if isinstance(exc, redis.exceptions.TimeoutError):
        return QueryTimedOut(f"FalkorDB did not answer in time: {exc}")
    if isinstance(exc, redis.exceptions.ResponseError):
        text = str(exc)
        low = text.lower()
        if "empty key" in low:
            return GraphNotIngested(f"graph {graph_name!r} does not exist on the server: nothing has been "
                                    "ingested yet (run the ingest first)")
        if "timed out" in low or "timeout" in low:
            return QueryTimedOut(f"FalkorDB stopped the query: {text}")
        if "read-only" in low:
            return QueryRejected(f"a write was attempted through the read-only path: {text}")
        return QueryRejected(f"FalkorDB refused the query: {text}")
    if isinstance(exc, redis.exceptions.RedisError | OSError):
        return GraphUnavailable(f"FalkorDB is unavailable: {exc}")
    raise exc


class IndexMemo:
    """The indexes searches found present (``(label, property, TYPE)``). Without ``keep_s`` it serves one answer (a
    turn checks each index once); with it, every answer of a process for ``keep_s`` seconds after the last check (an
    index is dropped only with its graph, so a long-lived service need not ask before every answer, and one that was
    dropped is still noticed that many seconds later). A missing index is never remembered as present."""

    def __init__(self, keep_s: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.present: frozenset[tuple[str, str, str]] = frozenset()
        self.keep_s = keep_s
        self._clock = clock
        self._checked = clock()

    def covers(self, wanted: tuple[tuple[str, str, str], ...]) -> bool:
        if self.keep_s is not None and self._clock() - self._checked > self.keep_s:
            return False
        return all(w in self.present for w in wanted)

    def remember(self, present: set[tuple[str, str, str]]) -> None:
        self._checked = self._clock()
        self.present = frozenset(present)


class Trace:
    """Runs the steps of one named query against one graph and keeps their records, in order.

    The graph is read as its handle's scope (a plain handle: as everyone; extraction/access.py): ``$scope`` is set
    on every text, whatever the step passes. Records show the step's own parameters. ``as_of`` (a stamp) is the
    moment the graph is read at: every text that reads ``$as_of`` gets it. ``sizes``: the index sizes kept under
    the graph's version (traversal_policy/index_sizes.py; None: each is asked when needed)."""

    def __init__(self, graph: ReadOnlyGraph | ScopedGraph, timeout_ms: int, as_of: str | None = None,
                 indexes: IndexMemo | None = None, sizes: VersionSizes | None = None) -> None:
        self.graph: ScopedGraph = scoped(graph)
        self.timeout_ms = timeout_ms
        self.as_of = as_of
        self.indexes = indexes
        self.sizes = sizes
        self.records: list[QueryRecord] = []

    def rows(self, name: str, cypher: str, params: Mapping[str, Any]) -> list[Row]:
        if "$as_of" in cypher and "as_of" not in params:
            params = {**params, "as_of": self.as_of or parse_as_of(None)}
        started = time.perf_counter()
        try:
            result = self.graph.ro_query(cypher, {k: _wire(v) for k, v in params.items()}, timeout=self.timeout_ms)
        except Exception as exc:
            error = map_error(exc, self.graph.name)
            self._record(name, cypher, params, 0, None, started, str(error))
            raise error from exc
        columns = [h[1].decode() if isinstance(h[1], bytes) else str(h[1]) for h in result.header]
        rows = [dict(zip(columns, map(_plain, row), strict=True)) for row in result.result_set]
        self._record(name, cypher, params, len(rows), float(result.run_time_ms), started, None)
        return rows

    def index_size(self, name: str, cypher: str) -> int | None:
        """The ``indexed`` count the size query ``cypher`` returns (None when it gives no whole number), read
        once per graph version where the trace has ``sizes``; a size read from the memo runs (and records) nothing."""
        def read() -> int | None:
            rows = self.rows(name, cypher, {})
            indexed = rows[0].get("indexed") if rows else None
            return indexed if isinstance(indexed, int) else None
        return read() if self.sizes is None else self.sizes.size(cypher, read)

    def _record(self, name: str, cypher: str, params: Mapping[str, Any], rows: int, run_ms: float | None,
                started: float, error: str | None) -> None:
        wall = (time.perf_counter() - started) * 1000.0
        self.records.append(QueryRecord(name, cypher, _shown_params(params), rows, run_ms, wall, error))

    def require_indexes(self, wanted: tuple[tuple[str, str, str], ...]) -> None:
        """Raise MissingIndex unless every ``(label, property, index type)`` in ``wanted`` exists.

        Full-text search on a missing index answers "no hits" instead of an error, so the searches check first
        (with an :class:`IndexMemo`, only until the indexes wanted have been seen once).
        """
        if self.indexes is not None and self.indexes.covers(wanted):
            return
        present: set[tuple[str, str, str]] = set()
        for row in self.rows("index_check", INDEX_CHECK, {}):
            types = row.get("types") or {}
            for prop, kinds in types.items():
                for kind in kinds:
                    present.add((str(row.get("label")), str(prop), str(kind).upper()))
        if self.indexes is not None:
            self.indexes.remember(present)
        missing = [f"{kind.lower()} index on {label}.{prop}" for label, prop, kind in wanted
                   if (label, prop, kind) not in present]
        if missing:
            raise MissingIndex(f"missing {', '.join(missing)}: run the ingest (it creates the indexes)")
