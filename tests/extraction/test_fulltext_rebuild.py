"""Full-text indexes holding deleted entries are built anew on a real FalkorDB, and an ingest ends with it."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import falkordb

from extraction.fulltext_rebuild import rebuild_fulltext_indexes, stale_fulltext_labels
from extraction.index_readiness import wait_for_indexes
from extraction.pipeline import Ingestor
from extraction.schema import FULLTEXT_INDEXES, ensure_indexes

COUNTS = ("CALL db.indexes() YIELD label, info WHERE label IN $labels "
          "RETURN label, info.numDocuments, info.maxDocId ORDER BY label")
FULLTEXT_LABELS = [label for label, _ in FULLTEXT_INDEXES]


def test_an_updated_node_leaves_a_deleted_entry_that_the_rebuild_removes(
        falkordb_client: falkordb.FalkorDB, graph_name: str) -> None:
    graph = falkordb_client.select_graph(graph_name)
    ensure_indexes(graph)
    wait_for_indexes(graph)  # (as below: writes that meet a building index may be indexed twice)
    graph.query("UNWIND range(1, 3) AS i CREATE (:Evidence {id: toString(i), text: 'the queue is stuck'})")
    graph.query("MATCH (e:Evidence {id: '1'}) SET e.valid_from = 'now'")  # a property no index reads
    assert graph.query(COUNTS, {"labels": ["Evidence"]}).result_set == [["Evidence", 3, 4]]
    assert rebuild_fulltext_indexes(graph) == ["Evidence"]
    assert graph.query(COUNTS, {"labels": ["Evidence"]}).result_set == [["Evidence", 3, 3]]
    found = graph.query("CALL db.idx.fulltext.queryNodes('Evidence', 'queue') YIELD node RETURN count(node)")
    assert found.result_set == [[3]]


def test_indexes_without_deleted_entries_are_left_alone(falkordb_client: falkordb.FalkorDB, graph_name: str) -> None:
    graph = falkordb_client.select_graph(graph_name)
    ensure_indexes(graph)
    # Writes made while a new index is still being built can be indexed twice (by the build's scan and by the
    # write), which leaves a deleted entry: wait, so the writes meet built indexes.
    wait_for_indexes(graph)
    graph.query("CREATE (:Evidence {id: '1', text: 'the queue is stuck'}), (:Chunk {id: 'c', text: 'queue'})")
    assert stale_fulltext_labels(graph) == []
    assert rebuild_fulltext_indexes(graph) == []


def _runbook(folder: Path) -> None:
    (folder / "runbook.md").write_text(
        '---\nid: "doc_q"\n---\n\n# Queue runbook\n\nThe billing team owns the dispatch queue. '
        "Restart the worker when the queue stalls.\n", encoding="utf-8")


def test_an_ingest_leaves_every_full_text_index_without_deleted_entries(ingestor: Ingestor, tmp_path: Path) -> None:
    # The SDK writes chunks and entities with MERGE then SET, and the commit stamps every row it opens: without the
    # closing rebuild each of these indexes holds deleted entries.
    _runbook(tmp_path)
    ingestor.ingest([tmp_path])
    rows = ingestor.graph.query(COUNTS, {"labels": FULLTEXT_LABELS}).result_set
    assert {label for label, *_ in rows} == set(FULLTEXT_LABELS)
    assert all(live == issued > 0 for _, live, issued in rows), rows


def test_a_delete_leaves_no_deleted_entries_either(ingestor: Ingestor, tmp_path: Path) -> None:
    # Closing a document stamps its chunks and evidence rows: each stamp re-indexes the row.
    _runbook(tmp_path)
    ingestor.ingest([tmp_path])
    assert ingestor.delete("doc_q")
    assert stale_fulltext_labels(ingestor.graph) == []


class _Replaying:
    """A graph whose server is still replaying an earlier rebuild: the old, stale Evidence index answers beside the
    new one under construction until the new one is built. Index counts read before that would show the old
    index's deleted entries; any statement but the two index listings fails loudly."""

    def __init__(self) -> None:
        building = [["Evidence", "OPERATIONAL"], ["Evidence", "[Indexing] 0/3: UNDER CONSTRUCTION"]]
        self.states = [building, building, [["Evidence", "OPERATIONAL"]]]

    def _built(self) -> bool:
        return len(self.states) == 1

    def ro_query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> SimpleNamespace:
        if "db.indexes" not in q:
            raise AssertionError(f"unexpected read while the server replays: {q}")
        rows = self.states[0] if self._built() else self.states.pop(0)
        return SimpleNamespace(header=[[1, "label"], [1, "status"]], result_set=rows)

    def query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> SimpleNamespace:
        if "numDocuments" not in q:
            raise AssertionError(f"unexpected statement while the server replays: {q}")
        counts = [["Evidence", "OPERATIONAL", 3, 3]] if self._built() else [["Evidence", "OPERATIONAL", 3, 4]]
        return SimpleNamespace(result_set=counts)


def test_an_index_still_being_built_after_a_restart_is_waited_for_not_rebuilt_again() -> None:
    assert rebuild_fulltext_indexes(_Replaying()) == []
