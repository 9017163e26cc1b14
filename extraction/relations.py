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

Flags (negated, hedged, planned) come from `extraction.clause_flags`; every reader hands its relations to one
`extraction.relation_sink.RelationSink`, which types, bounds and de-duplicates them.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from extraction.impact_prose import hits, incident_document, incident_reference
from extraction.incident_causes import impact_nouns, root_causes
from extraction.line_breaks import trim
from extraction.located_causes import located_causes
from extraction.lost_access import lost_access
from extraction.ownership_prose import escalations, ownership_changes
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
from extraction.relation_sink import RelationSink
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


@dataclass(frozen=True)
class _Chunk:
    """What every reader of one chunk's sentences needs: its mentions, their anchors and the document's context."""

    doc: Doc
    offset: int
    mentions: list[Mention]
    anchors: dict[int, Mention]  # token index of a mention's head -> the mention (`relation_patterns`)
    arguments: dict[int, Mention]  # weaker: a plain noun standing for the system named in front of it
    starts: dict[int, tuple[int, Mention]]  # first token index -> (end token index, mention)
    ctx: DocumentContext | None
    incident_own: Mention | None  # the subject of an incident write-up: what its "X was down" sentences hit
    sink: RelationSink

    def bound(self, tok: Token, bounds: tuple[int, int], previous: Span | None) -> Mention | None:
        """`tok` bound through the document's context ("it", "the service"), when there is one."""
        if self.ctx is None:
            return None
        return bind(tok, self.ctx, bounds[0] + self.offset, previous, self.anchors, self.incident_own is not None)


def find_relations(
    doc: Doc, offset: int, mentions: list[Mention], ctx: DocumentContext | None = None
) -> list[RelationCandidate]:
    """Relation candidates in `doc` (a chunk starting at document offset `offset`) between `mentions`.

    With the document's context, "it" / "the service" / "this page" stand for the document's subject.
    """
    anchors, arguments = mention_anchors(doc, offset, mentions)
    incident_own = ctx.own if ctx is not None and incident_document(ctx.document.title, ctx.own) else None
    chunk = _Chunk(doc, offset, mentions, anchors, arguments, mention_tokens(doc, offset, mentions), ctx, incident_own,
                   RelationSink(doc, offset))
    previous: Span | None = None
    for sent in doc.sents:
        bounds = sentence_range(sent)
        _verb_relations(chunk, sent, bounds, previous)
        _pattern_relations(chunk, sent, bounds)
        _incident_relations(chunk, sent, bounds)
        _cause_relations(chunk, sent, bounds)
        _unparsed_relations(chunk, sent, bounds)
        previous = sent
    return chunk.sink.relations()


def _verb_relations(chunk: _Chunk, sent: Span, bounds: tuple[int, int], previous: Span | None) -> None:
    """Each verb's triples (`extraction.verb_reader`), their tokens mapped to mentions."""
    for verb in sent:
        if verb.pos_ not in ("VERB", "AUX") and not misparsed_verb(verb):
            continue
        for s_tok, o_tok, rel, inverse, pred in verb_triples(verb):
            pair = _verb_pair(chunk, verb, s_tok, o_tok, rel, bounds, previous)
            if pair is None:
                continue
            subj, obj, rel, via, flipped = pair
            if inverse != flipped:
                subj, obj = obj, subj
            no, hedged, planned = clause_flags(verb, sent, subjects(verb))  # "cannot ... without Y": a need
            chunk.sink.emit(subj, obj, rel, pred, (no and pred[-1].lower_ != "without", hedged, planned), bounds, via)


def _verb_pair(chunk: _Chunk, verb: Token, s_tok: Token, o_tok: Token, rel: str, bounds: tuple[int, int],
               previous: Span | None) -> tuple[Mention, Mention, str, str, bool] | None:
    """The mentions a verb's subject and object tokens stand for, the relation's final type, how the pair was
    bound (as written, or through the document's subject) and whether reading it reverses the triple's direction."""
    anchors, arguments = chunk.anchors, chunk.arguments
    subj = argument(s_tok, anchors, arguments) or stand_in(s_tok, anchors) or antecedent(s_tok, anchors)
    obj = argument(o_tok, anchors, arguments) or antecedent(o_tok, anchors)  # "..., but Y maintains it"
    flipped = False
    end = caller_through_traffic(s_tok, o_tok, anchors) if subj is None and rel == "CALLS" else None
    if end is not None:  # "requests from X are forwarded to Y", "calls to X are routed via Y"
        subj, flipped = end
    if rel == "CALLS" and (problem_word(s_tok) or incident_reference(s_tok)):
        rel = "AFFECTS"  # "the outage hit X", "a spike of errors hit Y": a problem calls nothing
    if rel in CAUSAL_RELATIONS:  # "a leak in X degraded Y", "X led to errors on Y"
        subj = subj or located(s_tok, anchors) or traffic_source(s_tok, anchors)  # "slow X responses"
        if obj is None and (obj := located(o_tok, anchors)) is not None:
            rel = "AFFECTS"
        elif obj is not None and obj.type in SYSTEM_TYPES:
            rel = "AFFECTS"  # "X caused Y to time out": a system is hit, not an incident caused
    via = "text"
    if subj is None and obj is not None and rel == "AFFECTS" and chunk.incident_own is not None and (
            s_tok.pos_ == "NOUN" and s_tok.dep_ in SUBJECT_DEPS):  # "the bad deploy took down X"
        subj, via = chunk.incident_own, "document_subject"
    elif (subj is None) != (obj is None):
        subj = subj or chunk.bound(s_tok, bounds, previous) or (
            None if chunk.ctx is None else team_doer(s_tok, verb, rel, chunk.ctx, bounds[0] + chunk.offset))
        obj = obj or chunk.bound(o_tok, bounds, previous)
        via = "document_subject"
    if subj is None or obj is None:
        return None
    return subj, obj, rel, via, flipped


