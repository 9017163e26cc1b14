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
from collections.abc import Iterator
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
from tests.zehn.api.leak_doors import (
    ANONYMOUS,
    BOTH_WORDS,
    DM,
    DM_WORDS,
    DOORS,
    FIXTURES,
    HARBOR,
    HARBOR_WORDS,
    QUESTIONS,
    REVIEW,
    World,
    caller_headers,
)
from traversal_policy import TraversalExecutor
from zehn.access import TokenStore
from zehn.agent import AnswerService
from zehn.api import create_app
from zehn.graph_server import EmbeddedFalkorDB
from zehn.people.projection import rebuild


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
                            headers=caller_headers(world, "dev")).json()
        assert any(c["document_id"] == HARBOR for c in asked["citations"]), asked["text"]
        assert client.get(world.url + f"/api/answers/{asked['id']}").status_code == 404
        assert client.get(world.url + f"/api/answers/{asked['id']}",
                          headers=caller_headers(world, "eng")).status_code == 404
        mine = client.get(world.url + "/api/history", headers=caller_headers(world, "dev")).json()["answers"]
        assert asked["id"] in {a["id"] for a in mine} and {a["owner"] for a in mine} == {"dev"}
        everyone = client.get(world.url + "/api/history", params={"limit": 500},
                              headers=caller_headers(world, "root")).json()["answers"]
        assert asked["id"] in {a["id"] for a in everyone}


def test_a_restricted_documents_version_history_is_its_readers_only(world: World) -> None:
    with httpx.Client(timeout=120) as client:
        for caller in (ANONYMOUS, "eng", "rosa"):
            for params in ({}, {"version": 1}, {"as_of": world.before_edit}):
                got = client.get(world.url + f"/api/documents/{HARBOR}", params=params,
                                 headers=caller_headers(world, caller))
                assert got.status_code == 404, (caller, params, got.text)
        first = client.get(world.url + f"/api/documents/{HARBOR}", params={"version": 1},
                           headers=caller_headers(world, "dev")).json()
        assert "settlement batches" in first["text"] and [v["version"] for v in first["versions"]] == [1, 2]


def test_a_stored_change_review_stays_its_authors(world: World) -> None:
    with httpx.Client(timeout=120) as client:
        assert client.post(world.url + "/api/change-reviews", json=REVIEW).status_code == 401  # a write
        stored = client.post(world.url + "/api/change-reviews", json=REVIEW,
                             headers=caller_headers(world, "dev")).json()
        assert "quayside" in json.dumps(stored).casefold()  # the author read the restricted plan
        for caller in (ANONYMOUS, "eng", "rosa"):
            got = client.get(world.url + f"/api/change-reviews/{stored['id']}", headers=caller_headers(world, caller))
            assert got.status_code == 404, (caller, got.text)
            listed = client.get(world.url + "/api/change-reviews", params={"limit": 500},
                                headers=caller_headers(world, caller)).json()["reviews"]
            assert stored["id"] not in {r["id"] for r in listed}
        for reader in ("dev", "root"):
            assert client.get(world.url + f"/api/change-reviews/{stored['id']}",
                              headers=caller_headers(world, reader)).json()["id"] == stored["id"]
