"""The last step of a review: the sentences it cites, the documents to re-read, and what it cannot tell.

What a review cannot tell, each said in words with its subjects:

- ``unmatched``: names in the change that match no single entity (unknown, or several and none picked);
- ``file_unmatched``: changed files whose path names and symbols match nothing;
- ``not_walked``: impact predicates the policy does not walk (a dependency stated only that way is not on the radar);
- ``inferred_only``: affected systems no path reaches with every hop source-backed;
- ``nothing_recorded``: changed systems the graph records nothing downstream of (a fact about the documents, not a
  promise that nothing breaks);
- ``capped``: more names or files than one review reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from extraction.evidence_reads import get_evidence
from traversal_policy import Policy
from traversal_policy.catalogue import DEPENDENCY_TYPES, IMPACT_OUTGOING_TYPES
from zehn.answers.provenance import citation_source
from zehn.review.model import ChangedFileOut, DocumentToRead, GapOut, MatchOut, Quote, UnmatchedOut
from zehn.review.radar import Radar


def cited_ids(matches: Iterable[MatchOut], radar: Radar) -> list[str]:
    ids: list[str] = []
    for match in matches:
        ids += match.via_evidence
    for entry in radar.ordered():
        for path in entry.paths:
            for hop in path.hops:
                ids += hop.evidence_ids
    for owner in radar.owners:
        ids += owner.evidence_ids
    ids += [o.evidence_id for o in radar.on_call]
    return list(dict.fromkeys(ids))


def quotes(graph: Any, matches: Iterable[MatchOut], radar: Radar) -> dict[str, Quote]:
    """Every evidence id the review cites, with its verbatim sentence and where it was said or written."""
    out: dict[str, Quote] = {}
    for ev in get_evidence(graph, cited_ids(matches, radar)):
        out[ev["id"]] = Quote(evidence_id=ev["id"], document_id=ev["document_id"],
                              document_title=ev["document_title"], start=ev["start"], end=ev["end"],
                              text=ev["text"], current=ev["current"], source=citation_source(ev))
    return out


def documents_to_read(matches: list[MatchOut], radar: Radar, evidence: dict[str, Quote]) -> list[DocumentToRead]:
    names = {m.entity_id: m.name for m in matches} | {a.entity_id: a.name or a.entity_id for a in radar.ordered()}
    docs: dict[str, DocumentToRead] = {}
    for ev_id, reason in _cited_reasons(radar, names):
        _note(docs, evidence, ev_id, reason)
    for doc_id, mentioned in radar.mentioning.items():
        for name, title in mentioned:
            doc = docs.setdefault(doc_id, DocumentToRead(document_id=doc_id, title=title, source_type=None,
                                                         reasons=[], evidence_ids=[]))
            doc.reasons.append(f"mentions {name} often")
    return sorted(docs.values(), key=lambda d: (-len(d.reasons), d.title or d.document_id))


def _cited_reasons(radar: Radar, names: Mapping[str, str | None]) -> Iterator[tuple[str, str]]:
    """(evidence id, why its document is worth reading) for each hop, owner and on-call line the radar cites."""
    for entry in radar.ordered():
        for path in entry.paths:
            for hop in path.hops:
                for ev_id in hop.evidence_ids:
                    yield ev_id, (f"states a hop: {hop.source_name or hop.source} {hop.rel_type} "
                                  f"{hop.target_name or hop.target}")
    for owner in radar.owners:
        for ev_id in owner.evidence_ids:
            yield ev_id, f"names who {owner.rel_type.lower().replace('_', ' ')} {names.get(owner.entity_id)}"
    for on_call in radar.on_call:
        yield on_call.evidence_id, f"says how {names.get(on_call.entity_id)} is on call or paged"


def _note(docs: dict[str, DocumentToRead], evidence: dict[str, Quote], ev_id: str, reason: str) -> None:
    """Adds the reason and the evidence id (once each) to the entry of the document the evidence quotes."""
    quote = evidence.get(ev_id)
    if quote is None:
        return
    entry = docs.setdefault(quote.document_id, DocumentToRead(
        document_id=quote.document_id, title=quote.document_title,
        source_type=quote.source.source_type if quote.source else None, reasons=[], evidence_ids=[]))
    if reason not in entry.reasons:
        entry.reasons.append(reason)
    if ev_id not in entry.evidence_ids:
        entry.evidence_ids.append(ev_id)


def gaps(policy: Policy, unmatched: list[UnmatchedOut], files: list[ChangedFileOut], systems: list[MatchOut],
         radar: Radar, capped: bool) -> list[GapOut]:
    out: list[GapOut] = []
    if unmatched:
        out.append(GapOut(kind="unmatched", subjects=[u.surface for u in unmatched],
                          message=f"{len(unmatched)} name(s) in the change match no single entity of the graph; "
                                  "whatever depends on them is not on this radar"))
    lost = [f.path for f in files if not f.matched]
    if lost:
        out.append(GapOut(kind="file_unmatched", subjects=lost,
                          message=f"{len(lost)} changed file(s) match no entity: no path name or changed symbol "
                                  "is an entity, or named in a sentence about one"))
    wanted = DEPENDENCY_TYPES | IMPACT_OUTGOING_TYPES
    skipped = sorted(wanted - set(policy.allowed(wanted)))
    if skipped:
        out.append(GapOut(kind="not_walked", subjects=skipped,
                          message=f"policy {policy.name!r} does not walk {', '.join(skipped)}: a dependency stated "
                                  "only that way is not on this radar"))
    weak = [a.name or a.entity_id for a in radar.ordered() if a.inferred_only]
    if weak:
        out.append(GapOut(kind="inferred_only", subjects=weak,
                          message=f"{len(weak)} affected system(s) are reached only through hops no sentence "
                                  "states outright (inferred or insufficient): check them by hand"))
    quiet = [m.name for m in systems if m.impact == "no_evidence"]
    if quiet:
        out.append(GapOut(kind="nothing_recorded", subjects=quiet,
                          message="the documents record nothing downstream of these (no dependent, nothing they "
                                  "affect or block): that is what is written, not a promise that nothing breaks"))
    if capped:
        out.append(GapOut(kind="capped", message="the change names more entities or files than one review reads; "
                                                 "split it to see the rest"))
    return out
