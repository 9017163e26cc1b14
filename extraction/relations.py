"""Relations read from the dependency parse, one sentence at a time.

A relation needs a subject mention and an object mention attached to one predicate:

* verb + direct object / preposition ("calls", "depends on", "reads from"), mapped by `VERB_RULES`;
* passive with "by" is turned round ("is owned by", "ledger-sync, owned by Payments"); passive with another
  preposition keeps its order (`PASSIVE_PREP_RULES`: "is assigned to", "is blocked on");
* copula + noun/adjective + preposition ("is part of", "is responsible for", `COPULA_RULES`), and
  "Lena is on the Payments team" (MEMBER_OF);
* "assign X to Y"; subjects shared by conjoined verbs, open complements and relative clauses; conjoined subjects
  and objects; a conjoined participle keeps the passive ("owned by X and maintained by Y"); nouns behind a light
  verb or a preposition, "without Y", fragments "Signed off by X." (`extraction.noun_predicates`);
* "(owner: X)" after an item opening with its key, possessives, role nouns ("the owner of X is Y"), "Y from Team"
  membership; "it" / "the service" / "this page" as the document's subject (`extraction.relation_patterns`);
* problems located in a system, "due to", problems after a change, moving and undoing verbs (`extraction.causal`);
  a postmortem's systems hit ("X was unavailable"; `extraction.impact_prose`); ownership moved, taken or handed
  over (`extraction.ownership_prose`); where the parse lost the verb after an identifier, the clause read in word
  order (`extraction.surface_relations`).

Types are checked by `vocabulary.normalise`; flags (negated, hedged, planned) by `extraction.clause_flags`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacy.tokens import Doc, Span, Token

from extraction import noun_predicates as nouns
from extraction.causal import (
    CAUSAL_RELATIONS,
    because_triples,
    change_effects,
    located,
    moved,
    sequence_only,
    verb_lemma,
)
from extraction.clause_flags import clause_flags
from extraction.extraction_types import Mention, RelationCandidate
from extraction.impact_prose import hits, impact_nouns, incident_document
from extraction.ownership_prose import belonging, ownership_changes
from extraction.relation_patterns import (
    affiliation_triples,
    argument,
    bind,
    mention_anchors,
    owner_labels,
    possessive_triples,
    stand_in,
)
from extraction.surface_relations import mention_tokens, surface_triples
from extraction.vocabulary import COPULA_RULES, PASSIVE_PREP_RULES, VERB_RULES, normalise, same_entity

if TYPE_CHECKING:
    from extraction.doc_context import DocumentContext

_SUBJ = ("nsubj", "nsubjpass", "csubj")
_PARTICLES = frozenset({"back", "over", "out", "off", "away", "down", "up"})
_Triple = tuple[Token, Token, str, bool, list[Token]]  # subject, object, rel_type, inverse, predicate tokens
# Every verb lemma some rule reads: a wrongly lemmatised form is matched against these ("routes" -> "route").
_KNOWN_VERBS = frozenset(v for v, _ in (*VERB_RULES, *PASSIVE_PREP_RULES)) | {"be", "assign"}


def _with_conjuncts(tokens: list[Token]) -> list[Token]:
    return [x for t in tokens for x in (t, *(c for c in t.conjuncts if c.i > t.i))]


def _pobjs_of(noun: Token) -> list[Token]:
    return [o for p in noun.children if p.dep_ == "prep" and p.lower_ == "of" for o in p.children if o.dep_ == "pobj"]


def _is_passive(verb: Token) -> bool:
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children) or (verb.dep_ == "acl" and verb.tag_ == "VBN"):
        return True  # a bare participle conjoined to a passive is passive too: "owned by X and maintained by Y"
    return (
        verb.dep_ == "conj"
        and verb.tag_ == "VBN"
        and not any(c.dep_ in _SUBJ for c in verb.children)
        and verb.head != verb
        and _is_passive(verb.head)
    )


def _subjects(verb: Token) -> list[Token]:
    subs = [c for c in verb.children if c.dep_ in _SUBJ]
    head = verb  # a conjoined verb shares its first verb's subject: "X, which calls Y and reads from Z"
    while not subs and head.dep_ in ("conj", "xcomp") and head.head != head:
        head = head.head
        subs = [c for c in head.children if c.dep_ in _SUBJ]
    if (subs and head.dep_ == "relcl" and subs[0].lower_ in ("that", "which", "who")) or (
        not subs and head.dep_ in ("relcl", "acl")
    ):
        subs = [head.head]
        if subs[0].dep_ == "attr" and subs[0].head.lemma_ == "be":  # "X is the service that writes to Y": X
            subs = [c for c in subs[0].head.children if c.dep_ == "nsubj"] or subs
    if not subs and verb.dep_ == "ROOT":  # "The checkout-api points to X": the identifier parsed as a modifier
        subs = [c for c in verb.lefts if c.dep_ in ("amod", "compound")][-1:]
    return _with_conjuncts(subs)


def _misparsed_verb(tok: Token) -> bool:
    """A root tagged as a plural noun that is a rule's verb ("the checkout-api points to X": after an identifier)."""
    return (
        tok.dep_ == "ROOT"
        and tok.tag_ == "NNS"
        and verb_lemma(tok, _KNOWN_VERBS) in _KNOWN_VERBS
        and any(c.dep_ in ("amod", "compound") for c in tok.lefts)
        and any(c.dep_ in ("prep", "dobj") for c in tok.rights)
    )


