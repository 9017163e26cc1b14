"""The deterministic router: the question's intent and the entity names it mentions. Regular rules, no model.

Intents (first rule that matches wins):

====================  =====================================================================  ==================
intent                cue (case-insensitive)                                                 named queries
====================  =====================================================================  ==================
dependency_check      "does/do/is A depend on / rely on / use / call / consume / need B"     depends_on (A)
impact                "what breaks / is affected / fails ... if/when ... X"                  impact (X, 3 hops)
dependencies          "what does X depend on / use / call / rely on / need", "dependencies"  depends_on (X)
dependents            "what/who/which (else) depends on / relies on / uses X"                dependents_of (X)
ownership             "who/which team owns / maintains / is responsible for", "owner of"     who_owns (X)
role                  "who is the assignee/reporter/reviewer/approver of X", "who reported   entity_profile (X)
                      / approved / reviewed X", "which components are tagged on X"
why / when / who      a "why"/decision, "when", "who" question (participation, roles)        search_evidence
general               anything else                                                          search_evidence
====================  =====================================================================  ==================

Entity mentions, in order of appearance: identifiers (hyphenated, with digits, CamelCase: ``rate-engine``,
``OPS-412``, ``QuoteCache``) and runs of capitalised words that do not open the question (``Omar Haddad``,
``Atlas``). A type noun right before or after a mention (``the Atlas team``, ``the customer Atlas``) is its type
hint. When an entity intent finds no such mention, the words after the cue (minus articles) are the mention.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from verify.vocabulary import TYPE_NOUNS as TYPE_HINTS

ENTITY_INTENTS = frozenset({"dependency_check", "impact", "dependents", "dependencies", "ownership", "role"})
# role word -> (rel_type, which end of the edge is the answer: "source" or "target")
ROLES: dict[str, tuple[str, str]] = {
    "assignee": ("ASSIGNED_TO", "target"), "assigned": ("ASSIGNED_TO", "target"),
    "reporter": ("REPORTED", "source"), "reported": ("REPORTED", "source"), "filed": ("REPORTED", "source"),
    "creator": ("REPORTED", "source"), "created": ("REPORTED", "source"), "opened": ("REPORTED", "source"),
    "reviewer": ("REVIEWED", "source"), "reviewers": ("REVIEWED", "source"), "reviewed": ("REVIEWED", "source"),
    "approver": ("APPROVED", "source"), "approvers": ("APPROVED", "source"), "approved": ("APPROVED", "source"),
    "components": ("HAS_COMPONENT", "target"),
}
_DEP = r"(?:depend|rely|use|call|consume|need)(?:s|ed)?"
_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("dependency_check", re.compile(rf"^\s*(?:does|do|did|is|are)\s+(?P<a>.+?)\s+(?:still\s+|really\s+)?{_DEP}"
                                    rf"(?:\s+(?:on|upon))?\s+(?P<b>.+?)[\s?.!]*$", re.I)),
    ("impact", re.compile(r"\b(?:break|breaks|broken|affected|impacted|fail|fails|impact)\b.*?"
                          r"\b(?:if|when|by)\b\s+(?P<x>.+?)[\s?.!]*$", re.I)),
    ("dependencies", re.compile(rf"^\s*(?:what|which)\b.*?\b(?:does|do|did)\s+(?P<x>.+?)\s+{_DEP}\b", re.I)),
    ("dependencies", re.compile(r"\bdependencies\s+of\s+(?P<x>.+?)[\s?.!]*$", re.I)),
    ("dependents", re.compile(rf"^\s*(?:what|who|which)(?:\s+(?:else|services?|components?|teams?))?\s+{_DEP}"
                              rf"\s+(?:on\s+|upon\s+)?(?P<x>.+?)[\s?.!]*$", re.I)),
    ("role", re.compile(r"^\s*who\s+(?:is|was|are|were)\s+(?:the\s+)?(?P<role>assignee|reporter|creator|reviewers?|"
                        r"approvers?)\s+(?:of|on|for)\s+(?P<x>.+?)[\s?.!]*$", re.I)),
    ("role", re.compile(r"^\s*who\s+(?P<role>reported|filed|created|opened|reviewed|approved)\s+(?P<x>.+?)[\s?.!]*$",
                        re.I)),
    ("role", re.compile(r"^\s*(?:which|what)\s+(?P<role>components)\s+(?:are|were)\s+(?:tagged|listed|set)\s+"
                        r"(?:on|for|in)\s+(?P<x>.+?)[\s?.!]*$", re.I)),
    ("ownership", re.compile(r"(?<!\btheir )(?<!\bits )(?<!\bour )(?<!\byour )(?<!\bmy )(?<!\bhis )(?<!\bher )"
                             r"\b(?:owns?|maintains?|responsible\s+for|in\s+charge\s+of|owners?|maintainers?)\b"
                             r"(?:\s+(?:of|for))?\s+(?P<x>.+?)[\s?.!]*$", re.I)),
    ("ownership", re.compile(r"^\s*(?:who|which team)\b.*?\b(?P<x>\S.+?)\s+(?:is|are)\s+(?:owned|maintained)\b",
                             re.I)),
    ("why", re.compile(r"^\s*why\b|\bdecid(?:e|ed|ing)\b|\bdecision\b|\breason\b", re.I)),
    ("when", re.compile(r"^\s*when\b", re.I)),
    ("who", re.compile(r"^\s*who\b", re.I)),
)
_IDENT = re.compile(r"(?<![\w-])(?:[A-Za-z0-9]+(?:[-_#/][A-Za-z0-9]+)+|[A-Za-z]+\d[A-Za-z0-9]*|"
                    r"[A-Z][a-z]+[A-Z][A-Za-z0-9]*)(?![\w-])")
_CAPS = re.compile(r"\b[A-Z][\w&]*(?:\s+[A-Z][\w&]*)*")
_OPENERS = frozenset({"who", "what", "which", "when", "where", "why", "how", "does", "do", "did", "is", "are", "was",
                      "were", "can", "could", "should", "will", "would", "has", "have", "tell", "list", "show",
                      "give", "i", "we", "the", "a", "an", "if", "under", "after", "before", "during", "for", "in",
                      "on", "according", "per", "since", "from", "at", "by", "with"})
_NOT_A_NAME = re.compile(r"^v?\d[\d\-./:]*$")
_ARTICLES = re.compile(r"^(?:the|a|an|our|their|its|this|that)\s+", re.I)


@dataclass(frozen=True)
class Mention:
    text: str
    start: int
    type_hint: tuple[str, ...] = ()


@dataclass(frozen=True)
class Route:
    intent: str
    mentions: tuple[Mention, ...]
    slots: dict[str, str] = field(default_factory=dict)
    # Where the rule found what the question is about (its slots); mentions elsewhere are context only.
    subject_spans: tuple[tuple[int, int], ...] = ()

    def is_subject(self, mention: Mention) -> bool:
        return not self.subject_spans or any(a <= mention.start < b for a, b in self.subject_spans)


def _type_hint(question: str, start: int, end: int) -> tuple[str, ...]:
    after = re.match(r"\s+\(?(?:the\s+)?(\w+)", question[end:])
    before = re.search(r"(\w+)\s+$", question[:start])
    for word in (after.group(1) if after else "", before.group(1) if before else ""):
        if word.casefold() in TYPE_HINTS:
            return TYPE_HINTS[word.casefold()]
    return ()


def find_mentions(question: str) -> list[Mention]:
    found: dict[int, Mention] = {}
    taken: list[tuple[int, int]] = []
    for match in _IDENT.finditer(question):
        if _NOT_A_NAME.match(match.group(0)):
            continue  # dates, versions and numbers locate things; they are not entities
        found[match.start()] = Mention(match.group(0), match.start(), _type_hint(question, *match.span()))
        taken.append(match.span())
    for match in _CAPS.finditer(question):
        words = match.group(0).split()
        start = match.start()
        while words and (words[0].casefold() in _OPENERS or (start == 0 and len(words) == 1)):
            start = question.index(words[0], start) + len(words[0])
            start = len(question[:start]) + (len(question[start:]) - len(question[start:].lstrip()))
            words = words[1:]
        text = " ".join(words)
        text = re.sub(r"['’]s$", "", text)
        end = start + len(text)
        if not text or any(start < b and a < end for a, b in taken):
            continue
        found.setdefault(start, Mention(text, start, _type_hint(question, start, end)))
    return [found[k] for k in sorted(found)]


def _slot_mention(question: str, slot: str) -> Mention | None:
    text = _ARTICLES.sub("", slot.strip()).strip(" ?.!,'\"")
    if not text:
        return None
    start = question.find(text)
    words = text.split()
    hint: tuple[str, ...] = ()
    if len(words) > 1 and words[-1].casefold() in TYPE_HINTS:
        hint, text = TYPE_HINTS[words[-1].casefold()], " ".join(words[:-1])
    return Mention(text, max(start, 0), hint)


def _first_mention_span(mentions: list[Mention], slot: tuple[int, int]) -> tuple[int, int]:
    """The first mention inside a slot is what the question is about; later ones in it qualify it."""
    inside = [m for m in mentions if slot[0] <= m.start < slot[1]]
    return (inside[0].start, inside[0].start + len(inside[0].text)) if inside else slot


def route(question: str) -> Route:
    mentions = find_mentions(question)
    for intent, pattern in _RULES:
        match = pattern.search(question)
        if match is None:
            continue
        slots = {k: v for k, v in match.groupdict().items() if v}
        spans = tuple(_first_mention_span(mentions, match.span(k)) for k in sorted(slots) if k != "role")
        if intent in ENTITY_INTENTS and not any(a <= m.start < b for m in mentions for a, b in spans):
            fallback = [m for m in (_slot_mention(question, slots[k]) for k in sorted(slots)) if m]
            return Route(intent, tuple(fallback), slots)
        return Route(intent, tuple(mentions), slots, spans if intent in ENTITY_INTENTS else ())
    return Route("general", tuple(mentions), {})
