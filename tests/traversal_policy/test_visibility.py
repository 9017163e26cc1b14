"""Permission-aware reads: every catalogue text filters by the caller's scope (statically), and a restricted document
never reaches a caller outside its access list through any named query (behaviourally), while its readers see it."""

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from extraction.access import PUBLIC, Scope, ScopedGraph
from extraction.evidence_reads import get_document, get_evidence
from tests.traversal_policy import fixture_graph
from tests.traversal_policy.visibility_rules import problems
from traversal_policy import CATALOGUE, Policy, TraversalExecutor, connect
from traversal_policy.catalogue import ENTITY_STATUS, RESOLVE_EXACT, RESOLVE_FUZZY
from traversal_policy.runner import INDEX_CHECK
from zehn.graph_server import EmbeddedFalkorDB

FINANCE = Scope.of("fin", ["Finance"])
OTHER_GROUP = Scope.of("eng", ["engineering"])
ADMIN = Scope.of("root", admin=True)


def _texts() -> list[tuple[str, str]]:
    texts = [(f"{q.name}.{key}", text) for q in CATALOGUE.values() for key, text in q.cypher.items()]
    return [*texts, ("entity_status", ENTITY_STATUS), ("resolve_exact", RESOLVE_EXACT),
            ("resolve_fuzzy", RESOLVE_FUZZY), ("index_check", INDEX_CHECK)]


@pytest.mark.parametrize(("name", "text"), _texts(), ids=[n for n, _ in _texts()])
def test_every_catalogue_text_reads_only_through_the_reader_filter(name: str, text: str) -> None:
    assert problems(text) == [], name


@pytest.mark.parametrize("text", [
    "MATCH (d:Document {id: $id}) RETURN d.text",
    "MATCH (x:__Entity__)-[r:RELATES]->(y:__Entity__) RETURN y.name",
    "MATCH p = (x:__Entity__)-[:RELATES*1..2]->(y) RETURN y.name",
    "MATCH (a)-[r:RELATES]->(b) WHERE any(g IN r.access WHERE g IN $scope) RETURN r.evidence_ids",
    "MATCH (e:Evidence) WHERE e.id IN $ids RETURN e.text",
    "MATCH (n:__Entity__) WHERE n.name_key IN $keys RETURN n.name",
])
def test_the_rules_catch_a_text_that_forgets_the_filter(text: str) -> None:
    assert problems(text)


@pytest.fixture(scope="module")
def secret_graph(falkordb_server: EmbeddedFalkorDB) -> Iterator[tuple[Any, fixture_graph.FixtureInfo]]:
    """The fixture graph plus one document only finance (and admins) may read."""
    assert falkordb_server.port is not None
    graph = connect("127.0.0.1", falkordb_server.port).select_graph(f"tp_secret_{uuid.uuid4().hex[:8]}")
    info = fixture_graph.build(graph, secret=True)
    yield graph, info
    with contextlib.suppress(redis.RedisError):
        graph.delete()


def _secret_markers(info: fixture_graph.FixtureInfo) -> list[str]:
    return ["payroll", "doc_secret", *info.document_evidence["doc_secret"]]


def _every_call(info: fixture_graph.FixtureInfo) -> list[tuple[str, dict[str, object]]]:
    ids = sorted({*fixture_graph.NAMES, *fixture_graph.SECRET_NAMES})
    calls: list[tuple[str, dict[str, object]]] = []
    for name in ("entity_profile", "who_owns", "depends_on", "dependents_of", "impact", "documents_mentioning"):
        for entity_id in ids:
            calls.append((name, {"entity_id": entity_id, **({"depth": 3} if name in (
                "depends_on", "dependents_of", "impact") else {})}))
    calls += [("paths_between", {"a": a, "b": b}) for a in ids for b in ids if a < b]
    calls += [("evidence_for", {"source": s, "rel_type": t, "target": o}) for s, t, o in sorted(info.edge_evidence)
              if t != "CALLS"]
    words = ("payroll", "ledger service", "Payments team owns", "checkout depends on billing")
    calls += [("search_evidence", {"text": w, "k": 50, "embedding": info.evidence_vectors[v]})
              for w in words for v in list(info.evidence_vectors)[:1]]
    calls += [("resolve_entity", {"name": n}) for n in ("Payroll", "payroll service", "Payments", "Ledger")]
    calls += [("if_person_leaves", {"person_id": "person:dana", "depth": 3})]
    return calls


