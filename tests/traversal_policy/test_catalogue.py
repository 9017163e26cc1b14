"""Every catalogue query on the fixture graph, with known answers, typed outcomes and shown work."""

from __future__ import annotations

from typing import Any

import pytest

from extraction.errors import InputRejected, QueryRejected
from extraction.schema import EMBEDDING_DIM
from tests.traversal_policy.fixture_graph import FixtureInfo
from traversal_policy import (
    CATALOGUE,
    MAX_HOPS,
    Ambiguous,
    Found,
    NoEvidence,
    NotInGraph,
    QueryFailed,
    Resolved,
    TraversalExecutor,
    Unknown,
    parse_policy,
)

EXPECTED_QUERIES = {"resolve_entity", "entity_profile", "who_owns", "depends_on", "dependents_of", "paths_between",
                    "evidence_for", "documents_mentioning", "search_evidence", "impact", "search_passages",
                    "document_passages", "passage_distances", "document_sentences", "passages_mentioning",
                    "passages_mentioning_each", "scope_version", "scope_passages",
                    "if_person_leaves"}


def ids(outcome: Any) -> set[str]:
    assert isinstance(outcome, Found), outcome
    return {row["entity"]["id"] for row in outcome.rows}


def test_catalogue_is_complete_capped_and_read_only() -> None:
    assert set(CATALOGUE) == EXPECTED_QUERIES
    for query in CATALOGUE.values():
        assert query.max_hops <= MAX_HOPS
        for text in query.cypher.values():
            upper = f" {text.upper()} "
            for word in (" CREATE ", " MERGE ", " DELETE ", " SET ", " REMOVE ", " DROP "):
                assert word not in upper, (query.name, word)
            assert "*1..4" not in text and "*.." not in text


def test_unknown_query_and_bad_params_are_rejected(executor: TraversalExecutor) -> None:
    with pytest.raises(QueryRejected, match="unknown query"):
        executor.run("drop_everything", {})
    with pytest.raises(QueryRejected, match="needs parameter"):
        executor.run("depends_on", {})
    with pytest.raises(QueryRejected, match="takes no parameter"):
        executor.run("who_owns", {"entity_id": "service:ledger", "cypher": "MATCH (n) RETURN n"})


def test_depends_on_walks_the_three_hop_chain_without_calls(executor: TraversalExecutor) -> None:
    assert ids(executor.run("depends_on", {"entity_id": "service:checkout", "depth": 1})) == {"service:billing"}
    assert ids(executor.run("depends_on", {"entity_id": "service:checkout", "depth": 2})) == {
        "service:billing", "service:ledger"}
    deep = executor.run("depends_on", {"entity_id": "service:checkout", "depth": 3})
    assert ids(deep) == {"service:billing", "service:ledger", "technology:postgres"}
    assert isinstance(deep, Found)
    row = next(r for r in deep.rows if r["entity"]["id"] == "technology:postgres")
    assert row["hops"] == 3
    assert row["path"]["node_ids"] == ["service:checkout", "service:billing", "service:ledger", "technology:postgres"]
    assert row["path"]["rel_types"] == ["DEPENDS_ON", "USES", "DEPENDS_ON"]
    assert all(len(ev) == 1 for ev in row["path"]["evidence_ids"])
    assert deep.subject == {"id": "service:checkout", "name": "Checkout", "type": "Service"}


def test_calls_is_walked_only_in_evaluation_mode(eval_executor: TraversalExecutor) -> None:
    deep = eval_executor.run("depends_on", {"entity_id": "service:checkout", "depth": 3})
    assert {"service:fraud-check", "technology:redis"} <= ids(deep)
    assert isinstance(deep, Found) and deep.policy.evaluation_mode


def test_dependents_of_is_the_incoming_chain(executor: TraversalExecutor) -> None:
    out = executor.run("dependents_of", {"entity_id": "technology:postgres", "depth": 3})
    assert ids(out) == {"service:ledger", "service:billing", "service:atlas", "service:checkout"}


def test_nothing_depends_on_a_leaf_is_no_evidence_not_empty(executor: TraversalExecutor) -> None:
    out = executor.run("dependents_of", {"entity_id": "service:checkout", "depth": 3})
    assert isinstance(out, NoEvidence) and out.reason == "no_matching_relations"
    assert out.queries and out.policy.name == "default"


def test_impact_mixes_dependents_and_affects(executor: TraversalExecutor) -> None:
    out = executor.run("impact", {"entity_id": "service:ledger", "depth": 2})
    assert ids(out) == {"service:billing", "service:atlas", "service:reporting", "service:checkout",
                        "service:dashboard"}
    assert isinstance(out, Found)
    dash = next(r for r in out.rows if r["entity"]["id"] == "service:dashboard")
    assert dash["path"]["edges"] == [
        {"source": "service:ledger", "rel_type": "AFFECTS", "target": "service:reporting",
         "evidence_ids": dash["path"]["evidence_ids"][0]},
        {"source": "service:dashboard", "rel_type": "DEPENDS_ON", "target": "service:reporting",
         "evidence_ids": dash["path"]["evidence_ids"][1]},
    ]
    # Postgres is what ledger relies on: a change to ledger does not break it.
    assert "technology:postgres" not in ids(executor.run("impact", {"entity_id": "service:ledger", "depth": 3}))


