"""Evidence, documents, entities, impact, neighbourhood, policy, health and the landing page, on the sample graph."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from spacy.language import Language

from extraction.evidence_reads import sample_evidence
from traversal_policy import load_policy
from zehn.api import Services, create_app

INJECTIONS = [
    "') RETURN 1 //", "x\" OR 1=1 --", "geo-index}) DETACH DELETE n //", "MATCH (n) DETACH DELETE n",
    "*", "@name:{x}", "%", "\\", "\x00drop", "a" * 400, "🙂 Atlas", "$entity_id", "' OR ''='", "||", "-@-",
]


def test_evidence_resolves_to_its_exact_source(client: TestClient, sample_graph: tuple[Any, Any]) -> None:
    for expected in sample_evidence(sample_graph[0], 3, seed=7):
        response = client.get(f"/api/evidence/{expected['id']}")
        assert response.status_code == 200
        evidence = response.json()
        assert evidence["id"] == expected["id"] and evidence["text"] == expected["text"]
        doc = client.get(f"/api/documents/{evidence['document_id']}").json()
        assert doc["text"][evidence["start"]:evidence["end"]] == evidence["text"]
        assert doc["chunks"] > 0


@pytest.mark.parametrize("path", ["/api/evidence/ev_0000000000000000", "/api/documents/no-such-doc",
                                  "/api/answers/nope", "/api/evidence/%27%29%20RETURN%201"])
def test_unknown_ids_are_404(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404, response.text
    assert response.json()["status"] == "not_found"


def test_entities_report_each_resolution_outcome(client: TestClient) -> None:
    atlas = client.get("/api/entities", params={"q": "Atlas"}).json()
    assert atlas["outcome"] == "ambiguous" and atlas["match"] == "exact"
    assert {c["id"] for c in atlas["candidates"]} >= {"team:atlas", "customer:atlas"}
    assert all(c["sample_sources"] for c in atlas["candidates"])
    geo = client.get("/api/entities", params={"q": "geo-index"}).json()
    assert geo["outcome"] == "resolved" and len(geo["candidates"]) == 1 and geo["queries"]
    assert client.get("/api/entities", params={"q": "Zorblax Quuxington"}).json()["outcome"] == "unknown"


@pytest.mark.parametrize("q", INJECTIONS)
def test_injection_strings_never_500(client: TestClient, q: str) -> None:
    for path, params in (("/api/entities", {"q": q}), ("/api/impact", {"entity": q}),
                         ("/api/graph/neighborhood", {"entity": q})):
        response = client.get(path, params=params)
        assert response.status_code in (200, 422), (path, q, response.text)
        if response.status_code == 200:
            assert response.json()["outcome"] in {"found", "no_evidence", "resolved", "ambiguous", "unknown",
                                                  "not_in_graph"}


def test_blank_entity_is_422(client: TestClient) -> None:
    for params in ({"q": "   "}, {}):
        response = client.get("/api/entities", params=params)
        assert response.status_code == 422 and response.json()["message"]


def test_impact_walks_the_dependents_with_paths_and_records(client: TestClient) -> None:
    response = client.get("/api/impact", params={"entity": "geo-index", "depth": 1})
    assert response.status_code == 200, response.text
    impact = response.json()
    assert impact["outcome"] == "found"
    assert impact["resolution"]["outcome"] == "resolved"
    names = {p["entity_name"] for p in impact["paths"]}
    assert {"rate-engine", "route-planner"} <= names and "eta-forecaster" not in names
    assert all(len(p["hops"]) == 1 and p["hops"][0]["evidence_ids"] for p in impact["paths"])
    assert {q["name"] for q in impact["queries"]} >= {"resolve_entity", "impact"}
    assert all(p["graded"] is None for p in impact["paths"]) and impact["hop_grading"].startswith("not graded")
    assert impact["policy"]["hash"] == load_policy().hash
    deeper = client.get("/api/impact", params={"entity": "geo-index", "depth": 3}).json()
    assert "checkout-api" in {p["entity_name"] for p in deeper["paths"]}
    assert max(len(p["hops"]) for p in deeper["paths"]) > 1


def test_impact_paths_are_hop_graded_when_spacy_is_loaded(make_services: Any, nlp: Language) -> None:
    with TestClient(create_app(make_services(max_calls=0, nlp=nlp), frontend_dir=None)) as client:
        impact = client.get("/api/impact", params={"entity": "geo-index", "depth": 2}).json()
    assert impact["outcome"] == "found"
    assert "evidence_for" in {q["name"] for q in impact["queries"]}
    for path in impact["paths"]:
        graded = path["graded"]
        assert graded is not None and len(graded["hops"]) == len(path["hops"])
        assert graded["grade"] in {"source_backed", "inferred", "insufficient"}
    by_name = {p["entity_name"]: p["graded"]["grade"] for p in impact["paths"] if len(p["hops"]) == 1}
    assert by_name["rate-engine"] == "source_backed"


def test_impact_of_an_ambiguous_name_lists_candidates_and_walks_nothing(client: TestClient) -> None:
    impact = client.get("/api/impact", params={"entity": "Atlas"}).json()
    assert impact["outcome"] == "ambiguous" and impact["paths"] == [] and impact["resolution"]["candidates"]
    assert client.get("/api/impact", params={"entity": "geo-index", "depth": 9}).status_code == 422


def test_each_atlas_candidate_is_loaded_by_id(client: TestClient) -> None:
    candidates = client.get("/api/entities", params={"q": "Atlas"}).json()["candidates"]
    assert {"team:atlas", "service:atlas", "customer:atlas"} <= {c["id"] for c in candidates}
    for candidate in candidates:
        impact = client.get("/api/impact", params={"entity_id": candidate["id"], "depth": 2})
        hood = client.get("/api/graph/neighborhood", params={"entity_id": candidate["id"]})
        for response in (impact, hood):
            assert response.status_code == 200, response.text
            body = response.json()
            assert body["entity"] == "Atlas" and body["outcome"] != "ambiguous"
            assert body["resolution"]["candidates"] == [candidate]  # exactly this one, as the name listed it
            names = [q["name"] for q in body["queries"]]
            assert names[:3] == ["entity_status", "documents_mentioning", "resolve_entity"]
            if candidate["relation_count"] == 0:
                assert body["outcome"] == body["resolution"]["outcome"] == "not_in_graph"
            else:
                assert body["resolution"]["outcome"] == "resolved"
                assert names[-1] == ("impact" if response is impact else "entity_profile")
        impact_body, hood_body = impact.json(), hood.json()
        assert impact_body["depth"] == 2
        for path in impact_body["paths"]:
            assert candidate["id"] in {path["hops"][0]["source"], path["hops"][0]["target"]}
        if candidate["relation_count"]:
            assert hood_body["outcome"] in {"found", "no_evidence"}
            assert hood_body["center"]["id"] == candidate["id"]
            assert hood_body["center"]["type"] == candidate["type"]
            for edge in hood_body["edges"]:
                assert candidate["id"] in {edge["source"], edge["target"]}
    team = client.get("/api/graph/neighborhood", params={"entity_id": "team:atlas"}).json()
    assert team["outcome"] == "found" and team["edges"]


def test_the_id_wins_over_the_name(client: TestClient) -> None:
    hood = client.get("/api/graph/neighborhood", params={"entity": "geo-index", "entity_id": "team:atlas"}).json()
    assert hood["center"]["id"] == "team:atlas" and hood["entity"] == "Atlas"
    by_name = client.get("/api/impact", params={"entity": "geo-index", "depth": 1}).json()
    geo_id = by_name["resolution"]["candidates"][0]["id"]
    by_id = client.get("/api/impact", params={"entity_id": geo_id, "depth": 1}).json()
    assert by_id["outcome"] == by_name["outcome"] == "found"
    assert [p["entity_id"] for p in by_id["paths"]] == [p["entity_id"] for p in by_name["paths"]]
    assert by_id["resolution"]["candidates"] == by_name["resolution"]["candidates"]


@pytest.mark.parametrize("entity_id", ["team:no-such-team", "atlas", "') RETURN 1 //", "$entity_id"])
def test_unknown_entity_id_is_404(client: TestClient, entity_id: str) -> None:
    for path in ("/api/impact", "/api/graph/neighborhood"):
        response = client.get(path, params={"entity_id": entity_id})
        assert response.status_code == 404, (path, response.text)
        assert response.json()["status"] == "not_found" and entity_id in response.json()["message"]


@pytest.mark.parametrize("params", [{}, {"depth": 2}, {"entity_id": ""}, {"entity_id": "   "}, {"entity": ""}])
def test_impact_and_neighborhood_need_a_name_or_an_id(client: TestClient, params: dict[str, Any]) -> None:
    for path in ("/api/impact", "/api/graph/neighborhood"):
        response = client.get(path, params=params)
        assert response.status_code == 422, (path, params, response.text)
        assert response.json()["status"] == "rejected" and response.json()["message"]


def test_neighborhood_is_policy_limited(client: TestClient) -> None:
    hood = client.get("/api/graph/neighborhood", params={"entity": "rate-engine"}).json()
    assert hood["outcome"] == "found"
    assert hood["center"]["name"] == "rate-engine"
    ids = {n["id"] for n in hood["nodes"]}
    walkable = set(load_policy().walkable)
    assert hood["edges"]
    for edge in hood["edges"]:
        assert edge["rel_type"] in walkable and edge["source"] in ids and edge["target"] in ids
        assert edge["evidence_ids"]
    assert [q["name"] for q in hood["queries"]][-1] == "entity_profile"


def test_policy(client: TestClient) -> None:
    assert client.get("/api/policy").json() == load_policy().to_dict()


def test_health_reports_api_and_graph_separately(client: TestClient) -> None:
    health = client.get("/api/health").json()
    assert health["api"]["status"] == "ok"
    graph = health["graph"]
    assert graph["reachable"] is True and graph["exists"] is True and graph["error"] is None
    assert graph["labels"]["Document"] == 34 and graph["relates"] > 0
    assert 0 < graph["evidence_share"] <= 1 and graph["last_ingest"]
    assert health["policy"]["evaluation_mode"] is False
    assert health["answer_mode"] == "deterministic"


def test_openapi_documents_every_endpoint(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/answers", "/api/answers/stream", "/api/answers/{answer_id}", "/api/history",
                 "/api/evidence/{evidence_id}", "/api/documents/{document_id}", "/api/entities", "/api/impact",
                 "/api/graph/neighborhood", "/api/policy", "/api/health"):
        assert path in paths


def test_landing_without_a_built_frontend_points_at_docs(client: TestClient) -> None:
    assert client.get("/").json()["docs"] == "/docs"


def test_built_frontend_is_served_with_spa_fallback(make_services: Any, tmp_path: Path) -> None:
    services: Services = make_services(max_calls=0)
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<html>zehn ui</html>")
    (tmp_path / "assets" / "app.js").write_text("console.log(1)")
    (tmp_path.parent / "secret.txt").write_text("secret")
    with TestClient(create_app(services, frontend_dir=tmp_path)) as client:
        assert "zehn ui" in client.get("/").text
        assert client.get("/assets/app.js").text == "console.log(1)"
        assert "zehn ui" in client.get("/history/ans_1").text
        assert "secret" not in client.get("/..%2Fsecret.txt").text
        missing = client.get("/api/nope")
        assert missing.status_code == 404 and missing.json()["status"] == "not_found"
        assert client.get("/api/health").json()["api"]["status"] == "ok"
