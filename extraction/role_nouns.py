"""Relations stated by a role noun or by where a person comes from, rather than by a verb (read per sentence).

* a role noun of a person and who fills it: "the owner of X is Dana", "X's maintainer is Dana", "Dana, the owner of
  X", "Oskar, head of the Core team" (OWNS, MAINTAINS, LEADS, MEMBER_OF as the noun says);
* a role noun of a system and the systems that fill it: "Consumers of X include A, B and C", "The callers of X are
  A and B" -> each of A, B, C CONSUMES / CALLS X (the noun says how they stand to X);
* a noun of what a system stands on and what fills it: "X's main dependency is Y", "Y is X's broker" -> X
  DEPENDS_ON / USES Y (`SUPPORT_NOUNS`);
* "Dana, an engineer on the Checkout team": a person's apposition placed in a team -> MEMBER_OF;
* membership read from the words in order: "Jordan from Payments", "Lucia Ferrer, from the Ledger team,", "Dana
  Ruiz at Acme", "Dario Conti (Playback team)" (the bracket must name a team as one: "(Payments)" may be an area),
  and "Platform (Dana Ruiz, Li Wei)" (the people who stand for a team).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.causal import SYSTEM_TYPES
from extraction.extraction_types import Mention
from extraction.parse_walks import with_conjuncts
from extraction.vocabulary import GROUP_NOUNS, SUPPORT_NOUNS

Triple = tuple[Mention, Mention, str, list[Token]]
_GROUPS = ("Team", "Organization")
_FILLERS = ("Person", "Team", "Organization")
# Role nouns of people: "the owner of X is Y", "X's maintainer is Y", "Y, head of the Data team".
ROLE_NOUNS: dict[str, str] = {"owner": "OWNS", "owners": "OWNS", "dri": "OWNS", "maintainer": "MAINTAINS",
                              "maintainers": "MAINTAINS", "lead": "LEADS", "member": "MEMBER_OF", "head": "LEADS"}
# Role nouns of systems, by lemma: what each system that fills the role does to the system the noun is of.
SYSTEM_ROLE_NOUNS: dict[str, str] = {"consumer": "CONSUMES", "subscriber": "CONSUMES", "reader": "CONSUMES",
                                     "caller": "CALLS", "client": "CALLS", "producer": "PRODUCES",
                                     "publisher": "PRODUCES", "writer": "PRODUCES", "dependent": "DEPENDS_ON"}
_LISTING_VERBS = frozenset({"be", "include"})  # "consumers of X are / include A and B"


def role_triples(sent: Span, anchors: dict[int, Mention]) -> list[Triple]:
    """Role nouns of people and of systems, and a person's apposition placed in a team, in one sentence."""
    found: list[Triple] = []
    for tok in sent:
        head = anchors.get(tok.head.i)
        if tok.dep_ == "appos" and head is not None and head.type == "Person" and tok.i not in anchors:
            found += _placed_in_group(tok, head, anchors)  # "Dana, a senior engineer in the Billing team"
        rel = ROLE_NOUNS.get(tok.lower_)
        if rel is not None:
            owned = _owned_by_role(tok, anchors)
            owner = _role_filler(tok, anchors)
            if owned is not None and owner is not None:
                found.append((owner, owned, rel, [tok]))
        system_rel = SYSTEM_ROLE_NOUNS.get(tok.lemma_.lower()) if tok.i not in anchors else None
        if system_rel is not None and tok.dep_ in ("nsubj", "nsubjpass") and tok.head.lemma_ in _LISTING_VERBS:
            of = _owned_by_role(tok, anchors)
            fillers = with_conjuncts(c for c in tok.head.children if c.dep_ in ("attr", "dobj"))
            for filler in (anchors.get(f.i) for f in fillers):
                if of is not None and filler is not None and filler.type in SYSTEM_TYPES and of.type in SYSTEM_TYPES:
                    found.append((filler, of, system_rel, [tok]))
        found += _supports(tok, anchors)
    return found


def _supports(noun: Token, anchors: dict[int, Mention]) -> list[Triple]:
    """ "X's main dependency is Y", "the database of X is Postgres" (the noun as subject), "Y is X's broker" (as
    attribute): the system the noun is of stands on each filler as the noun says (`SUPPORT_NOUNS`)."""
    rel = SUPPORT_NOUNS.get(noun.lemma_.lower()) if noun.i not in anchors else None
    if rel is None or noun.head.lemma_ not in _LISTING_VERBS:
        return []
    of = _owned_by_role(noun, anchors)
    if noun.dep_ in ("nsubj", "nsubjpass"):
        fillers = with_conjuncts(c for c in noun.head.children if c.dep_ in ("attr", "dobj"))
    elif noun.dep_ == "attr":
        fillers = with_conjuncts(c for c in noun.head.children if c.dep_ == "nsubj")
    else:
        return []
    return [(of, f, rel, [noun]) for f in (anchors.get(t.i) for t in fillers)
            if of is not None and f is not None and f is not of and {of.type, f.type} <= SYSTEM_TYPES]


