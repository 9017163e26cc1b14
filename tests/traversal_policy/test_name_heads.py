"""passages_mentioning_each read through its per-name head (catalogue ``main_head``): a name whose head is exact
keeps the head's rows; only a name whose pool was full and still came short is asked of the full text again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from traversal_policy import load_policy
from traversal_policy.catalogue import CATALOGUE, PATH_LIMIT
from traversal_policy.handlers import Hit, passages_mentioning_each
from traversal_policy.runner import Trace
from traversal_policy.search import FULLTEXT_POOL

QUERY = CATALOGUE["passages_mentioning_each"]
POOL = PATH_LIMIT * FULLTEXT_POOL


def _found(name: str, n: int) -> list[list[str]]:
    return [[f"{name}#p{k:04d}", f"doc-{name}", f"text {k} of {name}"] for k in range(n)]


class StubTrace:
    """Answers the head with the given (found, pooled) per name and the full text with ``full`` per name asked."""

    def __init__(self, head: list[tuple[int, int]], full: dict[str, int]) -> None:
        self.head = head
        self.full = full
        self.ran: list[tuple[str, list[str]]] = []

    def require_indexes(self, wanted: object) -> None:
        return None

    def rows(self, name: str, cypher: str, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        queries = list(params["queries"])
        self.ran.append((cypher, queries))
        if cypher == QUERY.cypher["main_head"]:
            return [{"i": i, "pooled": pooled, "found": _found(q, found)}
                    for i, (q, (found, pooled)) in enumerate(zip(queries, self.head, strict=True))]
        return [{"i": i, "at": at, "id": f[0], "document_id": f[1], "text": f[2]}
                for i, q in enumerate(queries) for at, f in enumerate(_found(q, self.full[q]))]


def _run(trace: StubTrace, names: list[str]) -> list[tuple[str, str]]:
    hit = passages_mentioning_each(QUERY, cast(Trace, trace), load_policy(), {"texts": names})
    assert isinstance(hit, Hit)
    return [(r["name"], r["id"]) for r in hit.rows]


def test_the_head_alone_answers_when_each_name_has_a_full_limit_or_an_unfilled_pool() -> None:
    trace = StubTrace([(PATH_LIMIT, POOL), (3, 3), (0, 0)], {})
    rows = _run(trace, ["common", "rare", "absent"])
    assert [cypher for cypher, _ in trace.ran] == [QUERY.cypher["main_head"]]
    assert [n for n, _ in rows] == ["common"] * PATH_LIMIT + ["rare"] * 3


def test_a_name_whose_full_pool_came_short_is_read_again_by_the_full_text_alone() -> None:
    # "hidden": its best POOL matches hold 2 readable ones, but a readable match past the pool may come first
    # among the rest; "unread": its pool held nothing the reader may read. The full text has the last word.
    trace = StubTrace([(PATH_LIMIT, POOL), (2, POOL), (1, 1), (0, POOL)], {"hidden": 7, "unread": 0})
    rows = _run(trace, ["common", "hidden", "rare", "unread"])
    assert trace.ran[1] == (QUERY.cypher["main"], ["hidden", "unread"])
    assert len(trace.ran) == 2
    assert [n for n, _ in rows] == ["common"] * PATH_LIMIT + ["hidden"] * 7 + ["rare"]
    assert [i for n, i in rows if n == "hidden"] == [f"hidden#p{k:04d}" for k in range(7)]
