"""The citation gate refuses a citation outside the caller's scope: the tools it trusts return only evidence the
caller may read, so a real id from a restricted document is as fabricated as an invented one, and the cited
sentences are read back through the caller's scope."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from extraction.access import PUBLIC, Scope, ScopedGraph
from tests.traversal_policy import fixture_graph
from traversal_policy import TraversalExecutor, connect, load_policy
from zehn.agent import gate
from zehn.agent.events import Turn
from zehn.agent.tools import ToolBox
from zehn.graph_server import EmbeddedFalkorDB

SECRET = 'The payroll service depends on the ledger service.'
FINANCE = Scope.of("fin", ["finance"])


@pytest.fixture(scope="module")
def secret_graph(falkordb_server: EmbeddedFalkorDB) -> Iterator[tuple[Any, fixture_graph.FixtureInfo]]:
    assert falkordb_server.port is not None
    graph = connect("127.0.0.1", falkordb_server.port).select_graph(f"gate_{uuid.uuid4().hex[:8]}")
    info = fixture_graph.build(graph, secret=True)
    yield graph, info
    with contextlib.suppress(redis.RedisError):
        graph.delete()


def _turn(graph: Any, scope: Scope) -> ToolBox:
    box = ToolBox(TraversalExecutor(graph, load_policy(), scope=scope), Turn(None, None))
    box.call("search_evidence", {"text": "payroll service depends on ledger", "k": 20})
    return box


def test_a_restricted_sentence_cited_by_an_outsider_is_refused(secret_graph: tuple[Any, Any]) -> None:
    graph, info = secret_graph
    secret_id = info.document_evidence["doc_secret"][0]
    box = _turn(graph, PUBLIC)
    assert secret_id not in box.evidence
    draft = f'"{SECRET}" [{secret_id}]'
    outcome = gate.judge(draft, box.evidence, "What depends on ledger?", ScopedGraph(graph, PUBLIC))
    assert outcome.status == "refused" and secret_id in outcome.offending and not outcome.citations


def test_the_same_citation_passes_for_a_reader_of_the_document(secret_graph: tuple[Any, Any]) -> None:
    graph, info = secret_graph
    secret_id = info.document_evidence["doc_secret"][0]
    box = _turn(graph, FINANCE)
    assert secret_id in box.evidence
    outcome = gate.judge(f'"{SECRET}" [{secret_id}]', box.evidence, "What depends on ledger?",
                         ScopedGraph(graph, FINANCE))
    assert outcome.status == "answered" and [c.evidence_id for c in outcome.citations] == [secret_id]


def test_a_citation_read_back_outside_the_scope_is_not_shown(secret_graph: tuple[Any, Any]) -> None:
    """Even with the id in the turn's evidence (a reader's tools), reading the citation as an outsider finds
    nothing: the answer is refused rather than shown with a sentence the outsider may not read."""
    graph, info = secret_graph
    secret_id = info.document_evidence["doc_secret"][0]
    outcome = gate.judge(f'"{SECRET}" [{secret_id}]', {secret_id: SECRET}, "What depends on ledger?",
                         ScopedGraph(graph, PUBLIC))
    assert outcome.status == "refused" and not outcome.citations
