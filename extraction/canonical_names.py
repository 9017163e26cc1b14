"""The last write of an ingest, before the full-text rebuild: every entity shows one spelling chosen by a rule on
the documents, not the spelling of whichever document graphrag-sdk wrote last.

graphrag-sdk upserts entities with ``MERGE ... SET n += props``: an entity named "Billing" in one document and
"billing" in another (one ``name_key``, so one entity, extraction/identity.py) keeps the spelling of the document
written last, so the name a reader sees (and sorts walks by) depended on ingest order. The rule here: the first
spelling with the entity's ``name_key`` in the open chunks that mention it, taken in (document id, chunk start,
chunk id) order; ids are content-derived, so the choice depends on the documents alone. Only a name that differs
is written (the SET re-indexes the node; the full-text rebuild after it drops the stale entries). An entity whose
first ``TRIES`` chunks hold no such spelling (its name was normalised away from the text) keeps its name.
It runs over every entity on every ingest and delete, so a graph written before this step is settled by its next
ingest without re-extracting anything.
"""

from __future__ import annotations

import re
from typing import Any

from extraction.evidence_writer import Graph
from extraction.identity import name_key

TRIES = 3  # chunks read per entity; a mention found by the extractor is nearly always spelled out in its chunk
BATCH = 500  # names written per query

FIRST_CHUNKS = (
    "MATCH (n:__Entity__)-[:MENTIONED_IN]->(c:Chunk) WHERE c.valid_to IS NULL "
    "WITH n, c ORDER BY c.document_id, c.start, c.id "
    "WITH n, collect(c) AS chunks "
    "RETURN n.id, n.name, [x IN chunks[0..$tries] | x.text]"
)
SET_NAMES = "UNWIND $rows AS row MATCH (n:__Entity__ {id: row.id}) SET n.name = row.name"


def first_spelling(name: str, texts: list[str]) -> str | None:
    """The first slice of ``texts`` (in order) with ``name``'s name key, its spaces folded to one; None if none.
    Case-insensitive match of the name's words separated by any whitespace: every such slice has the same key."""
    words = name.split()
    if not words:
        return None
    pattern = re.compile(r"\s+".join(map(re.escape, words)), re.IGNORECASE)
    key = name_key(name)
    for text in texts:
        for found in pattern.finditer(text or ""):
            spelling = " ".join(found.group(0).split())
            if name_key(spelling) == key:  # IGNORECASE folds less than casefold (e.g. "ß"); keep only true keys
                return spelling
    return None


def settle_entity_names(graph: Graph) -> int:
    """Give every entity its canonical spelling (module docstring); returns how many names changed."""
    rows: list[dict[str, Any]] = []
    for entity_id, name, texts in graph.query(FIRST_CHUNKS, {"tries": TRIES}).result_set:
        spelling = first_spelling(str(name or ""), [str(t) for t in texts or []])
        if spelling is not None and spelling != name:
            rows.append({"id": entity_id, "name": spelling})
    for at in range(0, len(rows), BATCH):
        graph.query(SET_NAMES, {"rows": rows[at:at + BATCH]})
    return len(rows)