def _seen(executor: TraversalExecutor, name: str, params: dict[str, object]) -> str:
    """What the caller sees, without the echo of what it asked for (asking for a secret id is not learning it: the
    answer for it must read like the answer for an id that does not exist)."""
    out = executor.run(name, params)
    rows = getattr(out, "rows", ())
    seen = json.dumps({"outcome": out.outcome, "rows": rows, "notes": getattr(out, "notes", ()),
                       "message": getattr(out, "message", ""), "subject": getattr(out, "subject", None)},
                      default=str).casefold()
    for value in params.values():
        if isinstance(value, str):
            seen = seen.replace(repr(value.casefold())[1:-1], "").replace(value.casefold(), "")
    return seen


@pytest.mark.parametrize("scope", [PUBLIC, OTHER_GROUP], ids=["public", "other-group"])
def test_a_restricted_document_never_reaches_a_caller_outside_its_list(
        secret_graph: tuple[Any, fixture_graph.FixtureInfo], default_policy: Policy, scope: Scope) -> None:
    graph, info = secret_graph
    executor = TraversalExecutor(graph, default_policy, scope=scope)
    markers = [m.casefold() for m in _secret_markers(info)]
    leaks = [(name, params, m) for name, params in _every_call(info)
             for m in markers if m in _seen(executor, name, params)]
    assert leaks == []
    assert get_evidence(ScopedGraph(graph, scope), info.document_evidence["doc_secret"]) == []
    assert get_document(ScopedGraph(graph, scope), "doc_secret") is None


@pytest.mark.parametrize("scope", [FINANCE, ADMIN], ids=["finance", "admin"])
def test_its_readers_see_the_restricted_facts(secret_graph: tuple[Any, fixture_graph.FixtureInfo],
                                              default_policy: Policy, scope: Scope) -> None:
    graph, info = secret_graph
    executor = TraversalExecutor(graph, default_policy).scoped(scope)
    assert "service:payroll" in _seen(executor, "dependents_of", {"entity_id": "service:ledger"})
    assert "team:payments" in _seen(executor, "who_owns", {"entity_id": "service:payroll"})
    shared = _seen(executor, "evidence_for", {"source": "service:checkout", "rel_type": "DEPENDS_ON",
                                              "target": "service:billing"})
    assert info.evidence_ids["Checkout depends on the billing service."] in shared
    assert info.document_evidence["doc_secret"][2].casefold() in shared  # the same fact, in the restricted document
    assert get_document(ScopedGraph(graph, scope), "doc_secret") is not None


def test_a_shared_fact_shows_only_its_public_sentence_outside_the_list(
        secret_graph: tuple[Any, fixture_graph.FixtureInfo], default_policy: Policy) -> None:
    graph, info = secret_graph
    out = TraversalExecutor(graph, default_policy).run("depends_on", {"entity_id": "service:checkout", "depth": 1})
    assert out.outcome == "found"
    billing = next(r for r in getattr(out, "rows", ()) if r["entity"]["id"] == "service:billing")
    assert billing["path"]["evidence_ids"] == [[info.evidence_ids["Checkout depends on the billing service."]]]


def test_a_caller_cannot_widen_its_scope_through_the_parameters(
        secret_graph: tuple[Any, fixture_graph.FixtureInfo]) -> None:
    graph, _ = secret_graph
    handle = ScopedGraph(graph, PUBLIC)
    text = "MATCH (d:Document) WHERE any(g IN d.access WHERE g IN $scope) RETURN d.id ORDER BY d.id"
    ids = [row[0] for row in handle.ro_query(text, {"scope": ["admin", "group:finance"]}).result_set]
    assert "doc_secret" not in ids and ids
