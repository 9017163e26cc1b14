"""A small, schema-conforming evidence graph with known answers (docs/architecture.md "Graph schema").

Known answers:

- 3-hop dependency chain: checkout -DEPENDS_ON-> billing -USES-> ledger -DEPENDS_ON-> postgres
- ownership: team:payments -OWNS-> service:ledger; person:dana -MEMBER_OF-> team:payments
- CALLS (forbidden by default): billing -CALLS-> fraud-check -DEPENDS_ON-> redis
- "Atlas" is a Team, a Service and a Customer: team:atlas -OWNS-> service:atlas -USES-> ledger;
  ticket:pay-12 -CONCERNS-> customer:atlas
- impact mixing directions: ledger -AFFECTS-> reporting; dashboard -DEPENDS_ON-> reporting
- project:orion is mentioned but has no RELATES edge (NotInGraph)
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from extraction.schema import ACCESS_JOIN, EMBEDDING_DIM, ensure_indexes

ENTITY_TYPES = ("Person", "Team", "Service", "Component", "Customer", "Organization", "Project", "Ticket",
                "Technology", "Page")

# (document id, title, source_type, [(sentence, [(subject_id, rel_type, object_id)]), ...])
DOCUMENTS: list[tuple[str, str, str, list[tuple[str, list[tuple[str, str, str]]]]]] = [
    ("doc_arch", "Payments architecture", "confluence", [
        ("Checkout depends on the billing service.", [("service:checkout", "DEPENDS_ON", "service:billing")]),
        ("Billing uses the ledger service for balances.", [("service:billing", "USES", "service:ledger")]),
        ("The ledger service depends on Postgres.", [("service:ledger", "DEPENDS_ON", "technology:postgres")]),
        ("The Payments team owns the ledger service.", [("team:payments", "OWNS", "service:ledger")]),
        ("Billing calls fraud-check before capture.", [("service:billing", "CALLS", "service:fraud-check")]),
        ("Fraud-check depends on Redis.", [("service:fraud-check", "DEPENDS_ON", "technology:redis")]),
        ("Dana is a member of the Payments team.", [("person:dana", "MEMBER_OF", "team:payments")]),
    ]),
    ("doc_atlas", "Atlas notes", "slack", [
        ("The Atlas service uses the ledger service.", [("service:atlas", "USES", "service:ledger")]),
        ("The Atlas team owns the Atlas service.", [("team:atlas", "OWNS", "service:atlas")]),
        ("Ledger outages affect the reporting service.", [("service:ledger", "AFFECTS", "service:reporting")]),
        ("The dashboard depends on reporting.", [("service:dashboard", "DEPENDS_ON", "service:reporting")]),
        ("Ticket PAY-12 concerns customer Atlas.", [("ticket:pay-12", "CONCERNS", "customer:atlas")]),
    ]),
    ("doc_orion", "Orion kickoff", "markdown", [
        ("Project Orion kicks off next quarter.", []),
    ]),
]

NAMES = {
    "service:checkout": "Checkout", "service:billing": "Billing", "service:ledger": "Ledger",
    "technology:postgres": "Postgres", "team:payments": "Payments", "service:fraud-check": "Fraud-check",
    "technology:redis": "Redis", "person:dana": "Dana", "service:atlas": "Atlas", "team:atlas": "Atlas",
    "customer:atlas": "Atlas", "service:reporting": "Reporting", "service:dashboard": "Dashboard",
    "ticket:pay-12": "PAY-12", "project:orion": "Orion",
}
MENTIONS_ONLY = {"doc_orion": ["project:orion"]}


@dataclass(frozen=True)
class FixtureInfo:
    evidence_ids: dict[str, str]  # sentence -> evidence id
    edge_evidence: dict[tuple[str, str, str], str]  # (source, rel_type, target) -> evidence id
    evidence_vectors: dict[str, list[float]]  # evidence id -> its embedding
    document_evidence: dict[str, list[str]] = field(default_factory=dict)  # document id -> its evidence ids


def type_of(entity_id: str) -> str:
    prefix = entity_id.split(":", 1)[0]
    return next(t for t in ENTITY_TYPES if t.lower() == prefix)


def evidence_id(document_id: str, chunk_id: str, start: int, end: int) -> str:
    return "ev_" + hashlib.sha256(f"{document_id}\x1f{chunk_id}\x1f{start}\x1f{end}".encode()).hexdigest()[:16]


def one_hot(index: int) -> list[float]:
    vec = [0.0] * EMBEDDING_DIM
    vec[index % EMBEDDING_DIM] = 1.0
    vec[EMBEDDING_DIM - 1] += 0.1
    return vec


def _span(text: str, start: int, word: str) -> list[int]:
    m = re.search(re.escape(word.split("-")[0]), text[start:], flags=re.IGNORECASE)
    return [start + m.start(), start + m.end()] if m else [start, start]


Document = tuple[str, str, str, list[tuple[str, list[tuple[str, str, str]]]]]
EVERYONE = ("everyone",)

# A restricted document (finance and admins only) for the visibility tests (``build(..., secret=True)``): a secret
# entity (payroll), a secret fact about public entities (Payments owns payroll), and a public fact said again
# (Checkout depends on billing), so a shared edge must show its public sentence only.
SECRET_ACCESS = ("admin", "group:finance")
SECRET_DOCUMENT: Document = ("doc_secret", "Payroll plan", "confluence", [
    ("The payroll service depends on the ledger service.", [("service:payroll", "DEPENDS_ON", "service:ledger")]),
    ("The Payments team owns the payroll service.", [("team:payments", "OWNS", "service:payroll")]),
    ("Checkout depends on the billing service.", [("service:checkout", "DEPENDS_ON", "service:billing")]),
])
SECRET_NAMES = {"service:payroll": "Payroll"}


def build(graph: Any, *, secret: bool = False) -> FixtureInfo:
    """Write the fixture through parameterised CREATE/MERGE and create the schema's indexes. Access lists are
    written as the ingest writes them (extraction/access.py): documents, edges (union, and per evidence id) and
    entities (union over the documents that mention them)."""
    ensure_indexes(graph)
    names = {**NAMES, **(SECRET_NAMES if secret else {})}
    for entity_id, name in names.items():
        label = type_of(entity_id)  # from the fixed tuple above, never from input
        graph.query(f"MERGE (e:__Entity__:{label} {{id: $id}}) SET e.name = $name, e.name_key = $key, "
                    "e.type = $type", {"id": entity_id, "name": name, "key": " ".join(name.casefold().split()),
                                       "type": label})
    info = FixtureInfo({}, {}, {})
    documents = [(doc, EVERYONE) for doc in DOCUMENTS] + ([(SECRET_DOCUMENT, SECRET_ACCESS)] if secret else [])
    counter = 0
    for doc_index, (doc, access) in enumerate(documents):
        counter = _write_document(graph, doc_index, doc, access, names, info, counter)
    return info


def _write_document(graph: Any, doc_index: int, doc: Document, access: tuple[str, ...], names: dict[str, str],
                    info: FixtureInfo, counter: int) -> int:
    doc_id, title, source_type, sentences = doc
    text = " ".join(s for s, _ in sentences)
    chunk_id = f"{doc_id}#c0000-{hashlib.sha256(text.encode()).hexdigest()[:8]}"
    graph.query("CREATE (d:Document {id: $id, title: $title, source_type: $st, path: $path, text: $text, "
                "content_hash: $hash, status: 'ready', access: $access})-[:PART_OF {index: 0}]->"
                "(c:Chunk {id: $cid, document_id: $id, index: 0, start: 0, end: $end, text: $text, section: null, "
                "kind: 'body', embedding: vecf32($vec)})",
                {"id": doc_id, "title": title, "st": source_type, "path": f"{doc_id}.md", "text": text,
                 "hash": hashlib.sha256(text.encode()).hexdigest(), "cid": chunk_id, "end": len(text),
                 "vec": one_hot(200 + doc_index), "access": list(access)})
    mentioned = set(MENTIONS_ONLY.get(doc_id, []))
    offset = 0
    for sentence, relations in sentences:
        start, end = offset, offset + len(sentence)
        offset = end + 1
        ev = evidence_id(doc_id, chunk_id, start, end)
        info.evidence_ids.setdefault(sentence, ev)  # a sentence said again keeps its first document's id
        info.document_evidence.setdefault(doc_id, []).append(ev)
        info.evidence_vectors[ev] = one_hot(counter)
        counter += 1
        rel_json = [{"subject": names[s], "subject_id": s, "object": names[o], "object_id": o, "rel_type": r,
                     "raw_verb": r.lower()} for s, r, o in relations]
        graph.query("MATCH (c:Chunk {id: $cid}) CREATE (ev:Evidence {id: $id, document_id: $doc, chunk_id: $cid, "
                    "start: $start, end: $end, text: $text, kind: 'sentence', extractor: 'fixture', "
                    "extractor_version: '1', relations: $rels, embedding: vecf32($vec)})-[:IN_CHUNK]->(c)",
                    {"cid": chunk_id, "id": ev, "doc": doc_id, "start": start, "end": end, "text": sentence,
                     "rels": json.dumps(rel_json), "vec": info.evidence_vectors[ev]})
        for source, rel_type, target in relations:
            mentioned.update((source, target))
            info.edge_evidence.setdefault((source, rel_type, target), ev)
            spans = {ev: {"subject": _span(text, start, names[source]), "predicate": [start, start],
                          "object": _span(text, start, names[target])}}
            graph.query("MATCH (a:__Entity__ {id: $s}), (b:__Entity__ {id: $t}) "
                        "MERGE (a)-[r:RELATES {rel_type: $rt}]->(b) "
                        "SET r.raw_verbs = [$verb], r.evidence_ids = coalesce(r.evidence_ids, []) + [$ev], "
                        "r.doc_ids = coalesce(r.doc_ids, []) + [$doc], r.spans = $spans, r.fact = $fact, "
                        "r.access = coalesce(r.access, []) + [g IN $access WHERE NOT g IN coalesce(r.access, [])], "
                        "r.evidence_access = coalesce(r.evidence_access, []) + [$joined]",
                        {"s": source, "t": target, "rt": rel_type, "verb": rel_type.lower(), "ev": ev,
                         "doc": doc_id, "spans": json.dumps(spans), "fact": f"{source} {rel_type} {target}",
                         "access": list(access), "joined": ACCESS_JOIN.join(access)})
    for entity_id in sorted(mentioned):
        graph.query("MATCH (e:__Entity__ {id: $e}), (c:Chunk {id: $c}) MERGE (e)-[:MENTIONED_IN]->(c) "
                    "SET e.access = coalesce(e.access, []) + [g IN $access WHERE NOT g IN coalesce(e.access, [])]",
                    {"e": entity_id, "c": chunk_id, "access": list(access)})
    return counter


def counts(graph: Any) -> tuple[int, int]:
    """(nodes, edges): compared before and after hostile input."""
    nodes = graph.ro_query("MATCH (n) RETURN count(n)").result_set[0][0]
    edges = graph.ro_query("MATCH ()-[r]->() RETURN count(r)").result_set[0][0]
    return int(nodes), int(edges)
