"""Who has done what on a component: claims read from the graph, sole experts, and ranked possible successors.

A :class:`Claim` is one piece of evidence that a person (or team) knows a component, with the path it rests on
(person first, at most three hops):

- ``resolved``  (P)<-[ASSIGNED_TO]-(item)-[HAS_COMPONENT]->(C), the item's own status being DONE;
- ``owns``      (P)-[OWNS|MAINTAINS]->(C);
- ``reviewed``  (P)-[REVIEWED]->(page)[-[LINKED_TO]->(item)]-[HAS_COMPONENT]->(C);
- ``related``   a ``resolved`` or ``owns`` claim on a component joined to C by PART_OF / HAS_COMPONENT, the path
  extended by that hop ("a component of the same kind elsewhere", by a recorded relation, not a similar name).

A component is the departing person's *sole-expert* component when they hold a resolved or owns claim on it and
nobody else (person or team) does. Successors are ranked by their evidence alone, in this order: claims on the
same components before claims on related ones; more components covered; then more resolved, owns, reviewed and
related claims, in that order (delivered work before ownership before review); the most recent supporting
document; then name. Nothing is weighted or guessed: every step compares counts or dates.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .outcomes import Row
from .people_queries import CATCH_ALL_COMPONENTS
from .work_items import Hop, ItemState, Node, node, path
from .work_status import WorkStatus

ClaimKind = Literal["resolved", "owns", "reviewed", "related"]
KIND_ORDER: tuple[ClaimKind, ...] = ("resolved", "owns", "reviewed", "related")
MAX_PATHS_PER_ROW = 10


@dataclass(frozen=True)
class Claim:
    component: Node
    person: Node
    kind: ClaimKind
    path: Row
    evidence_ids: tuple[str, ...]
    item_id: str | None = None

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.component[0], self.person[0], self.kind, self.item_id or "|".join(self.path["node_ids"]))


_CATCH_ALL_KEYS = frozenset(re.sub(r"[^0-9a-z]", "", n) for n in CATCH_ALL_COMPONENTS)


def is_catch_all(name: str) -> bool:
    """A "no component" bucket, by name or id slug ("N/A", "n-a", "Unspecified")."""
    return re.sub(r"[^0-9a-z]", "", name.casefold()) in _CATCH_ALL_KEYS


def _ids(hops: Sequence[Hop]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e for h in hops for e in h.evidence_ids))


def resolved_claim(component: Node, person: Node, item: Node, assign_ev: Sequence[str],
                   component_ev: Sequence[str]) -> Claim:
    hops = [Hop(item[0], "ASSIGNED_TO", person[0], tuple(assign_ev)),
            Hop(item[0], "HAS_COMPONENT", component[0], tuple(component_ev))]
    return Claim(component, person, "resolved", path([person, item, component], hops), _ids(hops), item[0])


def owns_claim(component: Node, person: Node, rel_type: str, evidence: Sequence[str]) -> Claim:
    hops = [Hop(person[0], rel_type, component[0], tuple(evidence))]
    return Claim(component, person, "owns", path([person, component], hops), _ids(hops))


def claims_on(rows: Sequence[Mapping[str, Any]], states: Mapping[str, ItemState]) -> list[Claim]:
    """Other people's resolved and owns claims from ``component_claims`` rows (items' states from work_status)."""
    claims: list[Claim] = []
    for row in rows:
        component = node(row, "component_")
        for a in row.get("assigned") or []:
            state = states.get(str(a["item_id"]))
            if state is not None and state.status_class is WorkStatus.DONE:
                claims.append(resolved_claim(component, node(a, "person_"), node(a, "item_"),
                                             a.get("person_evidence") or [], a.get("item_evidence") or []))
        for o in row.get("owners") or []:
            claims.append(owns_claim(component, node(o, "person_"), str(o["rel_type"]), o.get("person_evidence") or []))
    return claims


def reviewed_claims(rows: Sequence[Mapping[str, Any]], components: Mapping[str, Node]) -> list[Claim]:
    claims: list[Claim] = []
    for row in rows:
        nodes = [(str(i), str(n or i), str(t or "")) for i, n, t in zip(row["node_ids"], row["names"], row["types"],
                                                                        strict=True)]
        hops = [Hop(nodes[i][0], str(rt), nodes[i + 1][0], tuple(ev or []))
                for i, (rt, ev) in enumerate(zip(row["rel_types"], row["evidence_ids"], strict=True))]
        component = components.get(str(row["component_id"]), nodes[-1])
        claims.append(Claim(component, nodes[0], "reviewed", path(nodes, hops), _ids(hops)))
    return claims


def related_claims(claims: Sequence[Claim], links: Sequence[Mapping[str, Any]],
                   components: Mapping[str, Node]) -> list[Claim]:
    """Claims on related components, each extended by the hop that relates the component to a target one."""
    out: list[Claim] = []
    for link in links:
        target = components.get(str(link["component_id"]))
        if target is None:
            continue
        kin = node(link)
        hop = Hop(str(link["source"]), str(link["rel_type"]),
                  target[0] if str(link["source"]) == kin[0] else kin[0], tuple(link.get("evidence_ids") or []))
        for claim in claims:
            if claim.component[0] != kin[0] or claim.kind not in ("resolved", "owns"):
                continue
            p = claim.path
            nodes = [(i, n, t) for i, n, t in zip(p["node_ids"], p["names"], p["types"], strict=True)] + [target]
            hops = [Hop(e["source"], e["rel_type"], e["target"], tuple(e["evidence_ids"])) for e in p["edges"]]
            hops.append(hop)
            out.append(Claim(target, claim.person, "related", path(nodes, hops), _ids(hops), claim.item_id))
    return out


def _row_paths(claims: Sequence[Claim]) -> tuple[list[Row], list[str]]:
    paths = [c.path for c in claims[:MAX_PATHS_PER_ROW]]
    evidence = list(dict.fromkeys(e for c in claims for e in c.evidence_ids))
    return paths, evidence


def sole_expert_rows(person: Node, own: Sequence[Claim], others: Sequence[Claim]) -> list[Row]:
    """Components where only ``person`` holds resolved / owns claims (catch-all buckets skipped)."""
    claimed_by_others = {c.component[0] for c in others if c.kind in ("resolved", "owns") and c.person[0] != person[0]}
    rows: list[Row] = []
    by_component: dict[str, list[Claim]] = {}
    for claim in own:
        if not is_catch_all(claim.component[1]) and claim.component[0] not in claimed_by_others:
            by_component.setdefault(claim.component[0], []).append(claim)
    for claims in sorted(by_component.values(), key=lambda cs: cs[0].component[1].casefold()):
        comp = claims[0].component
        paths, evidence = _row_paths(claims)
        rows.append({"section": "sole_expert_components", "entity": _entity(comp), "component": _entity(comp),
                     "resolved_items": sorted({c.item_id for c in claims if c.item_id}),
                     "owns": any(c.kind == "owns" for c in claims), "claims": len(claims), "path": paths[0],
                     "paths": paths, "evidence_ids": evidence, "grade": "inferred",
                     "why": "nobody else has resolved an item of this component or owns it in the graph"})
    return rows


def successor_rows(person: Node, claims: Sequence[Claim], dates: Mapping[str, str]) -> list[Row]:
    """Possible successors, one row each, ranked by their evidence (see the module docstring).

    ``claims`` lists each shown path's claim (component, kind, item), in the order of ``paths``.
    """
    mine: dict[str, list[Claim]] = {}
    seen: set[tuple[str, str, str, str]] = set()
    for claim in claims:
        if claim.person[0] == person[0] or claim.person[2] != "Person" or claim.key in seen:
            continue
        seen.add(claim.key)
        mine.setdefault(claim.person[0], []).append(claim)
    ranked = []
    for person_claims in mine.values():
        has_direct = any(c.kind != "related" for c in person_claims)
        last = max((dates[e] for c in person_claims for e in c.evidence_ids if e in dates), default=None)
        counts = {k: sum(1 for c in person_claims if c.kind == k) for k in KIND_ORDER}
        covered = sorted({c.component[0] for c in person_claims})
        key = (0 if has_direct else 1, -len(covered), *(-counts[k] for k in KIND_ORDER), _descending(last),
               person_claims[0].person[1], person_claims[0].person[0])  # the id: two people of one name
        ranked.append((key, person_claims, counts, covered, last, has_direct))
    ranked.sort(key=lambda r: r[0])
    rows: list[Row] = []
    for rank, (_key, person_claims, counts, covered, last, direct) in enumerate(ranked, start=1):
        ordered = sorted(person_claims, key=lambda c: (KIND_ORDER.index(c.kind), c.component[1], c.path["node_ids"]))
        paths, evidence = _row_paths(ordered)
        shown = [{"component": c.component[0], "kind": c.kind, "item": c.item_id}
                 for c in ordered[:MAX_PATHS_PER_ROW]]
        rows.append({"section": "successors", "rank": rank, "entity": _entity(person_claims[0].person),
                     "person": _entity(person_claims[0].person),
                     "basis": "same_component" if direct else "related_component", "components": covered,
                     "counts": counts, "last_activity": last, "path": paths[0], "paths": paths, "claims": shown,
                     "evidence_ids": evidence, "grade": "inferred"})
    return rows


def _descending(date: str | None) -> tuple[int, str]:
    """Sort key putting the most recent date first and a missing date last."""
    if date is None:
        return (1, "")
    return (0, "".join(chr(0x10FFFF - ord(ch)) for ch in date))


def _entity(n: Node) -> Row:
    return {"id": n[0], "name": n[1], "type": n[2]}
