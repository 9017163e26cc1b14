"""Ingest end to end on a real FalkorDB: exact evidence, evidence-keeping edges, idempotence, updates, deletes."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from spacy.language import Language

from extraction.access import EVERYTHING, ScopedGraph
from extraction.embeddings import LocalEmbedder
from extraction.evidence_reads import get_document, get_evidence, graph_stats
from extraction.identity import EVIDENCE_ID_RE
from extraction.pipeline import Ingestor, IngestReport, ingest_order
from extraction.schema import relation_valid_at
from extraction.validity import parse_as_of
from zehn.graph_server import EmbeddedFalkorDB


def _all_evidence(graph: Any) -> list[dict[str, Any]]:
    ids = [row[0] for row in graph.ro_query("MATCH (e:Evidence) RETURN e.id").result_set]
    return get_evidence(graph, ids)


def _counts(graph: Any) -> dict[str, Any]:
    stats = graph_stats(graph)
    return {"labels": stats["labels"], "edges": stats["edge_types"], "rel_types": stats["rel_types"]}


def _write(folder: Path, name: str, body: str, doc_id: str) -> Path:
    path = folder / name
    path.write_text(f'---\nid: "{doc_id}"\nsource_type: "confluence"\ntitle: "{name}"\n---\n\n# {name}\n\n{body}\n')
    return path


def test_sample_corpus_ingests_without_errors(sample_graph: tuple[Any, IngestReport]) -> None:
    _graph, report = sample_graph
    assert report.errors == []
    assert report.documents >= 20 and report.evidence > 0 and report.relations > 0


def test_every_evidence_row_is_an_exact_slice_with_mentions_inside(sample_graph: tuple[Any, IngestReport]) -> None:
    graph, _ = sample_graph
    evidence = _all_evidence(graph)
    assert evidence, "the sample corpus produced no evidence"
    for ev in evidence:
        assert EVIDENCE_ID_RE.match(ev["id"])
        document = get_document(graph, ev["document_id"])
        assert document is not None
        assert document["text"][ev["start"] : ev["end"]] == ev["text"]
        for rel in ev["relations"]:
            inside = [span for span in (rel["subject_span"], rel["object_span"]) if span is not None]
            # A sentence holds both mentions, unless one end is the document's (or its section's) subject, read
            # via="document_subject"; a metadata line holds the value, while the document's own entity (its ticket
            # key or title) sits on another front-matter line.
            if rel["via"] == "document_subject":
                assert inside  # the end named in the sentence (a numbered action item spans its task too)
            else:
                assert len(inside) == (1 if ev["kind"] == "metadata" else 2) or (ev["kind"] == "metadata" and inside)
            for s, e in inside:
                assert 0 <= s < e <= len(ev["text"]) and ev["text"][s:e].strip()
            for a, b in (rel["subject_at"], rel["object_at"]):
                assert document["text"][a:b].strip()


def test_every_relates_edge_carries_resolvable_evidence(sample_graph: tuple[Any, IngestReport]) -> None:
    graph, _ = sample_graph
    rows = graph.ro_query("MATCH ()-[r:RELATES]->() RETURN r.evidence_ids, r.spans").result_set
    assert rows
    for evidence_ids, spans in rows:
        assert evidence_ids and sorted(json.loads(spans)) == sorted(evidence_ids)
        assert len(get_evidence(graph, list(evidence_ids))) == len(evidence_ids)


def test_two_documents_two_predicates_same_pair_keep_both_edges(ingestor: Ingestor, tmp_path: Path) -> None:
    _write(tmp_path, "a.md", "The rate-engine service calls the quote-store service on every request.", "doc_a")
    _write(tmp_path, "b.md", "The rate-engine service depends on the quote-store service.", "doc_b")
    report = ingestor.ingest([tmp_path])
    assert report.errors == []
    rows = ingestor.graph.ro_query(
        "MATCH (a:__Entity__ {name: 'rate-engine'})-[r:RELATES]->(b:__Entity__ {name: 'quote-store'}) "
        "RETURN r.rel_type, r.doc_ids, size(r.evidence_ids) ORDER BY r.rel_type"
    ).result_set
    assert [row[0] for row in rows] == ["CALLS", "DEPENDS_ON"]
    assert rows[0][1] == ["doc_a"] and rows[1][1] == ["doc_b"]


def test_same_predicate_in_two_documents_is_one_edge_with_both_sentences(ingestor: Ingestor, tmp_path: Path) -> None:
    _write(tmp_path, "a.md", "The checkout-api service depends on the ledger-sync service.", "doc_a")
    _write(tmp_path, "b.md", "Remember: checkout-api depends on ledger-sync for refunds.", "doc_b")
    ingestor.ingest([tmp_path])
    rows = ingestor.graph.ro_query(
        "MATCH (:__Entity__ {name: 'checkout-api'})-[r:RELATES {rel_type: 'DEPENDS_ON'}]->"
        "(:__Entity__ {name: 'ledger-sync'}) RETURN r.doc_ids, r.evidence_ids"
    ).result_set
    assert len(rows) == 1
    assert rows[0][0] == ["doc_a", "doc_b"] and len(rows[0][1]) == 2


def test_reingesting_unchanged_documents_changes_nothing(ingestor: Ingestor, sample_corpus_dir: Path) -> None:
    first = ingestor.ingest([sample_corpus_dir])
    before = _counts(ingestor.graph)
    second = ingestor.ingest([sample_corpus_dir])
    assert second.documents == 0 and second.skipped == first.documents
    assert _counts(ingestor.graph) == before


def _current_edges(graph: Any) -> list[list[Any]]:
    rows = ScopedGraph(graph, EVERYTHING).ro_query(
        f"MATCH (a)-[r:RELATES]->(b) WHERE {relation_valid_at('r')} RETURN a.name, r.rel_type, b.name",
        {"as_of": parse_as_of(None)}).result_set
    return [list(row) for row in rows]


def test_changed_document_closes_its_old_evidence_and_keeps_it(ingestor: Ingestor, tmp_path: Path) -> None:
    path = _write(tmp_path, "a.md", "The billing-export service depends on the ledger-sync service.", "doc_a")
    ingestor.ingest([path])
    old = {ev["id"]: ev["text"] for ev in _all_evidence(ingestor.graph)}
    assert any("ledger-sync" in text for text in old.values())
    _write(tmp_path, "a.md", "The billing-export service depends on the geo-index service.", "doc_a")
    report = ingestor.ingest([path])
    assert report.documents == 1 and report.versions == 1 and report.closed_evidence >= 1
    evidence = _all_evidence(ingestor.graph)
    current = [ev["text"] for ev in evidence if ev["current"]]
    assert not any("ledger-sync" in text for text in current)
    closed = [ev for ev in evidence if "ledger-sync" in ev["text"]]
    assert closed and all(ev["valid_to"] and ev["change"] == "changed" for ev in closed)
    assert all("geo-index" in ev["superseded_by"]["text"] for ev in closed)
    edges = _current_edges(ingestor.graph)
    assert ["billing-export", "DEPENDS_ON", "ledger-sync"] not in edges
    assert ["billing-export", "DEPENDS_ON", "geo-index"] in edges
    document = get_document(ingestor.graph, "doc_a")
    assert document is not None and document["version"] == 2 and len(document["versions"]) == 2


def test_purge_removes_what_only_that_document_supported(ingestor: Ingestor, tmp_path: Path) -> None:
    _write(tmp_path, "a.md", "The checkout-api service depends on the ledger-sync service.", "doc_a")
    _write(tmp_path, "b.md", "The checkout-api service depends on the ledger-sync service. "
           "The ledger-sync service depends on the vault-proxy service.", "doc_b")
    ingestor.ingest([tmp_path])
    assert ingestor.delete("doc_b", purge=True) is True
    graph = ingestor.graph
    edges = graph.ro_query("MATCH (a)-[r:RELATES]->(b) RETURN a.name, b.name, r.doc_ids").result_set
    assert edges == [["checkout-api", "ledger-sync", ["doc_a"]]]
    assert graph.ro_query("MATCH (e:Evidence {document_id: 'doc_b'}) RETURN count(e)").result_set == [[0]]
    assert graph.ro_query("MATCH (c:Chunk {document_id: 'doc_b'}) RETURN count(c)").result_set == [[0]]
    names = {row[0] for row in graph.ro_query("MATCH (n:__Entity__) RETURN n.name").result_set}
    assert "vault-proxy" not in names and "checkout-api" in names
    assert ingestor.delete("doc_b") is False


def test_delete_closes_a_document_and_a_reingest_brings_it_back(ingestor: Ingestor, tmp_path: Path) -> None:
    _write(tmp_path, "a.md", "The checkout-api service depends on the ledger-sync service.", "doc_a")
    _write(tmp_path, "b.md", "The ledger-sync service depends on the vault-proxy service.", "doc_b")
    ingestor.ingest([tmp_path])
    assert ingestor.delete("doc_b") is True
    assert ingestor.delete("doc_b") is False  # already closed
    assert _current_edges(ingestor.graph) == [["checkout-api", "DEPENDS_ON", "ledger-sync"]]
    assert get_document(ingestor.graph, "doc_b") is None
    kept = [ev for ev in _all_evidence(ingestor.graph) if ev["document_id"] == "doc_b"]
    assert kept and all(ev["change"] == "removed" and not ev["current"] for ev in kept)
    report = ingestor.ingest([tmp_path])
    assert report.documents == 1 and report.versions == 1
    assert ["ledger-sync", "DEPENDS_ON", "vault-proxy"] in _current_edges(ingestor.graph)
    again = [ev for ev in _all_evidence(ingestor.graph) if ev["document_id"] == "doc_b"]
    assert {ev["id"] for ev in again} == {ev["id"] for ev in kept} and all(ev["current"] for ev in again)


def test_same_name_with_different_types_stays_separate(sample_graph: tuple[Any, IngestReport]) -> None:
    graph, _ = sample_graph
    types = {row[0] for row in graph.ro_query(
        "MATCH (n:__Entity__) WHERE n.name_key = 'atlas' RETURN n.type"
    ).result_set}
    assert {"Team", "Service", "Customer"} <= types


def test_bad_files_are_reported_and_lose_nothing(ingestor: Ingestor, tmp_path: Path) -> None:
    good = _write(tmp_path, "good.md", "The rate-engine service depends on the geo-index service.", "doc_good")
    ingestor.ingest([good])
    before = _counts(ingestor.graph)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "empty.md").write_text("")
    (bad / "binary.txt").write_bytes(b"\x00\x01\x02binary\x00")
    (bad / "latin1.txt").write_bytes("caf\xe9 au lait".encode("latin-1"))
    (bad / "frontmatter.md").write_text("---\nid: [unclosed\n---\nbody\n")
    with (bad / "huge.txt").open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    report = ingestor.ingest([bad])
    assert report.documents == 0 and len(report.errors) == 5
    reasons = " ".join(e["reason"] for e in report.errors)
    for word in ("empty", "binary", "UTF-8", "front matter", "too large"):
        assert word in reasons
    assert _counts(ingestor.graph) == before


def test_graph_survives_restart_of_the_embedded_server(
    tmp_path: Path, nlp: Language, embedder: LocalEmbedder
) -> None:
    doc = _write(tmp_path, "a.md", "The rate-engine service depends on the geo-index service.", "doc_a")
    with EmbeddedFalkorDB(tmp_path / "data", requirepass=False) as server:
        assert server.port is not None
        Ingestor("127.0.0.1", server.port, "g", nlp=nlp, embedder=embedder).ingest([doc])
    with EmbeddedFalkorDB(tmp_path / "data", requirepass=False) as server:
        assert server.port is not None
        again = Ingestor("127.0.0.1", server.port, "g", nlp=nlp, embedder=embedder)
        assert len(_all_evidence(again.graph)) >= 1
        assert again.ingest([doc]).skipped == 1


def test_two_files_claiming_one_document_id_keep_the_first_and_report_the_second(
    ingestor: Ingestor, tmp_path: Path
) -> None:
    _write(tmp_path, "a.md", "The rate-engine service depends on the geo-index service.", "doc_same")
    _write(tmp_path, "b.md", "The ledger-sync service depends on the vault-proxy service.", "doc_same")
    report = ingestor.ingest([tmp_path])
    assert report.documents == 1 and len(report.errors) == 1
    assert "duplicate document id" in report.errors[0]["reason"]
    names = {row[0] for row in ingestor.graph.ro_query("MATCH (n:__Entity__) RETURN n.name").result_set}
    assert "rate-engine" in names and "vault-proxy" not in names


def test_an_ingest_logs_its_five_steps_in_order(ingestor: Ingestor, tmp_path: Path,
                                                caplog: pytest.LogCaptureFixture) -> None:
    _write(tmp_path, "a.md", "The sorter service writes to the bin store.", "doc__logged")
    with caplog.at_level(logging.INFO, logger="zehn.ingest"):
        ingestor.ingest([tmp_path])
    steps = [r.getMessage().split(":")[0] for r in caplog.records if r.getMessage().startswith("step ")]
    assert steps == [f"step {n}/5" for n in range(1, 6)]


def test_an_order_seed_shuffles_the_documents_the_same_way_every_time() -> None:
    items: list[Any] = [(f"doc{n}", "new") for n in range(8)]
    assert ingest_order(items, None) == items
    assert ingest_order(items, 2) == ingest_order(items, 2) != items
    assert sorted(ingest_order(items, 2)) == items


def _content(graph: Any) -> dict[str, Any]:
    """What readers read, without the write times: rows, entities with their names and access, edges and support."""
    queries = {
        "evidence": "MATCH (e:Evidence)-[:IN_CHUNK]->(c:Chunk) RETURN e.id, e.text, e.start, e.kind, e.relations, c.id",
        "chunks": "MATCH (d:Document)-[:PART_OF]->(c:Chunk) RETURN d.id, c.id, c.text",
        # The name too: graphrag-sdk keeps the last document's spelling ("Billing" / "billing"); the ingest's
        # last step sets one canonical spelling (extraction/canonical_names.py).
        "entities": "MATCH (n:__Entity__) RETURN n.id, n.name, labels(n), n.access",
        "mentions": "MATCH (n:__Entity__)-[:MENTIONED_IN]->(c:Chunk) RETURN n.id, c.id",
        "edges": "MATCH (a)-[r:RELATES]->(b) RETURN a.id, r.rel_type, b.id, r.evidence_ids, r.fact, r.access",
    }
    return {key: sorted(map(repr, graph.ro_query(q).result_set)) for key, q in queries.items()}


def test_the_same_files_written_in_another_order_make_the_same_graph(
        falkordb_server: EmbeddedFalkorDB, graph_name: str, nlp: Language, embedder: LocalEmbedder,
        tmp_path: Path) -> None:
    _write(tmp_path, "a.md", "The Billing team owns the Ledger service. Alice Park leads the Billing team.", "doc_a")
    _write(tmp_path, "b.md", "The billing team depends on the Ledger service. Alice Park approved it.", "doc_b")
    _write(tmp_path, "c.md", "Alice Park owns the Dispatch queue. The Ledger service feeds it.", "doc_c")
    assert falkordb_server.port is not None
    contents = []
    for suffix, seed in (("_x", None), ("_y", 2), ("_z", 3)):
        ingestor = Ingestor("127.0.0.1", falkordb_server.port, graph_name + suffix, nlp=nlp, embedder=embedder)
        try:
            assert ingestor.ingest([tmp_path], order_seed=seed).documents == 3
            contents.append(_content(ingestor.graph))
        finally:
            ingestor.graph.delete()
    assert contents[0]["edges"] and contents[0]["entities"]
    assert contents[1] == contents[0] and contents[2] == contents[0]


def test_an_ingest_with_nothing_new_leaves_entity_names_as_they_are(ingestor: Ingestor, tmp_path: Path) -> None:
    # The canonical-spelling step reads every mention and open chunk: only a written or removed document can change
    # a spelling's count, so an ingest that writes nothing skips it (a name set by hand survives it).
    _write(tmp_path, "a.md", "The Billing team owns the Ledger service.", "doc__names")
    ingestor.ingest([tmp_path])
    ingestor.graph.query("MATCH (n:__Entity__ {name: 'Ledger'}) SET n.name = 'ledger'")
    assert ingestor.ingest([tmp_path]).documents == 0
    names = {row[0] for row in ingestor.graph.ro_query("MATCH (n:__Entity__) RETURN n.name").result_set}
    assert "ledger" in names and "Ledger" not in names
