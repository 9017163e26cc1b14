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
- A plural focus that is a labelled-line role ("which components are listed on X") is ``participation``; one
  that names parts of a whole ("what are the main pieces of X", "which modules make up X") asks for X's
  HAS_COMPONENT.
- A dependency verb: the wh-word as its object asks for ``dependency``, as its subject for ``dependents``.
  "Where does X get Y from" asks for X's source (``dependency``, CONSUMES); "which fix has to land before Y" for what
  Y waits on (``dependency`` of Y, DEPENDS_ON); "what has to happen / be done before Y" asks for steps or
  conditions, which the passages state.
- An impact verb (break, affect, ...) asked of a change ("what breaks if we change X") or of a thing ("what did
  X break") is ``impact``.
- Otherwise: ``why`` when an ask is a cause, ``list`` when one asks for items, else ``attribute``.
"""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from extraction.vocabulary import COPULA_RULES
from verify.lexicon import METADATA_FIELDS
from verify.vocabulary import LABELS, label_key, label_rule
from zehn.agent.carried_acts import carried
from zehn.agent.focus import FOCUS_TYPES, REMAINING_VERBS
from zehn.agent.lemmas import WH_WORDS
from zehn.agent.passage_routes import asks_due_date, passage_route, qualifies
from zehn.agent.phrases import (
    NP_DEPS,
    SUBJECTS,
    Routed,
    child,
    clause_of,
    copula_rel,
    entity_like,
    identifier_like,
    main_verb,
    phrase,
    prep_of,
    verb_rel,
    wh_is_subject,
)
from zehn.agent.question import Ask, Route
from zehn.agent.relative_clauses import describes_other
from zehn.agent.routing_order import DEPENDENCY_RELS as DEPENDENCY_RELS
from zehn.agent.routing_order import IMPACT_RELS as IMPACT_RELS
from zehn.agent.routing_order import (
    NECESSITY,
    asked_doer,
    asks_event,
    change_effect,
    copula_in_order,
    incident,
    made_of,
    stranded,
    under_condition,
    verb_object,
)
from zehn.agent.routing_yes_no import yes_no

OWNERSHIP_RELS = frozenset({"OWNS", "MAINTAINS", "LEADS"})
# Phrasal verbs by which an agent question asks who took a task on ("who *picked up* the checklist", "which teams
# *carry* the follow-ups", "who *signed up* for the drill"). Read in questions only: in a document's sentence "she
# picked up the pager" states no ownership, so the extractor's vocabulary leaves them out.
TAKING_VERBS = frozenset({("pick", "up"), ("take", "on"), ("carry", None), ("sign", "up"), ("volunteer", None),
                          ("volunteer", "for")})
# Focus nouns that ask for the parts of a whole ("what are the main pieces of X", "which modules make up X").
PART_NOUNS = frozenset({"component", "part", "piece", "module", "subsystem", "element", "block", "layer", "stage",
                        "subcomponent", "submodule"})


def _agent_route(clause: Span, ask: Ask) -> Routed:
    verb = main_verb(clause)
    act = carried(verb)  # "who has to *sign off* on X", "which team needs to *approve* X": the act is asked
    verb = act if act is not None and verb_rel(act) not in DEPENDENCY_RELS | IMPACT_RELS else verb
    copula = copula_rel(clause) or copula_in_order(clause)
    if copula is not None:
        rel, target = copula
        return Routed("ownership" if rel in OWNERSHIP_RELS else "participation", phrase(target), None, rel)
    role = METADATA_FIELDS.get(ask.focus_head) if ask.focus_head else None
    if role is None and " " in ask.focus.strip():  # a role said in two words: "the owning team of X"
        rule = label_rule(ask.focus)
        role = rule.rel_type if rule is not None and rule.value_type in ("Person", "Team") else None
    if role is not None:
        of = next((t for t in clause if t.dep_ == "pobj" and t.head.head.lemma_.casefold() == ask.focus_head), None)
        of = of or next((t for t in clause if t.dep_ == "pobj"), None)
        return Routed("ownership" if role in OWNERSHIP_RELS else "participation",
                      phrase(of) if of is not None else None, None, role)
    if verb is not None and verb.lemma_ == "be":  # "who is X assigned to": the participle carries the relation
        verb = next((t for t in clause if t.tag_ == "VBN" and verb_rel(t) is not None), None)
        if verb is not None and verb.dep_ == "acl" and not child(verb, ("nsubjpass",)):
            return Routed("participation", phrase(verb.head), None, verb_rel(verb))
    if verb is None:
        return Routed("attribute")
    said = verb_rel(verb) or _taking(verb)
    passive = child(verb, ("nsubjpass",))
    passive = None if passive is not None and passive.lower_ in WH_WORDS else passive  # "*who* is allowed to X"
    obj = passive or child(verb, ("dobj",)) or child(verb, ("pobj",), ("on", "for", "of", "to"))
    route: Route = "ownership" if said in OWNERSHIP_RELS else "participation"
    if said in DEPENDENCY_RELS | IMPACT_RELS:
        return Routed("attribute")
    return Routed(route, phrase(obj) if obj is not None else None, None, said)


def _taking(verb: Token) -> str | None:
    """OWNS for a taking verb, its particle read as the rule names it ("carry X *from* the ticket": any)."""
    lemma = verb.lemma_.casefold()
    return "OWNS" if (lemma, prep_of(verb)) in TAKING_VERBS or (lemma, None) in TAKING_VERBS else None


def _relation_verb(clause: Span) -> tuple[Token, str] | None:
    """The clause's verb that names a dependency or impact relation (by lemma: tags of a long technical
    question are unreliable, "break" may be tagged a noun)."""
    for t in sorted(clause, key=lambda t: len(list(t.ancestors))):
        if t.i == clause.start or t.dep_ in ("amod", "compound", "prep") or describes_other(t, clause):
            continue  # a relative clause says which one ("a client *that uses X*"), "*depending on* Y" a condition
        rel = verb_rel(t)
        if rel is None and t.pos_ == "ADJ":  # "which tickets is X dependent on": the adjective and its preposition
            after = t.nbor().lower_ if t.i + 1 < len(t.doc) else ""
            rule = COPULA_RULES.get((t.lemma_.casefold(), after))
            rel = rule[0] if rule is not None and not rule[1] else None
        if rel in DEPENDENCY_RELS | IMPACT_RELS:
            return t, rel
    return None


def _relation_route(clause: Span, ask: Ask) -> Routed | None:
    """Dependency / dependents / impact, only for an ask whose focus is a system or nothing typed. A bare "how"
    asks the manner or the degree of the act ("how badly were customers hit", "how does X call Y"), never for the
    thing at the relation's other end: the passages say it."""
    if ask.wh == "how" or ask.answer_type not in ("system", "items", "description") or (
            ask.answer_type == "items" and FOCUS_TYPES.get(ask.focus_head) not in (None, "system", "identifier")):
        return None
    found = _relation_verb(clause)
    if found is None:
        return _source(clause) or _prerequisite(clause) or stranded(clause)
    verb, rel = found
    wh_subject = wh_is_subject(clause)
    doer = _passive_agent(verb) if wh_subject else None
    if incident(doer):
        return None  # "which systems were affected by the outage": the incident's own "Impact" section says
    if doer is not None:  # "what was affected by X", "which services are used by X": X does the relating
        return Routed("dependency" if rel in DEPENDENCY_RELS else "impact", phrase(doer), None, rel)
    done_to = asked_doer(verb) if not wh_subject else None
    if done_to is not None:  # "what is X blocked by", "by whom is X used": X is the relation's target
        return Routed("dependents" if rel in DEPENDENCY_RELS else "participation", phrase(done_to), None, rel)
    if rel in DEPENDENCY_RELS:
        if under_condition(verb, clause):
            return None
        if wh_subject:
            obj = verb_object(verb)
            # "which fix needs to land before X": no object of its own, the clause it must precede names X
            return Routed("dependents", phrase(obj), None, rel) if entity_like(obj) and obj else \
                _prerequisite(clause)
        subject = _own_subject(clause, verb) or _do_subject(clause, verb)
        return Routed("dependency", phrase(subject), None, rel) if entity_like(subject) and subject else None
    condition = next((t for t in verb.subtree if t.dep_ == "advcl" and any(
        c.lower_ in ("if", "when", "once") for c in t.children)), None)
    if condition is not None:
        target = child(condition, ("dobj", "nsubjpass")) or child(condition, ("nsubj",))
        if target is not None and target.pos_ == "PRON":
            target = child(condition, ("dobj",))
        return Routed("impact", phrase(target), None, rel) if entity_like(target) and target else None
    subject = _own_subject(clause, verb) if not wh_subject else None
    subject = subject if entity_like(subject) else (_do_subject(clause, verb) if not wh_subject else None)
    return Routed("impact", phrase(subject), None, rel) if subject is not None else None