def test_who_owns(executor: TraversalExecutor) -> None:
    assert ids(executor.run("who_owns", {"entity_id": "service:ledger"})) == {"team:payments"}
    out = executor.run("who_owns", {"entity_id": "technology:postgres"})
    assert isinstance(out, NoEvidence) and out.reason == "no_matching_relations"


def test_entity_profile_has_evidence(executor: TraversalExecutor, fixture_db: tuple[Any, FixtureInfo]) -> None:
    out = executor.run("entity_profile", {"entity_id": "service:ledger"})
    assert ids(out) == {"service:billing", "service:atlas", "technology:postgres", "team:payments",
                        "service:reporting"}
    assert isinstance(out, Found)
    owner = next(r for r in out.rows if r["entity"]["id"] == "team:payments")
    assert owner["direction"] == "incoming"
    assert owner["evidence"][0]["text"] == "The Payments team owns the ledger service."
    assert owner["evidence"][0]["id"] == fixture_db[1].edge_evidence[("team:payments", "OWNS", "service:ledger")]


def test_paths_between(executor: TraversalExecutor) -> None:
    out = executor.run("paths_between", {"a": "person:dana", "b": "service:billing"})
    assert isinstance(out, Found)
    assert out.rows[0]["path"]["rel_types"] == ["MEMBER_OF", "OWNS", "USES"]
    far = executor.run("paths_between", {"a": "person:dana", "b": "service:dashboard"})
    assert isinstance(far, NoEvidence)  # 5 hops apart: beyond the cap


def test_evidence_for(executor: TraversalExecutor, fixture_db: tuple[Any, FixtureInfo]) -> None:
    out = executor.run("evidence_for", {"source": "service:ledger", "rel_type": "DEPENDS_ON",
                                        "target": "technology:postgres"})
    assert isinstance(out, Found)
    (row,) = out.rows
    assert row["text"] == "The ledger service depends on Postgres."
    assert row["evidence_id"] == fixture_db[1].evidence_ids[row["text"]]
    assert row["document_title"] == "Payments architecture" and row["spans"]["object"][1] > row["start"]
    missing = executor.run("evidence_for", {"source": "technology:postgres", "rel_type": "DEPENDS_ON",
                                            "target": "service:ledger"})
    assert isinstance(missing, NoEvidence) and missing.reason == "no_such_edge"
    forbidden = executor.run("evidence_for", {"source": "service:billing", "rel_type": "CALLS",
                                              "target": "service:fraud-check"})
    assert isinstance(forbidden, QueryFailed) and not forbidden.retriable and forbidden.kind == "rejected"


def test_documents_mentioning(executor: TraversalExecutor) -> None:
    out = executor.run("documents_mentioning", {"entity_id": "service:ledger"})
    assert isinstance(out, Found)
    assert {r["document_id"] for r in out.rows} == {"doc_arch", "doc_atlas"}
    assert {r["title"] for r in out.rows} == {"Payments architecture", "Atlas notes"}


def test_search_fulltext_only_says_so(executor: TraversalExecutor) -> None:
    out = executor.run("search_evidence", {"text": "Who owns the ledger?", "k": 5})
    assert isinstance(out, Found)
    assert any("fulltext_only" in note for note in out.notes)
    assert "The Payments team owns the ledger service." in {r["text"] for r in out.rows if r["kind"] == "evidence"}
    assert len([r for r in out.rows if "via_chunk" not in r]) <= 5  # k fused hits, then their chunks' sentences
    assert {q.name for q in out.queries} == {"index_check", "search_evidence"}


def test_search_expands_retrieved_chunks_into_their_citable_sentences(executor: TraversalExecutor) -> None:
    out = executor.run("search_evidence", {"text": "Who owns the ledger?", "k": 5})
    assert isinstance(out, Found)
    expanded = [r for r in out.rows if "via_chunk" in r]
    assert expanded and all(r["kind"] == "evidence" for r in expanded)
    position = {str(r["id"]): i for i, r in enumerate(out.rows)}
    for row in expanded:
        assert position[str(row["via_chunk"])] < position[str(row["id"])]  # right after the chunk it came from
    assert len({str(r["id"]) for r in out.rows if r["kind"] == "evidence"}) == len(
        [r for r in out.rows if r["kind"] == "evidence"])  # no sentence twice


class OneHotEmbedder:
    def __init__(self, vector: list[float]) -> None:
        self.vector = vector

    def embed_query(self, text: str) -> list[float]:
        return self.vector


