"""The last write of an ingest, before the full-text rebuild: every entity shows one spelling chosen by a rule on
the documents, not the spelling of whichever document graphrag-sdk wrote last.

graphrag-sdk upserts entities with ``MERGE ... SET n += props``: an entity named "Billing" in one document and
"billing" in another (one ``name_key``, so one entity, extraction/identity.py) keeps the spelling of the document
written last, so the name a reader sees (and sorts walks by) depended on ingest order. The rule here: of the
spellings with the entity's ``name_key`` in the open chunks that mention it, one that starts with a capital (English
capitalises names; a lower-case form is mostly a handle, an address or an identifier: "@kevin", "kevin@..."), then
the most frequent, then the smallest in code-point order. Counts and text depend on the documents alone. (Tried
first on the Redwood tune ingest: the first spelling in document-id order, and the most frequent alone; both named
people after their chat handles.) Only a name that differs is written (the SET re-indexes the node;
the full-text rebuild after it drops the stale entries). An entity whose chunks hold no such spelling (its name
was normalised away from the text) keeps its name.

It runs after each ingest that writes a document and after each delete, over the entities mentioned in any version
of the documents written or deleted (:data:`ENTITIES_MENTIONS`): only their names and open mentions moved (graphrag-sdk
writes only the entities it links to the document's chunks; a commit or a delete closes chunks without unlinking
them), so on a settled graph the others' spellings are the ones a pass over every entity gives. Every entity is
read instead when the graph may not be settled: a graph written before this step or under another :data:`RULE`, one
whose last writes never reached their settle (the graph's stamp node says so, extraction/ingest_stamp.py:
:func:`begin_writes` clears its ``spelling`` before the first write, a finished settle sets it), or a run that
removed chunks, and their links, it cannot name (a rollback, a purge). Settled without re-extracting anything.

Left open: a compound written hyphenated in one document and open in another ("serving-runtime", "Serving Runtime":
one entity id) is still looked for in the spelling the document written last stored. Reading both forms as one
(tried) gave a component the spelling of a team of the same words, and the two, one exact name apart before, became
one ambiguous name; a spelling that knows the entity's kind is the way out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection
from typing import Any

from extraction.evidence_writer import Graph
from extraction.identity import name_key
from extraction.ingest_stamp import INGEST_STAMP, STAMP_ID

BATCH = 500  # names written per query

# The rule's name, kept on the graph by each finished settle: a graph that holds another (or none) is settled whole.
RULE = "capitalised, then most frequent, then code-point smallest"
# Kept on the stamp node (one bookkeeping node per graph): the bump moves only its ``n``, a reader reads only that.
STATE = f"MERGE (s:{INGEST_STAMP} {{id: '{STAMP_ID}'}}) "
BEGIN_WRITES = STATE + "WITH s, s.spelling AS was SET s.spelling = null RETURN was"
SETTLED = STATE + "SET s.spelling = $rule"
MENTIONS = ("MATCH (n:__Entity__)-[:MENTIONED_IN]->(c:Chunk) WHERE c.valid_to IS NULL "
            "RETURN n.id, n.name, collect(c.id)")
# MENTIONS for the entities any chunk of the documents mentions (a closed one too: what their last versions named).
ENTITIES_MENTIONS = ("UNWIND $docs AS doc MATCH (:Document {id: doc})-[:PART_OF]->(:Chunk)<-[:MENTIONED_IN]-"
                     "(n:__Entity__) WITH DISTINCT n MATCH (n)-[:MENTIONED_IN]->(c:Chunk) WHERE c.valid_to IS NULL "
                     "RETURN n.id, n.name, collect(c.id)")
OPEN_CHUNKS = "MATCH (c:Chunk) WHERE c.valid_to IS NULL AND c.id IN $ids RETURN c.id, c.text"
SET_NAMES = "UNWIND $rows AS row MATCH (n:__Entity__ {id: row.id}) SET n.name = row.name"


def canonical_spelling(name: str, texts: list[str]) -> str | None:
    """The slice of ``texts`` with ``name``'s name key (spaces folded to one) that starts with a capital, then is
    the most frequent, then the smallest in code-point order; None if none. Found as the name's words,
    case-insensitive, separated by any whitespace."""
    words = name.split()
    if not words:
        return None
    pattern = re.compile(r"\s+".join(map(re.escape, words)), re.IGNORECASE)
    key = name_key(name)
    seen: Counter[str] = Counter()
    for text in texts:
        for found in pattern.finditer(text or ""):
            spelling = " ".join(found.group(0).split())
            if name_key(spelling) == key:  # IGNORECASE folds less than casefold (e.g. "ß"); keep only true keys
                seen[spelling] += 1
    return min(seen, key=lambda s: (not s[0].isupper(), -seen[s], s)) if seen else None


def begin_writes(graph: Graph) -> bool:
    """Before the first write of an ingest or a delete: whether the graph's names are settled under :data:`RULE`
    (then :func:`settle_entity_names` may read only the written documents' entities). Marks them unsettled until the
    settle after these writes finishes, so a run that stops in between leaves the next one every entity to read."""
    rows = graph.query(BEGIN_WRITES).result_set
    return bool(rows) and rows[0][0] == RULE


def settle_entity_names(graph: Graph, documents: Collection[str] | None = None) -> int:
    """Give each entity its canonical spelling (module docstring): those any version of ``documents`` mentions, or
    every one (``None``); marks the graph settled under :data:`RULE`. Returns how many names changed."""
    query = graph.query(MENTIONS) if documents is None else graph.query(ENTITIES_MENTIONS, {"docs": sorted(documents)})
    mentions = [(str(i), str(n or ""), [str(c) for c in cs]) for i, n, cs in query.result_set]
    wanted = sorted({c for _, _, cs in mentions for c in cs})
    texts = {str(i): str(t or "") for i, t in graph.query(OPEN_CHUNKS, {"ids": wanted}).result_set}
    rows: list[dict[str, Any]] = []
    for entity_id, name, chunk_ids in mentions:
        spelling = canonical_spelling(name, [texts[c] for c in chunk_ids if c in texts])
        if spelling is not None and spelling != name:
            rows.append({"id": entity_id, "name": spelling})
    for at in range(0, len(rows), BATCH):
        graph.query(SET_NAMES, {"rows": rows[at:at + BATCH]})
    graph.query(SETTLED, {"rule": RULE})
    return len(rows)
