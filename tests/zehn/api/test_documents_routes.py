"""GET /api/documents: listing by source type, full-text search over evidence sentences, pages; history filters."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_lists_every_document_with_source_type_counts(client: TestClient) -> None:
    response = client.get("/api/documents", params={"limit": 200})
    assert response.status_code == 200, response.text
    page = response.json()
    assert page["total"] == 26 == len(page["documents"])
    assert sum(page["source_types"].values()) == 26
    titles = [d["title"].lower() for d in page["documents"]]
    assert titles == sorted(titles)
    assert {q["name"] for q in page["queries"]} >= {"list_documents", "count_documents"}


def test_filters_by_source_type_and_pages(client: TestClient) -> None:
    counts = client.get("/api/documents").json()["source_types"]
    kind, expected = max(counts.items(), key=lambda kv: kv[1])
    first = client.get("/api/documents", params={"source_type": kind, "limit": 1}).json()
    assert first["total"] == expected and len(first["documents"]) == 1
    assert first["documents"][0]["source_type"] == kind
    rest = client.get("/api/documents", params={"source_type": kind, "offset": 1, "limit": 200}).json()
    assert len(rest["documents"]) == expected - 1
    assert first["documents"][0]["id"] not in {d["id"] for d in rest["documents"]}
    none = client.get("/api/documents", params={"source_type": "no-such-type"}).json()
    assert none["total"] == 0 and none["documents"] == []


def test_search_finds_documents_by_the_words_of_their_sentences(client: TestClient) -> None:
    page = client.get("/api/documents", params={"q": "geo-index tile cache"}).json()
    assert page["total"] >= 1 and page["documents"]
    for doc in page["documents"]:
        assert doc["hits"]
        text = client.get(f"/api/documents/{doc['id']}").json()["text"]
        for hit in doc["hits"]:
            assert text[hit["start"]:hit["end"]] == hit["text"]
    assert any(q["name"] == "search_evidence" for q in page["queries"])
    kind = page["documents"][0]["source_type"]
    only = client.get("/api/documents", params={"q": "geo-index tile cache", "source_type": kind}).json()
    assert only["documents"] and all(d["source_type"] == kind for d in only["documents"])


def test_search_without_words_is_rejected_and_nonsense_finds_nothing(client: TestClient) -> None:
    assert client.get("/api/documents", params={"q": "!!! ???"}).status_code == 422
    page = client.get("/api/documents", params={"q": "zzyzxqwertyuiop"}).json()
    assert page["total"] == 0 and page["documents"] == []


def test_history_filters_by_status_and_question_words(client: TestClient) -> None:
    answered = client.post("/api/answers", json={"question": "Who owns geo-index?"}).json()
    abstained = client.post("/api/answers", json={"question": "zzyzx qwertyuiopasdf"}).json()
    assert answered["status"] == "answered" and abstained["status"] == "abstained"
    only = client.get("/api/history", params={"status": "abstained", "limit": 500}).json()["answers"]
    assert abstained["id"] in {a["id"] for a in only} and answered["id"] not in {a["id"] for a in only}
    assert all(a["status"] == "abstained" for a in only)
    found = client.get("/api/history", params={"q": "OWNS GEO", "limit": 500}).json()["answers"]
    assert answered["id"] in {a["id"] for a in found} and abstained["id"] not in {a["id"] for a in found}
    assert client.get("/api/history", params={"status": "bogus"}).status_code == 422
