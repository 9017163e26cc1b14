"""The catalogue over the real ingested sample corpus (docs/sample-corpus.md lists the known answers)."""

from __future__ import annotations

from typing import Any

from extraction.embeddings import LocalEmbedder
from extraction.pipeline import IngestReport
from traversal_policy import Ambiguous, Found, Resolved, TraversalExecutor, load_policy, parse_policy
from traversal_policy.catalogue import CATALOGUE

CALLS_POLICY = b"""name = "eval-calls"
[traversal]
walkable = ["DEPENDS_ON", "USES", "CONSUMES", "OWNS", "MAINTAINS", "AFFECTS", "BLOCKS", "PART_OF", "CALLS"]
"""


def _executor(sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder, policy: bytes | None = None
              ) -> TraversalExecutor:
    chosen = parse_policy(policy, "eval.toml") if policy else load_policy()
    return TraversalExecutor(sample_graph[0], chosen, embedder=embedder)


def _entity(executor: TraversalExecutor, name: str) -> str:
    resolution = executor.resolve(name)
    assert isinstance(resolution, Resolved), resolution
    return resolution.entity.id


def test_impact_of_geo_index_reaches_three_hops_with_evidence(
    sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder
) -> None:
    executor = _executor(sample_graph, embedder)
    outcome = executor.run("impact", {"entity_id": _entity(executor, "geo-index"), "depth": 3})
    assert isinstance(outcome, Found)
    reached = {row["path"]["names"][-1]: row["hops"] for row in outcome.rows}
    assert reached.get("rate-engine") == 1 and reached.get("checkout-api") == 2 and reached.get("shipper-portal") == 3
    for row in outcome.rows:
        assert all(ids for ids in row["path"]["evidence_ids"])  # every hop carries its sentence
        assert "CALLS" not in row["path"]["rel_types"]


def test_calls_edges_are_walked_only_in_evaluation_mode(
    sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder
) -> None:
    production = _executor(sample_graph, embedder)
    evaluation = _executor(sample_graph, embedder, CALLS_POLICY)
    assert evaluation.policy.info().evaluation_mode and not production.policy.info().evaluation_mode
    entity = _entity(production, "route-planner")
    walked = evaluation.run("dependents_of", {"entity_id": entity, "depth": 1})
    assert isinstance(walked, Found) and any("CALLS" in row["path"]["rel_types"] for row in walked.rows)
    plain = production.run("dependents_of", {"entity_id": entity, "depth": 1})
    assert not isinstance(plain, Found) or all("CALLS" not in row["path"]["rel_types"] for row in plain.rows)


def test_atlas_is_ambiguous_between_team_service_and_customer(
    sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder
) -> None:
    resolution = _executor(sample_graph, embedder).resolve("Atlas")
    assert isinstance(resolution, Ambiguous)
    assert {"Team", "Service", "Customer"} <= {c.type for c in resolution.candidates}


def test_search_evidence_finds_the_chat_only_fact(
    sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder
) -> None:
    # k=10: on a 34-document corpus the chat chunk that holds it fuses within a hair of four others (RRF scores
    # 0.0300-0.0306), so its place among the first five is a tie-break, not what this test is about.
    outcome = _executor(sample_graph, embedder).run("search_evidence", {"text": "who owns notify-hub now", "k": 10})
    assert isinstance(outcome, Found)
    assert any("now owns notify-hub" in str(row) for row in outcome.rows)


def test_passages_mentioning_each_returns_each_names_passages_as_one_look_up_per_name_would(
    sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder
) -> None:
    executor = _executor(sample_graph, embedder)
    names = ["geo-index", "tile cache", "service", "the", "no-such-widget-anywhere"]
    batched = executor.run("passages_mentioning_each", {"texts": names})
    assert isinstance(batched, Found)
    assert [q.name for q in batched.queries if q.name != "index_check"] == ["passages_mentioning_each"]
    for name in names:
        alone = executor.run("passages_mentioning", {"text": name})
        expected = [(r["id"], r["document_id"], r["text"]) for r in alone.rows] if isinstance(alone, Found) else []
        assert [(r["id"], r["document_id"], r["text"]) for r in batched.rows if r["name"] == name] == expected, name
    assert {r["name"] for r in batched.rows} >= {"geo-index", "service"}
    assert "no-such-widget-anywhere" not in {r["name"] for r in batched.rows}


def test_a_passage_reads_query_vectors_are_summarised_in_its_shown_work(
    sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder
) -> None:
    vectors = [embedder.embed_query("who owns geo-index"), embedder.embed_query("tile cache")]
    outcome = _executor(sample_graph, embedder).run(
        "document_passages", {"document_ids": ["lark_confluence_geo-index-runbook"], "vectors": vectors})
    assert isinstance(outcome, Found) and all(len(r["distances"]) == 2 for r in outcome.rows)
    main = next(q for q in outcome.queries if "distances" in q.cypher)
    assert main.params["vectors"] == f"<2 vectors of {len(vectors[0])} floats>"
    assert main.params["document_ids"] == ["lark_confluence_geo-index-runbook"]  # the rest as sent


def test_every_named_query_is_read_only_text() -> None:
    for query in CATALOGUE.values():
        for text in query.cypher.values():
            upper = text.upper()
            assert not any(word in upper for word in ("CREATE ", "MERGE ", "DELETE ", " SET ", "REMOVE "))
