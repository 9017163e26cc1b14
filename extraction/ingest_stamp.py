"""The graph's ingest stamp: one ``(:IngestStamp {id: "ingest"})`` node whose counter ``n`` moves with every write
that changes what a reader sees of documents and passages, so a reader's caches check one node per answer instead of
every document (``scope_version``, traversal_policy/passage_queries.py).

The bump is appended to the write itself (:func:`bumped`): the change and its stamp commit in one query, so no crash
leaves a change behind an unmoved stamp. It goes on the LAST write of each change a reader can see (caches compare
the stamp before and after a read, so a reader that read between two writes kept its read under the older stamp,
which the last write moves):
- ``begin`` (a document turns "ingesting": it leaves every reader's view; what the ingest writes next is hidden
  until the commit),
- the commit (the new version, its passages included, becomes ready),
- a delete (the document closes, then its passages go: that second write bumps too),
- a rollback's restore (the archived version is ready again) and a purge (the document is removed).
A write that only touches hidden rows (an "ingesting" document's properties and passages), the archive copy, the
path of a moved document or entities' access lists leaves it alone. A graph written before the stamp has no node,
or a node without ``n`` until the first bump: readers then count documents as before.

The node is the graph's one bookkeeping node: it also holds ``spelling``, the rule its entity names were last settled
under (extraction/canonical_names.py; cleared before an ingest's or a delete's first write). No reader reads it, and
setting it leaves ``n`` alone.
"""

from __future__ import annotations

INGEST_STAMP = "IngestStamp"
STAMP_ID = "ingest"
# The bump as a clause after a ``WITH`` (it keeps that WITH's one row and its variables).
BUMP_CLAUSE = f"MERGE (stamp:{INGEST_STAMP} {{id: '{STAMP_ID}'}}) SET stamp.n = coalesce(stamp.n, 0) + 1"
# After any write (``count(*)`` makes one row, also when the write matched nothing, so the bump always runs).
BUMP = "WITH count(*) AS _ " + BUMP_CLAUSE
READ_STAMP = f"MATCH (stamp:{INGEST_STAMP} {{id: '{STAMP_ID}'}}) RETURN stamp.n AS stamp"


def bumped(write: str) -> str:
    """``write`` (a query that returns nothing) followed by the stamp's bump, as one query."""
    return write.rstrip() + "\n" + BUMP + "\n"
