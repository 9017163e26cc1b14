"""Noun-phrase patterns and document-subject references for the sentence reader (`extraction.relations`).

* possessives: "the Payments team's ledger" -> Payments OWNS ledger (a team or organisation as possessor);
  "the gateway's rate limiter", "the scheduler in serving-runtime" -> the part PART_OF the whole (both systems);
  "billing-api's owner is Dana" / "the owner of billing-api is Dana" -> Dana OWNS billing-api (also maintainer,
  lead), and the apposition "Dana, the owner of billing-api" -> the same; "X is the Data team's responsibility" ->
  the Data team OWNS X; "Dana, an engineer on the Billing team" -> Dana MEMBER_OF the Billing team;
* a technology in parentheses after a system: "the ingress proxy (Envoy)", "our streaming SDK (Python)" -> the
  system USES the technology (how enterprise prose says what a component is built on);
* "(owner: X)" after an action item that starts with its key: "OPS-2311: reindex ... (owner: Dana)" -> Dana OWNS
  OPS-2311;
* membership: "Jordan from Payments", "I'm Jordan from Acme", "Dana Ruiz at the Initech team" -> MEMBER_OF, read
  from the words in order (person, "from" / "at", at most a determiner, group): one reader for both prepositions;
* stand-ins: "the rollout of PR #5 degraded X" and "Reverting PR #5 fixed X" are about PR #5;
* references to what the document is about: "it", "the service", "this system" stand for the document's topic
  (the system its title names), "this page", "this ticket", "this PR" for the document itself. A relation read
  through such a reference is an inference (``via="document_subject"``). "it" is only bound when the sentence just
  before it has the topic as its subject, or names no system at all (else "it" may well mean another system).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacy.tokens import Doc, Span, Token

from extraction.causal import SYSTEM_TYPES
from extraction.extraction_types import Mention
from extraction.impact_prose import incident_reference
from extraction.traffic_phrases import TRAFFIC_NOUNS
from extraction.vocabulary import CHANGE_NOUNS, SYSTEM_NOUNS, TYPE_NOUNS

if TYPE_CHECKING:
    from extraction.doc_context import DocumentContext

# Role nouns of ownership: "the owner of X is Y", "X's maintainer is Y".
# "Dana, a member of the Payments team" and "a member of X is Y" state membership the same way.
ROLE_NOUNS: dict[str, str] = {"owner": "OWNS", "owners": "OWNS", "dri": "OWNS", "maintainer": "MAINTAINS",
                              "maintainers": "MAINTAINS", "lead": "LEADS", "member": "MEMBER_OF"}
# "this page", "this ticket": the document itself. "the service", "this system": the system it is about.
DOCUMENT_NOUNS = frozenset({"page", "document", "doc", "runbook", "ticket", "issue", "pr", "adr", "rfc", "spec",
                            "postmortem", "proposal", "report", "writeup", "thread", "playbook", "guide", "handbook"})
TOPIC_NOUNS = frozenset({"service", "system", "component", "api", "gateway", "proxy", "pipeline", "worker",
                         "cache", "store", "queue", "job", "controller", "cluster", "tool", "bot"})
_UNDOING = frozenset({"revert", "roll", "rollback", "undo", "disable", "remove"})

Triple = tuple[Mention, Mention, str, list[Token]]
_ATTACH = ("compound", "amod", "nmod", "appos", "flat")
# Nouns by which a thing is someone's charge: "X is the Data team's responsibility" (possessor OWNS X).
_CHARGE_NOUNS = frozenset({"responsibility", "remit", "domain", "baby"})
_OWNER_LABELS = frozenset({"owner", "owners", "dri", "maintainer", "maintainers"})


def mention_anchors(doc: Doc, offset: int, mentions: list[Mention]) -> tuple[dict[int, Mention], dict[int, Mention]]:
    """Token index -> mention, for the syntactic head of each mention (and its type or system noun: "Atlas [team]",
    "the batch-runners [pool]")."""
    found: dict[int, Mention] = {}
    heads: dict[int, Mention] = {}  # weaker: a plain noun stands for the system named in front of it
    for m in mentions:
        span = doc.char_span(m.start - offset, m.end - offset, alignment_mode="expand")
        if span is None or not len(span):
            continue
        root = span.root
        found.setdefault(root.i, m)
        noun = root.head.lower_
        if root.dep_ in _ATTACH and (noun in TYPE_NOUNS or noun in SYSTEM_NOUNS) and root.head.i not in found:
            found[root.head.i] = m
        elif m.type in SYSTEM_TYPES and root.head.pos_ == "NOUN" and root.i < root.head.i and (
                root.dep_ == "compound" or (root.dep_ == "amod" and root.head.lemma_.lower() in TRAFFIC_NOUNS)):
            heads.setdefault(root.head.i, m)  # "the ONNX export", "every quote-engine request" stand for the system
    return found, heads | found


def possessive_triples(sent: Span, anchors: dict[int, Mention]) -> list[Triple]:
    """Possessive ownership, parts, a technology in brackets and role nouns in one sentence."""
    found: list[Triple] = []
    for tok in sent:
        head = anchors.get(tok.head.i)
        mine = anchors.get(tok.i)
        if tok.dep_ == "poss" and mine is not None and head is not None and mine is not head:
            if mine.type in ("Team", "Organization") and head.type in SYSTEM_TYPES:
                found.append((mine, head, "OWNS", [tok]))
            elif mine.type in SYSTEM_TYPES and head.type in SYSTEM_TYPES:
                found.append((head, mine, "PART_OF", [tok]))  # "the gateway's rate limiter"
        # "the ingress proxy (Envoy)": read from the brackets, not the parse (which hangs the name anywhere)
        host = anchors.get(tok.i - 2) if sent.start + 2 <= tok.i < sent.end - 1 else None
        if (mine is not None and host is not None and mine.type == "Technology"
                and host.type in ("Service", "Component") and tok.nbor(-1).text == "(" and tok.nbor(1).text == ")"):
            found.append((host, mine, "USES", [tok]))
        if tok.lower_ in ("in", "inside", "within") and tok.dep_ == "prep" and head is not None:
            inner = next((anchors.get(c.i) for c in tok.children if c.dep_ == "pobj"), None)
            # "the scheduler in serving-runtime"; not "the bot in Slack" (a platform it runs on is no whole)
            if inner is not None and head.type in SYSTEM_TYPES and inner.type in ("Service", "Component"):
                found.append((head, inner, "PART_OF", [tok]))
        if tok.dep_ == "appos" and head is not None and head.type == "Person" and mine is None:
            found += _placed_in_group(tok, head, anchors)  # "Dana, a senior engineer in the Billing team"
        if tok.lower_ in _CHARGE_NOUNS and tok.dep_ == "attr":  # "X is the Data team's responsibility"
            owner = next((anchors[c.i] for c in tok.children if c.dep_ == "poss" and c.i in anchors), None)
            owned = next((anchors[c.i] for c in tok.head.children if c.dep_ == "nsubj" and c.i in anchors), None)
            if owner is not None and owned is not None:
                found.append((owner, owned, "OWNS", [tok]))
        rel = ROLE_NOUNS.get(tok.lower_)
        if rel is not None:
            owned = _owned_by_role(tok, anchors)
            owner = _role_filler(tok, anchors)
            if owned is not None and owner is not None:
                found.append((owner, owned, rel, [tok]))
    return found


def _placed_in_group(role: Token, person: Mention, anchors: dict[int, Mention]) -> list[Triple]:
    """ "Dana, an engineer on the Checkout team": a person's apposition placed in a team or organisation."""
    groups = [anchors[o.i] for p in role.children if p.dep_ == "prep" and p.lower_ in ("in", "on", "with", "at")
              for o in p.children if o.dep_ == "pobj" and o.i in anchors]
    return [(person, g, "MEMBER_OF", [role]) for g in groups if g.type in ("Team", "Organization")]


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
        if attr is not None and attr.i in anchors and anchors[attr.i].type in ("Person", "Team", "Organization"):
            return anchors[attr.i]
    if role.dep_ == "appos" and role.head.i in anchors:
        filler = anchors[role.head.i]
        return filler if filler.type in ("Person", "Team", "Organization") else None
    if role.dep_ == "attr" and role.head.lemma_ == "be":
        subj = next((c for c in role.head.children if c.dep_ == "nsubj"), None)
        if subj is not None and subj.i in anchors and anchors[subj.i].type in ("Person", "Team", "Organization"):
            return anchors[subj.i]
    return None


