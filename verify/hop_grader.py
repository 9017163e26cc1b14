"""Grade one traversal hop against the sentence it came from, with a spaCy dependency parse.

Grades, decided in this order (the first that applies wins):

1. ``insufficient`` - binding failed: a mention is not in the sentence, or a given span's text is not the
   entity's name (``binding_failed:...``).
2. ``insufficient`` - the statement between the mentions is negated ("does not depend on", "no longer",
   "never", "isn't owned by", "stopped calling") or hypothetical/hedged ("if", "unless", "whether",
   "might", "could", "may", "would", "should", "maybe", "probably", "I think", "unclear", a question).
   Only signals attached to the governing scope count (the path between the mention heads, the clause
   heads of its tokens, and the clauses that embed it through complement edges). A question or a
   whether/if clause is reported as ``hypothetical`` even when the embedding clause is negated
   ("Nobody has checked whether ...").
3. ``inferred`` - the statement is a plan or a future intention ("will", "going to", "plan to",
   "next quarter").
4. ``source_backed`` - a lemma that expresses ``rel_type`` (``lexicon.CUES``) sits on the dependency path
   between the two mention heads, the mentions are arguments of the same clause, and the grammatical
   roles do not contradict the direction (active subject / passive agent = relation subject).
5. ``inferred`` otherwise: a different predicate on the path (``different_predicate:<lemma>``), the roles
   turned round (``direction_reversed``), or mere co-occurrence (``cooccurrence_only``).

Before parsing, each mention is masked with a same-length pseudo-word (see :func:`_masked`).
When a name occurs several times, every pair of occurrences is graded and the strongest grade is kept.
Front-matter hops and body lines shaped ``label: values`` are graded by :mod:`verify.metadata_hops` (a body line
keeps the stronger of that grade and the parse's). A hop read with ``via="document_subject"`` (one end is the
document's or its section's subject, not named in the sentence) is graded by :mod:`verify.subject_hops` and is
never better than ``inferred``. A path is as strong as its weakest hop.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from spacy.tokens import Doc, Span, Token

from verify import lexicon as lx
from verify import signals
from verify.binding import bind
from verify.dep_paths import MentionPath, crosses_clause, governing_scope, mention_span, path_between, role_towards
from verify.grades import HopGrade, HopInput, PathGrade, path_grade, rank
from verify.metadata_hops import grade_labelled_hop, grade_metadata_hop, parse_line
from verify.parsing import Parse
from verify.subject_hops import grade_subject_hop
from verify.vocabulary import GROUP_NOUNS, label_rule


def _cue_lemmas(rel_type: str) -> frozenset[str]:
    return lx.CUES.get(rel_type, frozenset())


_PERSON = re.compile(r"^[A-Z][a-z'’-]+(?: [A-Z][a-z'’.-]*){1,2}$")


def _phrasal(rel_type: str, token: Token, subject: Span, name: str) -> bool | None:
    """A phrasal cue ("take over", "move to") that names the hop's subject in its own slot: the verb's subject
    ("the Ops team takes over X"), or the object of its preposition when inverse ("X moves to the Ops team", a
    team or a person); whether it is inverse, or None ("takes over X from the Growth team" names no owner)."""
    for (verb, part), inverse in lx.PHRASAL_CUES.get(rel_type, {}).items():
        if token.lemma_.lower() != verb:
            continue
        linked = [c for c in token.children if c.lower_ == part and c.dep_ in ("prt", "prep", "advmod", "agent")]
        if not linked:
            continue
        root = subject.root
        if inverse:
            named = any(root.head == c and root.dep_ == "pobj" for c in linked)
            kind = name.split()[-1].casefold() in GROUP_NOUNS or bool(_PERSON.match(name))
            # a passive's by-agent already reads as the doer ("is run by the Ops team"): no turn round
            return (linked[0].dep_ != "agent") if named and kind else None
        doer = token if token.dep_ != "conj" else token.head
        return False if root.dep_ == "nsubj" and root.head == doer else None
    return None


def _direction_ok(rel_type: str, subject: Span, obj: Span, cue_index: int, doc: Doc,
                  inverse: bool | None = None) -> bool:
    cue = doc[cue_index]
    if (rel_type not in lx.DIRECTIONAL and inverse is None) or cue.pos_ != "VERB":
        return True
    members = {t.i for t in subject} | {t.i for t in obj}
    subject_role = role_towards(cue, subject.root, members)
    object_role = role_towards(cue, obj.root, members)
    if inverse or cue.lemma_.lower() in lx.INVERSE_VERBS.get(rel_type, frozenset()):
        subject_role, object_role = object_role, subject_role
    return not (subject_role == "patient" and object_role == "agent")


def _grade_pair(hop: HopInput, doc: Doc, subject: Span, obj: Span) -> HopGrade:
    members = {t.i for t in subject} | {t.i for t in obj}
    if members & {t.i for t in subject} & {t.i for t in obj}:
        return HopGrade("insufficient", ("binding_failed:same_mention",), hop.evidence_id)
    path = path_between(subject, obj)
    on_path = {t.i for t in path.tokens}
    scope = governing_scope(path)
    negated = signals.negation(doc, on_path, scope) + signals.ended(doc, scope)
    hedged = signals.hedges(doc, scope)
    conditional = any(w in lx.CONDITION_MARKERS or w == "?" for w in hedged)
    if negated and not conditional:
        return HopGrade("insufficient", ("negated", *(f"signal:{w}" for w in negated)), hop.evidence_id)
    if hedged:
        return HopGrade("insufficient", ("hypothetical", *(f"signal:{w}" for w in hedged)), hop.evidence_id)
    planned = signals.plans(doc, scope)
    if planned:
        return HopGrade("inferred", ("plan_or_future", *(f"signal:{w}" for w in planned)), hop.evidence_id)
    if crosses_clause(path, members):
        return HopGrade("inferred", ("cooccurrence_only", "clause_boundary"), hop.evidence_id)
    cues = _cue_lemmas(hop.rel_type)
    for token in path.inner:
        lemma = token.lemma_.lower()
        inverse = _phrasal(hop.rel_type, token, subject, hop.subject)
        if lemma in cues or token.lower_ in cues or inverse is not None:
            if _direction_ok(hop.rel_type, subject, obj, token.i, doc, inverse):
                return HopGrade("source_backed", (f"predicate_on_path:{lemma}",), hop.evidence_id)
            return HopGrade("inferred", ("direction_reversed", f"predicate_on_path:{lemma}"), hop.evidence_id)
    return _other_predicate(hop, doc, path, subject, obj)


def _other_predicate(hop: HopInput, doc: Doc, path: MentionPath, subject: Span, obj: Span) -> HopGrade:
    """No cue of the hop's own relation on the path: a relation it implies read the other way, or another one."""
    implied = frozenset().union(*(lx.CUES[r] for r in lx.IMPLIES.get(hop.rel_type, ())))
    for token in path.inner:  # "B calls A" read for "A depends on B": the call runs the other way
        lemma = token.lemma_.lower()
        if token.pos_ == "VERB" and lemma in implied and not _direction_ok(hop.rel_type, subject, obj, token.i, doc):
            return HopGrade("inferred", ("direction_reversed", f"different_predicate:{lemma}"), hop.evidence_id)
    for token in path.inner:
        lemma = token.lemma_.lower()
        if token.pos_ in {"VERB", "NOUN", "ADJ"} and any(lemma in c for c in lx.CUES.values()):
            return HopGrade("inferred", (f"different_predicate:{lemma}",), hop.evidence_id)
    return HopGrade("inferred", ("cooccurrence_only",), hop.evidence_id)


