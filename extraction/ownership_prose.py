"""How enterprise prose states a change or a place of ownership without the verb "own" (read per sentence).

* an ownership noun and where it goes or sits: "Ownership of X moved to the Payments team", "Responsibility for X
  now sits with Y", "Ownership of X is with Y", "... is held by Y" -> Y OWNS X; a noun of looking after a system
  the same way: "Support for X moved to Y", "Day-to-day operation of X is handled by Y" -> Y MAINTAINS X;
* someone taking it: "The Payments team took (over) ownership of X", "Y assumed responsibility for X" -> Y OWNS X;
* a handover: "We handed X over to Y", "X was transferred to Y", "hand off ownership of X to Y", "Ownership of X was
  handed over from A to Y" -> Y OWNS X (Y a team, a person or an organisation; X something owned, never a person);
* "X belongs to the Payments team": a system belonging to a team or person is owned by it (not a part of it), "X is
  run by the Infra team" is maintained by it (a system uses no team), and a person moved onto a team is a member of
  it; see `belonging`.

* escalation: "Questions about X go to Y", "Escalate problems with X to the Y team" -> Y OWNS X (`escalations`).

Flags come from the clause of the verb, as for every sentence relation ("we might hand X over to Y next quarter"
is hedged and planned).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.extraction_types import Mention
from extraction.parse_walks import prep_objects, with_conjuncts
from extraction.vocabulary import OWNER_TYPES, normalise, same_entity, words

# Nouns that name ownership itself, and nouns of looking after a system (what they move or sit with is maintained).
OWNERSHIP_NOUNS = words("ownership responsibility stewardship custody")
CARE_NOUNS = words("operation operations maintenance upkeep support")
# Verbs by which ownership goes or sits somewhere: "moved to Y", "passed to Y", "sits with Y", "is with Y".
_PLACING = words("move pass transfer go shift fall sit lie rest stay remain be land transition")
# Verbs by which an owner takes ownership: "took (over) ownership of X", "assumed responsibility for X".
_TAKING = words("take assume have hold keep retain accept inherit gain")
# Verbs that hand a thing (or its ownership) to a new owner: "hand X over to Y", "transfer X to Y".
_HANDING = words("hand transfer give pass reassign move")
# Verbs of holding or doing a job that a by-agent does as owner: "ownership of X is held by Y", "operation of X is
# handled by Y" - not "ownership of X was disputed / questioned by Y".
_HOLDING = words("hold handle provide own run carry do")
_OWNED = frozenset({"Service", "Component", "Technology", "Project", "Ticket", "Page"})

Found = tuple[Mention, Mention, str, Token, Token]  # owner, owned, rel_type, predicate word, the verb (for flags)


def _pobjs(head: Token, preps: tuple[str, ...]) -> list[Token]:
    return prep_objects(head, preps, ("prep", "dative"))


def _named(toks: list[Token], anchors: dict[int, Mention], types: frozenset[str]) -> list[Mention]:
    return [anchors[t.i] for t in toks if t.i in anchors and anchors[t.i].type in types]


def _subjects(verb: Token) -> list[Token]:
    return with_conjuncts(c for c in verb.children if c.dep_ == "nsubj")


def ownership_changes(sent: Span, anchors: dict[int, Mention]) -> list[Found]:
    found: list[Found] = []
    for tok in sent:
        verb = tok.head
        if tok.lower_ in OWNERSHIP_NOUNS or tok.lower_ in CARE_NOUNS:
            rel = "OWNS" if tok.lower_ in OWNERSHIP_NOUNS else "MAINTAINS"
            owned = _named(_pobjs(tok, ("of", "for", "over")), anchors, _OWNED)
            lemma = verb.lemma_.lower()
            owners: list[Mention] = []
            placed = lemma in _PLACING or (tok.dep_ == "nsubjpass" and lemma in _HANDING)  # "was handed over to Y"
            if tok.dep_ in ("nsubj", "nsubjpass") and placed:
                owners = _named(_pobjs(verb, ("to", "with")), anchors, OWNER_TYPES)
            elif tok.dep_ == "nsubjpass" and lemma in _HOLDING:  # "operation of X is handled by Y", "... held by Y"
                owners = _named(prep_objects(verb, ("by",), ("agent",)), anchors, OWNER_TYPES)
            elif tok.dep_ == "dobj" and lemma in _TAKING:
                owners = _named(_subjects(verb), anchors, OWNER_TYPES)
            elif tok.dep_ == "dobj" and lemma in _HANDING:
                owners = _named(_pobjs(verb, ("to",)), anchors, OWNER_TYPES)
            found += [(o, x, rel, tok, verb) for o in owners for x in owned]
        elif tok.pos_ == "VERB" and tok.lemma_.lower() in _HANDING:
            passive = any(c.dep_ == "nsubjpass" for c in tok.children)
            things = [c for c in tok.children if c.dep_ == ("nsubjpass" if passive else "dobj")]
            owned = _named(with_conjuncts(things), anchors, _OWNED)
            owners = _named(_pobjs(tok, ("to",)), anchors, OWNER_TYPES)
            if tok.lemma_.lower() in ("move", "pass") and not any(c.lower_ in ("over", "off") for c in tok.children):
                owners = [o for o in owners if o.type == "Team"]  # "moved X to Postgres" is a move, not a handover
            found += [(o, x, "OWNS", tok, tok) for o in owners for x in owned]
    return found


# Things sent to whoever answers for a system, and the verbs that send them: "Questions about X go to Y", "Send
# X alerts to the Y team", "Escalate problems with X to Y" -> Y OWNS X.
ESCALATED_NOUNS = words("question problem issue alert page escalation bug incident")
_GOING = words("go get come")
_SENDING = words("escalate send route forward direct raise take bring")


def escalations(sent: Span, anchors: dict[int, Mention]) -> list[Found]:
    """Who the questions, problems or alerts about a system go to: that person or team answers for it (OWNS)."""
    found: list[Found] = []
    for tok in sent:
        if tok.lemma_.lower() not in ESCALATED_NOUNS or tok.i in anchors:
            continue
        about = _pobjs(tok, ("about", "for", "with", "on", "in", "regarding"))
        about += [c for c in tok.children if c.dep_ in ("compound", "amod", "nmod")]
        # a technology is asked about, not answered for: "Questions about Kafka go to Dana" names an expert
        owned = [m for m in _named(about, anchors, _OWNED) if m.type not in ("Page", "Technology")]
        verb, lemma = tok.head, tok.head.lemma_.lower()
        if not ((tok.dep_ == "nsubj" and lemma in _GOING) or (tok.dep_ == "dobj" and lemma in _SENDING)):
            continue
        owners = _named(_pobjs(verb, ("to",)), anchors, OWNER_TYPES)
        found += [(o, x, "OWNS", tok, verb) for o in owners for x in owned]
    return found


def belonging(subj: Mention, obj: Mention, rel: str) -> tuple[Mention, Mention, str]:
    """ "X belongs to the Payments team" / "X is part of Y's portfolio": a thing that belongs to a team, person or
    organisation is owned by it; a part of another thing stays PART_OF."""
    if rel == "PART_OF" and obj.type in OWNER_TYPES and subj.type in _OWNED - {"Page"}:
        return obj, subj, "OWNS"
    if rel == "USES" and subj.type == "Person" and obj.type == "Team":
        return subj, obj, "MEMBER_OF"  # "Kwame was moved onto the Routing team": a person moved into a team
    if rel == "USES" and obj.type in ("Team", "Person") and subj.type in _OWNED - {"Page", "Ticket"}:
        return obj, subj, "MAINTAINS"  # "X is run by / hosted by the Infra team": a team runs it, X uses no team
    return subj, obj, rel


def typed_relation(subj: Mention, obj: Mention, rel: str) -> tuple[Mention, Mention, str] | None:
    """The relation as stored, for every reader of sentences and lines: belonging read as ownership, then the rel_type
    checked against the ends' types; None when the types forbid it or both ends name one entity ("Acme" read as the
    customer and as the organisation)."""
    subj, obj, rel = belonging(subj, obj, rel)
    rel_type = normalise(rel, subj.type, obj.type)
    if rel_type is None or same_entity(subj.name, subj.type, obj.name, obj.type):
        return None
    return subj, obj, rel_type
