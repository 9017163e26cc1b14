"""Grade a hop whose one end is the document's (or its section's) subject, bound by reading, not named.

"It calls ledger-sync" in the runbook of billing-api, "- Owner: Dana Ruiz" under a service's heading, "Li Wei:
Approved" in a pull request's review: the edge is a fair reading, never a statement, so the best such a hop can
earn is ``inferred``. Rules, in check order:

1. One end must be named in the sentence (``binding_failed:no_end_in_sentence`` otherwise).
2. A labelled line is graded by :func:`verify.metadata_hops.grade_labelled_hop` (capped at ``inferred``).
3. A review verdict line ("Name: Approved", "Name: LGTM") supports APPROVED by the named person; a comment line
   of a review conversation, "Name (team): ...", supports REVIEWED.
4. Otherwise the sentence is parsed: a negation or a hedge governing the bound mention makes it ``insufficient``;
   a plan makes it ``inferred`` with ``plan_or_future``; else ``inferred`` (``document_subject``), with the
   relation's cue on the mention's clause noted when there is one.
"""

from __future__ import annotations

import re

from verify import lexicon as lx
from verify import signals
from verify.binding import bind, normalize_name
from verify.dep_paths import MentionPath, ancestors_inclusive, governing_scope, mention_span
from verify.grades import HopGrade, HopInput
from verify.metadata_hops import grade_labelled_hop, parse_line
from verify.parsing import Parse
from verify.vocabulary import label_rule

APPROVAL_WORDS: tuple[str, ...] = ("approved", "approve", "lgtm", "ship it", "signed off", "sign-off")
_REVIEW_PREFIX = re.compile(r"^\s*(?:[-*+•]\s+)?[*_]*(?P<name>[^:()\n]{2,60}?)[*_]*\s*(?:\([^)\n]{0,40}\))?\s*:", re.I)
_VERDICT = re.compile(r"^\s*(?:[-*+•]\s+)?(?P<name>[^:\n]{2,60}?)\s*:\s*[*_`]*(?P<verdict>[^.\n]*)", re.I)


def _review_line(hop: HopInput) -> HopGrade | None:
    if hop.rel_type == "REVIEWED":
        match = _REVIEW_PREFIX.match(hop.sentence)
        if match and normalize_name(match.group("name")) == normalize_name(hop.subject):
            return HopGrade("inferred", ("document_subject", "review_comment"), hop.evidence_id)
    if hop.rel_type == "APPROVED":
        match = _VERDICT.match(hop.sentence)
        if (match and normalize_name(match.group("name")) == normalize_name(hop.subject)
                and match.group("verdict").strip().casefold().startswith(APPROVAL_WORDS)):
            return HopGrade("inferred", ("document_subject", "review_verdict"), hop.evidence_id)
    return None


def grade_subject_hop(hop: HopInput, parse: Parse) -> HopGrade:
    """Grade a ``via="document_subject"`` hop (see the module rules); never better than ``inferred``."""
    subject = bind(hop.subject, hop.subject_span, hop.sentence, "subject")
    obj = bind(hop.object, hop.object_span, hop.sentence, "object")
    bound = obj if obj.failure is None else subject
    if bound.failure is not None:
        return HopGrade("insufficient", ("binding_failed:no_end_in_sentence",), hop.evidence_id)
    review = _review_line(hop)
    if review is not None:
        return review
    parsed = parse_line(hop.sentence)
    if parsed is not None and label_rule(parsed[0]) is not None:
        return grade_labelled_hop(hop, front_matter=False)
    doc = parse(hop.sentence)
    start, end = bound.spans[0]
    span = mention_span(doc, start, end)
    if span is None:
        return HopGrade("insufficient", ("binding_failed:no_end_in_sentence",), hop.evidence_id)
    chain = tuple(ancestors_inclusive(span.root))
    path = MentionPath(chain, chain[-1], chain[1:])
    on_path = {t.i for t in chain}
    scope = governing_scope(path)
    negated = signals.negation(doc, on_path, scope) + signals.ended(doc, scope)
    hedged = signals.hedges(doc, scope)
    if negated and not hedged:
        return HopGrade("insufficient", ("negated", *(f"signal:{w}" for w in negated)), hop.evidence_id)
    if hedged:
        return HopGrade("insufficient", ("hypothetical", *(f"signal:{w}" for w in hedged)), hop.evidence_id)
    planned = signals.plans(doc, scope)
    if planned:
        return HopGrade("inferred", ("document_subject", "plan_or_future", *(f"signal:{w}" for w in planned)),
                        hop.evidence_id)
    cues = lx.CUES.get(hop.rel_type, frozenset())
    cue = next((t.lemma_.lower() for t in chain[1:] if t.lemma_.lower() in cues or t.lower_ in cues), None)
    reasons = ("document_subject", f"predicate_on_path:{cue}") if cue else ("document_subject", "cooccurrence_only")
    return HopGrade("inferred", reasons, hop.evidence_id)

