"""Access lists: what front matter means (extraction/access.py), and what the ingest stores on documents, edges and
entities, including after a restricted document is deleted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from spacy.language import Language

from extraction.access import ADMIN, EVERYONE, PUBLIC, Scope, ScopedGraph, document_access
from extraction.embeddings import LocalEmbedder
from extraction.pipeline import Ingestor
from zehn.graph_server import EmbeddedFalkorDB


@pytest.mark.parametrize(("front", "expected"), [
    ({}, (EVERYONE,)),
    ({"title": "x", "participants": ["A B"]}, (EVERYONE,)),
    ({"visibility": "public"}, (EVERYONE,)),
    ({"source_metadata": {"Confidentiality": "Internal"}}, (EVERYONE,)),
    ({"visibility": "restricted"}, (ADMIN,)),
    ({"classification": "Top Secret"}, (ADMIN,)),
    ({"visibility": "something-unknown"}, (ADMIN,)),
    ({"allowed_groups": ["Finance Team", "hr"]}, (ADMIN, "group:finance team", "group:hr")),
    ({"acl": ["group:Legal", "user:Jo Bloggs"]}, (ADMIN, "group:legal", "user:jo bloggs")),
    ({"source_metadata": {"access-groups": "finance"}}, (ADMIN, "group:finance")),
    ({"allowed_users": "Ana"}, (ADMIN, "user:ana")),
    ({"acl": ["everyone"]}, (EVERYONE,)),
    ({"acl": ["everyone"], "visibility": "confidential"}, (ADMIN,)),
    ({"visibility": "public", "allowed_groups": ["ops"]}, (ADMIN, "group:ops")),
    ({"source_metadata": {"is_private": True, "participants": ["Ana", "Ben"]}}, (ADMIN, "user:ana", "user:ben")),
    ({"participants": ["Ana"], "source_metadata": {"channel_type": "im"}}, (ADMIN, "user:ana")),
    ({"source_metadata": {"channel_type": "public_channel", "participants": ["Ana"]}}, (EVERYONE,)),
    ({"private": "no", "members": ["Ana"]}, (EVERYONE,)),
])
def test_front_matter_maps_to_an_access_list(front: dict[str, Any], expected: tuple[str, ...]) -> None:
    assert document_access(front) == expected


def test_a_scope_holds_everyone_its_user_its_groups_and_admin_when_asked() -> None:
    scope = Scope.of("Jo  Bloggs", ["Finance Team", " "], admin=True)
    assert scope.tokens == ("admin", "everyone", "group:finance team", "user:jo bloggs")
    assert scope.covers(("group:finance team",)) and not Scope.of("x").covers(("admin",))
    assert PUBLIC.covers((EVERYONE,)) and not PUBLIC.covers((ADMIN, "group:hr"))


class _Recorder:
    name = "g"

    def __init__(self) -> None:
        self.params: list[dict[str, Any]] = []

    def ro_query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> None:
        self.params.append(dict(params or {}))


def test_a_scoped_handle_always_sets_its_own_scope() -> None:
    recorder = _Recorder()
    ScopedGraph(ScopedGraph(recorder, Scope.of("a", admin=True)), PUBLIC).ro_query("RETURN 1", {"scope": ["admin"]})
    assert recorder.params == [{"scope": ["everyone"]}]


RESTRICTED = """---
id: "plan"
title: "Plan"
visibility: "restricted"
allowed_groups: ["finance"]
---

vault-api depends on ledger-db for balances.

billing-api depends on ledger-db for invoices.
"""
PUBLIC_DOC = """---
id: "open"
title: "Open"
---

billing-api depends on ledger-db for invoices.
"""


def test_the_ingest_stores_access_on_documents_edges_and_entities_and_a_purge_recomputes_it(
        tmp_path: Path, falkordb_server: EmbeddedFalkorDB, graph_name: str, nlp: Language,
        embedder: LocalEmbedder) -> None:
    (tmp_path / "plan.md").write_text(RESTRICTED)
    (tmp_path / "open.md").write_text(PUBLIC_DOC)
    assert falkordb_server.port is not None
    ingestor = Ingestor("127.0.0.1", falkordb_server.port, graph_name, nlp=nlp, embedder=embedder)
    assert ingestor.ingest([tmp_path]).documents == 2
    graph = ingestor.graph

    def one(text: str) -> Any:
        return graph.ro_query(text).result_set[0][0]

    assert one("MATCH (d:Document {id: 'plan'}) RETURN d.access") == ["admin", "group:finance"]
    assert one("MATCH (d:Document {id: 'open'}) RETURN d.access") == ["everyone"]
    vault = "MATCH (n:__Entity__) WHERE n.name_key = 'vault-api' RETURN n.access"
    ledger = "MATCH (n:__Entity__) WHERE n.name_key = 'ledger-db' RETURN n.access"
    assert one(vault) == ["admin", "group:finance"]
    assert sorted(one(ledger)) == ["admin", "everyone", "group:finance"]
    shared = graph.ro_query("MATCH (:__Entity__ {name_key: 'billing-api'})-[r:RELATES]->() "
                            "RETURN r.access, r.evidence_access").result_set[0]
    assert sorted(shared[0]) == ["admin", "everyone", "group:finance"]
    assert sorted(shared[1]) == ["admin\ngroup:finance", "everyone"]
    assert ingestor.delete("plan")  # closed, kept for as_of: its readers still read its entities then
    assert one(vault) == ["admin", "group:finance"]
    assert ingestor.delete("plan", purge=True)
    assert one(ledger) == ["everyone"]
    assert graph.ro_query(vault).result_set == []  # only the deleted document mentioned it