def _masked(sentence: str, spans: tuple[tuple[int, int], ...]) -> str:
    """Replace each mention by a same-length capitalised pseudo-word ("rate-engine" -> "Xxxxxxxxxxx").

    Hyphenated service names and multi-word team names confuse a small parser; one proper-noun token per
    mention parses reliably, and keeping the length keeps every character offset valid.
    """
    chars = list(sentence)
    for start, end in spans:
        for i in range(start, end):
            chars[i] = "X" if i == start else "x"
    return "".join(chars)


def grade_hop(hop: HopInput, parse: Parse) -> HopGrade:
    """Grade one hop. Deterministic for a given model; never raises on odd input."""
    if hop.kind == "metadata":
        return grade_metadata_hop(hop)
    if hop.rel_type not in lx.CUES:
        return HopGrade("insufficient", (f"unknown_rel_type:{hop.rel_type}",), hop.evidence_id)
    if hop.via == "document_subject":
        return grade_subject_hop(hop, parse)
    parsed = parse_line(hop.sentence)
    labelled = grade_labelled_hop(hop, front_matter=False) if parsed and label_rule(parsed[0]) else None
    parsed_grade = _grade_sentence(hop, parse)
    if labelled is not None and rank(labelled.grade) > rank(parsed_grade.grade):
        return labelled
    return parsed_grade


def _grade_sentence(hop: HopInput, parse: Parse) -> HopGrade:
    subject = bind(hop.subject, hop.subject_span, hop.sentence, "subject")
    obj = bind(hop.object, hop.object_span, hop.sentence, "object")
    failures = tuple(f for f in (subject.failure, obj.failure) if f is not None)
    if failures:
        return HopGrade("insufficient", failures, hop.evidence_id)
    doc = parse(_masked(hop.sentence, subject.spans + obj.spans))
    best: HopGrade | None = None
    for s_start, s_end in subject.spans:
        for o_start, o_end in obj.spans:
            if s_start < o_end and o_start < s_end:
                continue
            s_span, o_span = mention_span(doc, s_start, s_end), mention_span(doc, o_start, o_end)
            if s_span is None or o_span is None:
                continue
            graded = _grade_pair(hop, doc, s_span, o_span)
            if best is None or rank(graded.grade) > rank(best.grade):
                best = graded
    if best is None:
        return HopGrade("insufficient", ("binding_failed:same_mention",), hop.evidence_id)
    return best


def grade_path(hops: Iterable[HopInput], parse: Parse) -> PathGrade:
    """Grade every hop; the path takes the weakest grade and carries the evidence ids judged on."""
    return path_grade(grade_hop(h, parse) for h in hops)
