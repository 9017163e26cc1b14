"""The last write of an ingest: full-text indexes with deleted entries are built anew, so BM25 statistics depend
on the graph's nodes alone, never on its write history or on when the index's garbage collector last ran.

FalkorDB re-indexes a node on every SET of any of its properties, even one no index reads (measured on FalkorDB
4.16: a CREATE, then a SET of an unindexed property: numDocuments 1, maxDocId 2): the label's index deletes the old
entry and adds a new one, and the deleted entry's postings keep counting in BM25 (a term's document frequency)
until RediSearch's collector runs, in the background, at a time no reader controls. An ingest updates nodes after
creating them by design: graphrag-sdk's ``MERGE ... SET n += ...`` of chunks and entities and its later chunk
embeddings, the commit's validity stamps on chunks and evidence, entity access lists; a changed or deleted document
closes rows. FalkorDB exposes no command that runs the collector (no ``FT.*`` commands, no ``GRAPH.CONFIG`` key
for it), so an index whose ``maxDocId`` passed its ``numDocuments`` is dropped and created again: FalkorDB fills it
from the nodes as they are (the label's range and vector fields with it; about a second for the 150-document
Redwood corpus). FalkorDB keeps answering from the old index across the drop and the build and swaps when the new
one is done (measured: a search right after the DROP and during the build found what it found before), so a reader
never sees an empty or half-built index; ``CALL db.indexes()`` says "UNDER CONSTRUCTION" meanwhile, and
:func:`rebuild_fulltext_indexes` returns once every rebuilt index is operational.
"""

from __future__ import annotations

from extraction.evidence_writer import Graph
from extraction.index_readiness import wait_for_indexes
from extraction.schema import FULLTEXT_INDEXES

INDEX_STATS = ("CALL db.indexes() YIELD label, entitytype, status, info WHERE entitytype = 'NODE' "
               "RETURN label, status, info.numDocuments, info.maxDocId")
BUILD_DEADLINE_S = 600.0  # a 16x corpus builds in well under a minute; past this the server is not answering


def stale_fulltext_labels(graph: Graph) -> list[str]:
    """The labels of our full-text indexes that hold deleted entries (an id was handed out more than once)."""
    ours = {label for label, _ in FULLTEXT_INDEXES}
    return sorted(label for label, _, live, issued in graph.query(INDEX_STATS).result_set
                  if label in ours and live != issued)


def _statements(label: str) -> tuple[str, str]:
    """The DDL that drops and re-creates ``label``'s full-text index (fixed text from schema constants)."""
    prop = dict(FULLTEXT_INDEXES)[label]
    target = f"FOR (n:{label}) ON (n.{prop})"
    return f"DROP FULLTEXT INDEX {target}", f"CREATE FULLTEXT INDEX {target}"


def rebuild_fulltext_indexes(graph: Graph) -> list[str]:
    """Build anew every full-text index with deleted entries and wait until they answer; returns their labels."""
    # A restarted server replays an earlier rebuild (the DROP/CREATE are in its append-only file) and answers from
    # the old, stale index until the new one is built: read the counts only once every index is built, or that
    # old index would be taken for stale and rebuilt a second time.
    wait_for_indexes(graph, BUILD_DEADLINE_S)
    labels = stale_fulltext_labels(graph)
    for label in labels:
        drop, create = _statements(label)
        graph.query(drop)
        graph.query(create)
    if labels:
        wait_for_indexes(graph, BUILD_DEADLINE_S)
    return labels