def _placed_in_group(role: Token, person: Mention, anchors: dict[int, Mention]) -> list[Triple]:
    """ "Dana, an engineer on the Checkout team": a person's apposition placed in a team or organisation."""
    groups = [anchors[o.i] for p in role.children if p.dep_ == "prep" and p.lower_ in ("in", "on", "with", "at")
              for o in p.children if o.dep_ == "pobj" and o.i in anchors]
    return [(person, g, "MEMBER_OF", [role]) for g in groups if g.type in _GROUPS]


def _owned_by_role(role: Token, anchors: dict[int, Mention]) -> Mention | None:
    for child in role.children:
        if child.dep_ == "poss" and child.i in anchors:
            return anchors[child.i]
        if child.dep_ == "prep" and child.lower_ in ("of", "for"):
            obj = next((c for c in child.children if c.dep_ == "pobj"), None)
            if obj is not None and obj.i in anchors:
                return anchors[obj.i]
    return None


def _role_filler(role: Token, anchors: dict[int, Mention]) -> Mention | None:
    """Who fills the role: "[the owner of X] is Y" (attribute) or "Y, [the owner of X]" (apposition)."""
    if role.dep_ in ("nsubj", "nsubjpass") and role.head.lemma_ == "be":
        attr = next((c for c in role.head.children if c.dep_ in ("attr", "acomp")), None)
        if attr is not None and attr.i in anchors and anchors[attr.i].type in _FILLERS:
            return anchors[attr.i]
    if role.dep_ == "appos" and role.head.i in anchors:
        filler = anchors[role.head.i]
        return filler if filler.type in _FILLERS else None
    if role.dep_ == "attr" and role.head.lemma_ == "be":
        subj = next((c for c in role.head.children if c.dep_ == "nsubj"), None)
        if subj is not None and subj.i in anchors and anchors[subj.i].type in _FILLERS:
            return anchors[subj.i]
    return None


def affiliation_triples(sent: Span, starts: dict[int, tuple[int, Mention]]) -> list[Triple]:
    """ "I'm Jordan from Initech", "Dana Ruiz at Acme", "Lucia, from the Ledger team,": a person, then "from" / "at"
    (after at most a comma), then a team or organisation; and "Dario Conti (Playback team)"."""
    ends = {end: m for _, (end, m) in starts.items() if m.type == "Person"}
    doc, found = sent.doc, []
    for tok in sent:
        person = ends.get(tok.i) or (ends.get(tok.i - 1) if tok.i > sent.start and doc[tok.i - 1].text == "," else None)
        j = tok.i + 1
        while j < sent.end and doc[j].lower_ in ("the", "our", "their"):
            j += 1  # "Mira Olsen from the Identity team"
        if tok.lower_ not in ("from", "at") or person is None or j not in starts:
            continue
        group = starts[j][1]
        if group.type in _GROUPS:
            found.append((person, group, "MEMBER_OF", [tok]))
    return found + _bracketed_members(sent, starts) + _bracketed_team(sent, starts, ends)


def _bracketed_team(sent: Span, starts: dict[int, tuple[int, Mention]], ends: dict[int, Mention]) -> list[Triple]:
    """ "Dario Conti (Playback team) will present": a person, then in brackets a team named as one and nothing else;
    not a speaker tag ("Dana (SRE team): restarted the pods")."""
    doc, found = sent.doc, []
    for end, person in ends.items():
        if not (end + 2 < sent.end and doc[end].text == "(" and end + 1 in starts):
            continue
        close, group = starts[end + 1]
        close += close < sent.end and doc[close].lower_ in GROUP_NOUNS
        named_as_team = doc[close - 1].lower_ in GROUP_NOUNS or group.name.split()[-1].casefold() in GROUP_NOUNS
        speaker = close + 1 < sent.end and doc[close + 1].text == ":"
        if group.type == "Team" and named_as_team and close < sent.end and doc[close].text == ")" and not speaker:
            found.append((person, group, "MEMBER_OF", [doc[end]]))
    return found


def _bracketed_members(sent: Span, starts: dict[int, tuple[int, Mention]]) -> list[Triple]:
    """ "Co-owners: SRE Automation (Dana Ruiz), Platform (Li Wei)", "maintained by Data Science (Ana Lima)": a team
    or organisation, then the people who stand for it in brackets -> each person MEMBER_OF it. Not a speaker tag
    ("SRE (Dana Ruiz): restarted the pods", where the bracket only says who spoke)."""
    doc, found = sent.doc, []
    for i, (end, group) in starts.items():
        end += end < sent.end and doc[end].lower_ in GROUP_NOUNS | {"org"}  # "Billing team (Dana)", "Data org"
        if not sent.start <= i < end < sent.end or group.type not in _GROUPS or doc[end].text != "(":
            continue
        people, j = [], end + 1
        while j in starts and starts[j][1].type == "Person":
            people.append(starts[j][1])
            j = starts[j][0]
            if j >= sent.end or doc[j].lower_ not in (",", "and", "&"):
                break
            j += 1
        speaker = j + 1 < sent.end and doc[j + 1].text == ":"
        if people and j < sent.end and doc[j].text == ")" and not speaker:
            found += [(person, group, "MEMBER_OF", [doc[end]]) for person in people]
    return found
