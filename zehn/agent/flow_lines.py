"""What a system calls and what calls it, read from the Upstream / Downstream lines of its own page (part of stage
4, bind).

Architecture pages and service catalogues state a system's neighbours by direction, not by verb: labelled lines
(``- Upstream: web-shop, mobile-api``, ``**Downstream:** ledger-db``) or the rows of a table whose first cells
say the direction (``| Downstream | ledger-db | gRPC | ... |``). Requests flow downstream: when a page names
both directions, what it lists downstream is what the system calls (its dependencies) and what it lists upstream
calls it (its dependents). A label that also names its side with a noun ("Upstream dependencies", "Downstream
consumers") is read by that noun instead, whatever the convention of the page.

1. **The page**: the best retrieved document whose title names the subject (:func:`components.names_document`).
2. **The lines**: every direction-labelled line's values (split at commas and "and"; a value longer than
   :data:`MAX_NAME_WORDS` words is a clause, not a name) and every direction-led table row's first named cell.
3. **The side**: a question that names a direction ("the downstream dependencies of X") gets the lines of that
   direction; otherwise the dependency route gets the dependencies and the dependents route the dependents.
   A page that names one direction only, with no side noun, says nothing here (the convention is unknown).

The answer cites the lines, ``inferred`` (``document_subject``): the page's subject is the other end.

4. **A check** ("does X depend on Y?"): ``yes`` when X's own page lists Y among its dependencies, by direction or
   under a dependencies heading (:func:`components.parts`); else nothing here (the sentences decide).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zehn.agent.bound import Bound
from zehn.agent.components import DEPENDENCY_WORDS, OTHER_DIRECTION, Part, listed, names_document, parts
from zehn.agent.doc_lines import covering, lines
from zehn.agent.lemmas import words
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.routing import DEPENDENCY_RELS
from zehn.agent.similarity import Similarity
from zehn.agent.table_rows import cells, table_headers
from zehn.agent.text_index import TextIndex

DIRECTIONS = {"downstream": "dependency", "upstream": "dependents"}  # requests flow downstream
MAX_NAME_WORDS = 4
_LABELLED = re.compile(r"^\s*(?:[-*+•]\s+)?[*_`]*(?P<label>(?:up|down)stream\b[\w ]{0,30}?)[*_`]*\s*:[*_`]*\s*"
                       r"(?P<value>\S.*)$", re.I)
_SPLIT = re.compile(r"\s*(?:,|;|\band\b)\s*")


@dataclass(frozen=True)
class Flow:
    direction: str  # "upstream" / "downstream", as the page writes it
    side: str  # "dependency" / "dependents": what the entry is of the page's subject
    named_side: bool  # the label names its side with a noun ("Downstream consumers")
    part: Part


def _side(label: str) -> tuple[str, str, bool]:
    said = words(label)
    direction = said[0]
    rest = set(said[1:])
    if rest & DEPENDENCY_WORDS:
        return direction, "dependency", True
    if rest & OTHER_DIRECTION:
        return direction, "dependents", True
    return direction, DIRECTIONS[direction], False


def _names(value: str) -> list[str]:
    out = []
    for piece in _SPLIT.split(value.rstrip(" .")):
        name = piece.strip(" *_`.")
        name = name[4:] if name.casefold().startswith("the ") else name
        if name and re.search(r"[A-Za-z]", name) and len(name.split()) <= MAX_NAME_WORDS:
            out.append(name)
    return out


def flows(doc_view: DocView) -> list[Flow]:
    """The page's direction-labelled entries, in document order."""
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
                out.append(Flow(*_side(row[at]), Part(name, cited[0])))
            continue
        said = _LABELLED.match(line.text)
        if said is not None:
            out += [Flow(*_side(said["label"]), Part(n, cited[0])) for n in _names(said["value"])]
    return out


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
        found = flows(doc_view)
        paired = {f.direction for f in found} == set(DIRECTIONS)
        listed_parts = [f.part for f in found if f.side == "dependency" and (paired or f.named_side)]
        listed_parts += parts(doc_view, "", DEPENDENCY_WORDS)
        hit = [p for p in listed_parts if TextIndex(p.name).mentions(other) or TextIndex(other).mentions(p.name)]
        if hit:
            bound = listed(analysis, doc_view, hit[:1])
            return Bound(findings=bound.findings, document=bound.document, verdict="yes")
    return None


def bind_flow(analysis: Analysis, views: Views, similarity: Similarity) -> Bound | None:
    """The subject's dependencies or dependents as its own page lists them by direction; None when no page of the
    subject does."""
    if analysis.route not in DIRECTIONS.values() or analysis.rel_type not in (None, *DEPENDENCY_RELS):
        return None
    asked = next((d for d in DIRECTIONS if d in words(analysis.question)), None)
    for doc_view in _own_pages(analysis, views, similarity):
        found = flows(doc_view)
        if not found:
            continue
        paired = {f.direction for f in found} == set(DIRECTIONS)
        chosen = [f.part for f in found if (f.direction == asked if asked else
                                            f.side == analysis.route and (paired or f.named_side))]
        if chosen:
            return listed(analysis, doc_view, chosen)
    return None
