"""The last write of an ingest, before the full-text rebuild: every entity shows one spelling chosen by a rule on
the documents and the entity's kind, not the spelling of whichever document graphrag-sdk wrote last.

graphrag-sdk upserts entities with ``MERGE ... SET n += props``: an entity named "Billing" in one document and
"billing" in another, or "ledger-sync" in one and "Ledger Sync" in another (one entity id: the type and the
name's letters and digits, extraction/identity.py), keeps the spelling of the document written last, so the name a
reader sees (and resolves and sorts walks by) depended on ingest order. The candidates are read with
:func:`spelling_key`: the entity's kind and its words, a hyphen or an underscore between two letters or digits read
as a space, so every stored name of one entity finds the same spellings (a dot or a slash means more: a version, a
path, an alternative). Of the spellings with that key in the open chunks that mention the entity, the rule takes:

1. the form its kind writes (:func:`form_rank`): a system (service, component, technology) or a ticket is an
   identifier, written hyphen-joined ("ledger-sync"), else snake-cased, before a sentence's open words; a team,
   a person or any other name is a proper name, written open ("Ledger Sync"), before a handle's joined words
   ("kim_lee"). So a component and a team of the same words (two entities: the type is in the id) keep two names
   wherever the text writes both forms, and a question's "the ledger sync" finds the component;
2. then, of open words, one that starts with a capital (English capitalises names; a lower-case form is mostly a
   handle, an address or an identifier: "@kevin", "kevin@..."); a joined one's capital says nothing (a sentence opens
   with "Build-bot", an environment is "STAGING-EU");
3. then the most frequent, then the smallest in code-point order.

Counts and text depend on the documents alone. (Tried first on the Redwood tune ingest: the first spelling in
document-id order, and the most frequent alone; both named people after their chat handles. Tried next, without the
kind: one form order for every entity gave a component the spelling of the team of the same words, or the team the
component's, and a name that had told them apart resolved to both.) A slice that runs on into a longer hyphenated
or snake-cased word ("edge-ledger-sync") is no spelling. Only a name that differs is written, with its
``name_key`` (the SET re-indexes the node; the full-text rebuild after it drops the stale entries). An entity whose
chunks hold no such spelling (its name was normalised away from the text) keeps its name.

It runs after each ingest that writes a document and after each delete, over the entities mentioned in any version
of the documents written or deleted (:data:`ENTITIES_MENTIONS`): only their names and open mentions moved (graphrag-sdk
writes only the entities it links to the document's chunks; a commit or a delete closes chunks without unlinking
them), so on a settled graph the others' spellings are the ones a pass over every entity gives. Every entity is
read instead when the graph may not be settled: a graph written before this step or under another :data:`RULE`, one
whose last writes never reached their settle (the graph's stamp node says so, extraction/ingest_stamp.py:
:func:`begin_writes` clears its ``spelling`` before the first write, a finished settle sets it), or a run that
removed chunks, and their links, it cannot name (a rollback, a purge). Settled without re-extracting anything.
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
RULE = ("the kind's form (identifier: hyphen-joined, snake-cased, open; proper name: open, hyphen-joined, "
        "snake-cased), then capitalised, then most frequent, then code-point smallest; a hyphen or underscore "
        "between words read as a space")
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
SET_NAMES = "UNWIND $rows AS row MATCH (n:__Entity__ {id: row.id}) SET n.name = row.name, n.name_key = row.key"
# Where a name's words part: a run of whitespace, or a hyphen or underscore between two letters or digits.
WORD_BREAK = re.compile(r"\s+|(?<=[^\W_])[-_](?=[^\W_])")
# Kinds (the entity id's type part) whose names are identifiers: a system as engineers write it, a ticket's key.
IDENTIFIER_KINDS = frozenset({"service", "component", "technology", "ticket"})
# The forms a spelling's words are joined in, best first, for an identifier and for a proper name ("mixed": more
# than one joiner, as in "Jean-Luc Picard"; a one-word spelling is "open").
IDENTIFIER_FORMS = ("hyphen", "snake", "open", "mixed")
PROPER_FORMS = ("open", "hyphen", "snake", "mixed")
_JOINERS = {frozenset(): "open", frozenset(" "): "open", frozenset("-"): "hyphen", frozenset("_"): "snake"}


def kind_of(entity_id: str) -> str:
    """The entity's kind: its id's type part ("component" of "component:ledger-sync"), extraction/identity.py."""
    return entity_id.partition(":")[0] if ":" in entity_id else ""


def spelling_key(kind: str, name: str) -> tuple[str, str]:
    """The kind, and ``name_key`` with a hyphen or an underscore between two letters or digits read as a space:
    "Ledger-Sync", "ledger_sync" and "ledger  sync" of one kind share one; a team and a component of
    those words never do."""
    return kind, " ".join(w for w in WORD_BREAK.split(name_key(name)) if w)


def form_rank(kind: str, spelling: str) -> int:
    """Where the joiners between ``spelling``'s words put it in its kind's form order (0 best)."""
    joiners = frozenset(m.group(0)[:1] for m in WORD_BREAK.finditer(spelling))
    return (IDENTIFIER_FORMS if kind in IDENTIFIER_KINDS else PROPER_FORMS).index(_JOINERS.get(joiners, "mixed"))


def canonical_spelling(name: str, texts: list[str], kind: str = "") -> str | None:
    """The slice of ``texts`` with ``name``'s :func:`spelling_key` for ``kind`` (spaces folded to one) in the form
    ``kind`` writes first (:func:`form_rank`), then, if its words are open, that starts with a capital, then is the
    most frequent, then the smallest in code-point order; None if none. Found as the key's words, case-insensitive,
    separated by any whitespace, one hyphen or one underscore, and not running on into a longer joined word: the same
    slices for every name with that key."""
    key = spelling_key(kind, name)
    if not key[1]:
        return None
    words = r"(?:\s+|[-_])".join(map(re.escape, key[1].split(" ")))
    pattern = re.compile(r"(?<![^\W_][-_])" + words + r"(?![-_][^\W_])", re.IGNORECASE)
    seen: Counter[str] = Counter()
    for text in texts:
        for found in pattern.finditer(text or ""):
            spelling = " ".join(found.group(0).split())
            if spelling_key(kind, spelling) == key:  # IGNORECASE folds less than casefold (e.g. "ß")
                seen[spelling] += 1
    ranked = {s: (form_rank(kind, s), _joined(s) or not s[0].isupper(), -n, s) for s, n in seen.items()}
    return min(seen, key=ranked.__getitem__) if seen else None


def _joined(spelling: str) -> bool:
    """A hyphen or an underscore joins some of the spelling's words: an identifier or a handle, whose capital letter
    says nothing (a sentence opens with "Build-bot"; "STAGING-EU" is an environment name)."""
    return any(m.group(0) in "-_" for m in WORD_BREAK.finditer(spelling))


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
        spelling = canonical_spelling(name, [texts[c] for c in chunk_ids if c in texts], kind_of(entity_id))
        if spelling is not None and spelling != name:
            rows.append({"id": entity_id, "name": spelling, "key": name_key(spelling)})
    for at in range(0, len(rows), BATCH):
        graph.query(SET_NAMES, {"rows": rows[at:at + BATCH]})
    graph.query(SETTLED, {"rule": RULE})
    return len(rows)