def test_search_hybrid_fuses_vector_distance_ascending(executor: TraversalExecutor,
                                                       fixture_db: tuple[Any, FixtureInfo]) -> None:
    graph, info = fixture_db
    target = info.evidence_ids["Fraud-check depends on Redis."]
    hybrid = TraversalExecutor(graph, executor.policy, embedder=OneHotEmbedder(info.evidence_vectors[target]))
    out = hybrid.run("search_evidence", {"text": "Redis", "k": 3})
    assert isinstance(out, Found)
    assert any("hybrid" in note for note in out.notes)
    top_evidence = next(r for r in out.rows if r["kind"] == "evidence" and "via_chunk" not in r)
    assert top_evidence["id"] == target
    assert top_evidence["ranks"] == {"fulltext_evidence": 1, "vector_evidence": 1}
    vector_record = next(q for q in out.queries if "vector.queryNodes('Evidence'" in q.cypher)
    assert vector_record.params["vector"] == f"<vector of {EMBEDDING_DIM} floats>"


def test_search_with_a_given_embedding_and_a_wrong_one(executor: TraversalExecutor,
                                                       fixture_db: tuple[Any, FixtureInfo]) -> None:
    vec = next(iter(fixture_db[1].evidence_vectors.values()))
    assert isinstance(executor.run("search_evidence", {"text": "checkout", "embedding": vec}), Found)
    with pytest.raises(QueryRejected, match="384"):
        executor.run("search_evidence", {"text": "checkout", "embedding": [1.0, 2.0]})


def test_search_with_no_hits_is_no_evidence(executor: TraversalExecutor) -> None:
    out = executor.run("search_evidence", {"text": "xylophone quasar"})
    assert isinstance(out, NoEvidence) and out.reason == "no_match"


def test_every_record_shows_its_work(executor: TraversalExecutor) -> None:
    out = executor.run("who_owns", {"entity_id": "service:ledger"})
    record = out.queries[-1]
    assert record.name == "who_owns" and record.cypher == CATALOGUE["who_owns"].cypher["main"]
    assert record.params == {"entity_id": "service:ledger", "allowed": ["MAINTAINS", "OWNS"],
                             "as_of": record.params["as_of"]}  # the moment it read the graph at (default now)
    assert record.rows == 1 and record.run_time_ms is not None and record.run_time_ms > 0 and record.wall_ms > 0
    assert set(record.to_dict()) >= {"name", "cypher", "params", "rows", "run_time_ms", "wall_ms"}
    with pytest.raises(AttributeError):
        record.rows = 2  # type: ignore[misc]


# -- resolution ---------------------------------------------------------------------------------------------------
def test_atlas_is_ambiguous_with_all_three(executor: TraversalExecutor) -> None:
    out = executor.resolve("atlas")
    assert isinstance(out, Ambiguous) and out.match == "exact"
    assert {(c.id, c.type) for c in out.candidates} == {("team:atlas", "Team"), ("service:atlas", "Service"),
                                                        ("customer:atlas", "Customer")}
    assert all(c.sample_sources == ("Atlas notes",) and c.doc_count == 1 for c in out.candidates)


def test_resolved_exact_and_by_slug(executor: TraversalExecutor) -> None:
    out = executor.resolve("  LEDGER ")
    assert isinstance(out, Resolved) and out.entity.id == "service:ledger" and out.entity.doc_count == 2
    slug = executor.resolve("fraud check")
    assert isinstance(slug, Resolved) and slug.entity.id == "service:fraud-check"


def test_not_in_graph(executor: TraversalExecutor) -> None:
    out = executor.resolve("Orion")
    assert isinstance(out, NotInGraph) and out.entity.id == "project:orion"
    walk = executor.run("depends_on", {"entity_id": "project:orion"})
    assert isinstance(walk, NoEvidence) and walk.reason == "not_in_graph"


def test_a_near_miss_is_offered_as_did_you_mean_never_swapped_in(executor: TraversalExecutor) -> None:
    out = executor.resolve("ledgr")
    assert isinstance(out, Unknown)
    assert [c.id for c in out.suggestions] == ["service:ledger"]
    assert [c["id"] for c in out.to_dict()["candidates"]] == ["service:ledger"]
    run = executor.run("resolve_entity", {"name": "ledgr"})
    assert isinstance(run, NoEvidence) and "did you mean: Ledger" in run.message


def test_unknown(executor: TraversalExecutor) -> None:
    assert isinstance(executor.resolve("Zanzibar"), Unknown)
    assert isinstance(executor.resolve("C++"), Unknown)
    out = executor.run("resolve_entity", {"name": "Zanzibar"})
    assert isinstance(out, NoEvidence) and out.reason == "unknown_entity"
    walk = executor.run("who_owns", {"entity_id": "service:zanzibar"})
    assert isinstance(walk, NoEvidence) and walk.reason == "unknown_entity"


def test_only_forbidden_predicates(fixture_db: tuple[Any, FixtureInfo]) -> None:
    strict = parse_policy(b'name = "strict"\n[traversal]\nwalkable = ["OWNS"]\n', "strict.toml")
    out = TraversalExecutor(fixture_db[0], strict).run("entity_profile", {"entity_id": "ticket:pay-12"})  # CONCERNS
    assert isinstance(out, NoEvidence) and out.reason == "only_forbidden_predicates"


def test_blank_names_are_rejected(executor: TraversalExecutor) -> None:
    with pytest.raises(InputRejected):
        executor.resolve("   ")
    with pytest.raises(InputRejected):
        executor.run("search_evidence", {"text": ""})
