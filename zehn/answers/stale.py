"""Stale answers: a stored answer cites exact evidence versions; when a later ingest closed one of them, the answer
may no longer hold. Computed when an answer is read, from the graph as it is, so no ingest has to find and update
answers (and a crash between an ingest and such an update cannot leave one unmarked).

A closed cited sentence is followed along ``SUPERSEDES`` to the sentence that is current now:

- the same text (an edit elsewhere moved it): still true, not stale;
- other text: ``changed`` (old sentence, new sentence and a word diff);
- none (removed, or its document deleted or purged): ``removed``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from difflib import SequenceMatcher
from typing import Any

from zehn.answers.model import DiffPart, StaleReason

_TOKENS = re.compile(r"\s+|[^\s]+")


def word_diff(old: str, new: str) -> list[DiffPart]:
    """Parts that rebuild ``old`` (equal + removed) and ``new`` (equal + added), each a verbatim piece."""
    a, b = _TOKENS.findall(old), _TOKENS.findall(new)
    parts: list[DiffPart] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            parts.append(DiffPart(op="equal", text="".join(a[i1:i2])))
            continue
        if i2 > i1:
            parts.append(DiffPart(op="removed", text="".join(a[i1:i2])))
        if j2 > j1:
            parts.append(DiffPart(op="added", text="".join(b[j1:j2])))
    return parts


def stale_reason(cited_id: str, quoted: str, row: Mapping[str, Any] | None) -> StaleReason | None:
    """``row``: the cited evidence as the graph has it now (``exists``, ``valid_to``, ``text``, ``document_id``,
    ``current_id``, ``current_text``); None when the evidence is gone. None returned: the citation still holds."""
    if row is None or not row.get("exists"):
        return StaleReason(evidence_id=cited_id, change="removed", old_text=quoted,
                           diff=[DiffPart(op="removed", text=quoted)])
    if row.get("valid_to") is None:
        return None
    old = str(row.get("text") or quoted)
    new = row.get("current_text")
    if new is not None and new == old:
        return None
    document_id = row.get("document_id")
    closed_at = row.get("valid_to")
    if new is None:
        return StaleReason(evidence_id=cited_id, document_id=document_id, change="removed", old_text=old,
                           closed_at=closed_at, diff=[DiffPart(op="removed", text=old)])
    return StaleReason(evidence_id=cited_id, document_id=document_id, change="changed", old_text=old,
                       new_text=str(new), new_evidence_id=row.get("current_id"), closed_at=closed_at,
                       diff=word_diff(old, str(new)))
