"""Weaker readings of what a title or a section is about, taken when the strict ones (`extraction.doc_context`) find
nothing: a "Kind: ..." title that names one system anywhere, and a noun-phrase heading over data-flow bullets.

Both only make a subject for lines and pronouns to bind to; a relation read through them carries
``via="document_subject"`` (or is read off a labelled line under the heading) and grades ``inferred`` at best.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from extraction.extraction_types import Mention
from extraction.line_breaks import line_breaks, line_spans
from extraction.line_shapes import LABELLED
from extraction.vocabulary import DOC_KIND_WORDS, GENERIC_HEADING_WORDS
from verify.vocabulary import label_rule

TOPIC_TYPES = frozenset({"Service", "Component", "Technology", "Project"})
_FLOW = frozenset({"CONSUMES", "PRODUCES"})


def kind_titled_system(title: str, mentions: list[Mention]) -> Mention | None:
    """The one system a "Kind: ..." title names anywhere ("Runbook: restarting quota-keeper after a bad push",
    "ADR-7: checkpointing for the upload-proxy service"), when the title names no other system, person or team and
    its prefix only says what kind of write-up it is."""
    kind, colon, _ = title.partition(":")
    if not colon or not all(w in DOC_KIND_WORDS or w.isdigit() for w in re.findall(r"[a-z0-9]+", kind.casefold())):
        return None
    systems = {(m.name.casefold(), m.type): m for m in mentions if m.type in TOPIC_TYPES}
    if len(systems) != 1 or any(m.type in ("Person", "Team") for m in mentions):
        return None
    return next(iter(systems.values()))


def flow_heading(doc: Doc, offset: int, text: str, section_end: int) -> Mention | None:
    """ "## Fixed baseline artifact" over "- Source: ..." / "- Target: ..." bullets: a short noun-phrase heading
    (no verb, not a generic word such as "Background" or "Inputs") whose section opens with a data-flow label names
    the thing that reads from the sources and writes to the targets."""
    words = [t for t in doc if not t.is_punct]
    if not 1 <= len(words) <= 5 or words[-1].pos_ not in ("NOUN", "PROPN"):
        return None
    if any(t.pos_ in ("PRON", "NUM") or (t.pos_ in ("VERB", "AUX") and t.dep_ == "ROOT") for t in words) or (
            words[-1].lower_ in GENERIC_HEADING_WORDS):  # "Fixed baseline artifact": a participle may modify
        return None
    body = next((b for _, b in line_breaks(text, offset, section_end)), section_end)
    lines = [text[a:b] for a, b in line_spans(text, body, section_end)[:8] if text[a:b].strip()]
    if not lines or not any(_flow_label(line) for line in lines[:3]):
        return None
    name = doc.text.strip(" *_`#")
    start = offset + doc.text.find(name)
    return Mention(name, "Component", start, start + len(name))


def _flow_label(line: str) -> bool:
    m = LABELLED.match(line)
    rule = label_rule(m.group("label")) if m is not None else None
    # only labels whose values are what the heading's thing reads or writes ("Source:", "Target:"); "Consumed by:"
    # names readers of whatever the section is about, which may be the document's own system
    return rule is not None and rule.rel_type in _FLOW and rule.about == "topic" and not rule.value_is_subject
