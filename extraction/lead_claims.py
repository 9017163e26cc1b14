"""Someone in a chat or a comment thread claiming the lead on what the thread is about.

Incident channels and tracker comments hand out the lead in the first person: "dana: on it, taking lead.",
"Li Wei (SRE): I'll take the lead on this.", "omar: I'm taking point". The speaker (the "name:" that opens the
message) LEADS what the document is about: the incident, ticket or thread (``via="document_subject"``: the
document's own entity is bound by reading, not named in the line).

Only a message that opens with its speaker's "name:"; the claim must be the speaker's own (a first-person claim,
or a bare "taking lead" with no other subject), not a question ("who is taking lead?"), not offered to someone
else ("can you take lead?") and not negated ("not taking lead").
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention, RelationCandidate

# "name:", "Name Surname (Team):", "[10:02] name:", "10:02 name:" at the start of a line; a chat handle may be
# written in lowercase with "_", "." or "-" ("dana_r", "li.wei").
_SPEAKER = re.compile(r"[\s>*_`\-+•]*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s+)?(?P<who>@?[A-Za-z][\w.'-]{1,30}"
                      r"(?: [A-Z][\w'-]{1,30}){0,2})(?:\s*\([^)\n]{1,40}\))?:\s+")
# The claim: "taking (the) lead", "I'll take (the) lead", "I'm taking point", "I have the lead", "I'm IC".
_CLAIM = re.compile(r"(?:^|[,;.!]\s*|\b(?:i'?m|i am|i'?ll|i will|i can)\s+)(?P<verb>tak(?:ing|e)\s+(?:the\s+)?"
                    r"(?:lead|point|command)|hav(?:e|ing) (?:the )?lead|(?<=i'm )ic|(?<=i am )ic)\b", re.I)
_DENIED = re.compile(r"\b(?:not|n't|never|who|can you|could you|someone|anyone)\b", re.I)


def _speaker(text: str, line: tuple[int, int], mentions: list[Mention]) -> tuple[Mention, int] | None:
    m = _SPEAKER.match(text, *line)
    if m is None:
        return None
    start, end = m.span("who")
    start += text[start] == "@"
    named = next((x for x in mentions if x.start == start and x.end == end), None)
    if named is not None:
        return (named, m.end()) if named.type == "Person" else None
    return Mention(text[start:end], "Person", start, end), m.end()


def lead_claims(text: str, line: tuple[int, int], own: Mention | None,
                mentions: list[Mention]) -> list[RelationCandidate]:
    """The speaker of ``line`` LEADS the document's own entity when the message claims the lead."""
    found = _speaker(text, line, mentions) if own is not None else None
    if found is None or own is None:
        return []
    who, body = found
    message = text[body : line[1]]
    m = _CLAIM.search(message)
    if m is None:
        return []
    verb_start, verb_end = body + m.start("verb"), body + m.end("verb")
    sentence_end = next((i + 1 for i in range(verb_end, line[1]) if text[i] in ".!?"), line[1])
    if _DENIED.search(text, body, verb_start) or text[body:sentence_end].rstrip().endswith("?"):
        return []
    return [RelationCandidate(
        subject=who, object=own, rel_type="LEADS", raw_verb=m.group("verb"), predicate_start=verb_start,
        predicate_end=verb_end, sentence_start=line[0], sentence_end=sentence_end, kind="sentence",
        negated=False, hedged=False, planned=False, via="document_subject")]  # fmt: skip
