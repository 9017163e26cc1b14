"""A one-turn executor checks the search indexes once per answer; a plain one before every search; a memo shared by
a service's answers checks again only after its time has passed; a missing index is never remembered as present."""

from __future__ import annotations

import falkordb

from extraction.access import PUBLIC
from traversal_policy import TraversalExecutor
from traversal_policy.outcomes import Found, MissingIndex, QueryFailed
from traversal_policy.policy import Policy
from traversal_policy.runner import IndexMemo


def _checks(executor: TraversalExecutor) -> int:
    checks = 0
    for text in ("Who owns the ledger?", "ledger service owner"):
        out = executor.run("search_evidence", {"text": text, "k": 5})
        assert isinstance(out, Found)
        checks += sum(1 for q in out.queries if q.name == "index_check")
    return checks


def test_a_turn_s_memo_checks_the_indexes_once_and_a_plain_executor_every_search(executor: TraversalExecutor) -> None:
    assert _checks(executor.scoped(PUBLIC, indexes=IndexMemo())) == 1
    assert _checks(executor.scoped(PUBLIC)) == 2
    assert _checks(executor) == 2


def test_a_missing_index_is_reported_on_every_search_of_a_turn(falkordb_client: falkordb.FalkorDB, graph_name: str,
                                                               default_policy: Policy) -> None:
    graph = falkordb_client.select_graph(graph_name)
    graph.query("CREATE (:Evidence {id: 'ev_1', text: 'ledger'})")  # no indexes were created
    turn = TraversalExecutor(graph, default_policy).scoped(PUBLIC, indexes=IndexMemo())
    for _ in range(2):
        out = turn.run("search_evidence", {"text": "ledger"})
        assert isinstance(out, QueryFailed) and isinstance(out.error, MissingIndex)


def test_a_shared_memo_spans_answers_until_its_time_has_passed(executor: TraversalExecutor) -> None:
    now = [0.0]
    memo = IndexMemo(keep_s=10.0, clock=lambda: now[0])
    assert _checks(executor.scoped(PUBLIC, indexes=memo)) == 1  # the first answer checks
    now[0] = 9.0
    assert _checks(executor.scoped(PUBLIC, indexes=memo)) == 0  # the next answer, within the time: none
    now[0] = 20.0
    assert _checks(executor.scoped(PUBLIC, indexes=memo)) == 1  # past it: checked again, once


def test_a_shared_memo_never_keeps_a_missing_index(falkordb_client: falkordb.FalkorDB, graph_name: str,
                                                    default_policy: Policy) -> None:
    graph = falkordb_client.select_graph(graph_name)
    graph.query("CREATE (:Evidence {id: 'ev_1', text: 'ledger'})")  # no indexes were created
    memo = IndexMemo(keep_s=10.0, clock=lambda: 0.0)
    for _ in range(2):
        out = TraversalExecutor(graph, default_policy).scoped(PUBLIC, indexes=memo).run("search_evidence",
                                                                                        {"text": "ledger"})
        assert isinstance(out, QueryFailed) and isinstance(out.error, MissingIndex)
