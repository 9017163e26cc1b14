"""Deterministic mode: plan from the route, resolve entities first, run the named queries, draft extractively.

Entity resolution (before any traversal), per mention:

- ``Resolved`` -> the entity; ``NotInGraph`` -> stop with ``not_in_graph``; ``Unknown`` -> stop with
  ``unknown_entity`` when an entity intent is left without its entity (one; two for "does A depend on B");
  other unknown names (a general question, "PR" in "rate-engine PR 318") stay search words.
- ``Ambiguous`` (exact): candidates are cut to the type hint ("the Atlas team", "the customer Atlas"), then to those
  with any recorded relation when some have one. One left -> that entity; several -> stop with ``ambiguous``.
- ``Ambiguous`` (fuzzy, a similar name): never substituted. A candidate is kept only when every word of the mention
  is one of its words; none kept -> ``unknown_entity`` ("zorblax-gateway" is not "auth-gateway"); else ambiguous.

An entity intent whose query finds nothing walkable falls back to ``search_evidence`` under the answerability rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from spacy.language import Language

from traversal_policy import Ambiguous, EntityCandidate, NotInGraph, QueryFailed, Resolved, Unknown
from zehn.agent import answerability, compose
from zehn.agent.grading import PathView, grade_paths
from zehn.agent.intent import ENTITY_INTENTS, ROLES, Mention, Route
from zehn.agent.tools import ToolBox
from zehn.answers.model import Candidate

QUERIES = {"ownership": ["who_owns"], "role": ["entity_profile"], "dependencies": ["depends_on"],
           "dependents": ["dependents_of"], "impact": ["impact"], "dependency_check": ["depends_on"]}
DEPTH = {"dependencies": 1, "dependents": 1, "impact": 3, "dependency_check": 3}
SEARCH_K = 50  # evidence sentences and chunks are fused into one list; only sentences are citable
_WORDS = re.compile(r"[a-z0-9]+")


@dataclass
class Stop:
    status: str  # ambiguous | unknown_entity | not_in_graph | unavailable
    reason: str
    candidates: list[Candidate] = field(default_factory=list)


@dataclass
class Drafted:
    draft: str | None
    views: list[PathView]
    reason: str  # why there is no draft (when draft is None)


def planned_queries(route: Route) -> list[str]:
    base = QUERIES.get(route.intent, [])
    resolve = ["resolve_entity"] if route.mentions else []
    tail = ["evidence_for"] if base else []
    return [*resolve, *base, *tail, "search_evidence"] if base else [*resolve, "search_evidence"]


def _candidate(c: EntityCandidate) -> Candidate:
    return Candidate(entity_id=c.id, name=c.name, type=c.type, documents=c.doc_count, sources=list(c.sample_sources))


def _narrow(mention: Mention, found: tuple[EntityCandidate, ...], fuzzy: bool) -> list[EntityCandidate]:
    kept = list(found)
    if fuzzy:
        words = set(_WORDS.findall(mention.text.casefold()))
        kept = [c for c in kept if words <= set(_WORDS.findall(c.name.casefold()))]
    if mention.type_hint:
        typed = [c for c in kept if c.type in mention.type_hint]
        kept = typed or ([] if fuzzy else kept)
    related = [c for c in kept if c.relation_count > 0]
    return related or kept


def resolve(box: ToolBox, mention: Mention, strict: bool) -> EntityCandidate | Stop | None:
    """The entity a mention names, a Stop, or None (unknown: the caller decides).

    Not ``strict`` (a general question): a name whose candidates all lack relations is only a search word.
    """
    outcome = box.resolve(mention.text)
    if isinstance(outcome, QueryFailed):
        return Stop("unavailable", f"graph unavailable: {outcome.error}")
    if isinstance(outcome, Resolved):
        return outcome.entity
    if isinstance(outcome, NotInGraph):
        return Stop("not_in_graph", f"{outcome.entity.name} ({outcome.entity.type}) is mentioned in the documents, "
                                    "but no relation of it is recorded", [_candidate(outcome.entity)])
    if isinstance(outcome, Unknown):
        return None
    assert isinstance(outcome, Ambiguous)
    kept = _narrow(mention, outcome.candidates, outcome.match == "fuzzy")
    if len(kept) == 1 and outcome.match == "exact":
        return kept[0]
    if not kept or (not strict and not any(c.relation_count for c in kept)):
        return None
    return Stop("ambiguous", f"{mention.text!r} matches {len(kept)} entities; say which one you mean",
                [_candidate(c) for c in kept])


def run_plan(route: Route, question: str, box: ToolBox, nlp: Language,
             documents: Callable[[list[str]], dict[str, tuple[str, str]]]) -> Drafted | Stop:
    entities: list[EntityCandidate] = []
    unknown: list[str] = []
    resolved_mentions: list[Mention] = []
    for mention in route.mentions:
        # Strict only for what an entity question is about; a name elsewhere in it is context, a search word.
        strict = route.intent in ENTITY_INTENTS and route.is_subject(mention)
        resolved = resolve(box, mention, strict)
        if isinstance(resolved, Stop) and (strict or resolved.status == "unavailable"):
            return resolved
        if isinstance(resolved, Stop):
            # A general question: a name that is ambiguous or has no recorded relation is only a search word;
            # ambiguity stops a turn only when the question is about that entity (ownership, dependencies...).
            continue
        if resolved is None:
            if strict:
                unknown.append(mention.text)
            continue
        entities.append(resolved)
        resolved_mentions.append(mention)
    subjects = [e for m, e in zip(resolved_mentions, entities, strict=True) if route.is_subject(m)]
    needed = 2 if route.intent == "dependency_check" else 1
    if route.intent in ENTITY_INTENTS and len(subjects) < needed:
        missing = unknown[0] if unknown else (route.mentions[0].text if route.mentions else "?")
        return Stop("unknown_entity", f"no entity named {missing!r} is in the graph; similar names are not "
                                      "substituted")
    if route.intent in ENTITY_INTENTS and subjects:
        drafted = _walk(route, subjects, box, nlp)
        if isinstance(drafted, Stop) or drafted.draft is not None:
            return drafted
    return _search(question, box, nlp, documents, {
        m.text: e for m, e in zip(resolved_mentions, entities, strict=True)})


def _walk(route: Route, entities: list[EntityCandidate], box: ToolBox, nlp: Language) -> Drafted | Stop:
    anchor = entities[0]
    query = QUERIES[route.intent][0]
    args: dict[str, object] = {"entity_id": anchor.id}
    if route.intent in DEPTH:
        args["depth"] = DEPTH[route.intent]
    result = box.call(query, args)
    if isinstance(result.result, QueryFailed):
        return Stop("unavailable", f"graph unavailable: {result.result.error}")
    if box.failures:
        return Stop("unavailable", f"graph unavailable: {box.failures[0].error}")
    views = grade_paths(box.path_rows, box.edges, nlp)
    if route.intent == "dependency_check":
        if len(entities) < 2:
            return Drafted(None, views, "the second entity of the question is not in the graph")
        target = entities[1]
        views = [v for v in views if v.entity_id == target.id]
        return Drafted(compose.yes_no_draft(anchor.name, "DEPENDS_ON", target.name, views), views,
                       f"no recorded path from {anchor.name} to {target.name}")
    if route.intent == "role":
        role = route.slots.get("role", "").casefold()
        rel_type, answer_end = ROLES[role]
        # Keep edges of the asked kind whose answer end is the entity at the far end of the path.
        views = [v for v in views if v.hops and v.hops[0].rel_type == rel_type
                 and (v.hops[0].target if answer_end == "target" else v.hops[0].source) == v.entity_name]
        draft = compose.list_draft(f"The {role} of {anchor.name}, as the documents state it:", views, show_hops=False)
        return Drafted(draft, views, f"no {role} of {anchor.name} is recorded")
    lead = {"ownership": f"Who owns or maintains {anchor.name}, as the documents state it:",
            "dependencies": f"What {anchor.name} relies on, as the documents state it:",
            "dependents": f"What relies on {anchor.name}, as the documents state it:",
            "impact": f"What would be affected by a change to {anchor.name} (up to 3 hops), as the documents "
                      "state it:"}[route.intent]
    draft = compose.list_draft(lead, views, show_hops=route.intent == "impact")
    return Drafted(draft, views, f"nothing the documents state as fact for {anchor.name}")


def _search(question: str, box: ToolBox, nlp: Language, documents: Callable[[list[str]], dict[str, tuple[str, str]]],
            entities: dict[str, EntityCandidate]) -> Drafted | Stop:
    entity_docs: dict[str, set[str]] = {}
    for text, entity in entities.items():
        mentioning = box.call("documents_mentioning", {"entity_id": entity.id})
        if isinstance(mentioning.result, QueryFailed):
            return Stop("unavailable", f"graph unavailable: {mentioning.result.error}")
        entity_docs[text] = {str(r["document_id"]) for r in mentioning.payload.get("rows", [])}
    result = box.call("search_evidence", {"text": question, "k": SEARCH_K})
    if isinstance(result.result, QueryFailed):
        return Stop("unavailable", f"graph unavailable: {result.result.error}")
    items = [box.items[r["evidence_id"]] for r in result.payload.get("rows", []) if r.get("evidence_id") in box.items]
    docs = documents(sorted({i.document_id for i in items}))
    judged = answerability.judge(question, items, nlp, docs, entity_docs)
    if not judged.answerable:
        return Drafted(None, [], judged.reason)
    return Drafted(compose.sentences_draft("What the documents say:", list(judged.picked)), [], judged.reason)
