"""Permission-aware evidence, end to end: facts of a restricted document never reach a caller outside its access
list through any door (answers, the answer stream, evidence, documents, entities, impact, the explorer, people,
history, the OpenAI-compatible door, MCP tools and resources, change reviews previewed or stored, and earlier
versions read ``as_of`` or by number), while its readers do see them.

The fixtures (tests/zehn/api/fixtures/acl) are one public document, one restricted to the ``corp-dev`` group and a
direct message readable by its two participants; the restricted plan is then edited and re-ingested, so it has a
closed sentence and an archived first version. A real ``zehn``-style server (uvicorn on loopback, the real
answering service) serves them; each caller asks every door, and every response is searched for what only the
restricted documents say (their ids, evidence ids, names and words), after removing what the caller itself sent.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.graph_client import open_graph as open_rw_graph
from extraction.pipeline import Ingestor
from extraction.validity import now_stamp
from tests.zehn.api.conftest import ServerThread, build_services
from traversal_policy import TraversalExecutor
from zehn.access import TokenStore
from zehn.agent import AnswerService
from zehn.api import create_app
from zehn.graph_server import EmbeddedFalkorDB
from zehn.people.projection import rebuild

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


@pytest.fixture(scope="module")
def world(falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    assert falkordb_server.port is not None
    name = f"acl_{uuid.uuid4().hex[:8]}"
    ingestor = Ingestor("127.0.0.1", falkordb_server.port, name, nlp=nlp, embedder=embedder)
    docs = tmp_path_factory.mktemp("acl_docs")
    shutil.copytree(FIXTURES, docs, dirs_exist_ok=True)
    assert ingestor.ingest([docs]).documents == 3
    before_edit = now_stamp()
    plan = docs / "harbor-plan.md"
    plan.write_text(plan.read_text().replace("settlement batches", "settlement runs"))
    assert ingestor.ingest([docs]).versions == 1
    rebuild(ingestor.graph)
    rows = ingestor.graph.ro_query("MATCH (e:Evidence) RETURN e.document_id, e.id").result_set
    evidence: dict[str, list[str]] = {}
    for doc_id, ev_id in rows:
        evidence.setdefault(doc_id, []).append(ev_id)
    store = TokenStore(tmp_path_factory.mktemp("tokens"))
    secrets = {"eng": store.create("eng", ["engineering"])[1], "dev": store.create("dev", ["corp-dev"])[1],
               "rosa": store.create("Rosa Lindqvist")[1], "root": store.create("root", admin=True)[1]}

    def make(executor: TraversalExecutor, graph: Any) -> AnswerService:
        return AnswerService(executor, nlp, graph)

    services = build_services(falkordb_server.port, name, make, embedder, nlp=nlp)
    with ServerThread(create_app(services, frontend_dir=None, tokens=store)) as server:
        yield World(server.url, secrets, evidence, before_edit)
    with contextlib.suppress(redis.RedisError):
        open_rw_graph("127.0.0.1", falkordb_server.port, name).delete()


def _headers(world: World, caller: str) -> dict[str, str]:
    return {} if caller == ANONYMOUS else {"Authorization": f"Bearer {world.tokens[caller]}"}


def _sse(response: httpx.Response) -> str:
    return response.text


Door = Callable[[httpx.Client, World, str], list[tuple[str, str]]]  # -> [(what was sent, what came back)]


def _get(client: httpx.Client, world: World, caller: str, path: str, **params: Any) -> tuple[str, str]:
    response = client.get(world.url + path, params=params, headers=_headers(world, caller))
    return json.dumps(params) + path, f"{response.status_code} {response.text}"


def _post(client: httpx.Client, world: World, caller: str, path: str, body: dict[str, Any]) -> tuple[str, str]:
    response = client.post(world.url + path, json=body, headers=_headers(world, caller))
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
                           headers=_headers(world, owner)).json()
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
        stored = client.post(world.url + "/api/change-reviews", json=REVIEW, headers=_headers(world, owner)).json()
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
    headers = {**_headers(world, caller), "Accept": "application/json, text/event-stream"}
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


def _markers(world: World, words: tuple[str, ...], doc: str) -> list[str]:
    return [*words, *world.evidence[doc]]


def _leaks(world: World, caller: str, door: str, markers: list[str]) -> list[str]:
    """Markers found in the responses; a marker the request itself carried (a question naming it, a guessed id) is
    not looked for in that response: saying back what was asked is not revealing it."""
    found = []
    with httpx.Client(timeout=120) as client:
        for sent, got in DOORS[door](client, world, caller):
            asked = sent.casefold()
            found += [f"{door}: {m!r} in {got[:300]}" for m in markers
                      if m.casefold() not in asked and m.casefold() in got.casefold()]
    return found


@pytest.mark.parametrize("door", sorted(DOORS))
@pytest.mark.parametrize("caller", [ANONYMOUS, "eng"])
def test_restricted_facts_never_reach_a_caller_outside_the_access_lists(world: World, caller: str,
                                                                        door: str) -> None:
    markers = _markers(world, HARBOR_WORDS, HARBOR) + _markers(world, DM_WORDS, DM) + list(BOTH_WORDS)
    assert _leaks(world, caller, door, markers) == []


@pytest.mark.parametrize("door", sorted(DOORS))
def test_a_group_member_sees_the_group_document_and_not_someone_elses_messages(world: World, door: str) -> None:
    assert _leaks(world, "dev", door, _markers(world, DM_WORDS, DM)) == []


SEEN_BY_READERS = ("answers", "stream", "evidence", "documents", "entities", "impact", "neighborhood", "v1", "mcp",
                   "versions", "reviews")


@pytest.mark.parametrize("door", SEEN_BY_READERS)
@pytest.mark.parametrize(("caller", "words", "doc"), [("dev", HARBOR_WORDS, HARBOR), ("root", HARBOR_WORDS, HARBOR),
                                                      ("rosa", DM_WORDS, DM)], ids=["group", "admin", "participant"])
def test_the_readers_of_a_restricted_document_do_see_it(world: World, door: str, caller: str,
                                                        words: tuple[str, ...], doc: str) -> None:
    assert _leaks(world, caller, door, _markers(world, words, doc)), f"{caller} sees nothing of {doc} via {door}"


def test_an_answer_stored_by_a_reader_stays_theirs(world: World) -> None:
    with httpx.Client(timeout=120) as client:
        asked = client.post(world.url + "/api/answers", json={"question": QUESTIONS[0]},
                            headers=_headers(world, "dev")).json()
        assert any(c["document_id"] == HARBOR for c in asked["citations"]), asked["text"]
        assert client.get(world.url + f"/api/answers/{asked['id']}").status_code == 404
        assert client.get(world.url + f"/api/answers/{asked['id']}", headers=_headers(world, "eng")).status_code == 404
        mine = client.get(world.url + "/api/history", headers=_headers(world, "dev")).json()["answers"]
        assert asked["id"] in {a["id"] for a in mine} and {a["owner"] for a in mine} == {"dev"}
        everyone = client.get(world.url + "/api/history", params={"limit": 500},
                              headers=_headers(world, "root")).json()["answers"]
        assert asked["id"] in {a["id"] for a in everyone}


def test_a_restricted_documents_version_history_is_its_readers_only(world: World) -> None:
    with httpx.Client(timeout=120) as client:
        for caller in (ANONYMOUS, "eng", "rosa"):
            for params in ({}, {"version": 1}, {"as_of": world.before_edit}):
                got = client.get(world.url + f"/api/documents/{HARBOR}", params=params,
                                 headers=_headers(world, caller))
                assert got.status_code == 404, (caller, params, got.text)
        first = client.get(world.url + f"/api/documents/{HARBOR}", params={"version": 1},
                           headers=_headers(world, "dev")).json()
        assert "settlement batches" in first["text"] and [v["version"] for v in first["versions"]] == [1, 2]


def test_a_stored_change_review_stays_its_authors(world: World) -> None:
    with httpx.Client(timeout=120) as client:
        assert client.post(world.url + "/api/change-reviews", json=REVIEW).status_code == 401  # a write
        stored = client.post(world.url + "/api/change-reviews", json=REVIEW, headers=_headers(world, "dev")).json()
        assert "quayside" in json.dumps(stored).casefold()  # the author read the restricted plan
        for caller in (ANONYMOUS, "eng", "rosa"):
            got = client.get(world.url + f"/api/change-reviews/{stored['id']}", headers=_headers(world, caller))
            assert got.status_code == 404, (caller, got.text)
            listed = client.get(world.url + "/api/change-reviews", params={"limit": 500},
                                headers=_headers(world, caller)).json()["reviews"]
            assert stored["id"] not in {r["id"] for r in listed}
        for reader in ("dev", "root"):
            assert client.get(world.url + f"/api/change-reviews/{stored['id']}",
                              headers=_headers(world, reader)).json()["id"] == stored["id"]