def argument(tok: Token, anchors: dict[int, Mention], arguments: dict[int, Mention]) -> Mention | None:
    """ "rolled back [the ONNX export]": an object stands for the system named in front of it; a subject does not
    ("[the PagerDuty incident] triggered X" is no relation of PagerDuty)."""
    return anchors.get(tok.i) or (arguments.get(tok.i) if tok.dep_ in ("dobj", "pobj") else None)


def stand_in(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The entity an unnamed argument stands for: the change named after a change noun ("the rollout of PR #5",
    "the hotfix in PR #7") or the object of a gerund subject ("Reverting PR #5 resolved ...")."""
    if tok.lemma_.lower() in CHANGE_NOUNS:
        for prep in tok.children:
            if prep.dep_ == "prep" and prep.lower_ in ("of", "in", "from", "via", "to"):
                obj = next((c for c in prep.children if c.dep_ == "pobj" and c.i in anchors), None)
                if obj is not None:
                    return anchors[obj.i]
    if tok.lemma_.lower() in _UNDOING:
        return None  # "Reverting PR #5 fixed X": the revert fixed X, PR #5 did not
    if tok.dep_ == "csubj" or (tok.tag_ == "VBG" and tok.dep_ in ("nsubj", "csubj")):
        obj = next((c for c in tok.children if c.dep_ == "dobj" and c.i in anchors), None)
        if obj is not None:
            return anchors[obj.i]
    return None


def reference(tok: Token) -> str | None:
    """ "document" for "this page"/"this ticket", "topic" for "it"/"the service"/"this system", else None."""
    if tok.lower_ == "it" and tok.dep_ in ("nsubj", "nsubjpass"):
        return "topic"
    dets = [c.lower_ for c in tok.children if c.dep_ == "det"]
    modifiers = [c for c in tok.children if c.dep_ in ("compound", "amod", "nmod", "poss")]
    if not dets and not modifiers and tok.lower_ in DOCUMENT_NOUNS and tok.i == tok.sent.start:
        return "document"  # a note's opening word: "Playbook maintained by X.", "Runbook owned by Y."
    if not dets or modifiers or any(c.dep_ in ("relcl", "appos") for c in tok.children):
        return None  # "the service that the Fares team maintains" is one service of many, not the page's topic
    if tok.lower_ in DOCUMENT_NOUNS and dets[0] == "this":
        return "document"
    if tok.lower_ in TOPIC_NOUNS and dets[0] in ("this", "the"):
        return "topic"
    return None


def bind(tok: Token, ctx: DocumentContext, sent_start: int, previous: Span | None, anchors: dict[int, Mention],
         incident: bool) -> Mention | None:
    """The document's subject when ``tok`` refers to it ("it", "the service", "this page"), or the document itself
    when it is an incident write-up and ``tok`` names its incident ("the outage degraded X")."""
    if incident and incident_reference(tok):
        return ctx.own
    which = reference(tok)
    subject = None if which is None else ctx.about(which, sent_start)
    if subject is None or not names_topic(tok, subject):
        return None
    if tok.lower_ == "it" and not it_is_free(previous, subject, anchors):
        return None
    return subject


def names_topic(tok: Token, topic: Mention) -> bool:
    """ "the gateway" stands for the topic only when the topic is a gateway; "the service"/"this system" for any."""
    if tok.lower_ in DOCUMENT_NOUNS and not any(c.dep_ == "det" for c in tok.children):
        return tok.lower_ in topic.name.casefold()  # a bare "Playbook ..." is this page only if it calls itself one
    if tok.lower_ == "it" or tok.lower_ in DOCUMENT_NOUNS or tok.lower_ in ("service", "system", "component"):
        return True
    return topic.name.casefold().split()[-1].rstrip("s") == tok.lower_.rstrip("s")


def it_is_free(previous: Span | None, topic: Mention, anchors: dict[int, Mention]) -> bool:
    """ "it" is the topic when the sentence before names the topic as its subject ("webhook-relay delivers ... It
    reads from X") or names no system at all; another system named as that subject may be what "it" means."""
    if previous is None:
        return True
    subject_tokens = [t for t in previous if t.dep_ in ("nsubj", "nsubjpass", "csubj") and t.head.dep_ == "ROOT"]
    if any(t.lower_ == "it" for t in subject_tokens):
        return True  # "It reads from X. It retries through Y.": the same "it"
    subjects = [anchors[t.i] for t in subject_tokens if t.i in anchors]
    if subjects:
        return subjects[0].name == topic.name
    return not any(anchors.get(t.i) is not None and anchors[t.i].type in SYSTEM_TYPES for t in previous)


def owner_labels(sent: Span, anchors: dict[int, Mention], offset: int) -> list[tuple[Mention, Mention, Token]]:
    """ "- ledger-sync (Owner: Dana Ruiz)": owner mentions after the label, one ownable mention before it."""
    found = []
    for tok in sent:
        if tok.lower_ not in _OWNER_LABELS or tok.i + 1 >= sent.end or tok.nbor(1).text != ":":
            continue
        before = sorted({m for i, m in anchors.items() if sent.start <= i < tok.i}, key=lambda m: m.start)
        opens = bool(before) and before[0].type in SYSTEM_TYPES and _opens(sent, before[0], offset, tok)
        if not before or not (before[0].type in ("Ticket", "Page") or opens):
            continue  # an item opening with its key or system: "OPS-2311: ... (owner: X)", "- ledger-sync (owner: X)"
        owners = []
        for i in range(tok.i + 2, sent.end):
            m = anchors.get(i)
            if m is not None and m.type in ("Person", "Team") and m not in owners:
                owners.append(m)
            elif sent.doc[i].text in (",", ";", ")") and owners:
                break
        found += [(o, before[0], tok) for o in owners]
    return found


def _opens(sent: Span, mention: Mention, offset: int, label: Token) -> bool:
    """The item is the system and its owner alone: "- ledger-sync (owner: X)", not "- ledger-sync: add a cache
    (owner: X)" (a task on the system, owned as a task)."""
    lead = sent.doc.text[sent.start_char : max(sent.start_char, mention.start - offset)]
    between = sent.doc.text[mention.end - offset : label.idx]
    return not lead.strip(" \t-*+•_`#>0123456789.)") and not between.strip(" \t*_`([—–-")


def affiliation_triples(sent: Span, starts: dict[int, tuple[int, Mention]]) -> list[Triple]:
    """ "I'm Jordan from Initech", "Dana Ruiz at Acme": a person, then "from" / "at", then a team or organisation."""
    ends = {end: m for _, (end, m) in starts.items() if m.type == "Person"}
    found: list[Triple] = []
    for tok in sent:
        j = tok.i + 1
        while j < sent.end and sent.doc[j].lower_ in ("the", "our", "their"):
            j += 1  # "Mira Olsen from the Identity team"
        if tok.lower_ not in ("from", "at") or tok.i not in ends or j not in starts:
            continue
        group = starts[j][1]
        if group.type in ("Team", "Organization"):
            found.append((ends[tok.i], group, "MEMBER_OF", [tok]))
    return found + _bracketed_members(sent, starts)


def _bracketed_members(sent: Span, starts: dict[int, tuple[int, Mention]]) -> list[Triple]:
    """ "Co-owners: SRE Automation (Dana Ruiz), Platform (Li Wei)", "maintained by Data Science (Ana Lima)": a team
    or organisation, then the people who stand for it in brackets -> each person MEMBER_OF it. Not a speaker tag
    ("SRE (Dana Ruiz): restarted the pods", where the bracket only says who spoke) and not "Person (team)", whose
    bracket is often a role or an area rather than a group."""
    doc, found = sent.doc, []
    for i, (end, group) in starts.items():
        end += end < sent.end and doc[end].lower_ in ("team", "group", "org", "squad")  # "Billing team (Dana)"
        if not sent.start <= i < end < sent.end or group.type not in ("Team", "Organization") or doc[end].text != "(":
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
