"""Relations read from the dependency parse, one sentence at a time.

A relation needs a subject mention and an object mention attached to one predicate. Each verb's triples come from
`extraction.verb_reader` (verb + object or preposition, passives, copulas, light verbs, moving verbs); this module
maps their tokens to mentions and adds the readers that need no verb of the vocabulary:

* fragments "Signed off by X." (`extraction.noun_predicates`);
* "(owner: X)" after an item opening with its key, possessives, role nouns ("the owner of X is Y"), "Y from Team"
  membership; "it" / "the service" / "this page" as the document's subject (`extraction.relation_patterns`);
* problems located in a system, "due to", problems after a change (`extraction.causal`); a postmortem's systems
  hit ("X was unavailable"; `extraction.impact_prose`); ownership moved, taken or handed over
  (`extraction.ownership_prose`); the first sentence under a "Root cause" heading and a defect a responder found
  ("uncovered a regression in X"), while an item of a list of causes is never read as a hit
  (`extraction.cause_sections`); a decision between options ("X was chosen over Y", `extraction.choices`);
  where the parse lost the verb after an identifier, the clause read in word order
  (`extraction.surface_relations`). A team named only as the host of a gathering ("run the Pricing team
  offsite") is no object (`extraction.gatherings`).

Types are checked by `ownership_prose.typed_relation`; flags (negated, hedged, planned) by `extraction.clause_flags`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spacy.tokens import Doc, Span, Token

from extraction import noun_predicates as nouns
from extraction.causal import (
    CAUSAL_RELATIONS,
    SYSTEM_TYPES,
    because_triples,
    change_effects,
    located,
    problem_word,
    sequence_only,
)
from extraction.cause_sections import cause_listed, found_defects, section_causes
from extraction.choices import Choice, choices, section_use
from extraction.clause_flags import clause_flags
from extraction.extraction_types import Mention, RelationCandidate
from extraction.gatherings import hosts_a_gathering
from extraction.impact_prose import hits, incident_document, incident_reference
from extraction.incident_causes import impact_nouns, root_causes
from extraction.line_breaks import trim
from extraction.located_causes import located_causes
from extraction.lost_access import lost_access
from extraction.ownership_prose import escalations, ownership_changes, typed_relation
from extraction.pronouns import antecedent
from extraction.relation_patterns import (
    argument,
    bind,
    mention_anchors,
    owner_labels,
    possessive_triples,
    stand_in,
    team_doer,
)
from extraction.role_nouns import affiliation_triples
from extraction.routed_traffic import routed_traffic
from extraction.surface_parts import mention_tokens
from extraction.surface_relations import surface_triples
from extraction.team_clauses import team_triples
from extraction.traffic_phrases import caller_through_traffic, calls_between, traffic_source
from extraction.verb_reader import SUBJECT_DEPS, misparsed_verb, subjects, verb_triples

if TYPE_CHECKING:
    from extraction.doc_context import DocumentContext

def sentence_range(sent: Span) -> tuple[int, int]:
    """The sentence without surrounding whitespace or written-out line breaks and tabs (`extraction.line_breaks`)."""
    start, end = trim(sent.text, 0, len(sent.text))
    return sent.start_char + start, sent.start_char + end


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
        if hosts_a_gathering(doc.text, obj, offset):
            return  # "will run the Pricing team offsite": the object is the offsite, not the team
        typed = typed_relation(subj, obj, rel)  # "X belongs to the Payments team": owned, not a part
        if typed is None:
            return
        subj, obj, rel_type = typed
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
            if verb.pos_ not in ("VERB", "AUX") and not misparsed_verb(verb):
                continue
            for s_tok, o_tok, rel, inverse, pred in verb_triples(verb):
                subj = argument(s_tok, anchors, arguments) or stand_in(s_tok, anchors) or antecedent(s_tok, anchors)
                obj = argument(o_tok, anchors, arguments) or antecedent(o_tok, anchors)  # "..., but Y maintains it"
                end = caller_through_traffic(s_tok, o_tok, anchors) if subj is None and rel == "CALLS" else None
                if end is not None:  # "requests from X are forwarded to Y", "calls to X are routed via Y"
                    subj, inverse = end[0], inverse != end[1]
                if rel == "CALLS" and (problem_word(s_tok) or incident_reference(s_tok)):
                    rel = "AFFECTS"  # "the outage hit X", "a spike of errors hit Y": a problem calls nothing
                if rel in CAUSAL_RELATIONS:  # "a leak in X degraded Y", "X led to errors on Y"
                    subj = subj or located(s_tok, anchors) or traffic_source(s_tok, anchors)  # "slow X responses"
                    if obj is None and (obj := located(o_tok, anchors)) is not None:
                        rel = "AFFECTS"
                    elif obj is not None and obj.type in SYSTEM_TYPES:
                        rel = "AFFECTS"  # "X caused Y to time out": a system is hit, not an incident caused
                via = "text"
                if subj is None and obj is not None and rel == "AFFECTS" and incident_own is not None and (
                        s_tok.pos_ == "NOUN" and s_tok.dep_ in SUBJECT_DEPS):  # "the bad deploy took down X"
                    subj, via = incident_own, "document_subject"
                elif (subj is None) != (obj is None):
                    subj = subj or bound(s_tok, bounds[0] + offset, previous) or (
                        None if ctx is None else team_doer(s_tok, verb, rel, ctx, bounds[0] + offset))
                    obj = obj or bound(o_tok, bounds[0] + offset, previous)
                    via = "document_subject"
                if subj is None or obj is None:
                    continue
                if inverse:
                    subj, obj = obj, subj
                no, hedged, planned = clause_flags(verb, sent, subjects(verb))  # "cannot ... without Y": a need
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
                negated, hedged, planned = clause_flags(prep.head, sent, subjects(prep.head))
                emit(cause, effect, "AFFECTS" if hit else "CAUSED", [prep], (negated, hedged or sequence_only(prep),
                     planned), bounds, "text" if hit else "document_subject")
        for subj, obj, rel, pred in possessive_triples(sent, anchors) + because_triples(sent, anchors):
            emit(subj, obj, rel, pred, clause_flags(pred[0].head, sent, subjects(pred[0].head)), bounds)
        for caller, callee, noun, no in calls_between(sent, anchors):  # "no direct call from X to Y"
            flags = clause_flags(noun.head, sent, subjects(noun.head))
            emit(caller, callee, "CALLS", [noun], (flags[0] or no, *flags[1:]), bounds)
        for owner, owned, rel, word, verb in ownership_changes(sent, anchors) + escalations(sent, anchors):
            emit(owner, owned, rel, [word], clause_flags(verb, sent, subjects(verb)), bounds)
        if incident_own is not None and ctx is not None:  # "checkout-api was unavailable for 20 minutes"
            for hit, verb in hits(sent, anchors):
                if cause_listed(ctx.document.text, verb.idx + offset):
                    continue  # "- X failed on a transient error" under "Contributing factors:": a cause
                emit(incident_own, hit, "AFFECTS", [verb], clause_flags(verb, sent, subjects(verb)), bounds,
                     "document_subject")
            for hit, (lost, _) in lost_access(ctx.document.text, bounds[0] + offset, bounds[1] + offset, mentions):
                cue = next(t for t in sent if t.idx + offset >= lost)  # "users could not log in to X": a hit
                emit(incident_own, hit, "AFFECTS", [cue], (False, *clause_flags(cue, sent, [])[1:]), bounds,
                     "document_subject")
            for hit, noun, no in impact_nouns(sent, anchors, arguments):  # "spillover to X", "no impact on Y"
                flags = clause_flags(noun.head, sent, subjects(noun.head))
                emit(incident_own, hit, "AFFECTS", [noun], (flags[0] or no, *flags[1:]), bounds, "document_subject")
            for cause, verb in root_causes(sent, anchors):  # "The root cause was a leak in X"
                emit(cause, incident_own, "CAUSED", [verb], clause_flags(verb, sent, subjects(verb)), bounds,
                     "document_subject")
        own = incident_own or (ctx.own if ctx is not None and ctx.own is not None and ctx.own.type == "Ticket"
                               else None)  # an incident write-up or a ticket: not a runbook's list of causes
        for cause, verb in found_defects(sent, anchors):  # "Looked into X; found a bug in X"
            if own is not None:
                emit(cause, own, "CAUSED", [verb], clause_flags(verb, sent, subjects(verb)), bounds,
                     "document_subject")
        for cause, word, supposed in section_causes(sent, anchors, ctx, offset):
            hedged = clause_flags(word, sent, subjects(word))[1] or supposed  # "did not release X": still the cause
            if own is not None:
                emit(cause, own, "CAUSED", [word], (False, hedged, False), bounds, "document_subject")
        read = {frozenset((r.subject.name, r.object.name)) for r in out if r.sentence_start == bounds[0] + offset}
        # pairs the parse left unrelated
        for t in surface_triples(sent, starts) + routed_traffic(sent, starts) + located_causes(sent, starts):
            if frozenset((t.subject.name, t.object.name)) not in read:
                emit(t.subject, t.object, t.rel_type, t.predicate, t.flags, bounds)
        topic = None if ctx is None else ctx.about("topic", bounds[0] + offset)
        for t in team_triples(sent, starts, topic):  # "we persist X to Y", where the parse lost the flow
            if frozenset((t.subject.name, t.object.name)) not in read:
                emit(t.subject, t.object, t.rel_type, t.predicate, t.flags, bounds, "document_subject")
        if topic is not None and ctx is not None:  # "X was chosen over Y": the topic uses X, not Y
            for choice in choices(sent, starts, offset):
                _choose(emit, topic, choice, section_use(ctx.headings, bounds[0] + offset), sent, bounds)
        previous = sent
    return out


def _choose(emit: Callable[..., None], topic: Mention, choice: Choice, rel: str, sent: Span,
            bounds: tuple[int, int]) -> None:
    """ "X was chosen over Y": the section's system uses X, and (negated) each alternative Y."""
    flags = clause_flags(choice.verb, sent, subjects(choice.verb))
    for option, no in [(choice.chosen, flags[0]), *((m, True) for m in choice.rejected)]:
        if option.name != topic.name:
            emit(topic, option, rel, [choice.verb], (no, *flags[1:]), bounds, "document_subject")
