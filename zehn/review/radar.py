"""One radar for a whole change: the graded impact of every changed system merged, with owners, on-call and the
documents to re-read. Only named queries run (``impact`` through :func:`zehn.api.impact.impact`, ``who_owns``,
``search_evidence``, ``documents_mentioning``).

- affected: each entity any changed system's impact reaches, at the fewest hops over all of them, with every path
  (hop-graded like the radar) and which changed systems reach it; ``inferred_only`` when no path to it is
  source-backed at every hop;
- owners: ``who_owns`` of every changed system and every affected system (the first MAX_OWNED);
- on-call: sentences that name a changed system and its on-call, pager or escalation arrangement (the graph records
  no on-call relation, so this is what the documents say, cited);
- documents: the documents whose sentences state a hop of the radar or an owner, and the ones that mention a changed
  system most.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from extraction.evidence_reads import get_evidence
from traversal_policy import Found, QueryFailed, QueryOutcome, QueryRecord, TraversalExecutor
from zehn.answers.model import GradedPath, QueryRecordOut
from zehn.api.deps import Services
from zehn.api.impact import impact
from zehn.review.model import AffectedOut, HopGroup, MatchOut, OnCallOut, OwnerOut

MAX_OWNED = 25
MAX_ON_CALL_SEARCHES = 10
MENTIONING_DOCUMENTS = 3
ON_CALL = re.compile(r"\bon[- ]?call\b|\bpager(?:duty)?\b|\bpaging\b|\bescalat\w*|\brotation\b", re.IGNORECASE)
_GRADE_RANK = {"source_backed": 0, "inferred": 1, "insufficient": 2}


@dataclass
class Radar:
    affected: dict[str, AffectedOut] = field(default_factory=dict)
    owners: list[OwnerOut] = field(default_factory=list)
    on_call: list[OnCallOut] = field(default_factory=list)
    mentioning: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # doc id -> [(entity, chunk)]
    records: list[QueryRecordOut] = field(default_factory=list)
    raw_records: list[QueryRecord] = field(default_factory=list)
    hop_grading: str = ""

    def by_hop(self) -> list[HopGroup]:
        hops = sorted({a.hops for a in self.affected.values()})
        return [HopGroup(hops=h, entity_ids=[a.entity_id for a in self.ordered() if a.hops == h]) for h in hops]

    def query_records(self, first: Iterable[QueryRecord]) -> list[QueryRecordOut]:
        """``first`` (the matching's), then the impacts', then the owners', on-call and mentions' records."""
        own = [QueryRecordOut(**q.to_dict()) for q in [*first]]
        return [*own, *self.records, *(QueryRecordOut(**q.to_dict()) for q in self.raw_records)]

    def ordered(self) -> list[AffectedOut]:
        return sorted(self.affected.values(), key=lambda a: (a.hops, a.name or a.entity_id, a.entity_id))


def _best(grades: Iterable[GradedPath | None]) -> GradedPath | None:
    known = [g for g in grades if g is not None]
    return min(known, key=lambda g: _GRADE_RANK[g.grade], default=None)


def _ran(radar: Radar, outcome: QueryOutcome) -> QueryOutcome:
    radar.raw_records.extend(outcome.queries)
    if isinstance(outcome, QueryFailed):
        raise outcome.error
    return outcome


def merge_impacts(services: Services, systems: list[MatchOut], depth: int, radar: Radar) -> None:
    """Run the graded impact of each changed system and merge the paths into ``radar.affected``."""
    changed = {m.entity_id for m in systems}
    for match in systems:
        out = impact(services, match.entity_id, depth, by_id=True)
        radar.records.extend(out.queries)
        radar.hop_grading = out.hop_grading
        match.impact = "found" if out.outcome == "found" else "no_evidence"
        match.impact_message = out.message
        for path in out.paths:
            if path.entity_id in changed:
                continue  # a changed system reached from another: it is already on the review
            entry = radar.affected.get(path.entity_id)
            if entry is None:
                entry = AffectedOut(entity_id=path.entity_id, name=path.entity_name, type=path.entity_type,
                                    hops=len(path.hops), reached_from=[], paths=[])
                radar.affected[path.entity_id] = entry
            entry.hops = min(entry.hops, len(path.hops))
            if match.entity_id not in entry.reached_from:
                entry.reached_from.append(match.entity_id)
            entry.paths.append(path)
    for entry in radar.affected.values():
        best = _best(p.graded for p in entry.paths)
        entry.grade = best.grade if best is not None else None
        entry.inferred_only = best is not None and best.grade != "source_backed"


def find_owners(executor: TraversalExecutor, entity_ids: list[str], radar: Radar) -> None:
    for entity_id in entity_ids[:MAX_OWNED]:
        out = _ran(radar, executor.run("who_owns", {"entity_id": entity_id}))
        for row in out.rows if isinstance(out, Found) else ():
            owner, edges = row["entity"], row["path"]["edges"]
            radar.owners.append(OwnerOut(entity_id=entity_id, owner_id=str(owner["id"]), owner_name=owner.get("name"),
                                         owner_type=owner.get("type"), rel_type=str(edges[0]["rel_type"]),
                                         evidence_ids=[str(e) for e in edges[0]["evidence_ids"]]))


def words_only(executor: TraversalExecutor) -> TraversalExecutor:
    """The executor without its embedder: ``search_evidence`` runs full-text only, which is what a look-up for
    words that must be in the sentence needs (and it skips embedding a query vector)."""
    return TraversalExecutor(executor.graph, executor.policy, timeout_ms=executor.timeout_ms, as_of=executor.as_of)


def find_on_call(executor: TraversalExecutor, graph: Any, systems: list[MatchOut], radar: Radar) -> None:
    """Sentences (not front-matter lines such as a list of labels) naming the system (verbatim, any case) and an
    on-call / paging / escalation arrangement."""
    executor = words_only(executor)
    found: list[tuple[str, str]] = []
    for match in systems[:MAX_ON_CALL_SEARCHES]:
        out = _ran(radar, executor.run("search_evidence", {"text": f"{match.name} on-call pager escalation",
                                                           "k": 10}))
        name = re.compile(rf"(?<![\w-]){re.escape(match.name)}(?![\w-])", re.IGNORECASE)
        for row in out.rows if isinstance(out, Found) else ():
            text = str(row.get("text") or "")
            if row.get("kind") == "evidence" and name.search(text) and ON_CALL.search(text):
                found.append((match.entity_id, str(row["id"])))
    sentences = {ev["id"] for ev in get_evidence(graph, list(dict.fromkeys(i for _, i in found)))
                 if ev["kind"] == "sentence"}
    radar.on_call.extend(OnCallOut(entity_id=e, evidence_id=i) for e, i in found if i in sentences)


def find_mentioning(executor: TraversalExecutor, systems: list[MatchOut], radar: Radar) -> None:
    for match in systems:
        out = _ran(radar, executor.run("documents_mentioning", {"entity_id": match.entity_id}))
        for row in (out.rows if isinstance(out, Found) else [])[:MENTIONING_DOCUMENTS]:
            radar.mentioning.setdefault(str(row["document_id"]), []).append((match.name, str(row.get("title"))))
