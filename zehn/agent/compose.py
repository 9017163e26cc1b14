"""Stage 5, compose: word the bound answer as Markdown whose every claim is a verbatim quote followed by its id.

Wording rules:

- A quoted sentence is cut where the citation gate would split sentences (after ``.``/``!``/``?`` + space); each
  piece is quoted on its own and followed by its id, so every gate sentence carries its citation and every quote is
  a verbatim slice of the sentence cited with it. Whitespace runs are collapsed (the gate compares that way). A
  piece holding anything shaped like an evidence id is left out.
- **Yes/no** answers start ``Yes —``, ``No —`` or ``Not established —``, then the cited sentence; a negated or
  hedged sentence never becomes "Yes". The lines its finding read with that sentence (its grounds) follow.
- **Findings** (passage answers): one block per ask, headed by what was asked and the section it was read from,
  then the quoted sentences. Asks nothing established are named under a "Not established" heading, apart from
  those a quoted line-mate names (completion.py), which are named as not read as answered.
- **Paths**: ``source_backed`` paths are listed as what the documents state; ``inferred`` ones as
  "connected, relation not stated (inferred: ...)" when a hop's sentence does not state its relation (co-occurrence,
  another predicate ...) or the relation has no verb to word it by, else as that relation stated as a hypothesis
  ("hypothesis: A depends on B (inferred: ...)", "hypothesis: A owns B"); a hop bound at question time says so;
  ``insufficient`` paths are never listed as facts.
"""

from __future__ import annotations

import re

from verify.evidence_ids import quotable_parts
from zehn.agent.bound import Bound, Finding, PathView
from zehn.agent.question import Analysis, Ask
from zehn.agent.routing import DEPENDENCY_RELS, IMPACT_RELS
from zehn.agent.rows import Sentence

_SPLIT = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+")
_TRAIL = ".!?;:, "
_VERBS = {"OWNS": "owns", "MAINTAINS": "maintains", "DEPENDS_ON": "depends on", "USES": "uses",
          "CONSUMES": "consumes", "CALLS": "calls", "AFFECTS": "affects", "BLOCKS": "blocks", "LEADS": "leads",
          "MEMBER_OF": "is a member of", "PART_OF": "is part of"}
# Reasons for an inferred grade that say the sentence does not state the asked relation at all.
NOT_STATED = ("cooccurrence_only", "clause_boundary", "different_predicate", "direction_reversed")
# Relations an inferred hop may be worded as (a hypothesis), when its sentence does state them: those with a verb.
_HYPOTHESES = frozenset(_VERBS) | DEPENDENCY_RELS | IMPACT_RELS
CONNECTED = "connected, relation not stated"
LEADS = {"ownership": "Who owns or maintains {x}, as the documents state it:",
         "participation": "Who did it, as the documents state it ({x}):",
         "dependency": "What {x} relies on, as the documents state it:",
         "dependents": "What relies on {x}, as the documents state it:",
         "impact": "What would be affected by a change to {x}, as the documents state it:"}


def verb(rel_type: str) -> str:
    return _VERBS.get(rel_type, rel_type.lower().replace("_", " "))


def _pieces(item: Sentence) -> list[str]:
    """The sentence's quotable pieces. Anything shaped like an evidence id is quoted around, never through
    (``verify.evidence_ids.quotable_parts``): quoted verbatim it would read as a citation."""
    pieces = [raw.strip().rstrip(_TRAIL) for raw in _SPLIT.split(" ".join(item.text.split()))]
    return [part for piece in pieces if piece for part in quotable_parts(piece)]


def quotable(item: Sentence) -> bool:
    return bool(_pieces(item))


def quote(item: Sentence) -> str:
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
    seen: dict[str, str] = {}
    for item in view.items:
        if item is not None and item.id not in seen:
            seen[item.id] = quote(item)
    return " ".join(seen.values())


def path_line(view: PathView, *, show_hops: bool) -> str | None:
    """One list line for a path, or None when it must not be shown (insufficient)."""
    if view.graded.grade == "insufficient" or any(i is None or not quotable(i) for i in view.items):
        return None
    hops = len(view.hops)
    via = f", through {', '.join(view.names[1:-1])}" if hops > 1 else ""
    where = f" ({hops} hop{'s' if hops > 1 else ''}{via})" if show_hops else ""
    late = " (read at question time)" if any(h.read_at == "question" for h in view.hops) else ""
    if view.graded.grade == "source_backed":
        return f"- {view.entity_name}{where}{late}: {_path_quotes(view)}"
    reasons = sorted({r for h in view.hops if h.grade == "inferred" for r in h.reasons if ":" not in r})
    why = f": {', '.join(reasons)}" if reasons else ""
    return f"- {view.entity_name}{where}{late}: {_reading(view)} (inferred{why}): {_path_quotes(view)}"