def _own_subject(clause: Span, verb: Token) -> Token | None:
    """The verb's subject that is not the wh-phrase (a parse may call "which sources" in "which sources does X read
    from" a second subject)."""
    wh = clause[0]
    return next((c for c in verb.children if c.dep_ in SUBJECTS and wh not in list(c.subtree)), None)


def _passive_agent(verb: Token) -> Token | None:
    by = next((c for c in verb.children if c.dep_ == "agent"), None)
    doer = next((c for c in by.children if c.dep_ == "pobj"), None) if by is not None else None
    return doer if entity_like(doer) else None


# Subordinators of a clause that must wait for the main one: "X has to be merged *before* Y can run".
WAITS_FOR = frozenset({"before", "until"})


def _prerequisite(clause: Span) -> Routed | None:
    """"Which change has to land before Y": the wh-phrase is the main clause's subject and the clause it must precede
    names the dependent (Y depends on what is asked). A past-tense main verb tells what happened before Y ("which
    nodes got the release before the rollout was paused"), not what Y waits on."""
    verb = main_verb(clause)
    needed = any(t.tag_ == "MD" or t.lemma_ in NECESSITY for t in clause)
    if not wh_is_subject(clause) or (verb is not None and verb.tag_ == "VBD" and not needed):
        return None
    if (verb is not None and verb.lemma_.casefold() in REMAINING_VERBS) or asks_event(carried(verb)):
        return None  # "what is left to do / has to happen before the issue can close": steps, not a dependency
    for t in clause:
        waiting = None
        if t.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in WAITS_FOR for c in t.children):
            waiting = child(t, SUBJECTS)  # "before the canary can run"
        elif t.dep_ == "prep" and t.lower_ in WAITS_FOR:
            waiting = next((c for c in t.children if c.dep_ == "pobj"), None)  # "before the canary"
        if entity_like(waiting) and waiting is not None:
            return Routed("dependency", phrase(waiting), None, "DEPENDS_ON")
    return None


