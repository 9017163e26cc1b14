"""A read-only query's rows taken straight from FalkorDB's compact reply: the same values as the client's
``QueryResult`` and :func:`traversal_policy.runner._plain`, at less cost per cell.

The client parses every cell through a generic call chain (a type table, then one call per value, then our
conversion to plain values once more); an answer's queries return several thousand cells (a passage read: ~370
passages with their texts and distances), nearly all strings, numbers and lists of numbers. Those are read here in
one function; any other kind of cell (a node, an edge, a path, a map, a point, a date) goes through the client's own
parser and our conversion, as before. A graph handle that is not the client's ``Graph`` (a test's fake) is read
through its ``ro_query`` as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from falkordb import Graph
from falkordb.query_result import parse_scalar
from redis.exceptions import ResponseError

from extraction.access import ScopedGraph

RO_QUERY = "GRAPH.RO_QUERY"
RUN_TIME = "internal execution time"  # the statistic the client reads as ``run_time_ms``
# The compact reply's value kinds (FalkorDB's result-set format, the client's PARSE_SCALAR_TYPES order).
NULL, STRING, INTEGER, BOOLEAN, DOUBLE, ARRAY = 1, 2, 3, 4, 5, 6


@dataclass(frozen=True)
class Table:
    """A query's column names, its rows as plain values (column order), and FalkorDB's run time."""

    columns: list[str]
    rows: list[list[Any]]
    run_time_ms: float


def read_table(graph: ScopedGraph, cypher: str, params: Mapping[str, Any], timeout: int | None,
               plain: Callable[[Any], Any]) -> Table:
    """Run ``cypher`` read-only as ``graph``'s scope; ``plain`` turns a client-parsed value into a plain one
    (the runner's conversion: applied to every cell a handle without the compact path returns, and to the cells
    this module leaves to the client). Raises what the client raises."""
    base = graph.base
    if not isinstance(base, Graph):
        result = graph.ro_query(cypher, dict(params), timeout=timeout)
        return Table([_name(h[1]) for h in result.header], [list(map(plain, row)) for row in result.result_set],
                     float(result.run_time_ms))
    text = base._build_params_header(graph.scoped_params(params)) + cypher  # the text the client would send
    command: list[Any] = [RO_QUERY, base.name, text, "--compact"]
    if timeout is not None:
        command += ["timeout", timeout]
    response = base.execute_command(*command)
    if isinstance(response[0], ResponseError):
        raise response[0]
    if isinstance(response[-1], ResponseError):
        raise response[-1]
    if len(response) == 1:  # statistics only
        return Table([], [], _run_time(response[0]))

    def cell(value: list[Any]) -> Any:
        kind, raw = value
        if kind == STRING:
            return raw if type(raw) is str else plain(parse_scalar(value, base))
        if kind == DOUBLE:
            return float(raw)
        if kind == INTEGER:
            return int(raw)
        if kind == NULL:
            return None
        if kind == ARRAY:  # most are a passage's distances: all doubles, read in one pass
            doubles = [float(v) for k, v in raw if k == DOUBLE]
            return doubles if len(doubles) == len(raw) else [cell(item) for item in raw]
        return plain(parse_scalar(value, base))  # booleans and every structured kind: the client's own parser

    return Table([_name(h[1]) for h in response[0]], [[cell(c) for c in row] for row in response[1]],
                 _run_time(response[-1]))


def _name(raw: Any) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)


def _run_time(stats: list[Any]) -> float:
    """As the client reads it (``QueryResult.run_time_ms``): the number in the statistic's text, else 0."""
    for stat in stats:
        text = stat.decode() if isinstance(stat, bytes) else str(stat)
        if RUN_TIME in text:
            return float(text.split(": ")[1].split(" ")[0])
    return 0.0