def _pattern_relations(chunk: _Chunk, sent: Span, bounds: tuple[int, int]) -> None:
    """The readers that need no verb of the vocabulary: fragments, owner labels, roles, possessives, calls."""
    anchors, emit = chunk.anchors, chunk.sink.emit
    own = chunk.ctx.own if chunk.ctx is not None else None
    for subj, obj, rel, participle in nouns.fragment_relations(sent, anchors, own):
        emit(subj, obj, rel, [participle], clause_flags(participle, sent, []), bounds, "document_subject")
    for owner, owned, label in owner_labels(sent, anchors, chunk.offset):
        emit(owner, owned, "OWNS", [label], (False, False, False), bounds)
    for subj, obj, rel, pred in affiliation_triples(sent, chunk.starts):
        emit(subj, obj, rel, pred, (False, False, False), bounds)
    for cause, hit, prep in change_effects(sent, anchors, chunk.starts):  # "X failing after the Y deployment"
        effect = hit or own
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


def _incident_relations(chunk: _Chunk, sent: Span, bounds: tuple[int, int]) -> None:
    """In an incident write-up, the systems its sentences say were hit, and the root cause they name."""
    own, ctx, anchors, emit = chunk.incident_own, chunk.ctx, chunk.anchors, chunk.sink.emit
    if own is None or ctx is None:
        return
    for hit, verb in hits(sent, anchors):  # "checkout-api was unavailable for 20 minutes"
        if cause_listed(ctx.document.text, verb.idx + chunk.offset):
            continue  # "- X failed on a transient error" under "Contributing factors:": a cause
        emit(own, hit, "AFFECTS", [verb], clause_flags(verb, sent, subjects(verb)), bounds, "document_subject")
    lo, hi = bounds[0] + chunk.offset, bounds[1] + chunk.offset
    for hit, (lost, _) in lost_access(ctx.document.text, lo, hi, chunk.mentions):
        cue = next(t for t in sent if t.idx + chunk.offset >= lost)  # "users could not log in to X": a hit
        emit(own, hit, "AFFECTS", [cue], (False, *clause_flags(cue, sent, [])[1:]), bounds, "document_subject")
    for hit, noun, no in impact_nouns(sent, anchors, chunk.arguments):  # "spillover to X", "no impact on Y"
        flags = clause_flags(noun.head, sent, subjects(noun.head))
        emit(own, hit, "AFFECTS", [noun], (flags[0] or no, *flags[1:]), bounds, "document_subject")
    for cause, verb in root_causes(sent, anchors):  # "The root cause was a leak in X"
        emit(cause, own, "CAUSED", [verb], clause_flags(verb, sent, subjects(verb)), bounds, "document_subject")


def _cause_relations(chunk: _Chunk, sent: Span, bounds: tuple[int, int]) -> None:
    """Defects a responder found and a "Root cause" section's first sentence, caused in an incident or ticket
    (not in a runbook's list of causes)."""
    ctx = chunk.ctx
    own = chunk.incident_own or (ctx.own if ctx is not None and ctx.own is not None and ctx.own.type == "Ticket"
                                 else None)
    for cause, verb in found_defects(sent, chunk.anchors):  # "Looked into X; found a bug in X"
        if own is not None:
            chunk.sink.emit(cause, own, "CAUSED", [verb], clause_flags(verb, sent, subjects(verb)), bounds,
                            "document_subject")
    for cause, word, supposed in section_causes(sent, chunk.anchors, ctx, chunk.offset):
        hedged = clause_flags(word, sent, subjects(word))[1] or supposed  # "did not release X": still the cause
        if own is not None:
            chunk.sink.emit(cause, own, "CAUSED", [word], (False, hedged, False), bounds, "document_subject")


def _unparsed_relations(chunk: _Chunk, sent: Span, bounds: tuple[int, int]) -> None:
    """Pairs the parse left unrelated, read in word order; a decision between options for the section's topic."""
    read = chunk.sink.pairs_in(bounds)
    for t in (surface_triples(sent, chunk.starts) + routed_traffic(sent, chunk.starts)
              + located_causes(sent, chunk.starts)):
        if frozenset((t.subject.name, t.object.name)) not in read:
            chunk.sink.emit(t.subject, t.object, t.rel_type, t.predicate, t.flags, bounds)
    ctx = chunk.ctx
    topic = None if ctx is None else ctx.about("topic", bounds[0] + chunk.offset)
    for t in team_triples(sent, chunk.starts, topic):  # "we persist X to Y", where the parse lost the flow
        if frozenset((t.subject.name, t.object.name)) not in read:
            chunk.sink.emit(t.subject, t.object, t.rel_type, t.predicate, t.flags, bounds, "document_subject")
    if topic is not None and ctx is not None:  # "X was chosen over Y": the topic uses X, not Y
        for choice in choices(sent, chunk.starts, chunk.offset):
            _choose(chunk.sink, topic, choice, section_use(ctx.headings, bounds[0] + chunk.offset), sent, bounds)


def _choose(sink: RelationSink, topic: Mention, choice: Choice, rel: str, sent: Span, bounds: tuple[int, int]) -> None:
    """ "X was chosen over Y": the section's system uses X, and (negated) each alternative Y."""
    flags = clause_flags(choice.verb, sent, subjects(choice.verb))
    for option, no in [(choice.chosen, flags[0]), *((m, True) for m in choice.rejected)]:
        if option.name != topic.name:
            sink.emit(topic, option, rel, [choice.verb], (no, *flags[1:]), bounds, "document_subject")
