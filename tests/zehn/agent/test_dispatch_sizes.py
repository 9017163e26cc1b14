"""A turn gives its executor the graph version it read first: the passage search's index size is read once per
version, and a turn after an ingest (a new version) reads it anew, never the size from before the ingest."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.access import PUBLIC
from extraction.embeddings import LocalEmbedder
from extraction.pipeline import Ingestor
from traversal_policy import TraversalExecutor, load_policy, search
from traversal_policy.catalogue import CATALOGUE
from traversal_policy.index_sizes import IndexSizes
from zehn.agent.dispatch import Dispatcher
from zehn.agent.events import Turn
from zehn.graph_server import EmbeddedFalkorDB

TEXTS = CATALOGUE["search_passages"].cypher


def _write(folder: Path, doc_id: str, body: str) -> None:
    (folder / f"{doc_id}.md").write_text(f'---\nid: "{doc_id}"\nsource_type: "confluence"\ntitle: "{doc_id}"\n---\n\n'
                                         f"# {doc_id}\n\n{body}\n")


def test_a_turn_after_an_ingest_reads_the_index_size_anew(
        falkordb_server: EmbeddedFalkorDB, graph_name: str, nlp: Language, embedder: LocalEmbedder,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert falkordb_server.port is not None
    ingestor = Ingestor("127.0.0.1", falkordb_server.port, graph_name, nlp=nlp, embedder=embedder)
    _write(tmp_path, "doc_jobs", "The export job runs nightly.\n\n## Retries\n\nIt retries twice.")
    ingestor.ingest([tmp_path])
    indexed = ingestor.graph.ro_query("MATCH (p:Passage) RETURN count(p)").result_set[0][0]
    monkeypatch.setattr(search, "EXACT_VECTOR_MAX", indexed)  # exact scoring up to this corpus, not one passage more
    sizes = IndexSizes()
    executor = TraversalExecutor(ingestor.graph, load_policy(), embedder=embedder)

    def turn() -> set[str]:
        """The texts a turn's passage search ran, after the turn read the graph's version."""
        box = Dispatcher(executor.scoped(PUBLIC, sizes=sizes), Turn(None, None), payloads=False)
        box.scope_version()
        box.passages("when does the export job run", 5)
        return {q.cypher for q in box.records}

    first = turn()
    assert TEXTS["vector_passage_size"] in first and TEXTS["vector_passage_exact"] in first
    again = turn()
    assert TEXTS["vector_passage_size"] not in again and TEXTS["vector_passage_exact"] in again
    _write(tmp_path, "doc_keys", "Revoked keys stay quarantined for seven days.")
    assert ingestor.ingest([tmp_path]).documents == 1
    after = turn()  # more passages than exact scoring takes now: a kept size would still choose the exact text
    assert TEXTS["vector_passage_size"] in after and TEXTS["vector_passage"] in after
    assert TEXTS["vector_passage_exact"] not in after
    assert TEXTS["vector_passage_size"] not in turn()  # the new version's size is kept in its turn
