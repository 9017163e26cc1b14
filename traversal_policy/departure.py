"""``if_person_leaves(person_id, depth)``: what a person holds, who waits on it, what only they know, who could
take over. Cumulative by depth; every row carries ``section``, a path (person-anchored, ≤3 hops), evidence ids
and a grade.

Steps (each a fixed text of :mod:`.people_queries`, recorded by the trace):

1. check the anchor (``entity_status``): an unknown id, a non-person, or a person with no recorded relation is a
   typed ``Miss``; a policy that does not walk ASSIGNED_TO is ``predicates_not_walkable``;
2. depth 1: ``assigned`` + ``work_status`` -> ``open_work`` rows (status not DONE/CANCELLED); an item handed off
   away stays listed with ``state: "handed_off"`` and the approval that did it;
3. depth 2: ``item_links`` -> ``customers`` (one row per customer of the still-held open items) and the
   components; ``owned_components`` + ``component_claims`` (+ ``work_status`` for other people's items) ->
   ``sole_expert_components``;
4. depth 3: ``reviewed_components`` + ``related_components`` (+ their claims) + ``document_dates`` ->
   ``successors``.

Every row also names its ``entity`` (the item, customer, component or successor it is about), like every walk
row, so the answering loop can grade and show it as it does any path.

Grades: ``source_backed`` for facts read from metadata lines (assignment, status, customer), ``inferred`` for what
is derived (sole expert, successor), ``approval_record`` for an item held through an approved hand-off (it cites
the approval, never a sentence).
"""

from __future__ import annotations

from typing import Any

from .catalogue import ENTITY_STATUS
from .expertise import (
    Claim,
    claims_on,
    is_catch_all,
    owns_claim,
    related_claims,
    resolved_claim,
    reviewed_claims,
    sole_expert_rows,
    successor_rows,
)
from .handlers import Hit, Miss
from .named_query import NamedQuery
from .outcomes import Row
from .people_queries import DEFAULT_DEPTH, OWN_INCOMING, OWN_OUTGOING, PEOPLE_RELATIONS
from .policy import Policy
from .runner import Trace
from .work_items import Hop, ItemState, Node, WorkItem, item_states, node, path, work_items
from .work_status import WorkStatus


def _states(trace: Trace, query: NamedQuery, item_ids: list[str]) -> dict[str, ItemState]:
    if not item_ids:
        return {}
    rows = trace.rows(query.name, query.cypher["work_status"], {"item_ids": sorted(set(item_ids)),
                                                               "own_outgoing": OWN_OUTGOING,
                                                               "own_incoming": OWN_INCOMING})
    return item_states(rows)


def _open_row(person: Node, w: WorkItem, links: dict[str, list[Row]]) -> Row:
    away = w.handoffs_away
    line = w.state.status_line
    evidence = list(w.assign_evidence) + ([line.evidence_id] if line is not None and line.evidence_id else [])
    item_links = links.get(w.item[0], [])
    return {"section": "open_work", "entity": _entity(w.item), "item": _entity(w.item), "status": w.state.status,
            "status_class": str(w.state.status_class), "status_line": line.to_dict() if line else None,
            "via": w.via, "state": "handed_off" if away else "open",
            "handed_off_to": [h.to_dict() for h in away], "received": w.received.to_dict() if w.received else None,
            "documents": list(w.state.documents), "last_updated": w.state.last_updated,
            "components": [x["id"] for x in item_links if x["rel_type"] == "HAS_COMPONENT"],
            "customers": [x["id"] for x in item_links if x["rel_type"] == "CONCERNS"],
            "path": path([w.item, person], [w.assignment_hop()]), "evidence_ids": evidence,
            "grade": "approval_record" if w.via == "handoff" else "source_backed"}


def _customer_rows(person: Node, held: list[WorkItem], links: dict[str, list[Row]]) -> list[Row]:
    by_customer: dict[str, tuple[Node, list[Row], list[str]]] = {}
    for w in held:
        for link in links.get(w.item[0], []):
            if link["rel_type"] != "CONCERNS":
                continue
            customer = node(link)
            hops = [w.assignment_hop(), Hop(w.item[0], "CONCERNS", customer[0], tuple(link["evidence_ids"] or []))]
            entry = by_customer.setdefault(customer[0], (customer, [], []))
            entry[1].append(path([person, w.item, customer], hops))
            entry[2].append(w.item[0])
    rows = []
    for customer, paths, items in sorted(by_customer.values(), key=lambda e: e[0][1].casefold()):
        evidence = list(dict.fromkeys(e for p in paths for ids in p["evidence_ids"] for e in ids))
        grade = "source_backed" if all(edge["via"] == "document" for p in paths for edge in p["edges"]) \
            else "approval_record"
        rows.append({"section": "customers", "entity": _entity(customer), "customer": _entity(customer),
                     "items": items, "path": paths[0],
                     "paths": paths, "evidence_ids": evidence, "grade": grade})
    return rows