def _source(clause: Span) -> Routed | None:
    """"Where does X get / take / load Y from": a wh-word asking for the place something comes from, with the
    preposition left at the end, asks for X's source (what X consumes)."""
    if clause[0].lower_ != "where":
        return None
    verb = main_verb(clause)
    stranded = verb is not None and any(c.dep_ == "prep" and c.lower_ == "from" and not list(c.children)
                                        for c in verb.children)
    subject = (child(verb, SUBJECTS) or _do_subject(clause, verb)) if verb is not None and stranded else None
    return Routed("dependency", phrase(subject), None, "CONSUMES") if entity_like(subject) and subject else None


def _do_subject(clause: Span, verb: Token | None = None) -> Token | None:
    """The subject of do-support ("what did X break", "what does X depend on"): the noun phrase after "did"."""
    do = next((t for t in clause[1:] if t.lemma_ == "do"), None)
    if do is None:
        return None
    for t in clause.doc[do.i + 1: clause.end]:
        if verb is not None and t.i >= verb.i:
            break
        if t.tag_.startswith("NN") or t.pos_ in ("NOUN", "PROPN") or identifier_like(t):
            head = t
            while head.head.i != head.i and head.dep_ in NP_DEPS | {"nmod", "npadvmod"} and \
                    head.head.i < clause.end and (verb is None or head.head.i != verb.i):
                head = head.head
            return head
    return None


