"""Versions end to end on a real FalkorDB: edit a runbook's owner sentence and delete a document, then check which
stored answers turned stale (exactly those that cited what changed), what ``as_of`` before the edit returns, and
the answer API's view of it."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.evidence_reads import get_evidence
from extraction.pipeline import Ingestor
from extraction.validity import now_stamp
from tests.zehn.api.conftest import build_services
from traversal_policy import Found, Resolved, TraversalExecutor, load_policy, open_graph
from zehn.access import ANONYMOUS
from zehn.answers.model import Answer, Citation, PolicyOut
from zehn.api import create_app
from zehn.api.answering import finish
from zehn.graph_server import EmbeddedFalkorDB
from zehn.history import AnswerStore

RUNBOOK = """---
id: "runbook-checkout"
source_type: "confluence"
title: "Checkout API runbook"
---

# Checkout API runbook

The {owner} team owns the checkout-api service.
The checkout-api service depends on the ledger-db service.
Restart the pods one at a time during an incident.
"""
DOCS = {
    "runbook.md": RUNBOOK.format(owner="Payments"),
    "platform.md": "# Platform\n\nThe Platform team owns the ledger-db service.\n",
    "retired.md": "# Retired\n\nThe fax-gateway service depends on the ledger-db service.\n",
    "chat.md": '---\nid: "chat-payments"\nsource_type: "slack"\ntitle: "#payments"\ncreated: "2026-04-21"\n---\n\n'
               "Rui: the refund-worker service depends on the ledger-db service now.\n",
}


@dataclass
class World:
    graph: Any
    port: int
    name: str
    store: AnswerStore
    before_edit: str
    answers: dict[str, str]  # label -> answer id
    cited: dict[str, str]  # label -> evidence id it cites


def _evidence_id(graph: Any, text: str) -> str:
    rows = graph.ro_query("MATCH (e:Evidence) WHERE e.text = $t RETURN e.id", {"t": text}).result_set
    assert len(rows) == 1, (text, rows)
    return str(rows[0][0])


def _answer(graph: Any, question: str, evidence_id: str) -> Answer:
    ev = get_evidence(graph, [evidence_id])[0]
    citation = Citation(evidence_id=ev["id"], document_id=ev["document_id"], document_title=ev["document_title"],
                        start=ev["start"], end=ev["end"], text=ev["text"])
    return Answer(id=f"ans_{uuid.uuid4().hex[:10]}", question=question, status="answered", text=ev["text"],
                  citations=[citation], policy=PolicyOut(name="default", hash="h", evaluation_mode=False),
                  mode="deterministic")


@pytest.fixture(scope="module")
def world(falkordb_server: EmbeddedFalkorDB, tmp_path_factory: pytest.TempPathFactory, nlp: Language,
          embedder: LocalEmbedder) -> Iterator[World]:
    assert falkordb_server.port is not None
    docs = tmp_path_factory.mktemp("versioned")
    for name, text in DOCS.items():
        (docs / name).write_text(text)
    name = f"versions_{uuid.uuid4().hex[:8]}"
    ingestor = Ingestor("127.0.0.1", falkordb_server.port, name, nlp=nlp, embedder=embedder)
    assert ingestor.ingest([docs]).documents == 4
    graph = ingestor.graph
    store = AnswerStore(graph)
    cited = {
        "owner": _evidence_id(graph, "The Payments team owns the checkout-api service."),
        "dependency": _evidence_id(graph, "The checkout-api service depends on the ledger-db service."),
        "platform": _evidence_id(graph, "The Platform team owns the ledger-db service."),
        "retired": _evidence_id(graph, "The fax-gateway service depends on the ledger-db service."),
    }
    answers = {label: store.save(_answer(graph, f"question about {label}?", ev), ANONYMOUS).id
               for label, ev in cited.items()}
    before = now_stamp()
    (docs / "runbook.md").write_text(RUNBOOK.format(owner="Billing"))
    report = ingestor.ingest([docs])
    assert report.versions == 1 and report.skipped == 3, report.to_dict()
    assert ingestor.delete(_retired_id(graph)) is True
    yield World(graph, falkordb_server.port, name, store, before, answers, cited)
    with contextlib.suppress(redis.RedisError):
        graph.delete()


def _retired_id(graph: Any) -> str:
    rows = graph.ro_query("MATCH (d:Document) WHERE d.path = 'retired.md' RETURN d.id").result_set
    return str(rows[0][0])


def _entity_id(executor: TraversalExecutor, name: str) -> str:
    resolved = executor.resolve(name)
    assert isinstance(resolved, Resolved), resolved
    return resolved.entity.id


def test_editing_the_owner_sentence_stales_exactly_the_answers_that_cited_it(world: World) -> None:
    owner = world.store.get(world.answers["owner"], ANONYMOUS)
    assert owner is not None and owner.stale
    [reason] = owner.stale_reasons
    assert reason.change == "changed" and reason.evidence_id == world.cited["owner"]
    assert reason.old_text == "The Payments team owns the checkout-api service."
    assert reason.new_text == "The Billing team owns the checkout-api service."
    assert [(p.op, p.text) for p in reason.diff if p.op != "equal"] == [("removed", "Payments"), ("added", "Billing")]
    for label in ("dependency", "platform"):  # the same runbook (its sentence moved) and another document
        kept = world.store.get(world.answers[label], ANONYMOUS)
        assert kept is not None and not kept.stale and kept.stale_reasons == []


def test_an_unchanged_sentence_whose_id_moved_is_closed_but_says_the_same(world: World) -> None:
    [old] = get_evidence(world.graph, [world.cited["dependency"]])
    assert old["current"] is False and old["change"] == "moved"
    assert old["superseded_by"]["text"] == old["text"] and old["superseded_by"]["id"] != old["id"]


def test_as_of_before_the_edit_returns_the_old_owner_with_its_closed_evidence(world: World) -> None:
    executor = TraversalExecutor(open_graph("127.0.0.1", world.port, world.name), load_policy())
    checkout = _entity_id(executor, "checkout-api")
    then = executor.at(world.before_edit).run("who_owns", {"entity_id": checkout})
    now = executor.run("who_owns", {"entity_id": checkout})
    assert isinstance(then, Found) and isinstance(now, Found)
    assert [r["entity"]["name"].split()[0] for r in then.rows] == ["Payments"]
    assert [r["entity"]["name"].split()[0] for r in now.rows] == ["Billing"]
    [old_ids] = then.rows[0]["path"]["evidence_ids"]
    assert old_ids == [world.cited["owner"]]
    [closed] = get_evidence(world.graph, old_ids)
    assert closed["valid_to"] is not None and closed["valid_to"] > world.before_edit and closed["change"] == "changed"


def test_deleting_a_document_stales_its_answers_and_as_of_still_sees_it(world: World) -> None:
    retired = world.store.get(world.answers["retired"], ANONYMOUS)
    assert retired is not None and retired.stale
    assert [(r.change, r.new_text) for r in retired.stale_reasons] == [("removed", None)]
    executor = TraversalExecutor(open_graph("127.0.0.1", world.port, world.name), load_policy())
    ledger = _entity_id(executor, "ledger-db")
    then = executor.at(world.before_edit).run("dependents_of", {"entity_id": ledger})
    now = executor.run("dependents_of", {"entity_id": ledger})
    names = lambda out: {r["entity"]["name"] for r in getattr(out, "rows", ())}  # noqa: E731
    assert "fax-gateway" in names(then) and "fax-gateway" not in names(now)


def test_history_filters_stale_answers(world: World) -> None:
    stale = {e.id for e in world.store.list(ANONYMOUS, stale=True)}
    current = {e.id for e in world.store.list(ANONYMOUS, stale=False)}
    assert stale == {world.answers["owner"], world.answers["retired"]}
    assert current == {world.answers["dependency"], world.answers["platform"]}


def test_the_answer_api_says_stale_with_reasons_and_history_filters(world: World, embedder: LocalEmbedder) -> None:
    app = create_app(build_services(world.port, world.name, None, embedder), frontend_dir=None)
    with TestClient(app) as client:
        body = client.get(f"/api/answers/{world.answers['owner']}").json()
        assert body["stale"] is True and body["stale_reasons"][0]["change"] == "changed"
        assert client.get(f"/api/answers/{world.answers['platform']}").json()["stale"] is False
        listed = client.get("/api/history", params={"stale": "true"}).json()["answers"]
        assert {a["id"] for a in listed} == {world.answers["owner"], world.answers["retired"]}
        assert all(a["stale"] for a in listed)
        document = client.get("/api/documents/runbook-checkout", params={"as_of": world.before_edit}).json()
        assert document["version"] == 1 and "Payments" in document["text"] and not document["current"]
        assert client.get("/api/documents/runbook-checkout").json()["version"] == 2


def test_a_fact_said_only_in_chat_is_labelled_as_said_there(world: World, embedder: LocalEmbedder) -> None:
    said = _evidence_id(world.graph, "Rui: the refund-worker service depends on the ledger-db service now.")
    services = build_services(world.port, world.name, None, embedder)
    stored = finish(services, _answer(world.graph, "what depends on ledger-db?", said))
    assert stored.conversation_only is True
    source = stored.citations[0].source
    assert source is not None and source.kind == "conversation" and source.label == "said in #payments on 2026-04-21"
    documented = finish(services, _answer(world.graph, "who owns ledger-db?", world.cited["platform"]))
    assert documented.conversation_only is False and documented.citations[0].source is not None
    assert documented.citations[0].source.kind == "document"