def _reading(view: PathView) -> str:
    """How an inferred path is worded: the relation each hop states, as a hypothesis, when every inferred hop's
    sentence states its relation and every relation has a verb; else only that its ends are connected ("caused" is
    not the word: most of these relations are not causal)."""
    inferred = [h for h in view.hops if h.grade == "inferred"]
    if any(r.startswith(NOT_STATED) for h in inferred for r in h.reasons) or any(
            h.rel_type not in _HYPOTHESES for h in view.hops):
        return CONNECTED
    return "hypothesis: " + "; ".join(f"{h.source} {verb(h.rel_type)} {h.target}" for h in view.hops)


def _finding(finding: Finding, title: str) -> list[str]:
    asked = finding.ask.focus or finding.ask.text.rstrip("?")
    section = finding.heading.rsplit(" > ", 1)[-1]
    where = f"“{section}” in {title}" if section and section != title else title
    lines = [f"**{asked[:1].upper()}{asked[1:]}** — from {where}:"]
    lines += [f"- {quote(s)}" for s in finding.answer if quotable(s)]
    context = [f"- {quote(s)}" for s in finding.context if quotable(s)]
    return [*lines, "In context, the same section says:", *context] if context else lines


def _asked(ask: Ask) -> str:
    return ask.focus or ask.text.rstrip("?")


def _grounds(bound: Bound, first: Sentence) -> list[str]:
    """The lines a yes/no verdict's finding read with the sentence that decides it (its extent: the rest of its
    block, the section's lines holding the ask's terms, within the word budget), as quoted list lines. The
    deciding sentence says yes or no; the grounds for it ("nothing changes until a caller asks for it", "picked up
    on another host from the saved state") are what a reader asked "will X ...?" needs next, as a passage answer cites
    them for a wh-question."""
    finding = next((f for f in bound.findings if f.bound.id == first.id), None)
    if finding is None:  # the verdict came from a graph path: its hop sentences are all it has
        return []
    return [f"- {quote(s)}" for s in finding.sentences if s.id != first.id and quotable(s)]


def _yes_no(bound: Bound) -> str | None:
    evidence = [i for v in bound.paths for i in v.items if i is not None and quotable(i)]
    evidence += [f.bound for f in bound.findings if quotable(f.bound)]
    if not evidence:
        return None
    first = quote(evidence[0])
    grounds = _grounds(bound, evidence[0])
    more = "\n".join(["", "", "The same passage goes on:", *grounds]) if grounds else ""
    if bound.verdict == "yes":
        return f"Yes — {first}{more}"
    if bound.verdict == "no":
        return f"No — the documents state the opposite: {first}{more}"
    return f"Not established — the documents do not state it as fact: {first}{more}"


def draft(analysis: Analysis, bound: Bound) -> str | None:
    """The draft text, or None when there is nothing to say (the gate then abstains)."""
    if analysis.route == "yes_no":
        return _yes_no(bound)
    lines: list[str] = []
    shown = [line for line in (path_line(v, show_hops=analysis.route == "impact") for v in bound.paths) if line]
    if shown and not bound.findings:
        subject = analysis.subject.name if analysis.subject else "it"
        lines += [LEADS.get(analysis.route, "What the documents state ({x}):").format(x=subject), *shown]
    title = bound.document.title if bound.document else ""
    for finding in bound.findings:
        own = finding.document.title or finding.document.id if finding.document else title
        lines += _finding(finding, own or finding.sentences[0].document_id)
    if bound.findings and shown:
        lines += ["", "Graded at question time:", *shown]
    if bound.setting:
        lines += ["", "The situation the question describes, as the document states it:",
                  *(f"- {quote(s)}" for s in bound.setting if quotable(s))]
    if bound.detail:
        lines += ["", "Elsewhere, the same document adds:", *(f"- {quote(s)}" for s in bound.detail if quotable(s))]
    if not lines:
        return None
    unnamed = [a for a in bound.missing if a not in bound.named]
    if unnamed:
        lines += ["", "#### Not established by the documents: " + "; ".join(_asked(a) for a in unnamed)]
    if bound.named:  # a quoted line may state it: saying the documents lack it would be wrong, and so would an answer
        lines += ["", "#### Not read as answered (a line quoted above names it; check it there): " + "; ".join(
            _asked(a) for a in bound.named)]
    return "\n".join(lines)
