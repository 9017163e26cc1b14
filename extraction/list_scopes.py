"""Where a label governs more than its own line: a heading or a lead-in over a list ("## Dependencies", "Impact:",
"**Links and notes:**"), and a Markdown table's header row over the rows under it (split from
`extraction.doc_context`, which reads them once per document).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from extraction.chunker import Heading
from extraction.extraction_types import Mention
from extraction.line_breaks import line_spans
from verify.vocabulary import LabelRule, label_key, label_rule

_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}")
# Lead-in words of a list of references: every ticket, pull request or page under it is linked to the document.
LINK_LISTS = frozenset({"links", "references", "related", "see_also", "artifacts", "links_and_artifacts",
                        "related_links", "related_docs", "related_tickets", "related_prs", "related_pages"})
# A references heading with one word before it saying whose or which ("Team references", "Useful links",
# "Internal refs"); a word joined by a slash ("Files/links") names a second kind of item, not a qualifier.
_QUALIFIED_LINKS = re.compile(r"[*_]*[A-Za-z]+ (?:references|refs|links)[*_]*:?", re.I)
LINK_RULE = LabelRule("LINKED_TO", False, "document")
# Headings and lead-ins of an incident's impact list ("## Impact", "Customer impact:", "Symptoms"): a list item that
# opens with a system names a system the incident AFFECTS ("- checkout-api unavailable for 20 minutes").
IMPACT_LISTS = frozenset({"impact", "impacts", "customer_impact", "user_impact", "business_impact", "service_impact",
                          "impact_summary", "symptoms", "blast_radius", "what_broke"})
IMPACT_RULE = LabelRule("AFFECTS", False, "document")


def _link_list(key: str) -> bool:
    """A references heading, or several joined by "and" / "&": "References and related docs", "Links & docs"."""
    parts = [p.strip("_") for p in re.split(r"_(?:and|&)_", key)]
    return all(p in LINK_LISTS for p in parts if p) and any(parts)


# What numbers a section before its name: "Appendix B: Ownership", "Section 4 - Links", "3. Dependencies", "A) Impact".
_SECTION_NUMBER = re.compile(r"(?:(?:appendix|section|part|annex)\s+[A-Z0-9]{1,3}\b[.)]?\s*[:.\-–—]?\s*|"
                             r"\d{1,2}(?:\.\d{1,2})*[.)]?\s+|[A-Z][.)]\s+)", re.I)


def list_rule(label: str) -> LabelRule | None:
    """The rule of a heading or lead-in that governs the list under it: references, impact, or a label's own; a
    section's number before its name does not change what the name says."""
    numbered = _SECTION_NUMBER.match(label.strip())
    return _named_rule(label) or (_named_rule(label.strip()[numbered.end() :]) if numbered else None)


def _named_rule(label: str) -> LabelRule | None:
    key = label_key(label)
    qualified = _QUALIFIED_LINKS.fullmatch(label.strip()) is not None
    return LINK_RULE if _link_list(key) or qualified else IMPACT_RULE if key in IMPACT_LISTS else (
        label_rule(label) or _joined_rule(key))


def _joined_rule(key: str) -> LabelRule | None:
    """Labels joined by "and" that state one relation: "Owners and contacts", "Service owners & escalation"."""
    parts = [p.strip("_") for p in re.split(r"_(?:and|&)_", key)]
    rules = [label_rule(p) for p in parts if p]
    if len(rules) < 2 or any(r is None for r in rules):
        return None
    same = {(r.rel_type, r.value_is_subject, r.about) for r in rules if r is not None}
    return rules[0] if len(same) == 1 else None


@dataclass(frozen=True)
class Scope:
    """A label that governs the list items in ``[start, end)``; ``label`` is its span in the text."""

    start: int
    end: int
    rule: LabelRule
    label: tuple[int, int]
    subject: Mention | None = None  # a lead-in sentence's own subject ("The X is consumed by:"), else the rule's


def heading_scopes(text: str, headings: list[Heading]) -> list[Scope]:
    """Every heading whose words are a list label governs its section, up to the next heading of its level or
    above."""
    scopes: list[Scope] = []
    for i, h in enumerate(headings):
        rule = list_rule(h.text)
        if rule is not None:
            end = next((n.start for n in headings[i + 1 :] if n.level <= h.level), len(text))
            at = text.find(h.text, h.start, h.end)
            scopes.append(Scope(h.start, end, rule, (at, at + len(h.text))))
    return scopes


def table_headers(text: str, start: int) -> dict[int, tuple[str, ...]]:
    """For every Markdown table row from ``start`` on (by its offset), the header row's cells: the header gives
    each column its role."""
    tables: dict[int, tuple[str, ...]] = {}
    lines = line_spans(text, start)  # an exported body's written-out lines too
    header: tuple[str, ...] | None = None
    for n, (s, e) in enumerate(lines):
        line = text[s:e].strip()
        if not line.startswith("|"):
            header = None
            continue
        if header is None:
            if n + 1 < len(lines) and _TABLE_SEP.match(text[slice(*lines[n + 1])]):
                header = tuple(c.strip() for c in line.strip("|").split("|"))
            continue
        if not _TABLE_SEP.match(line):
            tables[s] = header
    return tables
