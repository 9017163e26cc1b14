"""How near each passage of a document is to an ask (for :mod:`zehn.agent.bind_passages`).

A passage scores by its vector nearness to the ask (and, less, to the whole question), by the section role its
own heading names for the asked kind ("Root cause" for a cause; "Baseline scopes" for a list of named things such
as "which scopes", :mod:`zehn.agent.named_items`) and by the share of the ask's terms it holds, with the document's
title read as part of every section. A conversation's opening message counts toward the coverage that admits a
later turn, not toward its rank (:mod:`zehn.agent.thread_scene`).
"""

from __future__ import annotations

import re

from extraction.verb_reader import PARTICLES  # a heading names a phrasal act by its one-word noun ("rollback")
from zehn.agent.focus import FOCUS_ROLES, heading_words, roles_for, roles_of
from zehn.agent.lemmas import LIGHT_VERBS, words
from zehn.agent.named_items import asks_named_items
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, own_heading
from zehn.agent.sentence_binding import Scored, core_terms, cover
from zehn.agent.similarity import Similarity
from zehn.agent.templates import guide_heading
from zehn.agent.thread_scene import scene

ROLE_WEIGHT = 0.3
LEXICAL_WEIGHT = 0.3
QUESTION_WEIGHT = 0.5


def passage_roles(passage: DocPassage, title: str) -> dict[str, float]:
    """The section roles a passage's own heading names. The front matter and the text under the document's title
    name none: a title says what the document is about ("X causes Y", "... resolved by Z"), not which part of it
    states the cause or the fix; nor does a heading that says what to write there (:mod:`zehn.agent.templates`)."""
    last = own_heading(passage.heading).strip().casefold()
    if passage.kind == "metadata" or last == title.strip().casefold() or guide_heading(passage.heading):
        return {}
    return roles_of(passage.heading)


def score_passages(view: DocView, ask: Ask, slot: int, similarity: Similarity,
                   context: tuple[str, ...]) -> list[Scored]:
    """Every passage of the document scored for the ask, best first: its vector nearness to the ask and to the
    question, the section role its heading names, and the share of the ask's terms it holds."""
    roles = roles_for(ask.answer_type, ask.focus_head, ask.predicate, ask.needed)
    terms = core_terms(ask, context)
    names = tuple(n for n in ask.names if n not in context)
    document = cover(terms, names, view.words, similarity)
    scored = []
    title = words(view.info.title or "")  # every section is about what the title names ("Capacity plan: X")
    kinded = asks_named_items(ask)  # "which scopes": a section headed "Baseline scopes" ranks as a role section
    setting = scene(view)  # a conversation's opening message: considered with every later turn, not ranked by
    acted = _act_sections(view, ask, roles)
    for p in view.passages:
        own, held = cover(terms, names, [*words(p.text), *title], similarity)
        coverage, held = cover(terms, names, [*words(p.text), *title, *setting.of(p)], similarity) \
            if setting.of(p) else (own, held)
        named = passage_roles(p, view.info.title)
        role = max((named.get(r, 0.0) for r in roles), default=0.0)
        if acted:  # "steps to roll back X": the rollback plan's section holds them, not the upgrade steps'
            role = 1.0 if p.id in acted else min(role, 0.5)
        ask_sim = 1.0 - p.distances[slot] if len(p.distances) > slot else 0.0
        q_sim = 1.0 - p.distances[0] if p.distances else 0.0
        kind = float(kinded and bool(similarity.matches((ask.focus_head,), words(own_heading(p.heading)))))
        score = ask_sim + QUESTION_WEIGHT * q_sim + ROLE_WEIGHT * max(role, kind) + LEXICAL_WEIGHT * own
        scored.append(Scored(p, score, role, coverage, held, document))
    return sorted(scored, key=lambda s: (-s.score, s.passage.start))


def _act_sections(view: DocView, ask: Ask, roles: frozenset[str]) -> frozenset[str]:
    """The sections whose heading names the asked act and (at least as often holding it) the asked role
    ("rollback_plan" for "the steps to roll back X"). Not the title's: it names what the whole document is about
    ("ADR: Publish events through a queue" for "the consequences of publishing events through a queue")."""
    act = section_act(ask)
    if not act:
        return frozenset()
    return frozenset(p.id for p in view.passages if names_act(act, p) and max(
        (passage_roles(p, view.info.title).get(r, 0.0) for r in roles), default=0.0) >= 0.5)


def section_act(ask: Ask) -> tuple[str, ...]:
    """The act whose section an ask for a kind of section names ("the *steps* to *roll back* X", "*rollback*
    steps"): the verb joined to its particle as the act's noun ("rollback"), and the focus's other words, when the
    focus head points at a section role ("steps", "checklist"). Empty for other asks: their section is found by
    its role alone."""
    if ask.focus_head not in FOCUS_ROLES:
        return ()
    verbs = {ask.predicate} - LIGHT_VERBS
    for term in ask.core or ask.terms:  # "the checklist used to *cut over* X": the act's verb need not be the main one
        stem = re.escape(term[:-1] if term.endswith("e") else term)
        if joined := re.search(rf"\b{stem}\w*\s+({'|'.join(sorted(PARTICLES))})\b", ask.text, re.IGNORECASE):
            verbs = (verbs - {term}) | {term + joined.group(1).casefold()}  # "roll back" -> "rollback"
    act = {*ask.focus_terms, *verbs} - frozenset(FOCUS_ROLES)
    return tuple(sorted(a for a in act if a))


def names_act(act: tuple[str, ...], passage: DocPassage) -> bool:
    """The passage's own heading names the act by its word ("rollback_plan" for "roll back", "Failover plan")."""
    return passage.kind == "section" and bool(set(act) & heading_words(passage.heading))
