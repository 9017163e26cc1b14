"""A change review as Markdown for a PR comment: every line cites what it rests on.

Lines about the graph cite evidence ids with their verbatim sentences (never an extracted ``fact``); lines about
the change quote the change itself; lines about the policy name it and its hash. Quotes are escaped for Markdown,
so the rendered comment shows the exact characters of the source.
"""

from __future__ import annotations

import re

from zehn.review.model import ChangeReview, Quote

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")  # what could start emphasis, code, a link, HTML or a table cell
MAX_QUOTES_PER_LINE = 2


def escape(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _cite(review: ChangeReview, ids: list[str]) -> str:
    shown: list[str] = []
    for ev_id in ids[:MAX_QUOTES_PER_LINE]:
        quote: Quote | None = review.evidence.get(ev_id)
        if quote is None:
            shown.append(f"`{ev_id}`")
            continue
        where = escape(quote.document_title or quote.document_id)
        said = f", {escape(quote.source.label)}" if quote.source and quote.source.kind == "conversation" else ""
        shown.append(f"`{ev_id}` “{escape(quote.text)}” — {where}{said}")
    more = f" (+{len(ids) - MAX_QUOTES_PER_LINE} more)" if len(ids) > MAX_QUOTES_PER_LINE else ""
    return "; ".join(shown) + more if shown else "no sentence recorded"


def render(review: ChangeReview, permalink: str | None = None) -> str:
    names = {m.entity_id: m.name for m in review.matches} | {a.entity_id: a.name or a.entity_id
                                                            for a in review.affected}
    lines = [f"### ZEHN change review: {escape(review.input.title)}", ""]
    meta = [f"as of {review.as_of or 'now'}", f"depth {review.depth}",
            f"policy `{review.policy.name}` (`{review.policy.hash[:12]}`)"]
    if permalink:
        meta.append(f"[permalink]({permalink})")
    lines += ["_" + " · ".join(meta) + "_", "", "**What the change touches**", ""]
    for m in review.matches:
        where = f" in `{m.where}`" if m.where else ""
        via = f"; {_cite(review, m.via_evidence)}" if m.via_evidence else ""
        lines.append(f"- **{escape(m.name)}** ({m.type}) — {m.kind}: “{escape(m.surface)}”{where}{via}")
    if not review.matches:
        lines.append("- nothing in the change matches an entity of the graph")
    lines += ["", "**Affected systems** (fewest hops first)", ""]
    lines += _affected(review, names) + _owners(review, names) + _reread(review)
    lines += ["", "**What this review cannot tell**", ""]
    for g in review.gaps:
        subjects = ", ".join(f"“{escape(s)}”" for s in g.subjects[:8])
        lines.append(f"- {escape(g.message)}" + (f": {subjects}" if subjects else ""))
    if not review.gaps:
        lines.append("- nothing it knows of")
    return "\n".join(lines) + "\n"


def _affected(review: ChangeReview, names: dict[str, str]) -> list[str]:
    """The affected systems, fewest hops first, each with the sentences of its shortest path."""
    lines: list[str] = []
    for a in review.affected:
        path = min(a.paths, key=lambda p: len(p.hops), default=None)
        ids = [i for hop in path.hops for i in hop.evidence_ids] if path is not None else []
        grade = a.grade.replace("_", "-") if a.grade else "not graded"
        via = ", ".join(escape(names.get(f, f)) for f in a.reached_from)
        lines.append(f"- {a.hops} hop{'s' if a.hops > 1 else ''} · **{escape(a.name or a.entity_id)}** — from "
                     f"{via}, {grade}: {_cite(review, ids)}")
    if not review.affected:
        lines.append("- the graph records nothing downstream of what the change touches")
    return lines


def _owners(review: ChangeReview, names: dict[str, str]) -> list[str]:
    """The owners and on-call lines of the touched and affected systems (no heading when there are none)."""
    lines: list[str] = []
    if review.owners or review.on_call:
        lines += ["", "**Owners and on-call**", ""]
    for o in review.owners:
        lines.append(f"- {escape(names.get(o.entity_id, o.entity_id))}: **{escape(o.owner_name or o.owner_id)}** "
                     f"({o.rel_type}) — {_cite(review, o.evidence_ids)}")
    for c in review.on_call:
        lines.append(f"- {escape(names.get(c.entity_id, c.entity_id))} on-call — {_cite(review, [c.evidence_id])}")
    return lines


def _reread(review: ChangeReview) -> list[str]:
    """The documents worth re-reading, with the first sentence each is cited for."""
    lines: list[str] = []
    cited_docs = [d for d in review.documents if d.evidence_ids][:10]  # a line without a sentence is left out
    if cited_docs:
        lines += ["", "**Re-read**", ""]
    for d in cited_docs:
        why = f" — {escape(d.reasons[0])}" if d.reasons else ""
        title = escape(d.title or d.document_id)
        lines.append(f"- {title} (`{d.document_id}`){why} — {_cite(review, d.evidence_ids[:1])}")
    return lines
