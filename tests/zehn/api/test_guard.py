"""The guard in front of every request: trusted hosts, the body cap (declared and streamed), tokens beyond loopback
and for writes, per-caller rate limits, token administration, and the spec saying so."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from zehn.access import TokenStore
from zehn.api import Services, create_app


@pytest.fixture
def tokens(tmp_path: Path) -> TokenStore:
    return TokenStore(tmp_path)


@pytest.fixture
def app_with(make_services: Callable[..., Services], tokens: TokenStore) -> Iterator[Callable[..., TestClient]]:
    clients: list[TestClient] = []

    def make(**settings: Any) -> TestClient:
        services = make_services(max_calls=5)
        services.settings = services.settings.model_copy(update=settings)
        client = TestClient(create_app(services, frontend_dir=None, tokens=tokens))
        clients.append(client.__enter__())
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def test_an_untrusted_host_header_is_refused_before_anything_else(app_with: Callable[..., TestClient]) -> None:
    client = app_with(trusted_hosts=["zehn.example.com", "*.corp.example"])
    refused = client.get("/api/policy")
    assert refused.status_code == 400 and refused.json()["kind"] == "untrusted_host"
    assert client.get("/api/policy", headers={"Host": "zehn.example.com:8000"}).status_code == 200
    assert client.get("/api/policy", headers={"Host": "a.corp.example"}).status_code == 200
    assert client.get("/api/health/live").status_code == 200  # liveness answers whatever the host


def test_a_body_over_the_cap_is_413_declared_or_streamed(app_with: Callable[..., TestClient]) -> None:
    client = app_with(max_request_bytes=2048)
    big = {"question": "x" * 4000}
    declared = client.post("/api/answers", json=big)
    assert declared.status_code == 413 and declared.json()["kind"] == "too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while it streams in
        yield b'{"question": "'
        for _ in range(10):
            yield b"y" * 1000
        yield b'"}'

    streamed = client.post("/api/answers", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413 and streamed.json()["kind"] == "too_large"
    assert client.post("/api/answers", json={"question": "Who owns ledger-db?"}).status_code == 200


def test_beyond_loopback_every_api_path_needs_a_token(app_with: Callable[..., TestClient],
                                                      tokens: TokenStore) -> None:
    client = app_with(host="0.0.0.0")
    for method, path in (("GET", "/api/policy"), ("GET", "/api/health"), ("GET", "/api/history"),
                         ("GET", "/api/evidence/ev_0000000000000000"), ("GET", "/v1/models"), ("GET", "/metrics"),
                         ("POST", "/mcp"), ("POST", "/api/answers")):
        refused = client.request(method, path)
        assert refused.status_code == 401, path
        assert refused.headers["www-authenticate"] == "Bearer" and refused.json()["kind"] == "unauthorized"
    assert client.get("/api/policy", headers={"Authorization": "Bearer zehn_wrong"}).status_code == 401
    assert client.get("/api/health/live").status_code == 200
    _record, secret = tokens.create("ana")
    assert client.get("/api/policy", headers={"Authorization": f"Bearer {secret}"}).status_code == 200
    tokens.revoke("ana")
    assert client.get("/api/policy", headers={"Authorization": f"Bearer {secret}"}).status_code == 401


def test_on_loopback_reads_need_no_token_and_writes_do(app_with: Callable[..., TestClient],
                                                       tokens: TokenStore) -> None:
    client = app_with()
    assert client.get("/api/policy").status_code == 200
    assert client.get("/api/policy", headers={"Authorization": "Bearer sk-any-openai-key"}).status_code == 200
    for path in ("/api/people/projection/rebuild", "/api/tokens"):
        assert client.post(path, json={"name": "x"}).status_code == 401, path
    _record, secret = tokens.create("ana")
    user = {"Authorization": f"Bearer {secret}"}
    forbidden = client.post("/api/tokens", json={"name": "bob"}, headers=user)
    assert forbidden.status_code == 403 and forbidden.json()["kind"] == "forbidden"
    assert client.get("/api/whoami", headers=user).json() == {
        "name": "ana", "authenticated": True, "groups": [], "admin": False, "scope": ["everyone", "user:ana"]}
    assert client.get("/api/whoami").json()["authenticated"] is False


def test_an_admin_token_manages_tokens_over_http(app_with: Callable[..., TestClient], tokens: TokenStore) -> None:
    client = app_with()
    _root, secret = tokens.create("root", admin=True)
    admin = {"Authorization": f"Bearer {secret}"}
    made = client.post("/api/tokens", json={"name": "Ana", "groups": ["finance"]}, headers=admin)
    assert made.status_code == 201 and made.json()["token"].startswith("zehn_")
    assert tokens.verify(made.json()["token"]) is not None
    listed = client.get("/api/tokens", headers=admin).json()["tokens"]
    assert {t["name"] for t in listed} == {"root", "Ana"} and all("token" not in t for t in listed)
    gone = client.delete(f"/api/tokens/{made.json()['id']}", headers=admin)
    assert gone.status_code == 200 and tokens.verify(made.json()["token"]) is None
    assert client.delete(f"/api/tokens/{made.json()['id']}", headers=admin).status_code == 404


def test_each_caller_is_rate_limited_apart_with_retry_after(app_with: Callable[..., TestClient],
                                                            tokens: TokenStore) -> None:
    client = app_with(rate_limit="3/minute")
    _record, secret = tokens.create("ana")
    assert [client.get("/api/policy").status_code for _ in range(3)] == [200, 200, 200]
    limited = client.get("/api/policy")
    assert limited.status_code == 429 and limited.json()["kind"] == "rate_limited"
    assert 1 <= int(limited.headers["retry-after"]) <= 60
    assert client.get("/api/policy", headers={"Authorization": f"Bearer {secret}"}).status_code == 200
    assert client.get("/api/health/live").status_code == 200


def test_the_spec_documents_what_the_guard_answers(app_with: Callable[..., TestClient]) -> None:
    spec = app_with().get("/openapi.json").json()
    answers = spec["paths"]["/api/answers"]["post"]["responses"]
    assert {"400", "401", "413", "429"} <= set(answers)
    policy = spec["paths"]["/api/policy"]["get"]["responses"]
    assert {"401", "429"} <= set(policy) and "413" not in policy
    assert "401" not in spec["paths"]["/api/health/live"]["get"]["responses"]
    assert {"401", "403"} <= set(spec["paths"]["/api/tokens"]["post"]["responses"])
    assert spec["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
