"""What a title or a heading says the document (or its section) is about: the one system it names when the rest
only says what kind of write-up it is, a dashed-off last part that names one system, and a title whose first
clause says what happened to a system (split from `extraction.doc_context`, which applies them to the parsed title
and headings). The weaker readings live in `extraction.section_subjects`.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from extraction.extraction_types import Mention
from extraction.section_subjects import TOPIC_TYPES
from extraction.vocabulary import DOC_KIND_WORDS, SYSTEM_NOUNS, words

# A body line that names the document's one system ("Affected service: ledger-sync", "- Component: `quota-keeper`").
_TOPIC_LINE = re.compile(r"^\W*(?:affected[ _]service|service|system|component)\s*:\s*`?(?P<v>[a-z][\w.\-]{2,60})`?"
                         r"\s*$", re.I | re.M)


def topic_line(text: str, start: int) -> Mention | None:
    """The value of the first "Affected service:" / "Service:" / "Component:" line from ``start`` on."""
    m = _TOPIC_LINE.search(text, start)
    return None if m is None else Mention(m.group("v"), "Component", m.start("v"), m.end("v"))


def first_cell(heading: str) -> str:
    """A catalogue heading written as cells ("orders-api | Payments team | tier 1"): its first cell, else all of it."""
    return heading.split(" | ", 1)[0] if " | " in heading else heading


def named_topic(mentions: list[Mention], title: str, offset: int) -> Mention | None:
    """The one system a title names, when the rest of the title only says what kind of document it is
    ("Runbook: ledger-sync", "checkout-api overview"); a title that says more ("ADR-7: Store labels in doc-store")
    is about that statement, not about the system."""
    systems = [m for m in mentions if m.type in TOPIC_TYPES]
    if len({(m.name.casefold(), m.type) for m in systems}) != 1:
        return None
    rest = list(title)
    for m in mentions:
        rest[m.start - offset : m.end - offset] = " " * (m.end - m.start)
    left = re.findall(r"[a-z0-9]+", "".join(rest).casefold())
    # a system noun left after the name is the name's own type word: "## usage-rollup job", "quota-keeper service"
    return systems[0] if all(w in DOC_KIND_WORDS or w in SYSTEM_NOUNS for w in left) else None


def dashed_topic(mentions: list[Mention], title: str, offset: int) -> Mention | None:
    """ "Quarterly planning — feature-loader": a title's last part set apart by a dash that names one system and
    nothing else says what the whole document is about, whatever the words before the dash."""
    dash = max(title.rfind(" — "), title.rfind(" – "))
    if dash < 0:
        return None
    tail = [m for m in mentions if m.start - offset > dash]
    return named_topic(tail, " " * (dash + 3) + title[dash + 3 :], offset) if tail else None


# Words that, right after a system's name at the start of a title, state what happened to it ("Session store down
# after failover", "checkout-api unavailable"): the title is about that system.
_STATE_WORDS = words("""down unavailable degraded broken flaky slow stuck unhealthy offline unstable unreachable
    intermittent saturated overloaded""")


def title_subject(doc: Doc, mentions: list[Mention], offset: int) -> Mention | None:
    """The system a title's first clause is about: "Release pipeline failing: ...", "ledger-sync returns 502s
    after ...", "Incident: session store degraded", or, when that clause names none, the clause a dash sets off
    ("Upgrade failed during migration — session store unavailable after rollout": the dash opens a second statement
    of what happened, to that system). The system must open its clause (after at most a "Kind:" prefix) and be
    followed by a verb or a state word; a clause that opens with anything else names no subject here."""
    starts = [0] + [m.end() for m in re.finditer(r" [—–] ", doc.text)]
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(doc.text)
        clause = [m for m in mentions if start <= m.start - offset < end]
        found = _clause_subject(doc, clause, offset, start)
        if found is not None:
            return found
    return None


def _clause_subject(doc: Doc, mentions: list[Mention], offset: int, start: int) -> Mention | None:
    first = min((m for m in mentions if m.type in TOPIC_TYPES), key=lambda m: m.start, default=None)
    if first is None:
        return None
    before = doc.text[start : first.start - offset].strip(" *_`#")
    if before and not (before.endswith(":") and len(before.split()) <= 2):
        return None
    after = [t for t in doc if t.idx >= first.end - offset and not t.is_punct]
    if not after or after[0].lower_ in ("for", "of", "and", "to", "with", "in", "on"):
        return None
    word = after[0]
    verbish = word.tag_.startswith("VB") or (word.lower_.endswith("ing") and word.is_alpha)
    return first if verbish or word.lower_ in _STATE_WORDS else None
