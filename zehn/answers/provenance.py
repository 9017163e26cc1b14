"""Where a cited sentence was said or written: a conversation (chat, email, a meeting transcript) or a document.

A fact stated only in a conversation is not documented policy, so every stored answer labels each citation
(``Citation.source``) and says when all of them are conversations (``Answer.conversation_only``). The label comes
from the evidence's document: its source type, its title (a chat export's title is its channel) and its date.
Whoever composes answer text writes "said in #payments on 2026-04-21" from ``source.label``, never as policy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from zehn.answers.model import Answer, CitationSource

CONVERSATION_SOURCES = frozenset({"slack", "gmail", "fireflies"})  # chat, email, meeting transcripts
_SAID = {"slack": "said in {place}", "gmail": "written in the email {place}",
         "fireflies": "said in the meeting {place}"}


def _day(value: object) -> str | None:
    return str(value)[:10] if value else None


def citation_source(evidence: Mapping[str, Any]) -> CitationSource:
    """The source of one evidence object (``extraction.evidence_reads.get_evidence``)."""
    source_type = str(evidence.get("source_type") or "text")
    title = evidence.get("document_title")
    date = _day(evidence.get("document_created") or evidence.get("document_updated"))
    if source_type in CONVERSATION_SOURCES:
        place = str(title) if title and source_type == "slack" else f"“{title}”" if title else None
        label = _SAID[source_type].format(place=place or "a conversation")
        return CitationSource(source_type=source_type, kind="conversation", place=title, date=date,
                              label=f"{label} on {date}" if date else label)
    label = f"documented in {source_type} “{title}”" if title else f"documented in {source_type}"
    return CitationSource(source_type=source_type, kind="document", place=title, date=date, label=label)


def label_sources(answer: Answer, evidence: Iterable[Mapping[str, Any]]) -> Answer:
    """``answer`` with every citation's source filled from ``evidence`` (objects by id) and conversation_only."""
    by_id = {str(e["id"]): e for e in evidence}
    citations = [c if c.evidence_id not in by_id else
                 c.model_copy(update={"source": citation_source(by_id[c.evidence_id])}) for c in answer.citations]
    kinds = {c.source.kind for c in citations if c.source is not None}
    return answer.model_copy(update={"citations": citations, "conversation_only": kinds == {"conversation"}})
