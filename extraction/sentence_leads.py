"""A lead-in written as a sentence: "The booking-core is consumed by:", "ledger-api depends on the following
services:", "The following systems were degraded:" over a list. The sentence's verb is the list's label; its
subject, when it names one system, is what every item relates to (else the section's topic, or for an impact
verb, the document). A short "Label:" lead-in is read by `extraction.lines`; this reads the ones too long to be
a label.

Only a plain statement reads: a negation ("is no longer used by:"), a modal or future ("will depend on:") or a
question keeps the list unread, since its items would not hold the relation as stated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from extraction.extraction_types import Mention
from extraction.line_shapes import SYSTEM_VALUE_TYPES
from extraction.list_scopes import IMPACT_RULE
from verify.vocabulary import LABELS, LabelRule

# A line that ends in a colon and nothing after it; the words may carry code marks ("The `X` depends on:").
LEAD_SENTENCE = re.compile(r"^[ \t>]*(?:[-*+]\s+)?[*_]*(?P<label>[A-Za-z`][^:\n]{8,140}?)[*_]*\s*:[*_]*\s*$")
# "consumes" as a verb: the subject reads from the listed systems (the label "Consumes:" reads so too)
_CONSUMES = LabelRule("CONSUMES", False, "topic")
# The verb phrase a lead-in sentence ends with, and the relation of the label that states the same ("is consumed
# by" reads as the label "Consumed by"). Third-person and plural forms both, since the subject may be a list.
_VERB_RULES: dict[str, LabelRule] = {
    **dict.fromkeys(("consumed by", "read by"), LABELS["consumed_by"]),
    "used by": LABELS["used_by"],
    "called by": LABELS["called_by"],
    "owned by": LABELS["owned_by"],
    "maintained by": LABELS["maintained_by"],
    **dict.fromkeys(("depends on", "depend on", "relies on", "rely on"), LABELS["depends_on"]),
    **dict.fromkeys(("uses", "use"), LABELS["uses"]),
    **dict.fromkeys(("calls", "call"), LABELS["calls"]),
    **dict.fromkeys(("consumes", "consume", "reads from", "read from"), _CONSUMES),
    **dict.fromkeys(("writes to", "write to", "publishes to", "publish to"), LABELS["writes_to"]),
}
_IMPACT_VERBS = frozenset({"affected", "impacted", "degraded"})
_VERB = "|".join(sorted((*_VERB_RULES, *_IMPACT_VERBS), key=len, reverse=True))
# subject, an optional passive auxiliary, the verb, an optional "the following (services)" / "these" after it
_SENTENCE = re.compile(
    rf"(?P<subject>.*?)\s*(?:\b(?:is|are|was|were|has been|have been|got|get|gets)\s+)?\b(?P<verb>{_VERB})"
    r"(?:\s+(?:the following|these|several|multiple|two|three|four|five)(?:\s+[a-z]+){0,2})?$", re.I)
# words that make the sentence not a plain statement of fact
_NOT_PLAIN = re.compile(r"\b(?:not|no|never|longer|will|would|could|should|may|might|can|must|if|whether|"
                        r"planned|plan|to)\b|\?", re.I)
# a subject that only points back at the section's system ("It depends on:", "This service calls:")
_POINTER = re.compile(r"^(?:it|this|the|our)?\s*(?:it|service|system|component|job|api|worker|app)?$", re.I)
# an impact sentence's subject is a description of the list ("The following services", "Downstream systems")
_LISTED = re.compile(r"^(?:the following|these|several|multiple|some|other|downstream|upstream|dependent|"
                     r"the|two|three|four|five|\s)*(?:\s*[a-z]+){0,2}$", re.I)


@dataclass(frozen=True)
class SentenceLead:
    """The list's rule, the system its items relate to (None: the rule's own subject) and the verb's span."""

    rule: LabelRule
    subject: Mention | None
    verb: tuple[int, int]


def sentence_lead(text: str, start: int, end: int, mentions: list[Mention]) -> SentenceLead | None:
    """The lead-in sentence ``text[start:end]`` (its words before the closing colon), or None when it states no
    relation of the vocabulary over the list after it."""
    m = _SENTENCE.match(text, start, end)
    if m is None or _NOT_PLAIN.search(text, start, m.start("verb")):
        return None
    verb = m.group("verb").casefold()
    verb_span = (m.start("verb"), m.end("verb"))
    subject_text = m.group("subject").strip(" *_`")
    if verb in _IMPACT_VERBS:  # "The following services were degraded:": the document's incident affects them
        return SentenceLead(IMPACT_RULE, None, verb_span) if _LISTED.fullmatch(subject_text) else None
    rule = _VERB_RULES[verb]
    named = [x for x in mentions if m.start("subject") <= x.start and x.end <= m.end("subject")]
    if len(named) == 1 and named[0].type in SYSTEM_VALUE_TYPES:
        before = text[m.start("subject") : named[0].start].strip(" *_`")
        after = text[named[0].end : m.end("subject")].strip(" *_`")  # "The ledger-api service"
        plain = before.casefold() in ("", "the", "our") and len(after.split()) <= 1
        return SentenceLead(rule, named[0], verb_span) if plain else None
    return SentenceLead(rule, None, verb_span) if not named and _POINTER.fullmatch(subject_text) else None
