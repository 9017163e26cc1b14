"""Typed verdicts of the citation gate and the standard wording that goes with them.

A verdict is one of three frozen dataclasses; callers branch on the type, never on strings:

* :class:`Answered` - every factual sentence is cited, every cited id was returned this turn.
* :class:`Abstained` - the draft cites nothing valid, so the service must say "I don't know".
* :class:`Refused` - the draft broke a rule (fabricated or malformed id, uncited claim, bad quote);
  it must not be shown. ``offending`` names what broke the rule (ids, a sentence or a quote).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class WeakSupport:
    """A citation whose evidence sentence shares no content word with the claim it is attached to."""

    evidence_id: str
    claim: str


@dataclass(frozen=True)
class Answered:
    citations: tuple[str, ...]
    weak: tuple[WeakSupport, ...] = ()
    hedged: tuple[str, ...] = field(default=())  # answer sentences that carry a hedge word (reported only)

    @property
    def status(self) -> str:
        return "answered"

    @property
    def reason(self) -> str:
        return "all factual sentences cite returned evidence"


@dataclass(frozen=True)
class Abstained:
    reason: str
    retrieved_count: int

    @property
    def status(self) -> str:
        return "abstained"


@dataclass(frozen=True)
class Refused:
    reason: str
    offending: tuple[str, ...]

    @property
    def status(self) -> str:
        return "refused"


Verdict = Answered | Abstained | Refused


def abstain_message(topic: str, retrieved_count: int) -> str:
    """The exact text shown when the service does not know."""
    topic = " ".join(topic.split()) or "this question"
    return (
        f"I could not find anything in the indexed documents about {topic}.\n"
        f"[abstained] {retrieved_count} evidence ids retrieved"
    )


def answered_trailer(cited_count: int, retrieved_count: int) -> str:
    """The status line appended under an answer."""
    return f"[answered] citing {cited_count} of {retrieved_count} retrieved evidence ids"


def verdict_to_dict(verdict: Verdict) -> dict[str, object]:
    """The JSON shape used by the CLI: ``{status, reason, offending, citations}`` (+ weak, hedged)."""
    if isinstance(verdict, Answered):
        return {
            "status": verdict.status,
            "reason": verdict.reason,
            "offending": [],
            "citations": list(verdict.citations),
            "weak": [{"evidence_id": w.evidence_id, "claim": w.claim} for w in verdict.weak],
            "hedged": list(verdict.hedged),
        }
    if isinstance(verdict, Abstained):
        return {
            "status": verdict.status,
            "reason": verdict.reason,
            "offending": [],
            "citations": [],
            "retrieved_count": verdict.retrieved_count,
        }
    return {"status": verdict.status, "reason": verdict.reason, "offending": list(verdict.offending),
            "citations": []}
