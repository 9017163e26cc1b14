"""Stage 1, analyse: parse the question once (spaCy) and read what it asks. No rule names a question's wording.

1. **Asks.** Every interrogative wh-word (what, which, who, whom, whose, when, where, why, how [many|much|long])
   opens an ask that runs to the next one; a wh-word inside a relative clause ("the incident where ...") is not
   one. A question with no wh-word that opens with an auxiliary ("Does ...", "Is ...", "Can ...") is a yes/no
   question with one ask of type ``statement``; beside wh-words, each clause an inverted auxiliary opens ("..., and
   *does* the endpoint need it?") is a ``statement`` ask of its own, and a later part that points back ("who
   settled *that*") carries the earlier part's matter (:mod:`zehn.agent.polar_parts`).
2. **Focus.** The noun phrase the wh-word determines ("what *restore time*", "which *upstream service*"), else
   the noun after a copula ("what was *the root cause*"), else nothing (the verb then says what is asked:
   "what *caused* ..."). Coordinated focus nouns become asks of their own ("what ticket and date").
3. **Predicate** is the clause's main verb lemma (auxiliaries skipped); **answer type** comes from the wh-word,
   the focus head and the verb (:mod:`zehn.agent.focus`).
4. **Route and subject** (:mod:`zehn.agent.routing`), **anchors** (identifiers, acronyms and quoted terms the
   question names) and **constraints** (:func:`verify.constraints.find_constraints`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from verify.constraints import find_constraints
from zehn.agent import routing
from zehn.agent.anchors import anchors
from zehn.agent.ask_names import names as _names
from zehn.agent.asked_measure import measure_of
from zehn.agent.asked_quality import qualities
from zehn.agent.asked_time import asked_time
from zehn.agent.carried_acts import carried, needed_event, still_to_do, unchosen
from zehn.agent.focus import IMPLICIT_FOCUS, type_of
from zehn.agent.focus_phrase import asks_magnitude, focus_span, noun_groups
from zehn.agent.lemmas import content_terms
from zehn.agent.phrases import ASIDE, without_asides
from zehn.agent.polar_parts import carried_matter, polar_ask, polar_openers
from zehn.agent.possessed import possessed_subject
from zehn.agent.question import ENTITY_ROUTES, Analysis, AnswerType, Ask
from zehn.agent.question_verbs import (
    asks_cause,
    asks_containment,
    asks_restoration,
    focus_verb,
    fronted_aux,
    named_head,
    own_verb,
    predicate_of,
    verb_as_object_of_do,
    verb_before_to,
    verb_read_as_noun,
)
from zehn.agent.relative_clauses import describes_other
from zehn.agent.requests import direct_question
from zehn.agent.scene_core import with_scene
from zehn.agent.wh_words import idiom_words, wh_of, wh_tokens
from zehn.agent.whole_asks import gapped, open_ask, opens_yes_no, phrase_asks, yes_no_ask

# Components no step of the analysis reads: the entity recognizer (about half of a question's parse time; the asks
# read tags, dependencies and lemmas only). Skipped per call: the shared pipeline stays whole for other threads.
UNREAD = ("ner",)


def analyse(question: str, nlp: Language) -> Analysis:
    doc, bare = _parse(nlp, question)
    if (direct := direct_question(doc)) is not None:
        doc, bare = _parse(nlp, direct)  # "Tell me who owns X", "I need the steps for X": the ask, asked directly
    constraints = find_constraints(question)
    asks = _asks(doc)
    route = routing.route(doc, asks)
    if route.route not in ENTITY_ROUTES and bare is not None:
        # Read without its asides, the clause may name an entity relation its words hid; an aside that is part of
        # what is asked ("what mitigations (including the config changes) ...") stays when it does not.
        bare_asks = _asks(bare)
        bare_route = routing.route(bare, bare_asks)
        if bare_route.route in ENTITY_ROUTES:
            asks, route = [_onto(doc, bare, a) for a in bare_asks], bare_route
    strong, weak = anchors(doc, {c.text for c in constraints})
    return Analysis(question=question, route=route.route, asks=tuple(asks), subject=route.subject,
                    other=route.other, rel_type=route.rel_type, anchors=strong, names=weak,
                    constraints=constraints, terms=content_terms(doc), parse=doc)


def _parse(nlp: Language, question: str) -> tuple[Doc, Doc | None]:
    """The question's parse, and its parse without asides when it has one: both in one ``pipe`` batch (one
    pipeline pass instead of two; the parses are the ones two calls give, checked on every question set). Most
    questions with an aside need the second parse (the first rarely routes to an entity relation)."""
    unread = [name for name in UNREAD if name in nlp.pipe_names]
    if not ASIDE.search(question):
        return nlp(question, disable=unread), None
    doc, bare = nlp.pipe([question, without_asides(question)], disable=unread)
    return doc, bare


def _onto(doc: Doc, bare: Doc, ask: Ask) -> Ask:
    """An ask read from the parse without asides, its main verb's position moved onto the question's own parse
    (the one later stages read): the same word, as many times over before it."""
    at = ask.time.verb
    if at is None:
        return ask
    word = bare[at].text
    nth = sum(t.text == word for t in bare[:at])
    same = [t.i for t in doc if t.text == word]
    return replace(ask, time=replace(ask.time, verb=same[nth] if nth < len(same) else None))


_NO_ONE = frozenset({"nothing", "nobody", "none"})  # a subject that denies the act asked about


def _clause(doc: Doc, start: int, end: int) -> Span:
    """The words of one ask, less the joiners before the next one, and less the preposition that takes the next
    wh-word ("..., and *for* how long", "... and *in* which region"): it belongs to that ask."""
    if end < len(doc) and end > start + 1 and doc[end - 1].pos_ == "ADP":
        end -= 1
    while end > start + 1 and (doc[end - 1].is_punct or doc[end - 1].dep_ == "cc" or doc[end - 1].lower_ in
                               ("and", "also", "plus", "then")):
        end -= 1
    return doc[start:end]


def _asks(doc: Doc) -> list[Ask]:
    whs = _one_per_disjunction(wh_tokens(doc))
    if not whs:
        return [yes_no_ask(doc)] if opens_yes_no(doc) else phrase_asks(doc) or [open_ask(doc)]
    # A yes/no part beside the wh-parts ("Which path ..., and does the endpoint need it?") is an ask of its own.
    openers = sorted([*whs, *polar_openers(doc, whs)], key=lambda t: t.i)
    out: list[Ask] = []
    for n, wh in enumerate(openers):
        end = openers[n + 1].i if n + 1 < len(openers) else len(doc)
        clause = _clause(doc, wh.i, end)
        before = next((a for a in reversed(out) if a.text != clause.text), None)  # the part before this one
        if wh not in whs:
            out.append(carried_matter(polar_ask(clause), clause, before))
            continue
        focus = focus_span(clause, wh)
        skip = ({t.i for t in focus} if focus is not None else set()) | idiom_words(wh)
        own = own_verb(wh, clause)  # (not a word of the focus the tagger read as a verb: "which *Go* SDK version")
        verb = (own if own is not None and own.i not in skip else None) or focus_verb(clause, focus) or \
            predicate_of(clause, skip)
        if (misread := verb_read_as_noun(clause, wh, verb)) is not None:
            verb, focus = misread, doc[wh.i + 1:misread.i]  # "which build *ships* the fix": the nouns before it
        # "what did the alias *point* to", "what limit did the gateway *enforce*": a bare verb read as a noun, after
        # its subject (which is then part of what is asked: from the word after the auxiliary on)
        reread = (verb_before_to(clause, verb) or verb_as_object_of_do(clause, verb)) if misread is None else None
        aux = fronted_aux(clause)
        do = aux or verb
        subject_from = do.i + 1 if reread is not None and do is not None and do.i < reread.i else None
        if reread is not None:
            verb = misread = reread
        after = doc[focus.end] if focus is not None and focus.end < clause.end else None  # "how many X *does* ..."
        fronted = aux or (after if after is not None and after.lemma_ in ("be", "do") else None)
        act = carried(verb)  # "what size did X *start enforcing*": the act a phase verb carries (its core: both)
        predicate = act.lemma_.casefold() if act is not None and (act is misread or act.pos_ in ("VERB", "AUX") or (
            act.i == clause.end - 1 and len(clause) > 2 and fronted is not None and fronted.lemma_ == "do")) \
            else ""  # "does X fire", "which team does the alert page"
        predicate, unfinished = still_to_do(predicate, verb, focus)  # "which are still *open*": what remains
        # "why did *nothing* alert", "why did no one see"; not "a client that *cannot* use X" (it says which client)
        negated = any(t.dep_ == "neg" and not describes_other(t, clause) for t in clause) or any(
            t.lower_ in _NO_ONE and t.dep_ in ("nsubj", "nsubjpass") for t in clause)
        groups = noun_groups(focus) if focus is not None else []
        for group in groups or [[]]:
            head = group[-1] if group else None
            head_lemma = named_head(group) if group else IMPLICIT_FOCUS.get(wh_of(wh), "")  # "how often"
            answer_type = _verb_type(type_of(head_lemma, wh_of(wh), predicate), group, wh, verb)
            plural = head is not None and (head.tag_ in ("NNS", "NNPS") or (
                head.lower_.endswith("s") and head.lemma_.casefold() != head.lower_))
            if plural and answer_type in ("identifier", "system", "description"):
                answer_type = "items"
            text = " ".join(t.text for t in group) if group else ""
            # A cause or a fix: the focus nouns ("stopgap workaround and lasting repair") only name its kind.
            kind = {t.i for g in groups for t in g} if answer_type in ("cause", "fix") else set()
            kind_words = {clause.doc[i].lemma_.casefold() for i in kind}
            # "which fallback and release number": each conjunct asks its own thing; the other's words are not its core
            siblings = {t.i for g in groups if g is not group for t in g}
            core = unchosen(tuple(t for t in _core(clause, group, verb, subject_from, siblings | unfinished)
                                   if t not in kind_words), verb, act)
            # An ask whose own words name only its kind, its verb and its doer takes the things its scene names
            # (the clause's, and for the first ask the words before it): "what workarounds were used while X ...".
            # A description's focus noun and verb name a kind of statement ("what caution was raised"). Another
            # ask's scene names its document, not its sentence ("what mitigation was applied during X", "<a long
            # account of the symptoms>. What was the cause?"): a cause sentence need not restate the symptoms.
            if answer_type == "description" and group:
                scene = doc[0 if n == 0 else clause.start:clause.end]
                doer = frozenset(doc[i].lemma_.casefold() for i in _doer(clause, focus, verb))
                core = with_scene(core, head_lemma, predicate, scene, siblings, doer)
            out.append(carried_matter(Ask(
                clause.text, wh_of(wh), text, head_lemma, predicate, answer_type, content_terms(clause), negated, core,
                _names(clause, core, _doer(clause, focus, verb)), asked_time(clause),
                tuple(t.lemma_.casefold() for t in group), qualities(clause, core), measure_of(group),
                needed=not group and needed_event(clause, verb, act), possessed=possessed_subject(clause)),
                clause, before))
    return _elided(out, doc[:openers[0].i])


def _verb_type(answer_type: AnswerType, group: list[Token], wh: Token, verb: Token | None) -> AnswerType:
    """A description asked with no focus noun whose verb or wh-phrase says what kind of answer it wants."""
    if answer_type != "description":
        return answer_type
    if not group and asks_restoration(wh, verb):
        return "fix"  # "what got X flowing again"
    if not group and asks_cause(wh, verb):
        return "cause"  # "what made X loop", "what broke X", "what set off X"
    if not group and asks_containment(wh, verb):
        return "fix"  # "how did they contain it"
    return "quantity" if asks_magnitude(wh) else answer_type  # "how large a credit was granted"


def _one_per_disjunction(whs: list[Token]) -> list[Token]:
    """"Who or what spotted X": wh-words joined by "or" ask one thing, in the clause of the last of them."""
    doc = whs[0].doc if whs else None
    return [wh for n, wh in enumerate(whs) if doc is None or n + 1 == len(whs) or not (
        whs[n + 1].i - wh.i == 2 and doc[wh.i + 1].lower_ == "or")]


def _scene_ask(scene: Span) -> Ask | None:
    """The words before the first wh-word read as an ask ("The pinned filters are gone after X. Why?": the scene
    the bare wh-word asks about), None when they hold no terms."""
    if not (terms := content_terms(scene)):
        return None
    core = tuple(t for t in terms if not _NUMERIC.fullmatch(t))
    root = next((t for t in scene if t.dep_ == "ROOT" and t.pos_ == "VERB"), None)
    return Ask(scene.text, "", "", "", root.lemma_.casefold() if root is not None else "", "description", terms,
               False, core, _names(scene, core, set()), asked_time(scene))


def _elided(asks: list[Ask], scene: Span) -> list[Ask]:
    """"..., and for how long?", "..., and why?": a wh-phrase with no words of its own asks about what the ask
    before it is about. It takes that ask's terms, core, names and verb, less that ask's focus (what it wanted).
    The first ask takes them from the ``scene`` ("X stopped after the upgrade. Why?"). One with words but no verb
    ("..., and what about X") asks what the ask before it asks, of X (:func:`gapped`)."""
    out: list[Ask] = []
    for ask in asks:
        before = out[-1] if out else _scene_ask(scene) if scene.text.strip() else None
        ask = gapped(ask, out[-1]) if out else ask
        if before is not None and not ask.terms and not ask.focus and not ask.predicate:
            wanted = {*before.focus.casefold().split(), before.focus_head}
            # The scene's act is stated by the asker, not asked: no document need state it done in its words.
            time = before.time if out else replace(before.time, verb=None)
            ask = replace(ask, predicate=before.predicate, terms=tuple(t for t in before.terms if t not in wanted),
                          core=tuple(t for t in before.core if t not in wanted), names=before.names, time=time,
                          qualities=before.qualities)
        out.append(ask)
    return out


def _doer(clause: Span, focus: Span | None, verb: Token | None) -> set[int]:
    """The subject of a do-support question, between the auxiliary and the verb ("what fix *did on-call* apply")."""
    after, stop = (focus.end if focus is not None else clause.start + 1), (verb.i if verb is not None else -1)
    aux = next((t for t in clause if after <= t.i < stop and t.pos_ == "AUX"), None)
    return set(range(aux.i + 1, stop)) if aux is not None else set()


# A count or a year ("3", "2026") or a dotted version ("3.6.0", "v2.2.x", as :mod:`verify.constraints` reads one):
# checked as a constraint. A bare "v2" is part of a name ("notification hub v2"), not a version constraint.
_NUMERIC = re.compile(r"\d+|v?\d+(?:\.(?:\d+|x))+", re.IGNORECASE)
# Prepositions that set a time or a condition ("before attempting a retry", "during the outage").
_SCENE = frozenset({"before", "after", "during", "while", "until", "since", "following", "amid"})
_ARGUMENTS = frozenset({"dobj", "nsubj", "nsubjpass", "attr", "dative", "oprd", "acomp", "prep", "agent", "prt",
                        "xcomp", "ccomp"})  # a complement clause says what is asked: "made X *go into a loop*"


def _core(clause: Span, focus: list[Token], verb: Token | None, subject_from: int | None = None,
          siblings: frozenset[int] | set[int] = frozenset()) -> tuple[str, ...]:
    """The terms of what is asked: the focus, the verb and the verb's own arguments (with their modifiers), not
    the clauses that set the scene ("... before attempting a retry", "... if the upgrade fails"), nor the words of
    the other things asked in the same phrase (``siblings``: "which *fallback* and release number fixed it")."""
    keep = {t.i for t in focus if t.pos_ != "ADJ" and t.dep_ != "amod"}  # "immediate", "short-term": the kind
    if verb is not None and clause.start <= verb.i < clause.end:
        keep.add(verb.i)
        # A verb read as a noun, or hung under "do" as its object ("which X did the PR *settle* on": the subject's
        # words are its dependents as a noun's): its parse names no arguments, the words from its subject on do.
        if verb.pos_ not in ("VERB", "AUX") or subject_from is not None:
            keep |= set(range(verb.i if subject_from is None else subject_from, clause.end))
        for child in verb.children:
            scene = child.dep_ == "prep" and (child.lower_ in _SCENE or any(c.dep_ == "pcomp" for c in child.children))
            if child.dep_ in _ARGUMENTS and not scene:
                keep |= {t.i for t in child.subtree if clause.start <= t.i < clause.end}
    focus_head = focus[-1] if focus else None
    for child in (c for c in (focus_head.children if focus_head is not None else ()) if c.dep_ == "prep"):
        keep |= {t.i for t in child.subtree if clause.start <= t.i < clause.end}  # "the root cause *of X*"
    # Numbers are dates, versions and counts: constraints check them, they do not name the asked thing.
    terms = tuple(t for t in content_terms(t for t in clause if t.i in keep - siblings) if not _NUMERIC.fullmatch(t))
    if len(terms) >= 2:
        return terms
    theirs = {t.lemma_.casefold() for t in clause if t.i in siblings} - {t.lemma_.casefold() for t in focus}
    return tuple(t for t in content_terms(clause) if not _NUMERIC.fullmatch(t) and t not in theirs)
