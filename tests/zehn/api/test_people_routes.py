"""/api/people/*: shapes, outcomes and status codes; writes only with a valid token; a stopped graph is 503."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from extraction.embeddings import LocalEmbedder
from tests.zehn.api.conftest import build_services
from zehn.access import TokenStore
from zehn.api import Services, create_app
from zehn.graph_server import EmbeddedFalkorDB

APPROVE = {"person_id": "person:odile-brandt",
           "items": [{"item_id": "ticket:qf-101", "to_person_id": "person:tomasz-wierzbicki"}]}


def _client(services: Services, tokens: TokenStore) -> TestClient:
    return TestClient(create_app(services, frontend_dir=None, tokens=tokens))


@pytest.fixture(scope="module")
def people(people_graph: tuple[int, str], embedder: LocalEmbedder,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with _client(build_services(people_graph[0], people_graph[1], None, embedder),
                 TokenStore(tmp_path_factory.mktemp("tokens"))) as client:
        yield client


def test_departure_by_name_has_every_section_with_paths_and_grades(people: TestClient) -> None:
    body = people.get("/api/people/departure", params={"person": "Odile Brandt", "depth": 3}).json()
    assert body["outcome"] == "found" and body["person"]["id"] == "person:odile-brandt"
    for section in ("open_work", "customers", "sole_expert_components", "successors"):
        assert body[section], section
        assert all(row["path"]["edges"] and row["grade"] in ("source_backed", "inferred", "approval_record")
                   and "evidence_ids" in row for row in body[section])
    assert body["queries"] and body["policy"]["name"] == "default"


def test_an_ambiguous_name_lists_candidates_and_an_id_picks_one(people: TestClient) -> None:
    body = people.get("/api/people/departure", params={"person": "Ines"}).json()
    assert body["outcome"] == "ambiguous" and len(body["candidates"]) == 2
    picked = people.get("/api/people/departure", params={"person_id": body["candidates"][0]["id"]})
    assert picked.status_code == 200 and picked.json()["person"]["id"] == body["candidates"][0]["id"]


def test_bad_requests_are_422_and_unknown_ids_404(people: TestClient) -> None:
    assert people.get("/api/people/departure").status_code == 422
    assert people.get("/api/people/departure", params={"person": "Odile Brandt", "depth": 4}).status_code == 422
    missing = people.get("/api/people/departure", params={"person_id": "person:nobody-here"})
    assert missing.status_code == 404 and missing.json()["status"] == "not_found"
    assert people.get("/api/people/person:nobody-here").status_code == 404
    assert people.get("/api/people/handoff/approvals/ho_0000000000000000").status_code == 404


def test_experts_key_people_card_and_plan(people: TestClient) -> None:
    experts = people.get("/api/people/experts", params={"about": "VAT rounding"}).json()
    assert experts["outcome"] == "found" and experts["experts"][0]["draft"]["sent"] is False
    key = people.get("/api/people/key", params={"about": "tax-engine"}).json()
    assert key["projection"]["status"] == "ready" and key["people"]
    card = people.get("/api/people/person:odile-brandt").json()
    assert card["centrality"]["pagerank_rank"] == 1 and card["open_work"]["open"] == 2
    plan = people.get("/api/people/handoff", params={"person_id": "person:odile-brandt"}).json()
    assert {p["item"]["name"] for p in plan["proposals"]} == {"QF-101", "QF-103"}
    assert people.get("/api/people/projection").json()["status"] == "ready"


def test_writes_without_a_token_are_refused_even_on_loopback(people: TestClient) -> None:
    refused = people.post("/api/people/handoff/approve", json=APPROVE)
    assert refused.status_code == 401 and "zehn token create" in refused.json()["message"]
    assert refused.json()["kind"] == "unauthorized"
    assert people.post("/api/people/projection/rebuild").status_code == 401


def test_writes_need_a_valid_bearer_token(fresh_people_graph: tuple[int, str], embedder: LocalEmbedder,
                                          tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    _record, token = store.create("release manager")
    with _client(build_services(*fresh_people_graph, None, embedder), store) as client:
        assert client.post("/api/people/handoff/approve", json=APPROVE).status_code == 401
        wrong = client.post("/api/people/handoff/approve", json=APPROVE, headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 401 and wrong.headers["www-authenticate"] == "Bearer"
        auth = {"Authorization": f"Bearer {token}"}
        bad = client.post("/api/people/handoff/approve", headers=auth,
                          json={**APPROVE, "items": [{"item_id": "ticket:qf-102",
                                                      "to_person_id": "person:tomasz-wierzbicki"}]})
        assert bad.status_code == 422
        done = client.post("/api/people/handoff/approve", json=APPROVE, headers=auth)
        assert done.status_code == 201, done.text
        record = done.json()
        assert record["approved_by"] == "release manager" and record["id"].startswith("ho_")
        assert client.get(f"/api/people/handoff/approvals/{record['id']}").json() == record
        again = client.get("/api/people/departure", params={"person_id": "person:odile-brandt", "depth": 1}).json()
        handed = next(w for w in again["open_work"] if w["item"]["name"] == "QF-101")
        assert handed["state"] == "handed_off" and handed["handed_off_to"][0]["approval_id"] == record["id"]
        assert client.post("/api/people/projection/rebuild", headers=auth).json()["people"] == 7


def test_a_stopped_graph_is_503_not_an_empty_answer(tiny_db: EmbeddedFalkorDB, embedder: LocalEmbedder,
                                                   tmp_path: Path) -> None:
    assert tiny_db.port is not None
    with _client(build_services(tiny_db.port, "tiny", None, embedder), TokenStore(tmp_path)) as client:
        assert client.get("/api/people/departure", params={"person": "Dana"}).status_code == 200
        tiny_db.stop()
        for url, params in (("/api/people/departure", {"person": "Dana"}), ("/api/people/key", {}),
                            ("/api/people/experts", {"about": "billing"})):
            down = client.get(url, params=params)
            assert down.status_code == 503, url
            assert down.json()["status"] == "unavailable" and down.json()["retriable"] is True
