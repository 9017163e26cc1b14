"""``document_passages`` reads a few documents' passages in one query: the distances are those of each query vector
converted for every passage (the catalogue's earlier text), the documents' titles and dates come as the subject by
id, and a read that finds no passage still says why."""

from __future__ import annotations

from typing import Any

import falkordb

from extraction.access import EVERYONE, PUBLIC, ScopedGraph
from extraction.embeddings import LocalEmbedder
from extraction.pipeline import IngestReport
from extraction.schema import DOCUMENT_READY
from traversal_policy import Found, NoEvidence, TraversalExecutor, load_policy

# Each vector converted once per passage: the text before the conversion was hoisted out of the passage match.
PER_PASSAGE = ("MATCH (p:Passage) WHERE p.document_id IN $document_ids RETURN p.id AS id, "
               "[v IN $vectors | vec.cosineDistance(p.embedding, vecf32(v))] AS distances ORDER BY id")
DOCUMENTS = ["lark_confluence_geo-index-runbook", "lark_github_geo-index-142"]


def _read(sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder, ids: list[str],
          vectors: list[list[float]]) -> Any:
    executor = TraversalExecutor(sample_graph[0], load_policy(), embedder=embedder)
    return executor.run("document_passages", {"document_ids": ids, **({"vectors": vectors} if vectors else {})})


def test_distances_are_those_of_each_vector_converted_per_passage(
        sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder) -> None:
    vectors = [embedder.embed_query("who owns geo-index"), embedder.embed_query("tile cache"),
               embedder.embed_query("rollback")]
    outcome = _read(sample_graph, embedder, DOCUMENTS, vectors)
    assert isinstance(outcome, Found) and len(outcome.queries) == 1  # one round trip
    reference = ScopedGraph(sample_graph[0], PUBLIC).ro_query(PER_PASSAGE, {"document_ids": DOCUMENTS,
                                                                             "vectors": vectors})
    expected = {row[0]: row[1] for row in reference.result_set}
    assert expected and {r["id"]: r["distances"] for r in outcome.rows} == expected


def test_the_documents_come_as_the_subject_by_id_and_the_rows_hold_passages_only(
        sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder) -> None:
    outcome = _read(sample_graph, embedder, list(reversed(DOCUMENTS)), [])
    assert isinstance(outcome, Found) and outcome.subject is not None
    documents = outcome.subject["documents"]
    assert [d["id"] for d in documents] == sorted(DOCUMENTS)
    assert all(set(d) == {"id", "title", "source_type", "created", "updated"} and d["title"] for d in documents)
    assert all(not any(k.startswith("document_") and k != "document_id" for k in r) for r in outcome.rows)
    assert all(r["distances"] == [] for r in outcome.rows)


def test_unknown_documents_are_named_as_such(sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder) -> None:
    outcome = _read(sample_graph, embedder, ["no-such-document"], [])
    assert isinstance(outcome, NoEvidence) and outcome.reason == "unknown_document"
    assert len(outcome.queries) == 2  # the passages, then the documents alone to say why


def test_a_document_whose_first_passage_is_not_read_still_comes_as_the_subject(
        falkordb_client: falkordb.FalkorDB, graph_name: str) -> None:
    graph = falkordb_client.select_graph(graph_name)
    graph.query("CREATE (:Document {id: 'doc_a', title: 'Alpha notes', source_type: 'wiki', created: '2026-01-02', "
                "updated: null, status: $ready, access: [$everyone]}), "
                "(:Passage {id: 'doc_a#p0001', document_id: 'doc_a', index: 1, text: 'second block'}), "
                "(:Passage {id: 'doc_a#p0002', document_id: 'doc_a', index: 2, text: 'third block'})",
                {"ready": DOCUMENT_READY, "everyone": EVERYONE})
    outcome = TraversalExecutor(graph, load_policy()).run("document_passages", {"document_ids": ["doc_a"]})
    assert isinstance(outcome, Found) and outcome.subject is not None
    assert [r["id"] for r in outcome.rows] == ["doc_a#p0001", "doc_a#p0002"]
    assert outcome.subject["documents"] == [{"id": "doc_a", "title": "Alpha notes", "source_type": "wiki",
                                             "created": "2026-01-02", "updated": None}]
    assert len(outcome.queries) == 2  # the passages, then the document alone for its title and dates


def test_passage_distances_gives_document_passages_ids_in_its_order_with_the_same_distances(
        sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder) -> None:
    vectors = [embedder.embed_query("who owns geo-index"), embedder.embed_query("rollback")]
    full = _read(sample_graph, embedder, DOCUMENTS, vectors)
    executor = TraversalExecutor(sample_graph[0], load_policy(), embedder=embedder)
    bare = executor.run("passage_distances", {"document_ids": DOCUMENTS, "vectors": vectors})
    assert isinstance(full, Found) and isinstance(bare, Found)
    assert [(r["id"], r["distances"]) for r in bare.rows] == [(r["id"], r["distances"]) for r in full.rows]
    assert all(set(r) == {"id", "distances"} for r in bare.rows)


def test_passage_distances_of_no_readable_document_is_no_passages(
        sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder) -> None:
    executor = TraversalExecutor(sample_graph[0], load_policy(), embedder=embedder)
    outcome = executor.run("passage_distances", {"document_ids": ["no-such-document"],
                                                 "vectors": [embedder.embed_query("rollback")]})
    assert isinstance(outcome, NoEvidence) and outcome.reason == "no_passages"
