"""What one document is about, read once before its chunks: the context a line needs to find its subject.

* ``own``: the document's own entity (its ticket by key, else its page by title; ``metadata.document_entity``);
* ``topic``: the system the document is about, when its title names exactly one ("Runbook: ledger-sync",
  "ADR-7: Standard KMS Client Wrapper"), else the single value of an "Affected service:" / "Service:" line;
* ``section_topics``: a heading that names exactly one system makes it the subject of the lines under it;
* ``scopes``: where a label heading governs the lines under it ("## Dependencies", "### Owners", "## Links");
  a lead-in line ("Affected services:", "**Links and artifacts:**") governs the list right after it (read in
  `extraction.lines`, which also sees lines written with a literal "\\n");
* ``tables``: for every Markdown table row, the header row's cells (a header gives each column its role);
* ``people`` and type ``hints`` from the front matter.

Headings and titles are parsed with the same spaCy pipeline (in one batch); nothing else is parsed here.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

from spacy.language import Language
from spacy.tokens import Doc

from extraction.chunker import Heading, markdown_headings
from extraction.documents import SourceDocument
from extraction.entities import find_mentions
from extraction.extraction_types import Mention
from extraction.metadata import document_entity, type_hints
from extraction.people import People, people_of
from extraction.section_subjects import TOPIC_TYPES, flow_heading, kind_titled_system
from extraction.vocabulary import DOC_KIND_WORDS, SYSTEM_NOUNS, words
from verify.vocabulary import LabelRule, label_key, label_rule

_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}")
_TOPIC_LINE = re.compile(r"^\W*(?:affected[ _]service|service|system|component)\s*:\s*`?(?P<v>[a-z][\w.\-]{2,60})`?"
                         r"\s*$", re.I | re.M)
# Lead-in words of a list of references: every ticket, pull request or page under it is linked to the document.
LINK_LISTS = frozenset({"links", "references", "related", "see_also", "artifacts", "links_and_artifacts",
                        "related_links", "related_docs", "related_tickets", "related_prs", "related_pages"})
LINK_RULE = LabelRule("LINKED_TO", False, "document")
# Headings and lead-ins of an incident's impact list ("## Impact", "Customer impact:", "Symptoms"): a list item that
# opens with a system names a system the incident AFFECTS ("- checkout-api unavailable for 20 minutes").
IMPACT_LISTS = frozenset({"impact", "impacts", "customer_impact", "user_impact", "business_impact", "service_impact",
                          "impact_summary", "symptoms", "blast_radius", "what_broke"})
IMPACT_RULE = LabelRule("AFFECTS", False, "document")


def _link_list(key: str) -> bool:
    """A references heading, or several joined by "and" / "&": "References and related pages", "Links & docs"."""
    parts = [p.strip("_") for p in re.split(r"_(?:and|&)_", key)]
    return all(p in LINK_LISTS for p in parts if p) and any(parts)


def list_rule(label: str) -> LabelRule | None:
    """The rule of a heading or lead-in that governs the list under it: references, impact, or a label's own."""
    key = label_key(label)
    return LINK_RULE if _link_list(key) else IMPACT_RULE if key in IMPACT_LISTS else label_rule(label)
@dataclass(frozen=True)
class Scope:
    """A label that governs the list items in ``[start, end)``; ``label`` is its span in the text."""

    start: int
    end: int
    rule: LabelRule
    label: tuple[int, int]


@dataclass
class DocumentContext:
    document: SourceDocument
    own: Mention | None
    topic: Mention | None
    people: People
    hints: dict[str, str]
    headings: list[Heading]
    section_topics: dict[int, Mention] = field(default_factory=dict)
    scopes: list[Scope] = field(default_factory=list)
    tables: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # the one team a heading (by its start) or the title names: what a roster line ("Members:", "Lead:") is about
    groups: dict[int, Mention] = field(default_factory=dict)
    title_group: Mention | None = None

    def about(self, which: str, at: int) -> Mention | None:
        """What a line at offset ``at`` is about: the document itself, or its section's or document's topic."""
        if which == "document":
            return self.own
        starts = [h.start for h in self.headings]
        i = bisect_right(starts, at) - 1
        level = 7
        while i >= 0:
            heading = self.headings[i]
            if heading.level < level:
                if heading.start in self.section_topics:
                    return self.section_topics[heading.start]
                level = heading.level
            i -= 1
        return self.topic or self.own

    def group_at(self, at: int) -> Mention | None:
        """The team a line at offset ``at`` sits under: its nearest heading's one team, else the title's."""
        i = bisect_right([h.start for h in self.headings], at) - 1
        return (self.groups.get(self.headings[i].start) if i >= 0 else None) or self.title_group

    def heading_at(self, at: int) -> str:
        """The casefolded text of the nearest heading above offset ``at`` ("" when none)."""
        i = bisect_right([h.start for h in self.headings], at) - 1
        return self.headings[i].text.casefold() if i >= 0 else ""

    def scope_at(self, at: int) -> Scope | None:
        inner = [s for s in self.scopes if s.start <= at < s.end]
        return max(inner, key=lambda s: s.start) if inner else None


def _lines(text: str, start: int) -> list[tuple[int, int]]:
    out, pos = [], start
    for line in text[start:].split("\n"):
        out.append((pos, pos + len(line)))
        pos += len(line) + 1
    return out


def _scopes(text: str, headings: list[Heading]) -> list[Scope]:
    scopes: list[Scope] = []
    for i, h in enumerate(headings):
        rule = list_rule(h.text)
        if rule is not None:
            end = next((n.start for n in headings[i + 1 :] if n.level <= h.level), len(text))
            at = text.find(h.text, h.start, h.end)
            scopes.append(Scope(h.start, end, rule, (at, at + len(h.text))))
    return scopes


