"""The doors of tests/zehn/api/test_leaks.py: every way a caller can read from a running server, each returning
(what was sent, what came back) pairs to search for restricted words; and the fixture world they are asked in."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "acl"
HARBOR = "acl_harbor_plan"
DM = "acl_dm_export"
HARBOR_WORDS = ("quayside", "harbor", "settlement", "batches", HARBOR)  # "batches": only in the closed version
DM_WORDS = ("pierside", "keep it quiet", "night batch", DM)
BOTH_WORDS = ("ottilie",)  # the author of both restricted documents, named in no public one
QUESTIONS = ("What depends on ledger-db?", "What breaks if ledger-db changes?", "Who owns quayside-api?",
             "What does pierside-job depend on?", "What runs every night against the ledger?")  # the last: passages
ANONYMOUS = "anonymous"
REVIEW = {"text": "This change touches ledger-db: the nightly jobs move to a new schema.", "depth": 3}


@dataclass(frozen=True)
class World:
    url: str
    tokens: dict[str, str]  # caller name -> secret
    evidence: dict[str, list[str]]  # document id -> its evidence ids (closed ones too)
    before_edit: str  # a moment when the restricted plan's first version was current


def caller_headers(world: World, caller: str) -> dict[str, str]:
    return {} if caller == ANONYMOUS else {"Authorization": f"Bearer {world.tokens[caller]}"}


def _sse(response: httpx.Response) -> str:
    return response.text


Door = Callable[[httpx.Client, World, str], list[tuple[str, str]]]  # -> [(what was sent, what came back)]


def _get(client: httpx.Client, world: World, caller: str, path: str, **params: Any) -> tuple[str, str]:
    response = client.get(world.url + path, params=params, headers=caller_headers(world, caller))
    return json.dumps(params) + path, f"{response.status_code} {response.text}"


def _post(client: httpx.Client, world: World, caller: str, path: str, body: dict[str, Any]) -> tuple[str, str]:
    response = client.post(world.url + path, json=body, headers=caller_headers(world, caller))
    return json.dumps(body), f"{response.status_code} {response.text}"


def answers(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    return [_post(client, world, caller, "/api/answers", {"question": q}) for q in QUESTIONS]


def stream(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    return [_post(client, world, caller, "/api/answers/stream", {"question": q}) for q in QUESTIONS]


def evidence(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    ids = world.evidence[HARBOR] + world.evidence[DM]
    return [_get(client, world, caller, f"/api/evidence/{e}") for e in ids]


def documents(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    return [_get(client, world, caller, f"/api/documents/{d}") for d in (HARBOR, DM)]


def entities(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    return [_get(client, world, caller, "/api/entities", q=q) for q in ("ledger-db", "Harbor", "quayside",
                                                                         "pierside-job")]


def impact(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    return [_get(client, world, caller, "/api/impact", entity="ledger-db", depth=3),
            _get(client, world, caller, "/api/impact", entity_id="component:ledger-db", depth=3),
            _get(client, world, caller, "/api/impact", entity_id="component:quayside-api", depth=3)]


def neighborhood(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    return [_get(client, world, caller, "/api/graph/neighborhood", entity="ledger-db"),
            _get(client, world, caller, "/api/graph/neighborhood", entity_id="team:harbor")]


def people(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    return [_get(client, world, caller, "/api/people/experts", about="ledger-db"),
            _get(client, world, caller, "/api/people/key"),
            _get(client, world, caller, "/api/people/departure", person="Rosa Lindqvist", depth=3),
            _get(client, world, caller, "/api/people/person:ottilie-frame")]


def history(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    """The caller's history, and every answer the privileged callers stored (by id)."""
    stored = []
    for owner in ("dev", "rosa", "root"):
        body = client.post(world.url + "/api/answers", json={"question": QUESTIONS[0]},
                           headers=caller_headers(world, owner)).json()
        stored.append(_get(client, world, caller, f"/api/answers/{body['id']}"))
    listed = _get(client, world, caller, "/api/history", limit=500)
    return [(listed[0] + json.dumps(QUESTIONS), listed[1]), *stored]  # its own earlier questions are in it