def route(doc: Doc, asks: list[Ask]) -> Routed:
    first = asks[0]
    if all(a.answer_type == "statement" for a in asks):
        return yes_no(doc)
    if any(a.answer_type == "statement" for a in asks):
        # Yes/no parts beside wh-parts (:mod:`zehn.agent.polar_parts`): each is bound in a passage; a walk answers one
        return Routed(passage_route(asks))
    clause = clause_of(doc, first)
    alone = len(asks) == 1 or all(a.text == first.text for a in asks)
    if alone or (first.answer_type == "agent" and all(asks_due_date(doc, a) for a in asks[1:])):
        if first.answer_type == "agent":
            routed = _agent_route(clause, first)
            if routed.route != "attribute":
                return routed
        # A verb that states a relation ("which services depend on X") wins over a focus that is also a label
        # ("services"); a plural label focus with a verb that states none ("which components are listed on X") is read
        # as that label's relation.
        related = _relation_route(clause, first)
        if related is not None:
            return related
        listed = _parts_route(clause, first) or _label_route(clause, first)
        if listed is not None:
            return listed
        change = change_effect(clause) or made_of(clause)
        if change is not None:
            return change
    return Routed(passage_route([a for a in asks if a is first or not qualifies(doc, a)]))


def _parts_route(clause: Span, first: Ask) -> Routed | None:
    """ "Which components make up X": the whole whose parts a part-noun focus asks for."""
    if first.answer_type == "items" and first.focus_head in PART_NOUNS:
        whole = next((t for t in clause if t.dep_ == "pobj"), None) or next(
            (t for t in clause if t.dep_ == "dobj" and t.pos_ != "PRON" and t.lemma_.casefold() not in PART_NOUNS),
            None)
        if whole is not None:
            return Routed("participation", phrase(whole), None, "HAS_COMPONENT")
    return None


def _label_route(clause: Span, first: Ask) -> Routed | None:
    """A list asked by a labelled relation (a metadata field, or a verb that names one) of a named thing."""
    role = METADATA_FIELDS.get(first.focus_head) or METADATA_FIELDS.get(first.focus_head + "s") or \
        METADATA_FIELDS.get(label_key(first.focus))  # "the linked issues of X": the whole focus is the label
    verb = main_verb(clause)
    if first.answer_type == "items" and role is None and verb is not None and verb_rel(verb) is not None:
        role = verb_rel(verb)  # "which issues are linked to X": the verb names a labelled relation
    if first.answer_type == "items" and role is not None:
        obj = next((t for t in clause if t.dep_ in ("pobj", "poss") and entity_like(t)), None)
        obj = None if incident(obj) else obj  # "which invoices were affected by the bug": its Impact section
        if obj is not None and role in DEPENDENCY_RELS:  # "the dependencies of X", "X's downstream services"
            rule = LABELS.get(label_key(first.focus_head + "s")) or LABELS.get(label_key(first.focus_head))
            return Routed("dependents" if rule is not None and rule.value_is_subject else "dependency",
                          phrase(obj), None, role)
        if obj is not None:
            return Routed("participation", phrase(obj), None, role)
    return None
