"""Two action items asked at once: "who was given the cache cleanup and the quota review" (part of stage 4, bind).

:func:`zehn.agent.action_items.bind_action` picks the one item whose words hold at least half of the asked terms;
asked for two items joined by "and", no single item holds half of both. English coordinates the objects of one act,
so each conjunct names an item of its own: each is bound with the question's terms less the other conjunct's, and
the answer holds every owner found, when each conjunct found its item (one that finds none leaves the whole
question to the single-item reader, which declines or answers as before).
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Doc, Token

from verify.parsing import Parse
from zehn.agent.action_items import bind_action
from zehn.agent.bound import Bound
from zehn.agent.lemmas import content_terms
from zehn.agent.question import Analysis
from zehn.agent.retrieve import Views
from zehn.agent.similarity import Similarity

_OBJECTS = frozenset({"dobj", "nsubjpass", "pobj", "attr"})


def bind_actions(analysis: Analysis, views: Views, similarity: Similarity, nlp: Parse) -> Bound | None:
    """The owners of each coordinated item the question names, else :func:`bind_action` on the whole question."""
    parts = conjuncts(analysis.parse) if analysis.parse is not None else []
    if len(parts) == 2:
        bound = [bind_action(_only(analysis, own, other), views, similarity, nlp)
                 for own, other in (parts, parts[::-1])]
        if all(b is not None and b.paths for b in bound):
            found = [b for b in bound if b is not None]
            paths = [p for b in found for p in b.paths]
            kept = tuple(p for n, p in enumerate(paths) if p not in paths[:n])  # both found the same item: once
            return Bound(paths=kept, document=found[0].document)
    return bind_action(analysis, views, similarity, nlp)


def conjuncts(doc: Doc) -> list[tuple[str, ...]]:
    """The content terms of two noun phrases joined by "and" as the object of the question's first verb ("assigned
    *the cache cleanup* and *the quota review*"); [] when there are none."""
    for token in doc:
        head = token.head
        if token.dep_ != "conj" or not _noun(token) or not _noun(head) or head.dep_ not in _OBJECTS:
            continue
        if not any(c.dep_ == "cc" and c.lower_ == "and" for c in head.children):
            continue
        second = {t.i for t in token.subtree}
        first = [t for t in head.subtree if t.i not in second and t.dep_ != "cc" and not t.is_punct]
        own, other = content_terms(first), content_terms(t for t in token.subtree)
        if own and other:
            return [own, other]
    return []


def _noun(token: Token) -> bool:
    return token.pos_ in ("NOUN", "PROPN") or token.tag_.startswith("NN")


def _only(analysis: Analysis, own: tuple[str, ...], other: tuple[str, ...]) -> Analysis:
    """The question as if it named only the conjunct with ``own`` terms."""
    dropped = set(other) - set(own)
    return replace(analysis, terms=tuple(t for t in analysis.terms if t not in dropped))
