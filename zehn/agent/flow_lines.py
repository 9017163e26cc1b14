"""What a system calls and what calls it, read from the Upstream / Downstream lines of its own page (part of stage
4, bind).

Architecture pages and service catalogues state a system's neighbours by direction, not by verb: labelled lines
(``- Upstream: web-shop, mobile-api``, ``**Downstream:** ledger-db``) or the rows of a table whose first cells
say the direction (``| Downstream | ledger-db | gRPC | ... |``). Which side each entry is on is decided by the one
direction rule (:mod:`verify.directions`): a label's side noun ("Upstream dependencies", "Downstream consumers")
first; else, on a page that names both directions, requests flow downstream (downstream: what the system calls,
upstream: what calls it); a page naming one bare direction says nothing here.

1. **The page**: the best retrieved document whose title names the subject (:func:`components.names_document`).
2. **The lines**: the items of a list whose lead-in links them to the subject ("These services still call X:",
   :mod:`zehn.agent.lead_lists`), every direction-labelled line's values (split at commas and "and"; a value longer than
   :data:`MAX_NAME_WORDS` words is a clause, not a name) and every direction-led table row's first named cell.
3. **The side**: a question that names a direction ("the downstream dependencies of X") gets the lines of that
   direction; otherwise the dependency route gets the dependencies and the dependents route the dependents.

The answer cites the lines, ``inferred`` (``document_subject``): the page's subject is the other end.

4. **A check** ("does X depend on Y?"): ``yes`` when X's own page lists Y among its dependencies, by direction or
   under a dependencies heading (:func:`components.dependency_parts`); else nothing here (the sentences decide).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verify.directions import Side, direction, names_both, side
from zehn.agent.bound import Bound
from zehn.agent.components import Part, dependency_parts, listed, names_document
from zehn.agent.doc_lines import covering, lines
from zehn.agent.lead_lists import led_items
from zehn.agent.lemmas import words
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.routing import DEPENDENCY_RELS
from zehn.agent.similarity import Similarity
from zehn.agent.table_rows import cells, table_headers
from zehn.agent.text_index import TextIndex

MAX_NAME_WORDS = 4
_LABELLED = re.compile(r"^\s*(?:[-*+•]\s+)?[*_`]*(?P<label>(?:up|down)stream\b[\w ]{0,30}?)[*_`]*\s*:[*_`]*\s*"
                       r"(?P<value>\S.*)$", re.I)
_SPLIT = re.compile(r"\s*(?:,|;|\band\b)\s*")


@dataclass(frozen=True)
class Flow:
    label: tuple[str, ...]  # the label's words: "downstream" or "upstream", maybe a side noun after it
    part: Part

    @property
    def direction(self) -> str | None:
        return direction(self.label)


def sided(found: list[Flow]) -> list[tuple[Side | None, Flow]]:
    """Each entry with its side by the one rule (verify.directions): the page pairs the directions or not."""
    paired = names_both(f.direction for f in found)
    return [(side(f.label, paired), f) for f in found]


def _names(value: str) -> list[str]:
    out = []
    for piece in _SPLIT.split(value.rstrip(" .")):
        name = piece.strip(" *_`.")
        name = name[4:] if name.casefold().startswith("the ") else name
        if name and re.search(r"[A-Za-z]", name) and len(name.split()) <= MAX_NAME_WORDS:
            out.append(name)
    return out


def flows(doc_view: DocView, subject: str = "") -> list[Flow]:
    """The page's direction-labelled entries, in document order; with the subject, also the items of a list whose
    lead-in links them to it (:mod:`zehn.agent.lead_lists`)."""
    headers = table_headers(doc_view)
    out: list[Flow] = []
    for line in lines(doc_view):
        if line.is_heading:
            continue
        cited = covering(doc_view, line.start, line.end)
        if not cited:
            continue
        if line.start in headers:
            row = cells(line.text)
            at = next((i for i, c in enumerate(row) if _LABELLED.match(f"{c}: x")), None)
            if at is None:
                continue
            name = next((c for c in row[at + 1:] if re.search(r"[A-Za-z]", c) and
                         len(c.split()) <= MAX_NAME_WORDS), None)
            if name:
                out.append(Flow(tuple(words(row[at])), Part(name, cited[0])))
            continue
        said = _LABELLED.match(line.text)
        if said is not None:
            out += [Flow(tuple(words(said["label"])), Part(n, cited[0])) for n in _names(said["value"])]
    return out + [Flow((side,), part) for side, part in led_items(doc_view, subject)] if subject else out


def _own_pages(analysis: Analysis, views: Views, similarity: Similarity) -> list[DocView]:
    subject = analysis.subject
    if subject is None:
        return []
    return [d for d in views() if names_document(subject.text, d.info.title, similarity) or
            names_document(subject.name, d.info.title, similarity)]


def check_flow(analysis: Analysis, views: Views, similarity: Similarity) -> Bound | None:
    """``yes`` to "does X depend on Y" when X's own page lists Y among its dependencies; None otherwise."""
    if analysis.route != "yes_no" or analysis.rel_type not in DEPENDENCY_RELS or analysis.other is None:
        return None
    other = analysis.other.name
    for doc_view in _own_pages(analysis, views, similarity):
        listed_parts = [f.part for at, f in sided(flows(doc_view, analysis.subject.name if analysis.subject else ""))
                        if at == "dependency"]
        listed_parts += dependency_parts(doc_view)
        hit = [p for p in listed_parts if TextIndex(p.name).mentions(other) or TextIndex(other).mentions(p.name)]
        if hit:
            bound = listed(analysis, doc_view, hit[:1])
            return Bound(findings=bound.findings, document=bound.document, verdict="yes")
    return None


def bind_flow(analysis: Analysis, views: Views, similarity: Similarity) -> Bound | None:
    """The subject's dependencies or dependents as its own page lists them by direction; None when no page of the
    subject does."""
    if analysis.route not in ("dependency", "dependents") or analysis.rel_type not in (None, *DEPENDENCY_RELS):
        return None
    asked = direction(words(analysis.question))
    for doc_view in _own_pages(analysis, views, similarity):
        found = flows(doc_view, analysis.subject.name if analysis.subject else "")
        chosen = [f.part for at, f in sided(found) if (f.direction == asked if asked else at == analysis.route)]
        if chosen:
            return listed(analysis, doc_view, chosen)
    return None
