"""The collaboration projection on the people fixtures: derived edges in both directions, kept off RELATES,
FalkorDB's PageRank and betweenness stored with ranks, key people per component, and a person's card."""

from __future__ import annotations

from typing import Any

from extraction.graph_client import open_graph as open_rw_graph
from traversal_policy import TraversalExecutor
from zehn.people.centrality import key_people, person_card
from zehn.people.projection import pair_people, rebuild
from zehn.people.roles import document_facts


def _one(executor: TraversalExecutor, cypher: str, params: dict[str, Any] | None = None) -> Any:
    return executor.graph.ro_query(cypher, params or {}).result_set[0][0]


def test_edges_are_written_both_ways_and_never_as_relates(people_executor: TraversalExecutor) -> None:
    forward = _one(people_executor, "MATCH (:Collaborator)-[w:COLLABORATED_WITH]->(:Collaborator) RETURN count(w)")
    pairs = _one(people_executor, "MATCH (a:Collaborator)-[:COLLABORATED_WITH]->(b:Collaborator) "
                                  "WHERE (b)-[:COLLABORATED_WITH]->(a) RETURN count(*)")
    assert forward > 0 and pairs == forward
    assert _one(people_executor, "MATCH ()-[r:RELATES]->() WHERE r.rel_type = 'COLLABORATED_WITH' "
                                 "RETURN count(r)") == 0
    assert _one(people_executor, "MATCH (m:PeopleProjection) RETURN m.status") == "ready"


def test_pairs_come_from_people_named_on_the_same_document() -> None:
    front = '---\nid: "d"\nparticipants: ["Ada One", "Bo Two", "ops-bot"]\n---\n'
    people, pairs = pair_people([document_facts({"id": "d", "front_matter": front, "evidence": []})])
    assert set(people) == {"person:ada-one", "person:bo-two"}
    assert list(pairs) == [("person:ada-one", "person:bo-two")] and pairs[("person:ada-one", "person:bo-two")]


def test_centrality_numbers_are_falkordbs_and_ranked(people_executor: TraversalExecutor) -> None:
    out = key_people(people_executor)
    assert out.projection.status == "ready" and not out.projection.stale
    top = out.people[0]
    assert top.name == "Odile Brandt"  # named on most of the documents, with everyone
    assert top.centrality.pagerank_rank == 1 and (top.centrality.pagerank or 0) > 0
    assert (top.centrality.betweenness or 0) > 0 and top.top_collaborations
    ranks = [p.centrality.pagerank for p in out.people]
    assert ranks == sorted(ranks, reverse=True)
    assert any("algo.pageRank" in q.cypher or "COLLABORATED_WITH" in q.cypher for q in out.queries)


def test_key_people_per_component_are_the_people_on_its_documents(people_executor: TraversalExecutor) -> None:
    names = {p.name for p in key_people(people_executor, "Invoice-Renderer").people}
    assert names == {"Odile Brandt", "Tomasz Wierzbicki", "Henrik Dahl"}
    assert key_people(people_executor, "no-such-component").people == []


def test_a_card_shows_the_numbers_and_the_evidence_behind_them(people_executor: TraversalExecutor) -> None:
    card = person_card(people_executor, "person:odile-brandt")
    assert card.open_work is not None and card.open_work.open == 2 and card.open_work.handed_off == 0
    assert card.centrality is not None and card.centrality.people and card.centrality.collaborators >= 5
    assert card.components["tax-engine"] >= 1 and card.roles["assignee"] >= 4
    assert card.profile is not None and card.profile.roles.get("assignee") == 4
    strongest = card.collaborations[0]
    assert strongest.weight == len(strongest.documents) and strongest.evidence
    ev_ids = [e for e in strongest.evidence if e.startswith("ev_")]
    texts = people_executor.graph.ro_query("MATCH (e:Evidence) WHERE e.id IN $ids RETURN e.kind, e.text",
                                           {"ids": ev_ids}).result_set
    assert texts and all(kind == "metadata" for kind, _ in texts)


def test_the_projection_reports_stale_after_an_ingest_and_rebuilds(fresh_people_graph: tuple[int, str]) -> None:
    from traversal_policy import load_policy, open_graph

    port, name = fresh_people_graph
    writable = open_rw_graph("127.0.0.1", port, name)
    writable.query("MATCH (d:Document {id: 'qf_jira_qf-104'}) SET d.ingested_at = '2999-01-01T00:00:00+00:00'")
    executor = TraversalExecutor(open_graph("127.0.0.1", port, name), load_policy())
    assert key_people(executor).projection.stale is True
    report = rebuild(writable)
    assert report.people == 7 and report.documents == 11
    writable.query("MATCH (d:Document {id: 'qf_jira_qf-104'}) SET d.ingested_at = '2000-01-01T00:00:00+00:00'")
    assert key_people(executor).projection.stale is False
