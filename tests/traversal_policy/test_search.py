"""Full-text heads (traversal_policy/search.py ``ranked_fulltext``): the owner check runs on a bounded pool, and
the rows are exactly those of the full text, whatever the limit."""

from __future__ import annotations

from typing import Any

import pytest

from tests.traversal_policy.fixture_graph import FixtureInfo
from traversal_policy.catalogue import CATALOGUE
from traversal_policy.params import fulltext_query
from traversal_policy.runner import Trace
from traversal_policy.search import FULLTEXT_POOL, ranked_fulltext

TEXTS = CATALOGUE["search_evidence"].cypher
QUERY = fulltext_query("ledger service depends billing atlas")


def _full(trace: Trace, key: str, limit: int) -> list[dict[str, Any]]:
    return trace.rows("search_evidence", TEXTS[key], {"query": QUERY, "limit": limit})


@pytest.mark.parametrize("key", ["fulltext_evidence", "fulltext_chunk"])
def test_head_rows_equal_the_full_texts_rows_at_every_limit(key: str, fixture_db: tuple[Any, FixtureInfo]) -> None:
    trace = Trace(fixture_db[0], 5000)
    every = _full(trace, key, 100)
    assert len(every) >= 2
    for limit in range(1, len(every) + 2):
        assert ranked_fulltext(trace, "search_evidence", TEXTS, key, {"query": QUERY}, limit) == every[:limit]


def test_head_alone_answers_when_its_pool_holds_enough_readable_rows(fixture_db: tuple[Any, FixtureInfo]) -> None:
    trace = Trace(fixture_db[0], 5000)
    ranked_fulltext(trace, "search_evidence", TEXTS, "fulltext_evidence", {"query": QUERY}, 2)
    assert [r.cypher for r in trace.records] == [TEXTS["fulltext_evidence_head"]]
    assert trace.records[0].params["pool"] == 2 * FULLTEXT_POOL


def test_full_text_runs_when_the_head_returns_fewer_than_the_limit(fixture_db: tuple[Any, FixtureInfo]) -> None:
    trace = Trace(fixture_db[0], 5000)
    rows = ranked_fulltext(trace, "search_evidence", TEXTS, "fulltext_evidence", {"query": QUERY}, 100)
    assert [r.cypher for r in trace.records] == [TEXTS["fulltext_evidence_head"], TEXTS["fulltext_evidence"]]
    assert rows == _full(Trace(fixture_db[0], 5000), "fulltext_evidence", 100)
