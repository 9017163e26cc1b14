"""The route of a question and what it is about, read from the parse (part of stage 1, analyse).

The relation a question asks about comes from the extractor's own vocabulary (``extraction.vocabulary``: verb +
preposition, copula + noun + preposition) and the role nouns of labelled lines (``verify.lexicon``:
assignee, reporter, components ...), so questions and documents are read with the same words.

- A yes/no question whose verb names a relation between two phrases ("does A depend on B", "is A owned by B")
  is a relation check (``yes_no`` with ``subject``, ``other`` and ``rel_type``); any other yes/no question is a
  statement to confirm from the passages.
- An ``agent`` ask ("who ...", "which team ...") about OWNS / MAINTAINS / LEADS is ``ownership``; about any
  other verb or role noun ("who approved X", "who is the assignee on X", "who disabled X") ``participation``
  (``rel_type`` None when the verb is not a relation of the vocabulary: it is bound at question time).
- A plural focus that is a labelled-line role ("which components are tagged on X") is ``participation``.
- A dependency verb: the wh-word as its object asks for ``dependency``, as its subject for ``dependents``.
- An impact verb (break, affect, ...) asked of a change ("what breaks if we change X") or of a thing ("what did
  X break") is ``impact``.
- Otherwise: ``why`` when an ask is a cause, ``list`` when one asks for items, else ``attribute``.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from extraction.vocabulary import COPULA_RULES, PASSIVE_PREP_RULES, TYPE_NOUNS, VERB_RULES
from verify.lexicon import METADATA_FIELDS
from zehn.agent.focus import FOCUS_TYPES
from zehn.agent.lemmas import content_terms
from zehn.agent.question import Ask, Route, SubjectPhrase

OWNERSHIP_RELS = frozenset({"OWNS", "MAINTAINS", "LEADS"})
DEPENDENCY_RELS = frozenset({"DEPENDS_ON", "USES", "CALLS", "CONSUMES"})
IMPACT_RELS = frozenset({"AFFECTS", "BLOCKS"})
_SUBJECTS = ("nsubj", "nsubjpass")
_NP_DEPS = frozenset({"compound", "amod", "nmod", "nummod", "det"})
_OBJECTS = ("dobj", "pobj", "attr", "oprd", "dative")


@dataclass(frozen=True)
class Routed:
    route: Route
    subject: SubjectPhrase | None = None
    other: SubjectPhrase | None = None
    rel_type: str | None = None


def phrase(token: Token) -> SubjectPhrase:
    """The phrase a noun heads (its subtree), the name to resolve, and a type hint from a type noun."""
    tokens = sorted(token.subtree, key=lambda t: t.i)
    span = token.doc[tokens[0].i: tokens[-1].i + 1]
    core = [t for t in token.subtree if (t.i <= token.i and t.dep_ in ("compound", "amod", "nmod", "nummod",
                                                                       "npadvmod")) or t.i == token.i]
    core = [t for t in sorted(core, key=lambda t: t.i) if t.pos_ not in ("DET", "PRON") and t.dep_ != "poss"
            and t.lemma_ not in ("do", "be", "have")]
    hint: tuple[str, ...] = ()
    if len(core) > 1 and core[-1].lower_ in TYPE_NOUNS:
        hint, core = TYPE_NOUNS[core[-1].lower_], core[:-1]
    apposed = next((c for c in token.children if c.dep_ == "appos" and c.lower_ in TYPE_NOUNS), None)
    if apposed is not None:  # "Atlas (the customer)", "Atlas, the team"
        hint = TYPE_NOUNS[apposed.lower_]
    core_text = " ".join(t.text for t in core).strip(" ,.?")
    names = [t.text for t in core if _identifier(t) and t.text != core_text]
    name = core_text or token.text
    return SubjectPhrase(span.text.strip(" ,.?"), name, token.lemma_.casefold(), hint, content_terms(span),
                         tuple(names))


def _identifier(token: Token) -> bool:
    text = token.text
    return (any(c in text for c in "-_#/") and any(c.isalpha() for c in text)) or \
        (any(c.isdigit() for c in text) and any(c.isalpha() for c in text))


def _child(token: Token, deps: tuple[str, ...], preps: tuple[str, ...] = ()) -> Token | None:
    for child in token.children:
        if child.dep_ in deps:
            return child
        if child.dep_ in ("prep", "agent") and (not preps or child.lower_ in preps):
            obj = next((c for c in child.children if c.dep_ == "pobj"), None)
            if obj is not None and "pobj" in deps:
                return obj
    return None


def _prep_of(verb: Token) -> str | None:
    return next((c.lower_ for c in verb.children if c.dep_ in ("prep", "prt") and c.lower_ != "by"), None)


def _verb_rel(verb: Token) -> str | None:
    lemma = verb.lemma_.casefold()
    prep = _prep_of(verb)
    passive = any(c.dep_ == "auxpass" for c in verb.children) or verb.tag_ == "VBN"
    rule = (PASSIVE_PREP_RULES.get((lemma, prep or "")) if passive else None) or VERB_RULES.get((lemma, prep)) \
        or VERB_RULES.get((lemma, None))
    return rule[0] if rule else None


def _entity_like(token: Token | None) -> bool:
    """A phrase that can name an entity: not a pronoun ("they", "it") and not a bare wh-word."""
    return token is not None and token.pos_ not in ("PRON", "DET") and token.lower_ not in ("what", "which", "who")


def _copula_rel(clause: Span) -> tuple[str, Token] | None:
    """("responsible", "for") / ("owner", "of") ...: the relation and the object of its preposition."""
    for t in clause:
        for child in t.children:
            if child.dep_ == "prep" and (t.lemma_.casefold(), child.lower_) in COPULA_RULES:
                obj = next((c for c in child.children if c.dep_ == "pobj"), None)
                if obj is not None:
                    return COPULA_RULES[(t.lemma_.casefold(), child.lower_)][0], obj
    return None


def _clause_of(doc: Doc, ask: Ask) -> Span:
    start = doc.text.find(ask.text)
    span = doc.char_span(start, start + len(ask.text), alignment_mode="expand") if start >= 0 else None
    return span if span is not None else doc[:]


def _main_verb(clause: Span) -> Token | None:
    verbs = [t for t in clause if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass", "amod")]
    return min(verbs, key=lambda t: len(list(t.ancestors))) if verbs else None


def _wh_is_subject(clause: Span) -> bool:
    """The wh-phrase is the subject, unless do-support says it is the object ("what did X break")."""
    wh = clause[0]
    after = [t for t in clause[1:] if t.lemma_ in ("do", "be", "have") or not (
        t.dep_ in _NP_DEPS or t.tag_.startswith("NN"))]
    if after and after[0].lemma_ == "do":
        return False
    return wh.dep_ in _SUBJECTS or wh.head.dep_ in _SUBJECTS or (bool(after) and after[0].pos_ == "VERB")


def _agent_route(clause: Span, ask: Ask) -> Routed:
    verb = _main_verb(clause)
    copula = _copula_rel(clause)
    if copula is not None:
        rel, target = copula
        return Routed("ownership" if rel in OWNERSHIP_RELS else "participation", phrase(target), None, rel)
    role = METADATA_FIELDS.get(ask.focus_head) if ask.focus_head else None
    if role is not None:
        of = next((t for t in clause if t.dep_ == "pobj" and t.head.head.lemma_.casefold() == ask.focus_head), None)
        of = of or next((t for t in clause if t.dep_ == "pobj"), None)
        return Routed("ownership" if role in OWNERSHIP_RELS else "participation",
                      phrase(of) if of is not None else None, None, role)
    if verb is not None and verb.lemma_ == "be":  # "who is X assigned to": the participle carries the relation
        verb = next((t for t in clause if t.tag_ == "VBN" and _verb_rel(t) is not None), None)
        if verb is not None and verb.dep_ == "acl" and not _child(verb, ("nsubjpass",)):
            return Routed("participation", phrase(verb.head), None, _verb_rel(verb))
    if verb is None:
        return Routed("attribute")
    verb_rel = _verb_rel(verb)
    passive = _child(verb, ("nsubjpass",))
    obj = passive or _child(verb, ("dobj",)) or _child(verb, ("pobj",), ("on", "for", "of", "to"))
    route: Route = "ownership" if verb_rel in OWNERSHIP_RELS else "participation"
    if verb_rel in DEPENDENCY_RELS | IMPACT_RELS:
        return Routed("attribute")
    return Routed(route, phrase(obj) if obj is not None else None, None, verb_rel)


def _relation_verb(clause: Span) -> tuple[Token, str] | None:
    """The clause's verb that names a dependency or impact relation (by lemma: tags of a long technical
    question are unreliable, "break" may be tagged a noun)."""
    for t in sorted(clause, key=lambda t: len(list(t.ancestors))):
        if t.i == clause.start or t.dep_ in ("amod", "compound"):
            continue
        rel = _verb_rel(t)
        if rel in DEPENDENCY_RELS | IMPACT_RELS:
            return t, rel
    return None


def _relation_route(clause: Span, ask: Ask) -> Routed | None:
    """Dependency / dependents / impact, only for an ask whose focus is a system or nothing typed."""
    if ask.answer_type not in ("system", "items", "description") or (
            ask.answer_type == "items" and FOCUS_TYPES.get(ask.focus_head) not in (None, "system")):
        return None
    found = _relation_verb(clause)
    if found is None:
        return None
    verb, rel = found
    wh_subject = _wh_is_subject(clause)
    if rel in DEPENDENCY_RELS:
        if wh_subject:
            obj = _child(verb, ("dobj", "pobj"))
            return Routed("dependents", phrase(obj), None, rel) if _entity_like(obj) and obj else None
        subject = _child(verb, _SUBJECTS) or _do_subject(clause, verb)
        return Routed("dependency", phrase(subject), None, rel) if _entity_like(subject) and subject else None
    condition = next((t for t in verb.subtree if t.dep_ == "advcl" and any(
        c.lower_ in ("if", "when", "once") for c in t.children)), None)
    if condition is not None:
        target = _child(condition, ("dobj", "nsubjpass")) or _child(condition, ("nsubj",))
        if target is not None and target.pos_ == "PRON":
            target = _child(condition, ("dobj",))
        return Routed("impact", phrase(target), None, rel) if _entity_like(target) and target else None
    subject = _child(verb, ("nsubj",)) if not wh_subject else None
    subject = subject if _entity_like(subject) else (_do_subject(clause, verb) if not wh_subject else None)
    return Routed("impact", phrase(subject), None, rel) if subject is not None else None


def _do_subject(clause: Span, verb: Token | None = None) -> Token | None:
    """The subject of do-support ("what did X break", "what does X depend on"): the noun phrase after "did"."""
    do = next((t for t in clause[1:] if t.lemma_ == "do"), None)
    if do is None:
        return None
    for t in clause.doc[do.i + 1: clause.end]:
        if verb is not None and t.i >= verb.i:
            break
        if t.tag_.startswith("NN") or t.pos_ in ("NOUN", "PROPN") or _identifier(t):
            head = t
            while head.head.i != head.i and head.dep_ in _NP_DEPS | {"nmod", "npadvmod"} and \
                    head.head.i < clause.end and (verb is None or head.head.i != verb.i):
                head = head.head
            return head
    return None


def _yes_no(doc: Doc) -> Routed:
    verb = next((t for t in doc if t.dep_ == "ROOT"), None)
    if verb is None:
        return Routed("yes_no")
    participle = next((c for c in verb.subtree if c.tag_ in ("VBN", "VB", "VBG") and c.i != verb.i), None)
    if verb.pos_ == "AUX" and participle is not None and _verb_rel(participle) is not None:
        subject = _child(verb, _SUBJECTS) or (participle.head if participle.dep_ == "acl" else None)
        agent = _child(participle, ("pobj",), ("by",))
        obj = _child(participle, ("dobj", "pobj"))
        rel = _verb_rel(participle)
        if agent is not None and subject is not None:
            return Routed("yes_no", phrase(agent), phrase(subject), rel)
        if subject is not None and obj is not None:
            return Routed("yes_no", phrase(subject), phrase(obj), rel)
    rel = _verb_rel(verb)
    copula = _copula_rel(doc[:])
    subject = _child(verb, _SUBJECTS)
    if rel is not None:
        agent = _child(verb, ("pobj",), ("by",)) if _child(verb, ("nsubjpass",)) is not None else None
        obj = _child(verb, ("dobj", "pobj", "attr"))
        if agent is not None and subject is not None:
            return Routed("yes_no", phrase(agent), phrase(subject), rel)
        if subject is not None and obj is not None:
            return Routed("yes_no", phrase(subject), phrase(obj), rel)
    if copula is not None and subject is not None:
        return Routed("yes_no", phrase(subject), phrase(copula[1]), copula[0])
    inverted = _inverted(doc)
    if inverted is not None:
        return inverted
    return Routed("yes_no", phrase(subject) if subject is not None else None)


def _inverted(doc: Doc) -> Routed | None:
    """The word order of an inverted yes/no question when the parse is unsure of the roles ("Does X use Y?",
    "Is X dependent on Y?"): the auxiliary, the subject, the relation word (a verb, or an adjective or noun with
    its preposition), the object."""
    opener = next((t for t in doc if t.pos_ == "AUX" or t.lemma_ in ("do", "be", "have")), None)
    if opener is None:
        return None
    for t in doc[opener.i + 2:]:
        prep = next((c.lower_ for c in t.children if c.dep_ == "prep"), None)
        rel = _verb_rel(t) or (COPULA_RULES.get((t.lemma_.casefold(), prep or ""), (None,))[0])
        if rel is None:
            continue
        before = [x for x in doc[opener.i + 1: t.i] if x.pos_ not in ("DET", "PUNCT", "ADV")]
        after = [x for x in doc[t.i + 1:] if x.pos_ not in ("DET", "PUNCT", "ADP", "ADV")]
        if before and after:
            return Routed("yes_no", phrase(before[-1]), phrase(after[0]), rel)
    return None


def route(doc: Doc, asks: list[Ask]) -> Routed:
    first = asks[0]
    if first.answer_type == "statement":
        return _yes_no(doc)
    clause = _clause_of(doc, first)
    if len(asks) == 1 or all(a.text == first.text for a in asks):
        if first.answer_type == "agent":
            routed = _agent_route(clause, first)
            if routed.route != "attribute":
                return routed
        # A verb that states a relation ("which services depend on X") wins over a focus that is also a label
        # ("services"); a plural label focus with a verb that states none ("which components are tagged on X") is read
        # as that label's relation.
        related = _relation_route(clause, first)
        if related is not None:
            return related
        role = METADATA_FIELDS.get(first.focus_head) or METADATA_FIELDS.get(first.focus_head + "s")
        if first.answer_type == "items" and role is not None:
            obj = next((t for t in clause if t.dep_ == "pobj"), None)
            if obj is not None:
                return Routed("participation", phrase(obj), None, role)
    if any(a.answer_type == "cause" for a in asks):
        return Routed("why")
    if any(a.answer_type == "items" for a in asks):
        return Routed("list")
    return Routed("attribute")