def _preps(verb: Token) -> list[tuple[Token, list[Token]]]:
    out = []
    # A particle the parser hangs as an adverb keeps its preposition: "falls back to X", "fails over to X".
    adverbs = [c for c in verb.children if c.dep_ == "advmod" and c.lower_ in _PARTICLES]
    for p in [*verb.children, *(p for a in adverbs for p in a.children)]:
        if p.dep_ in ("prep", "agent"):  # "built on top of X": the object of "top of" is the preposition's
            objs = [o for c in p.children if c.dep_ == "pobj" for o in (_pobjs_of(c) if c.lower_ == "top" else [c])]
            out.append((p, _with_conjuncts(objs)))
    return out


def _verb_triples(verb: Token) -> list[_Triple]:
    lemma = verb_lemma(verb, _KNOWN_VERBS)
    subs = _subjects(verb)
    found: list[_Triple] = []
    dobjs = _with_conjuncts([c for c in verb.children if c.dep_ in ("dobj", "oprd")])
    if _is_passive(verb):
        shared = [(a, _with_conjuncts([o for o in a.children if o.dep_ == "pobj"])) for a in nouns.shared_agents(verb)]
        for prep, objs in _preps(verb) + shared:
            if (lemma, prep.lower_) in PASSIVE_PREP_RULES:
                rel, inv = PASSIVE_PREP_RULES[(lemma, prep.lower_)]
                found += [(s, o, rel, inv, [verb, prep]) for s in subs for o in objs]
            elif prep.lower_ == "by":  # "X is called by Y"; a stranded preposition: "X is relied on by Y"
                stranded = [c for c in verb.children if c.dep_ in ("prep", "prt") and c.i < prep.i
                            and (lemma, c.lower_) in VERB_RULES and not any(g.dep_ == "pobj" for g in c.children)]
                key = (lemma, stranded[0].lower_) if stranded else (lemma, None)
                if key in VERB_RULES:
                    rel, inv = VERB_RULES[key]
                    found += [(o, s, rel, inv, [verb, *stranded, prep]) for s in subs for o in objs]  # as active
        return found
    if lemma == "assign":
        for prep, objs in _preps(verb):
            if prep.lower_ == "to":
                found += [(d, o, "ASSIGNED_TO", False, [verb, prep]) for d in dobjs for o in objs]
        return found
    moving = moved(verb, lemma)
    if moving is not None:
        return moving  # "we migrated X to Y": X uses Y, not whoever moved it
    if (lemma, None) in VERB_RULES:
        rel, inv = VERB_RULES[(lemma, None)]
        found += [(s, d, rel, inv, [verb]) for s in subs for d in dobjs]
    found += nouns.light_verb_triples(verb, lemma, subs, dobjs) + nouns.needed_without(verb, subs)
    particles = [c for c in verb.children if c.dep_ == "prt"]
    # "consumes signals from X", "persists checkpoints to X": the preposition may hang off the direct object.
    object_preps = [(p, objs) for d in dobjs for p, objs in _preps(d) if p.lower_ in ("from", "to", "into", "in")]
    # a phrasal verb's particle stands where a preposition would: "could take down X" (VERB_RULES' (verb, particle))
    found += [(s, d, *VERB_RULES[(lemma, p.lower_)], [verb, p]) for p in particles if (lemma, p.lower_) in VERB_RULES
              for s in subs for d in dobjs]
    for prep, objs in _preps(verb) + object_preps:
        key = (lemma, prep.lower_)
        if key in VERB_RULES:
            rel, inv = VERB_RULES[key]
            found += [(s, o, rel, inv, [verb, *particles, prep]) for s in subs for o in objs]
    if lemma == "be":
        found += nouns.copula_noun_triples(verb, subs)  # "X is on the hook for Y", "X is in charge of Y"
        for comp in verb.children:
            if comp.dep_ not in ("attr", "acomp"):
                continue
            for prep, objs in _preps(comp):
                if (comp.lemma_.lower(), prep.lower_) in COPULA_RULES:
                    rel, inv = COPULA_RULES[(comp.lemma_.lower(), prep.lower_)]
                    found += [(s, o, rel, inv, [verb, comp, prep]) for s in subs for o in objs]
        for prep, objs in _preps(verb):
            if prep.lower_ in ("on", "in"):
                found += [(s, o, "MEMBER_OF", False, [verb, prep]) for s in subs for o in objs]
    return found


