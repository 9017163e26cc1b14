"""Noun-phrase patterns and document-subject references for the sentence reader (`extraction.relations`).

* possessives: "the Payments team's ledger" -> Payments OWNS ledger (a team or organisation as possessor);
  "the gateway's rate limiter", "the scheduler in serving-runtime" -> the part PART_OF the whole (both systems);
  "X is the Data team's responsibility" -> the Data team OWNS X; role nouns ("the owner of X is Dana",
  "consumers of X include Y") and membership ("Jordan from Payments") are read by `extraction.role_nouns`;
* a technology in parentheses after a system: "the ingress proxy (Envoy)", "our streaming SDK (Python)" -> the
  system USES the technology (how enterprise prose says what a component is built on);
* "(owner: X)" after an action item that starts with its key: "OPS-2311: reindex ... (owner: Dana)" -> Dana OWNS
  OPS-2311;
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
from extraction.parse_walks import prep_objects
from extraction.role_nouns import role_triples
from extraction.traffic_phrases import TRAFFIC_NOUNS
from extraction.vocabulary import CHANGE_NOUNS, SYSTEM_NOUNS, TEAM_DOER_RELATIONS, TECHNOLOGIES, TYPE_NOUNS

if TYPE_CHECKING:
    from extraction.doc_context import DocumentContext

# "this page", "this ticket": the document itself. "the service", "this system": the system it is about.
DOCUMENT_NOUNS = frozenset({"page", "document", "doc", "runbook", "ticket", "issue", "pr", "adr", "rfc", "spec",
                            "postmortem", "proposal", "report", "writeup", "thread", "playbook", "guide", "handbook"})
TOPIC_NOUNS = frozenset({"service", "system", "component", "api", "gateway", "proxy", "pipeline", "worker",
                         "cache", "store", "queue", "job", "controller", "cluster", "tool", "bot"})
_UNDOING = frozenset({"revert", "roll", "rollback", "undo", "disable", "remove"})
# Nouns of a copy of a system that stand for it as an object: "reads from a replica of X", "copies snapshots of X".
COPY_NOUNS = frozenset({"replica", "copy", "mirror", "snapshot", "instance", "shard", "follower", "backup"})

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
        if span.start >= 2 and doc[span.start - 1].text == "(" and doc[span.start - 2].pos_ in ("NOUN", "PROPN"):
            heads.setdefault(span.start - 2, m)  # "a second host (files-gw.example.net)": the noun names it
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
        if tok.dep_ == "poss" and head is None:
            head = _possessed(tok, anchors)
        if tok.dep_ == "poss" and mine is not None and head is not None and mine is not head:
            if mine.type in ("Team", "Organization") and head.type in SYSTEM_TYPES:
                found.append((mine, head, "OWNS", [tok]))
            elif mine.type in SYSTEM_TYPES and head.type in SYSTEM_TYPES and _system_by_name(mine):
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
        if tok.lower_ in _CHARGE_NOUNS and tok.dep_ == "attr":  # "X is the Data team's responsibility"
            owner = next((anchors[c.i] for c in tok.children if c.dep_ == "poss" and c.i in anchors), None)
            owned = next((anchors[c.i] for c in tok.head.children if c.dep_ == "nsubj" and c.i in anchors), None)
            if owner is not None and owned is not None:
                found.append((owner, owned, "OWNS", [tok]))
    return found + role_triples(sent, anchors)


def _system_by_name(whole: Mention) -> bool:
    """A possessor that names a system as systems are named: a known technology, an identifier ("ledger-sync",
    "orders.v1") or a phrase ("the ingest gateway"). One capitalised word of no known technology ("Halvard's
    webhook endpoint") is as often a customer or a company, whose endpoint is theirs, not a part of a system."""
    name = whole.name
    return name.casefold() in TECHNOLOGIES or name.islower() or any(c in name for c in " -_./") or any(
        c.isdigit() for c in name)


def _possessed(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """ "the Mobile team's login-portal handles ...": the name written right after the "'s" is what is possessed,
    even where the parser hung the possessive on a word further on (a misread verb) and the name as its modifier."""
    case = next((c for c in tok.children if c.dep_ == "case"), None)
    after = case.i + 1 if case is not None else tok.i + 1
    if after >= len(tok.doc):
        return None
    named = tok.doc[after]
    return anchors.get(named.i) if named.head.i == tok.head.i and named.dep_ in ("amod", "compound") else None


def argument(tok: Token, anchors: dict[int, Mention], arguments: dict[int, Mention]) -> Mention | None:
    """ "rolled back [the ONNX export]": an object stands for the system named in front of it; a subject does not
    ("[the PagerDuty incident] triggered X" is no relation of PagerDuty)."""
    if tok.i in anchors or tok.dep_ not in ("dobj", "pobj"):
        return anchors.get(tok.i)
    copied = [anchors[o.i] for o in prep_objects(tok, ("of",)) if o.i in anchors] if tok.lemma_ in COPY_NOUNS else []
    return arguments.get(tok.i) or next(iter(copied), None)  # "reads from a replica of X": from X


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
    if not dets or modifiers or any(c.dep_ == "appos" or _restrictive(c) for c in tok.children):
        return None  # "the service that the Fares team maintains" is one service of many, not the page's topic
    if tok.lower_ in DOCUMENT_NOUNS and dets[0] == "this":
        return "document"
    if tok.lower_ in TOPIC_NOUNS and dets[0] in ("this", "the"):
        return "topic"
    return None


def _restrictive(clause: Token) -> bool:
    """A relative clause that picks one thing out ("the service that X maintains"); one set off by a comma only adds
    to what is already known ("the service, which X maintains, ...": still the page's topic)."""
    edge = clause.left_edge
    return clause.dep_ == "relcl" and not (edge.i > 0 and clause.doc[edge.i - 1].text in (",", "(", "—", "–"))


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


def team_doer(tok: Token, verb: Token, rel: str, ctx: DocumentContext, sent_start: int) -> Mention | None:
    """ "we persist checkpoints to X" in a write-up about one system: the team speaks for its system, so "we" as the
    subject of a data-flow relation (`TEAM_DOER_RELATIONS`) is the document's system (an inference). "We" must be
    the verb's own subject (or its conjoined verbs'): "we considered storing X in Y" states no flow. In the past
    tense it tells what responders did once ("we pulled the logs from Grafana"), not how the system works."""
    if tok.lower_ != "we" or tok.dep_ not in ("nsubj", "nsubjpass") or rel not in TEAM_DOER_RELATIONS:
        return None
    if verb.tag_ in ("VBD", "VBN") and verb.lower_ != "read":  # "read" is the present as often as the past
        return None
    while verb.dep_ == "conj" and verb.head.i != tok.head.i:
        verb = verb.head
    if verb.i != tok.head.i:
        return None
    topic = ctx.about("topic", sent_start)
    return topic if topic is not None and topic.type in SYSTEM_TYPES else None


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