def if_person_leaves(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    person_id: str = clean["person_id"]
    depth: int = clean.get("depth", DEFAULT_DEPTH)
    found = trace.rows("entity_status", ENTITY_STATUS, {"entity_id": person_id, "walkable": sorted(policy.walkable)})
    if not found:
        return Miss("unknown_entity", f"no entity with id {person_id!r} is in the graph (resolve the name first)")
    status = found[0]
    if status["type"] != "Person":
        return Miss("not_a_person", f"{status['name']} is a {status['type']}, not a person")
    person: Node = (str(status["id"]), str(status["name"]), "Person")
    allowed = policy.allowed(PEOPLE_RELATIONS)
    if "ASSIGNED_TO" not in allowed:
        return Miss("predicates_not_walkable", f"policy {policy.name!r} does not walk ASSIGNED_TO")
    base = {"person_id": person_id, "allowed": allowed}
    texts = query.cypher
    assigned = trace.rows(query.name, texts["assigned"], base)
    items = work_items(person_id, assigned, _states(trace, query, [str(r["item_id"]) for r in assigned]))
    open_items = [w for w in items if w.state.status_class.is_open]
    held = [w for w in open_items if not w.handoffs_away]
    done = [w for w in items if w.state.status_class is WorkStatus.DONE and w.via == "document"]
    links: dict[str, list[Row]] = {}
    if depth >= 2 and (open_items or done):
        for row in trace.rows(query.name, texts["item_links"], {**base, "item_ids": [w.item[0] for w in open_items
                                                                                     + done]}):
            links.setdefault(str(row["item_id"]), []).append(row)
    rows = [_open_row(person, w, links) for w in open_items]
    notes = [f"walked: {', '.join(allowed)}", f"depth {depth}",
             f"assigned items: {len(items)} ({len(open_items)} open, {len(done)} done)"]
    if depth >= 2:
        rows += _customer_rows(person, held, links)
        own = _own_claims(trace, query, base, person, done, links)
        targets = {c.component[0]: c.component for c in own}
        for w in held:
            for link in links.get(w.item[0], []):
                if link["rel_type"] == "HAS_COMPONENT" and not is_catch_all(str(link["name"])):
                    targets.setdefault(str(link["id"]), node(link))
        others = _claims(trace, query, base, sorted(targets))
        sole = sole_expert_rows(person, own, others)
        rows += sole
        if depth >= 3:
            rows += _successors(trace, query, base, person, targets, others)
    policy.check_rows([{"path": p} for r in rows for p in r.get("paths", [r["path"]])])
    if not rows:
        return Miss("no_open_work", f"the graph records no open work for {person[1]}"
                    + (", no waiting customer, no sole-expert component and no successor" if depth >= 2 else ""))
    return Hit(rows, notes, _entity(person))


def _own_claims(trace: Trace, query: NamedQuery, base: dict[str, Any], person: Node, done: list[WorkItem],
                links: dict[str, list[Row]]) -> list[Claim]:
    claims = [resolved_claim(node(link), person, w.item, w.assign_evidence, link["evidence_ids"] or [])
              for w in done for link in links.get(w.item[0], []) if link["rel_type"] == "HAS_COMPONENT"]
    for row in trace.rows(query.name, query.cypher["owned_components"], base):
        claims.append(owns_claim(node(row), person, str(row["rel_type"]), row["evidence_ids"] or []))
    return claims


def _claims(trace: Trace, query: NamedQuery, base: dict[str, Any], component_ids: list[str]) -> list[Claim]:
    if not component_ids:
        return []
    rows = trace.rows(query.name, query.cypher["component_claims"], {**base, "component_ids": component_ids})
    items = [str(a["item_id"]) for r in rows for a in r.get("assigned") or []]
    return claims_on(rows, _states(trace, query, items))


def _successors(trace: Trace, query: NamedQuery, base: dict[str, Any], person: Node, targets: dict[str, Node],
                others: list[Claim]) -> list[Row]:
    if not targets:
        return []
    ids = sorted(targets)
    claims = list(others)
    claims += reviewed_claims(trace.rows(query.name, query.cypher["reviewed_components"],
                                         {**base, "component_ids": ids}), targets)
    kin = trace.rows(query.name, query.cypher["related_components"], {**base, "component_ids": ids})
    kin_ids = sorted({str(k["id"]) for k in kin if not is_catch_all(str(k["name"]))})
    claims += related_claims(_claims(trace, query, base, kin_ids), kin, targets)
    evidence = sorted({e for c in claims for e in c.evidence_ids})
    dates: dict[str, str] = {}
    if evidence:
        for row in trace.rows(query.name, query.cypher["document_dates"], {"evidence_ids": evidence}):
            if row.get("date"):
                dates[str(row["evidence_id"])] = str(row["date"])
    return successor_rows(person, claims, dates)


def _entity(n: Node) -> Row:
    return {"id": n[0], "name": n[1], "type": n[2]}