def sentence_range(sent: Span) -> tuple[int, int]:
    """The sentence without surrounding whitespace (or written-out "\\n" line breaks)."""
    text = sent.text
    end = len(text.rstrip())
    while text[:end].endswith("\\n"):
        end = len(text[: end - 2].rstrip())
    start = len(text) - len(text.lstrip())
    return sent.start_char + start, sent.start_char + max(end, start)


def find_relations(
    doc: Doc, offset: int, mentions: list[Mention], ctx: DocumentContext | None = None
) -> list[RelationCandidate]:
    """Relation candidates in `doc` (a chunk starting at document offset `offset`) between `mentions`.

    With the document's context, "it" / "the service" / "this page" stand for the document's subject.
    """
    anchors, arguments = mention_anchors(doc, offset, mentions)
    starts = mention_tokens(doc, offset, mentions)
    out: list[RelationCandidate] = []
    seen: set[tuple[int, int, str, int]] = set()

    def emit(
        subj: Mention,
        obj: Mention,
        rel: str,
        pred: list[Token],
        flags: tuple[bool, bool, bool],
        bounds: tuple[int, int],
        via: str = "text",
    ) -> None:
        subj, obj, rel = belonging(subj, obj, rel)  # "X belongs to the Payments team": owned, not a part
        rel_type = normalise(rel, subj.type, obj.type)
        if rel_type is None or same_entity(subj.name, subj.type, obj.name, obj.type):
            return
        lo, hi = bounds[0] + offset, bounds[1] + offset
        inside = [lo <= m.start and m.end <= hi for m in (subj, obj)]
        if not (all(inside) or (via == "document_subject" and any(inside))):
            return
        pred = sorted(pred, key=lambda t: t.i)
        if pred[-1].i - pred[0].i > 4:
            pred = pred[:1]
        p_start, p_end = pred[0].idx, pred[-1].idx + len(pred[-1])
        key = (subj.start, obj.start, rel_type, bounds[0])  # one relation per sentence, however often stated
        if key in seen:
            return
        seen.add(key)
        out.append(RelationCandidate(
            subject=subj, object=obj, rel_type=rel_type, raw_verb=" ".join(doc.text[p_start:p_end].split()),
            predicate_start=p_start + offset, predicate_end=p_end + offset,
            sentence_start=bounds[0] + offset, sentence_end=bounds[1] + offset, kind="sentence",
            negated=flags[0], hedged=flags[1], planned=flags[2], via=via,
        ))  # fmt: skip

    incident_own = ctx.own if ctx is not None and incident_document(ctx.document.title, ctx.own) else None

    def bound(tok: Token, sent_start: int, previous: Span | None) -> Mention | None:
        return None if ctx is None else bind(tok, ctx, sent_start, previous, anchors, incident_own is not None)

    previous: Span | None = None
    for sent in doc.sents:
        bounds = sentence_range(sent)
        for verb in sent:
            if verb.pos_ not in ("VERB", "AUX") and not _misparsed_verb(verb):
                continue
            for s_tok, o_tok, rel, inverse, pred in _verb_triples(verb):
                subj = argument(s_tok, anchors, arguments) or stand_in(s_tok, anchors)
                obj = argument(o_tok, anchors, arguments)
                if rel in CAUSAL_RELATIONS:  # "a leak in X degraded Y", "X led to errors on Y"
                    subj = subj or located(s_tok, anchors)
                    if obj is None and (obj := located(o_tok, anchors)) is not None:
                        rel = "AFFECTS"
                via = "text"
                if subj is None and obj is not None and rel == "AFFECTS" and incident_own is not None and (
                        s_tok.pos_ == "NOUN" and s_tok.dep_ in _SUBJ):  # "the bad deploy took down X": the incident
                    subj, via = incident_own, "document_subject"
                elif (subj is None) != (obj is None):
                    subj = subj or bound(s_tok, bounds[0] + offset, previous)
                    obj = obj or bound(o_tok, bounds[0] + offset, previous)
                    via = "document_subject"
                if subj is None or obj is None:
                    continue
                if inverse:
                    subj, obj = obj, subj
                no, hedged, planned = clause_flags(verb, sent, _subjects(verb))  # "cannot ... without Y": a need
                emit(subj, obj, rel, pred, (no and pred[-1].lower_ != "without", hedged, planned), bounds, via)
        for subj, obj, rel, participle in nouns.fragment_relations(sent, anchors, ctx.own if ctx is not None else None):
            emit(subj, obj, rel, [participle], clause_flags(participle, sent, []), bounds, "document_subject")
        for owner, owned, label in owner_labels(sent, anchors, offset):
            emit(owner, owned, "OWNS", [label], (False, False, False), bounds)
        for subj, obj, rel, pred in affiliation_triples(sent, starts):
            emit(subj, obj, rel, pred, (False, False, False), bounds)
        for cause, hit, prep in change_effects(sent, anchors, starts):  # "X failing after the Y deployment"
            effect = hit or (ctx.own if ctx is not None else None)
            if effect is not None:
                negated, hedged, planned = clause_flags(prep.head, sent, _subjects(prep.head))
                emit(cause, effect, "AFFECTS" if hit else "CAUSED", [prep], (negated, hedged or sequence_only(prep),
                     planned), bounds, "text" if hit else "document_subject")
        for subj, obj, rel, pred in possessive_triples(sent, anchors) + because_triples(sent, anchors):
            emit(subj, obj, rel, pred, clause_flags(pred[0].head, sent, _subjects(pred[0].head)), bounds)
        for owner, owned, word, verb in ownership_changes(sent, anchors):  # "Ownership of X moved to Y"
            emit(owner, owned, "OWNS", [word], clause_flags(verb, sent, _subjects(verb)), bounds)
        if incident_own is not None:  # "checkout-api was unavailable for 20 minutes" in a postmortem
            for hit, verb in hits(sent, anchors):
                emit(incident_own, hit, "AFFECTS", [verb], clause_flags(verb, sent, _subjects(verb)), bounds,
                     "document_subject")
            for hit, noun, no in impact_nouns(sent, anchors, arguments):  # "spillover to X", "no impact on Y"
                flags = clause_flags(noun.head, sent, _subjects(noun.head))
                emit(incident_own, hit, "AFFECTS", [noun], (flags[0] or no, *flags[1:]), bounds, "document_subject")
        read = {frozenset((r.subject.name, r.object.name)) for r in out if r.sentence_start == bounds[0] + offset}
        for t in surface_triples(sent, starts):  # only pairs the parse left unrelated
            if frozenset((t.subject.name, t.object.name)) not in read:
                emit(t.subject, t.object, t.rel_type, t.predicate, t.flags, bounds)
        previous = sent
    return out
