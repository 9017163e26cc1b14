"""``scope_passages`` lists every passage a reader may read (ready documents in its scope, rows valid now) in pages
by passage id, and ``scope_version`` moves when a readable document is added, re-ingested or withdrawn."""

from __future__ import annotations

from typing import Any

import falkordb
import pytest

from extraction.access import ADMIN, EVERYONE, PUBLIC, Scope
from traversal_policy import Found, NoEvidence, TraversalExecutor, load_policy
from traversal_policy.catalogue import CATALOGUE
from traversal_policy.passage_queries import SCOPE_PAGE, SCOPE_POOL

ADMINS = Scope((ADMIN, EVERYONE))


def _document(graph: Any, doc_id: str, access: list[str], passages: list[str], *, status: str = "ready",
              ingested_at: str = "2026-01-01T00:00:00+00:00") -> None:
    graph.query("CREATE (:Document {id: $id, title: $id, status: $status, access: $access, ingested_at: $at})",
                {"id": doc_id, "status": status, "access": access, "at": ingested_at})
    graph.query("UNWIND range(0, size($texts) - 1) AS i CREATE (:Passage {id: $id + '#p' + toString(100000 + i), "
                "document_id: $id, index: i, text: $texts[i]})", {"id": doc_id, "texts": passages})


@pytest.fixture
def graph(falkordb_client: falkordb.FalkorDB, graph_name: str) -> Any:
    handle = falkordb_client.select_graph(graph_name)
    _document(handle, "doc_open", [EVERYONE], ["The export job runs nightly.", "Retries back off."])
    _document(handle, "doc_admin", [ADMIN], ["Rotate the signing key quarterly."])
    _document(handle, "doc_half", [EVERYONE], ["Half written by a crash."], status="ingesting")
    handle.query("CREATE (:Passage {id: 'doc_open#p099999', document_id: 'doc_open', index: 9, text: 'Old text.', "
                 "valid_from: '2020-01-01T00:00:00Z', valid_to: '2021-01-01T00:00:00Z'})")
    return handle


def _texts(outcome: Any) -> dict[str, str]:
    assert isinstance(outcome, Found)
    return {str(r["id"]): str(r["text"]) for r in outcome.rows}


def test_a_public_reader_lists_only_ready_public_passages_valid_now(graph: Any) -> None:
    outcome = TraversalExecutor(graph, load_policy(), scope=PUBLIC).run("scope_passages", {})
    assert set(_texts(outcome).values()) == {"The export job runs nightly.", "Retries back off."}
    assert {r["document_id"] for r in outcome.rows} == {"doc_open"}  # type: ignore[union-attr]


def test_a_reader_with_more_grants_lists_the_documents_they_open(graph: Any) -> None:
    outcome = TraversalExecutor(graph, load_policy(), scope=ADMINS).run("scope_passages", {})
    assert "Rotate the signing key quarterly." in _texts(outcome).values()
    assert "Half written by a crash." not in _texts(outcome).values()


def test_pages_follow_the_last_id_and_the_end_says_no_passages(graph: Any) -> None:
    _document(graph, "doc_long", [EVERYONE], [f"Line {i}." for i in range(SCOPE_PAGE + 3)])
    executor = TraversalExecutor(graph, load_policy(), scope=PUBLIC)
    first = executor.run("scope_passages", {})
    assert isinstance(first, Found) and len(first.rows) == SCOPE_PAGE
    ids = [str(r["id"]) for r in first.rows]
    assert ids == sorted(ids)
    second = executor.run("scope_passages", {"after": ids[-1]})
    assert isinstance(second, Found) and len(second.rows) == 5  # 3 more lines and doc_open's two
    assert not set(ids) & {str(r["id"]) for r in second.rows}
    last = executor.run("scope_passages", {"after": str(second.rows[-1]["id"])})
    assert isinstance(last, NoEvidence) and last.reason == "no_passages"


def test_the_version_counts_readable_ready_documents_and_their_latest_ingest(graph: Any) -> None:
    executor = TraversalExecutor(graph, load_policy(), scope=PUBLIC)
    before = executor.run("scope_version", {})
    assert isinstance(before, Found)
    assert (before.rows[0]["documents"], before.rows[0]["latest"]) == (1, "2026-01-01T00:00:00+00:00")
    graph.query("MATCH (d:Document {id: 'doc_half'}) SET d.status = 'ready', d.ingested_at = $at",
                {"at": "2026-02-01T00:00:00+00:00"})
    after = executor.run("scope_version", {})
    assert isinstance(after, Found)
    assert (after.rows[0]["documents"], after.rows[0]["latest"]) == (2, "2026-02-01T00:00:00+00:00")


def test_a_reader_who_may_read_nothing_gets_a_version_of_no_documents(graph: Any) -> None:
    graph.query("MATCH (d:Document) SET d.access = [$admin]", {"admin": ADMIN})
    outcome = TraversalExecutor(graph, load_policy(), scope=PUBLIC).run("scope_version", {})
    assert isinstance(outcome, Found) and outcome.rows[0]["documents"] == 0
    assert isinstance(TraversalExecutor(graph, load_policy(), scope=PUBLIC).run("scope_passages", {}), NoEvidence)


def test_the_cursor_is_a_parameter_never_text(graph: Any) -> None:
    hostile = "' OR 1=1 //"
    outcome = TraversalExecutor(graph, load_policy(), scope=PUBLIC).run("scope_passages", {"after": hostile})
    assert isinstance(outcome, Found)  # every id sorts after a quote: read as a value, not as Cypher
    assert all(hostile not in q.cypher for q in outcome.queries)


def test_a_page_whose_next_ids_are_mostly_unreadable_is_still_the_first_readable_page(graph: Any) -> None:
    # doc_closed's ids sort first: a public reader's head (the next SCOPE_POOL ids) holds none it may read, so the
    # page comes from the full text, and equals the readable passages that follow them.
    _document(graph, "doc_closed", [ADMIN], [f"Secret {i}." for i in range(SCOPE_POOL)])
    outcome = TraversalExecutor(graph, load_policy(), scope=PUBLIC).run("scope_passages", {})
    assert isinstance(outcome, Found)
    assert [str(r["document_id"]) for r in outcome.rows] == ["doc_open", "doc_open"]
    assert [q.cypher for q in outcome.queries] == [CATALOGUE["scope_passages"].cypher[k] for k in ("main_head", "main")]


def test_a_page_the_head_fills_is_read_by_the_head_alone(graph: Any) -> None:
    _document(graph, "doc_long", [EVERYONE], [f"Line {i}." for i in range(SCOPE_PAGE + 3)])
    outcome = TraversalExecutor(graph, load_policy(), scope=PUBLIC).run("scope_passages", {})
    assert isinstance(outcome, Found) and len(outcome.rows) == SCOPE_PAGE
    assert [q.cypher for q in outcome.queries] == [CATALOGUE["scope_passages"].cypher["main_head"]]
