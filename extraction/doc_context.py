"""What one document is about, read once before its chunks: the context a line needs to find its subject.

* ``own``: the document's own entity (its ticket by key, else its page by title; ``metadata.document_entity``);
* ``topic``: the system the document is about, when its title names exactly one ("Runbook: ledger-sync",
  "ADR-7: Standard KMS Client Wrapper"), else the single value of an "Affected service:" / "Service:" line;
* ``section_topics``: a heading that names exactly one system makes it the subject of the lines under it;
* ``scopes``: where a label heading governs the lines under it ("## Dependencies", "### Owners", "## Links");
  a lead-in line ("Affected services:", "**Links and notes:**") governs the list right after it (read in
  `extraction.lines`, which also sees lines written with a literal "\\n");
* ``tables``: for every Markdown table row, the header row's cells (a header gives each column its role);
* ``people`` and type ``hints`` from the front matter.

The readings themselves live in `extraction.title_topics` (titles and headings) and `extraction.list_scopes` (list
scopes and table headers). Headings and titles are parsed with the same spaCy pipeline (in one batch); nothing else
is parsed here.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from spacy.language import Language

from extraction.chunker import Heading, markdown_headings
from extraction.documents import SourceDocument
from extraction.entities import find_mentions
from extraction.extraction_types import Mention
from extraction.list_scopes import Scope, heading_scopes, table_headers
from extraction.metadata import document_entity, type_hints
from extraction.people import People, people_of
from extraction.section_subjects import flow_heading, kind_titled_system
from extraction.title_topics import dashed_topic, first_cell, named_topic, title_subject, topic_line


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
        topic = named_topic(found, texts[i], offsets[i])
        teams = {m.name.casefold(): m for m in found if m.type == "Team"}
        group = next(iter(teams.values())) if len(teams) == 1 else None
        if group is not None and i > 0:
            ctx.groups[heading.start] = group
        if i == 0 and title_heading is not None:
            ctx.title_group = group
            topic = topic or dashed_topic(found, texts[i], offsets[i])
            ctx.topic = topic
            titled = title_subject(doc, found, offsets[i]) or kind_titled_system(texts[i], found)
        elif heading.level > 1 and len((cell := first_cell(texts[i])).split()) <= 6:
            end = next((n.start for n in headings if n.start > heading.start and n.level <= heading.level), len(text))
            if cell != texts[i]:  # "## orders-api | Payments team": the first cell names what the section is about
                topic = named_topic([m for m in found if m.end <= offsets[i] + len(cell)], cell, offsets[i])
            topic = topic or (flow_heading(doc, offsets[i], text, end) if not found else None)
            if topic is not None:
                ctx.section_topics[heading.start] = topic
    if ctx.topic is None:
        ctx.topic = topic_line(text, document.body_start) or titled
    ctx.scopes = heading_scopes(text, headings)
    ctx.tables = table_headers(text, document.body_start)
    return ctx
