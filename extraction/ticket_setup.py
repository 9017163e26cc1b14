"""A support ticket's lines that describe, in prose, what the customer runs and who is hit.

Ticket descriptions write the customer's setup on one labelled line as a clause, not a list: "Environment: Hosted
control plane in the customer's VPC, sign-in handled by Okta via a sidecar gate-proxy (v2.1)". The systems and
technologies the line's first sentence names are what the ticket's case runs on: the ticket USES them, as it does
for the items of an environment list ("- Cloud: AWS", `extraction/lines.py`), which name one each. Only a technology
or a system written as an identifier counts (a clause also holds generic phrases: "hosted control plane"), and not
inside brackets (versions, regions, notes).

A ticket also names its customer - the front matter's customer company - on its environment and impact lines, often
by the first word of the company's name only ("Impact: Operators at Halvard cannot ...", "Environment: dedicated pool
for Halvard Labs"): the ticket CONCERNS that customer, whatever verb or preposition joins them.

Only in a ticket; only on a line whose label names an environment or impact section (or an item of an environment
list); the customer only by the company's full name or its first word as written in the front matter.
"""

from __future__ import annotations

import re

from extraction.doc_context import DocumentContext
from extraction.entity_rules import NOT_NAMES
from extraction.extraction_types import Mention, RelationCandidate
from extraction.label_fallbacks import fallback_rule
from extraction.line_shapes import LABELLED, SYSTEM_VALUE_TYPES, environment_section
from extraction.ownership_prose import typed_relation
from extraction.vocabulary import GENERIC_WORDS
from verify.vocabulary import label_key, label_rule

# Labels of a ticket's lines that say whom and what the case hits (the impact side of a description).
_IMPACT_LABELS = frozenset({"impact", "customer_impact", "business_impact", "scope", "affected", "affected_users",
                            "affected_customers", "who_is_affected", "symptoms"})
