"""Commitments a person made in meetings or chat: listed with the departure, never reassigned automatically.

Two readings, both verbatim slices of the source:

1. ``action_item`` (source_backed): a meeting's or thread's ``action_items`` / ``next_steps`` / ``follow_ups``
   front-matter line lists an item that starts with the person's full name (``"Nikhil Banerjee - measure ..."``);
2. ``said_in_conversation`` (inferred): on a turn line of theirs (:mod:`zehn.people.turns`) they promise to act
   ("I'll", "I can take", "will do", ...).

Only conversation documents count (chat and meeting sources: :data:`CONVERSATION_SOURCES`); a ticket's
assignment is open work, not a commitment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from extraction.identity import name_key
from traversal_policy.cited_lines import cited_lines
from traversal_policy.runner import Trace
from zehn.people import cypher
from zehn.people.model import Commitment, DocumentRef
from zehn.people.turns import is_commitment, line_bounds, speaker_of_line

CHAT_SOURCES = ("slack", "teams", "discord", "mattermost", "chat", "rocketchat", "zulip")
MEETING_SOURCES = ("fireflies", "zoom", "gong", "otter", "meet", "meeting", "transcript", "webex")
CONVERSATION_SOURCES = CHAT_SOURCES + MEETING_SOURCES
ACTION_KEYS = frozenset({"action_items", "action_item", "next_steps", "follow_ups", "followups", "todos"})
MAX_COMMITMENTS = 50


def _by(item: str, key: str) -> bool:
    """The item is assigned to the person: it starts with their full name, followed by a separator or a verb."""
    folded = name_key(item)
    return folded.startswith(key) and (len(folded) == len(key) or not folded[len(key)].isalnum())


def _from_document(doc: Mapping[str, Any], key: str) -> list[Commitment]:
    text = str(doc.get("text") or "")
    ref = DocumentRef(id=str(doc["id"]), title=doc.get("title"), source_type=doc.get("source_type"),
                      updated=doc.get("updated"))
    metadata = [e for e in doc.get("evidence") or [] if e.get("kind") == "metadata"]
    body_start = int(doc.get("body_start") or 0)
    found: list[Commitment] = []
    for line in cited_lines(ref.id, text[:body_start] if body_start else text, metadata):
        if line.key in ACTION_KEYS:
            found += [Commitment(kind="action_item", document=ref, text=line.text, start=line.start, end=line.end,
                                 item=value, evidence_id=line.evidence_id, grade="source_backed")
                      for value in line.values if _by(value, key)]
    for ev in sorted((e for e in doc.get("evidence") or [] if e.get("kind") != "metadata"),
                     key=lambda e: int(e["start"])):
        start, end = int(ev["start"]), int(ev["end"])
        if start < body_start:
            continue
        ls, le = line_bounds(text, start)
        speaker = speaker_of_line(text[ls:le])
        if speaker is not None and name_key(speaker) == key and is_commitment(text[start:end]):
            found.append(Commitment(kind="said_in_conversation", document=ref, text=text[start:end], start=start,
                                    end=end, evidence_id=str(ev["id"]), grade="inferred"))
    return found


def commitments(trace: Trace, person_name: str) -> list[Commitment]:
    """The person's commitments in conversation documents they took part in, newest document first."""
    key = name_key(person_name)
    docs = trace.rows("commitments", cypher.CONVERSATIONS, {"sources": list(CONVERSATION_SOURCES), "name_key": key})
    out: list[Commitment] = []
    for doc in docs:
        out += _from_document(doc, key)
    return out[:MAX_COMMITMENTS]
