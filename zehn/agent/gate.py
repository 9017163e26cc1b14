"""Stage 6, gate: a draft (or a stop) becomes the outcome the answer reports: citation gate, trailer, citations.

- A draft passes :func:`verify.check_draft` against the evidence the tools returned *this turn*. ``Answered`` -> the
  text is the draft plus :func:`verify.answered_trailer`, and the gate is run once more on that final text;
  ``Abstained`` -> :func:`verify.abstain_message`; ``Refused`` -> a withheld-answer text ending in a
  ``[refused]`` line, with the gate's reason and offending strings.
- Citations are read through :func:`extraction.evidence_reads.get_evidence` (document, offsets, exact text, and
  where it was said or written: :func:`zehn.answers.provenance.citation_source`), only for ids the gate accepted;
  a graph failure there raises :class:`GateUnavailable` (the turn is ``unavailable``), never a silent drop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import redis

from extraction.errors import GraphUnavailable
from extraction.evidence_reads import get_evidence
from verify import Abstained, Answered, Refused, Verdict, abstain_message, answered_trailer, check_draft
from zehn.agent.stops import Stop
from zehn.answers.model import Candidate, Citation, Decline, Status
from zehn.answers.provenance import citation_source


@dataclass(frozen=True)
class Outcome:
    status: Status
    text: str
    reason: str | None
    offending: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    verdict: Verdict | None = None
    decline: Decline | None = None  # abstained: which gate decided it


class GateUnavailable(GraphUnavailable):
    """The graph failed while the gate read the cited evidence."""


def topic_of(question: str) -> str:
    text = " ".join(question.split()).rstrip("?!. ")
    return f"“{text}”" if text else "this question"


def stopped(stop: Stop, question: str, retrieved: int) -> Outcome:
    """Text for a turn that ended without a draft (ambiguous, unknown_entity, not_in_graph, unavailable, ...)."""
    names = "; ".join(f"{c.name} ({c.type}, {c.entity_id})" for c in stop.candidates)
    lead: dict[Status, str] = {
        "ambiguous": f"The question names something that matches several entities; which one do you mean: {names}?",
        "unknown_entity": f"No entity of that name is in the graph ({stop.reason})."
                          + (f" Did you mean: {names}?" if names else ""),
        "not_in_graph": f"The entity is known, but nothing about it is recorded ({stop.reason}).",
        "unavailable": f"The answer could not be produced because a service is unavailable ({stop.reason}).",
        "refused": f"I don't know: the drafted answer broke the citation rules ({stop.reason}), so it is not shown.",
    }
    if stop.status not in lead:
        return Outcome("abstained", abstain_message(topic_of(question), retrieved), stop.reason,
                       decline=stop.decline or "other")
    tail = f"[refused] {retrieved} evidence ids retrieved" if stop.status == "refused" else \
        f"[abstained] {retrieved} evidence ids retrieved"
    return Outcome(stop.status, f"{lead[stop.status]}\n{tail}", stop.reason, candidates=list(stop.candidates))


def _citations(graph: Any, ids: tuple[str, ...]) -> list[Citation]:
    try:
        found = get_evidence(graph, list(ids))
    except (redis.RedisError, OSError) as exc:
        raise GateUnavailable(f"graph unavailable while reading citations: {exc}") from exc
    # Labelled here from the rows just read, so the API need not read the cited sentences a second time.
    return [Citation(evidence_id=e["id"], document_id=e["document_id"], document_title=str(e["document_title"] or ""),
                     start=int(e["start"]), end=int(e["end"]), text=e["text"], source=citation_source(e))
            for e in found]


def _refused(verdict: Verdict, question: str, retrieved: int) -> Outcome:
    base = stopped(Stop("refused", verdict.reason), question, retrieved)
    offending = list(verdict.offending) if isinstance(verdict, Refused) else []
    return Outcome("refused", base.text, verdict.reason, offending, verdict=verdict)


def judge(draft: str, evidence: Mapping[str, str], question: str, graph: Any) -> Outcome:
    verdict = check_draft(draft, evidence)
    if isinstance(verdict, Answered):
        text = f"{draft.rstrip()}\n{answered_trailer(len(verdict.citations), len(evidence))}"
        final = check_draft(text, evidence)
        if not isinstance(final, Answered):
            return _refused(final, question, len(evidence))
        citations = _citations(graph, verdict.citations)
        if len(citations) != len(verdict.citations):
            missing = sorted(set(verdict.citations) - {c.evidence_id for c in citations})
            return Outcome("refused", stopped(Stop("refused", "cited evidence vanished"), question,
                                              len(evidence)).text, "cited evidence not found", missing)
        return Outcome("answered", text, verdict.reason, citations=citations, verdict=verdict)
    if isinstance(verdict, Abstained):
        return Outcome("abstained", abstain_message(topic_of(question), len(evidence)), verdict.reason,
                       verdict=verdict, decline="citation_gate")
    return _refused(verdict, question, len(evidence))