_BRACKETS = re.compile(r"\([^()]*\)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_MIN_SHORT = 4  # a company's first word shorter than this ("Blu", "One") is too often another word
# A name with its release number in an environment list ("- Clients: ruby 3.4.1, rust 1.80.0", "- Router: rt-5.2.0,
# Cache: memcached v1.6.9"): the number marks the name as software the case runs, a word the recogniser may not know
# ("go", "ts") or an identifier it reads as a version. Each name opens the value or follows a comma, colon, slash or
# bracket; words that only count releases ("version 2", "build 7", "release 3.1") are not software.
_VERSIONED = re.compile(r"(?:^|(?<=[,:;/(])|(?<=[,:;/(] ))[*_`]*(?P<name>[A-Za-z][\w+#]*(?:[-.][A-Za-z][\w+#]*)*)"
                        r"(?:[ -]v?|@v?)(?P<version>\d+(?:\.\d+){1,3}(?:-[\w.]+)?)(?=[\s,;:)/*_`]|\.?$)")
_RELEASE_WORDS = frozenset({"version", "versions", "release", "releases", "build", "builds", "patch", "revision",
                            "rev", "v", "tier", "step", "phase", "sprint", "week", "day", "port", "line", "node"})


def _customer_names(ctx: DocumentContext) -> list[tuple[str, str]]:
    """(full name, a way the body writes it) for the front matter's customer company: the name, then its first
    word when that word is a name and not an English word the extractor knows as generic."""
    out: list[tuple[str, str]] = []
    for line in ctx.document.metadata_lines:
        if line.key != "customer_company":
            continue
        for value in line.values:
            name = value.strip()
            if not name:
                continue
            out.append((name, name))
            first = name.split()[0].strip(",.")
            if len(name.split()) > 1 and len(first) >= _MIN_SHORT and first[0].isupper() and (
                    first.casefold() not in GENERIC_WORDS):
                out.append((name, first))
    return out


def _named_customer(text: str, start: int, end: int, ctx: DocumentContext) -> Mention | None:
    for name, written in _customer_names(ctx):
        m = re.search(rf"(?<![\w-]){re.escape(written)}(?![\w-])", text[start:end])
        if m is not None:
            return Mention(name, "Customer", start + m.start(), start + m.end())
    return None


def _named_system(x: Mention) -> bool:
    """A technology, or a system written as an identifier ("gate-proxy"): a clause of description also holds
    generic phrases the recogniser types as systems ("Hosted control plane", "dedicated pool"), which name none."""
    return x.type == "Technology" or (x.type in SYSTEM_VALUE_TYPES and " " not in x.name and any(
        c in x.name for c in "-_."))


def _versioned(text: str, start: int, end: int) -> list[Mention]:
    """The software an environment item's value names with a release number (see ``_VERSIONED``)."""
    out = []
    for m in _VERSIONED.finditer(text[:end], start):
        name = m.group("name").casefold()
        before = text[start : m.start("name")].rstrip(" :*_`").split()
        if name in _RELEASE_WORDS | GENERIC_WORDS | NOT_NAMES:
            continue
        if before and before[-1].casefold() == name:  # "Serving runtime: runtime-3.2.0": the role's own release
            continue
        out.append(Mention(m.group("name"), "Technology", m.start("name"), m.end("name")))
    return out


def _as_recognised(found: list[Mention], mentions: list[Mention]) -> list[Mention]:
    """Each versioned name as the recogniser already read it, when it did (its type is the one the rest of the
    document's relations give the entity: "serving-runtime v2" stays a component); a name it read as something other
    than a system (a person, a customer) is none."""
    out = []
    for x in found:
        known = next((k for k in mentions if k.start < x.end and x.start < k.end), None)
        if known is None or known.type in SYSTEM_VALUE_TYPES:
            out.append(known or x)
    return out


def _sentence(text: str, line: tuple[int, int], at: int) -> tuple[int, int]:
    """The sentence of ``line`` holding offset ``at``: a description line often runs on for several sentences."""
    starts = [line[0]] + [m.end() for m in _SENTENCE_END.finditer(text, line[0], at)]
    end = _SENTENCE_END.search(text, at, line[1])
    return starts[-1], (line[1] if end is None else end.start())


def _candidate(text: str, subj: Mention, obj: Mention, rel: str, label: tuple[int, int],
               line: tuple[int, int]) -> RelationCandidate | None:
    """The relation, its evidence the sentence that names ``obj``; its predicate the label when the label opens
    that sentence, else the name itself (the sentence states the relation by naming it under the label)."""
    typed = typed_relation(subj, obj, rel)
    if typed is None:
        return None
    subj, obj, rel_type = typed
    start, end = _sentence(text, line, obj.start)
    pred = label if start <= label[0] else (obj.start, obj.end)
    return RelationCandidate(
        subject=subj, object=obj, rel_type=rel_type, raw_verb="", predicate_start=pred[0], predicate_end=pred[1],
        sentence_start=start, sentence_end=end, kind="sentence", negated=False, hedged=False, planned=False,
        via="document_subject")  # fmt: skip


def ticket_setup(ctx: DocumentContext, line: tuple[int, int], mentions: list[Mention],
                 environment_item: bool) -> list[RelationCandidate]:
    """The ticket's USES of the systems a prose environment line names, and its CONCERNS of its own customer named
    on an environment or impact line (``environment_item``: the line is an item of an environment list)."""
    own, text = ctx.own, ctx.document.text
    if own is None or own.type != "Ticket":
        return []
    m = LABELLED.match(text[line[0] : line[1]])  # "^" holds at the string's start only
    if m is not None and m.group("label").count("(") != m.group("label").count(")"):
        m = None  # "- Prod setup for X (org: x-prod)": a colon inside brackets ends no label
    stated = m and (label_rule(m.group("label")) or fallback_rule(m.group("label")))
    if stated and stated.rel_type == "CONCERNS":
        return []  # "- Customer account: X": the label states the relation itself (extraction/lines.py reads it)
    key = label_key(m.group("label")) if m else ""
    setup = m is not None and environment_section(m.group("label"))
    if not (setup or key in _IMPACT_LABELS or environment_item):
        return []
    value = (line[0] + m.start("value"), line[0] + m.end("value")) if m else line
    label = (line[0] + m.start("label"), line[0] + m.end("label")) if m else value
    out = []
    customer = _named_customer(text, *value, ctx)
    if customer is not None:
        out.append(_candidate(text, own, customer, "CONCERNS", label, line))
    if setup:  # "Environment: <clause>": every system its first sentence names outside brackets (versions,
        # regions); the sentences after it say other things ("Canary change: X rolled to 10%").
        first_end = _sentence(text, line, value[0])[1]
        masked = [b.span() for b in _BRACKETS.finditer(text, value[0], first_end)]
        out += [_candidate(text, own, x, "USES", label, line) for x in mentions
                if value[0] <= x.start and x.end <= first_end and _named_system(x)
                and not any(s <= x.start < e for s, e in masked)]
    if environment_item and m is not None:  # "- Clients: ruby 3.4.1, rust 1.80.0": each name given with its release
        out += [_candidate(text, own, x, "USES", label, line) for x in _as_recognised(
            _versioned(text, line[0] + m.start("value"), value[1]), mentions)]
    return [c for c in out if c is not None]