def _tables(text: str, start: int) -> dict[int, tuple[str, ...]]:
    tables: dict[int, tuple[str, ...]] = {}
    lines = _lines(text, start)
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


def _first_cell(heading: str) -> str:
    """A catalogue heading written as cells ("orders-api | Payments team | tier 1"): its first cell, else all of it."""
    return heading.split(" | ", 1)[0] if " | " in heading else heading


def _topic(mentions: list[Mention], title: str, offset: int) -> Mention | None:
    """The one system a title names, when the rest of the title only says what kind of document it is
    ("Runbook: ledger-sync", "checkout-api overview"); a title that says more ("ADR-7: Store labels in doc-store")
    is about that statement, not about the system."""
    systems = [m for m in mentions if m.type in TOPIC_TYPES]
    if len({(m.name.casefold(), m.type) for m in systems}) != 1:
        return None
    rest = list(title)
    for m in mentions:
        rest[m.start - offset : m.end - offset] = " " * (m.end - m.start)
    words = re.findall(r"[a-z0-9]+", "".join(rest).casefold())
    # a system noun left after the name is the name's own type word: "## usage-rollup job", "quota-keeper service"
    return systems[0] if all(w in DOC_KIND_WORDS or w in SYSTEM_NOUNS for w in words) else None


def _dashed_topic(mentions: list[Mention], title: str, offset: int) -> Mention | None:
    """ "Quarterly planning — feature-loader": a title's last part set apart by a dash that names one system and
    nothing else says what the whole document is about, whatever the words before the dash."""
    dash = max(title.rfind(" — "), title.rfind(" – "))
    if dash < 0:
        return None
    tail = [m for m in mentions if m.start - offset > dash]
    return _topic(tail, " " * (dash + 3) + title[dash + 3 :], offset) if tail else None


# Words that, right after a system's name at the start of a title, state what happened to it ("Session store down
# after failover", "checkout-api unavailable"): the title is about that system.
_STATE_WORDS = words("""down unavailable degraded broken flaky slow stuck unhealthy offline unstable unreachable
    intermittent saturated overloaded""")


def title_subject(doc: Doc, mentions: list[Mention], offset: int) -> Mention | None:
    """The system a title's first clause is about: "Release pipeline failing: ...", "ledger-sync returns 502s
    after ...", "Incident: session store degraded". The system must open the title (after at most a "Kind:" prefix)
    and be followed by a verb or a state word; a title that opens with anything else names no subject here."""
    first = min((m for m in mentions if m.type in TOPIC_TYPES), key=lambda m: m.start, default=None)
    if first is None:
        return None
    before = doc.text[: first.start - offset].strip(" *_`#")
    if before and not (before.endswith(":") and len(before.split()) <= 2):
        return None
    after = [t for t in doc if t.idx >= first.end - offset and not t.is_punct]
    if not after or after[0].lower_ in ("for", "of", "and", "to", "with", "in", "on"):
        return None
    word = after[0]
    verbish = word.tag_.startswith("VB") or (word.lower_.endswith("ing") and word.is_alpha)
    return first if verbish or word.lower_ in _STATE_WORDS else None


def build_context(document: SourceDocument, nlp: Language) -> DocumentContext:
    """Read the document's subject, sections, scopes and tables (parses its title and headings, nothing else)."""
    text = document.text
    people = people_of(document)
    hints = type_hints(document)
    headings = markdown_headings(text, document.body_start)
    ctx = DocumentContext(document, document_entity(document), None, people, hints, headings)
    title_heading = next((h for h in headings if h.level == 1), None)
    parsed = [title_heading, *headings] if title_heading else list(headings)
    texts = [h.text for h in parsed]
    offsets = [text.find(h.text, h.start, h.end) for h in parsed]
    titled: Mention | None = None
    for i, doc in enumerate(nlp.pipe(texts)):
        heading = parsed[i]
        if offsets[i] < 0 or heading is None:
            continue
        found = find_mentions(doc, offsets[i], hints, people)
        topic = _topic(found, texts[i], offsets[i])
        teams = {m.name.casefold(): m for m in found if m.type == "Team"}
        group = next(iter(teams.values())) if len(teams) == 1 else None
        if group is not None and i > 0:
            ctx.groups[heading.start] = group
        if i == 0 and title_heading is not None:
            ctx.title_group = group
            topic = topic or _dashed_topic(found, texts[i], offsets[i])
            ctx.topic = topic
            titled = title_subject(doc, found, offsets[i]) or kind_titled_system(texts[i], found)
        elif heading.level > 1 and len((cell := _first_cell(texts[i])).split()) <= 6:
            end = next((n.start for n in headings if n.start > heading.start and n.level <= heading.level), len(text))
            if cell != texts[i]:  # "## orders-api | Payments team": the first cell names what the section is about
                topic = _topic([m for m in found if m.end <= offsets[i] + len(cell)], cell, offsets[i])
            topic = topic or (flow_heading(doc, offsets[i], text, end) if not found else None)
            if topic is not None:
                ctx.section_topics[heading.start] = topic
    if ctx.topic is None:
        m = _TOPIC_LINE.search(text, document.body_start)
        if m is not None:
            ctx.topic = Mention(m.group("v"), "Component", m.start("v"), m.end("v"))
        else:
            ctx.topic = titled
    ctx.scopes = _scopes(text, headings)
    ctx.tables = _tables(text, document.body_start)
    return ctx