def versions(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    """Earlier versions: documents as of before the edit and by number, and graph reads as of then."""
    then = world.before_edit
    return [*[_get(client, world, caller, f"/api/documents/{d}", as_of=then) for d in (HARBOR, DM)],
            _get(client, world, caller, f"/api/documents/{HARBOR}", version=1),
            _get(client, world, caller, "/api/impact", entity_id="component:ledger-db", depth=3, as_of=then),
            _get(client, world, caller, "/api/entities", q="Harbor", as_of=then),
            _get(client, world, caller, "/api/graph/neighborhood", entity="ledger-db", as_of=then)]


def reviews(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    """Change reviews: previews (text, a restricted document, as of before the edit), and reviews the privileged
    callers stored, opened by id, as Markdown and in the list."""
    out = [_post(client, world, caller, "/api/change-reviews/preview", REVIEW),
           _post(client, world, caller, "/api/change-reviews/preview", {**REVIEW, "as_of": world.before_edit}),
           _post(client, world, caller, "/api/change-reviews/preview", {"document_id": HARBOR}),
           _get(client, world, caller, "/api/change-reviews/sources")]
    for owner in ("dev", "rosa", "root"):
        stored = client.post(world.url + "/api/change-reviews", json=REVIEW,
                             headers=caller_headers(world, owner)).json()
        out += [_get(client, world, caller, f"/api/change-reviews/{stored['id']}"),
                _get(client, world, caller, f"/api/change-reviews/{stored['id']}/markdown")]
    out.append(_get(client, world, caller, "/api/change-reviews", limit=500))
    return out


def openai(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    out = []
    for q in QUESTIONS[:2]:
        for streamed in (False, True):
            body = {"model": "zehn", "messages": [{"role": "user", "content": q}], "stream": streamed}
            out.append(_post(client, world, caller, "/v1/chat/completions", body))
    return out


def _mcp(client: httpx.Client, world: World, caller: str, method: str, params: dict[str, Any]) -> tuple[str, str]:
    headers = {**caller_headers(world, caller), "Accept": "application/json, text/event-stream"}
    response = client.post(world.url + "/mcp", headers=headers,
                           json={"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    return json.dumps(params), f"{response.status_code} {response.text}"


def mcp(client: httpx.Client, world: World, caller: str) -> list[tuple[str, str]]:
    calls = [("tools/call", {"name": "ask", "arguments": {"question": q}}) for q in (*QUESTIONS[:2], QUESTIONS[-1])]
    calls += [("tools/call", {"name": "dependents_of", "arguments": {"entity_id": "component:ledger-db", "depth": 3}}),
              ("tools/call", {"name": "search_evidence", "arguments": {"text": "depends on ledger-db", "k": 50}}),
              ("tools/call", {"name": "resolve_entity", "arguments": {"name": "Harbor"}}),
              ("tools/call", {"name": "search_passages", "arguments": {"text": "depends on ledger-db", "k": 50}}),
              ("tools/call", {"name": "passages_mentioning", "arguments": {"text": "ledger-db"}}),
              ("tools/call", {"name": "document_sentences", "arguments": {"document_id": HARBOR}}),
              ("tools/call", {"name": "document_passages", "arguments": {"document_ids": [HARBOR, DM]}}),
              ("tools/call", {"name": "change_review", "arguments": REVIEW}),
              ("resources/list", {}),
              ("resources/read", {"uri": f"zehn://documents/{HARBOR}"}),
              ("resources/read", {"uri": f"zehn://evidence/{world.evidence[DM][0]}"})]
    return [_mcp(client, world, caller, method, params) for method, params in calls]


DOORS: dict[str, Door] = {"answers": answers, "stream": stream, "evidence": evidence, "documents": documents,
                          "entities": entities, "impact": impact, "neighborhood": neighborhood, "people": people,
                          "history": history, "v1": openai, "mcp": mcp, "versions": versions, "reviews": reviews}
