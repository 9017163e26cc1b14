"""A document's front-matter lines with their citation: the exact range, and the Evidence row when there is one.

The people queries read fields the ingest does not turn into relations (a work item's ``status``, a document's
``authors`` and ``participants``, a meeting's ``action_items``). They read them from the stored document text with
the ingest's own front-matter parser, so offsets agree with every other citation: ``text[start:end]`` of the
document is the line. ``evidence_id`` is the ingest's Evidence row for exactly that range, when it kept one (it
keeps none for lines under three words, e.g. ``"status": "Done"``); the range is cited either way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from extraction.frontmatter import parse_front_matter


@dataclass(frozen=True)
class CitedLine:
    document_id: str
    key: str
    values: tuple[str, ...]
    start: int
    end: int
    text: str
    evidence_id: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"document_id": self.document_id, "key": self.key, "values": list(self.values), "start": self.start,
                "end": self.end, "text": self.text, "evidence_id": self.evidence_id}


def cited_lines(document_id: str, front_matter: str, evidence: Iterable[Mapping[str, Any]]) -> list[CitedLine]:
    """Every front-matter line of ``front_matter`` (a prefix of the document's text) with its citation.

    ``evidence`` holds the document's metadata Evidence rows as ``{id, start, end}``.
    """
    parsed = parse_front_matter(front_matter, document_id)
    if parsed is None:
        return []
    by_range = {(int(e["start"]), int(e["end"])): str(e["id"]) for e in evidence if e.get("id")}
    return [CitedLine(document_id, line.key.casefold(), line.values, line.start, line.end,
                      front_matter[line.start:line.end], by_range.get((line.start, line.end)))
            for line in parsed.lines]


def lines_with_key(lines: Iterable[CitedLine], keys: Iterable[str]) -> list[CitedLine]:
    wanted = {k.casefold() for k in keys}
    return [line for line in lines if line.key in wanted]
