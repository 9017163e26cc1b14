"""Extractive drafting (deterministic mode): the claims are the evidence sentences themselves, each followed by its id.

Wording rules:

- A quoted sentence is cut where the citation gate would split sentences (after ``.``/``!``/``?`` + space); each
  piece is quoted on its own and followed by its id, so every gate sentence carries its citation and every quote is
  a verbatim slice of the sentence cited with it. Whitespace runs are collapsed (the gate compares that way).
- ``source_backed`` paths are listed as what the documents state. ``inferred`` paths are worded as hypotheses:
  "connected, not caused (inferred: <reason>)". ``insufficient`` paths (negated, hedged, unbound) are never listed
  as facts; only a yes/no question quotes them, labelled as what they are (see :func:`yes_no_draft`).
"""

from __future__ import annotations

import re

from verify.evidence_ids import quotable_parts
from zehn.agent.grading import PathView
from zehn.agent.tools import EvidenceItem

_SPLIT = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+")
_TRAIL = ".!?;:, "
_VERBS = {"OWNS": "owns", "MAINTAINS": "maintains", "DEPENDS_ON": "depends on", "USES": "uses",
          "CONSUMES": "consumes", "CALLS": "calls", "AFFECTS": "affects", "BLOCKS": "blocks", "LEADS": "leads",
          "MEMBER_OF": "is a member of", "PART_OF": "is part of"}


def verb(rel_type: str) -> str:
    return _VERBS.get(rel_type, rel_type.lower().replace("_", " "))


def _pieces(item: EvidenceItem) -> list[str]:
    """The sentence's quotable pieces. Anything shaped like an evidence id is quoted around, never through
    (``verify.evidence_ids.quotable_parts``): quoted verbatim it would read as a citation."""
    pieces = [raw.strip().rstrip(_TRAIL) for raw in _SPLIT.split(" ".join(item.text.split()))]
    return [part for piece in pieces if piece for part in quotable_parts(piece)]


def quotable(item: EvidenceItem) -> bool:
    return bool(_pieces(item))


def quote(item: EvidenceItem) -> str:
    """The evidence sentence as quoted pieces, each followed by its id: ``“piece” [ev_…].``"""
    out: list[str] = []
    for piece in _pieces(item):
        if "”" not in piece and "“" not in piece:
            out.append(f"“{piece}” [{item.id}].")
        elif '"' not in piece:
            out.append(f'"{piece}" [{item.id}].')
        else:
            out.append(f"{piece} [{item.id}].")
    return " ".join(out) or f"[{item.id}]."


def _path_quotes(view: PathView) -> str:
    seen: list[str] = []
    parts: list[str] = []
    for item in view.items:
        if item is not None and item.id not in seen:
            seen.append(item.id)
            parts.append(quote(item))
    return " ".join(parts)


def path_line(view: PathView, *, show_hops: bool) -> str | None:
    """One list line for a path, or None when it must not be shown (insufficient)."""
    if view.graded.grade == "insufficient" or any(i is None or not quotable(i) for i in view.items):
        return None
    hops = len(view.hops)
    via = f", through {', '.join(view.names[1:-1])}" if hops > 1 else ""
    where = f" ({hops} hop{'s' if hops > 1 else ''}{via})" if show_hops else ""
    if view.graded.grade == "source_backed":
        return f"- {view.entity_name}{where}: {_path_quotes(view)}"
    reasons = sorted({r for h in view.hops if h.grade == "inferred" for r in h.reasons if ":" not in r})
    why = f": {', '.join(reasons)}" if reasons else ""
    return f"- {view.entity_name}{where}: connected, not caused (inferred{why}): {_path_quotes(view)}"


def list_draft(lead: str, views: list[PathView], *, show_hops: bool) -> str | None:
    lines = [line for line in (path_line(v, show_hops=show_hops) for v in views) if line]
    if not lines:
        return None
    return "\n".join([lead, *lines])


def yes_no_draft(subject: str, rel_type: str, obj: str, views: list[PathView]) -> str | None:
    """Answer "does A <rel> B?" by quoting: stated (yes), inferred (hypothesis), or negated/hedged (not asserted)."""
    listed = list_draft(f"What the documents state about {subject} and {obj}:",
                        [v for v in views if v.graded.grade != "insufficient"], show_hops=True)
    if listed:
        return listed
    lines: list[str] = []
    for view in views:
        for hop, item in zip(view.hops, view.items, strict=True):
            if item is None or hop.grade != "insufficient":
                continue
            if "negated" in hop.reasons:
                lines.append(f"- No source states that {subject} {verb(rel_type)} {obj}; the documents say the "
                             f"opposite: {quote(item)}")
            elif "hypothetical" in hop.reasons:
                lines.append(f"- Unconfirmed, the source only hedges: {quote(item)}")
    if not lines:
        return None
    return "\n".join([f"Whether {subject} {verb(rel_type)} {obj} (not asserted as fact):", *dict.fromkeys(lines)])


def sentences_draft(lead: str, items: list[EvidenceItem]) -> str | None:
    items = [i for i in items if quotable(i)]
    if not items:
        return None
    return "\n".join([lead, *(f"- In {i.document_id}: {quote(i)}" for i in items)])
