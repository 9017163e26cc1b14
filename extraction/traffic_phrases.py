"""A system named through its traffic: "requests from X", "calls to X", "all X calls".

English often makes a system's traffic the subject instead of the system: "Requests from the kiosk-app are forwarded
to Y" (the kiosk-app calls Y), "All calls to X are routed via Y" (Y takes the calls to X first: Y calls X).
Traffic *from* a system stands for its caller, unless the traffic is named after who serves it ("reads from the
primary", "responses from X": X is the server); traffic *to* a system names the callee, and a call read from the
clause is turned round only when the clause says what the traffic passes through ("via", "through", "behind") -
"requests to X are forwarded to Y" says where they end up, not who calls X. A system named in front of its traffic
("all X calls") is read in neither direction: it names the caller as often as the callee. A request noun with both
ends ("no direct call from X to Y") states the call itself (`calls_between`).
"""

from __future__ import annotations

from collections.abc import Iterable

from spacy.tokens import Span, Token

from extraction.causal import SYSTEM_TYPES, moving_verb
from extraction.extraction_types import Mention
from extraction.vocabulary import words

# Nouns of a system's traffic and work: an identifier tagged as an adjective in front of one ("every quote-engine
# request") still names the system the verb acts on; before any other noun ("the advisory-lock symptom") it does not.
# Requests that ask the receiver to act: data handed on is produced, a request handed on calls ("hands requests to X").
REQUEST_NOUNS = words("request call query lookup check")
HANDING_VERBS = words("hand pass forward send")  # verbs that pass requests on: "sends requests to X", not "writes"
TRAFFIC_NOUNS = REQUEST_NOUNS | words("traffic throughput write read job response message")
SERVED_NOUNS = words("read query response")  # traffic named after its server: "reads from the primary"
PASSING_PREPS = frozenset({"through", "via", "behind"})  # "routed via Y": Y stands between caller and callee
Side = str  # "from" (the system sends it), "to" (receives it), "named" (written in front of it: either)


def handed_requests(verb_lemma: str, handed: Iterable[Token]) -> bool:
    """ "hands requests to X", "passes queries to X": requests handed on call the receiver, where handed data is
    produced; requests written or sent somewhere ("writes every query to X") are data and keep their verb's rule."""
    return verb_lemma in HANDING_VERBS and any(t.lemma_.lower() in REQUEST_NOUNS for t in handed)


def traffic_end(tok: Token, anchors: dict[int, Mention]) -> tuple[Mention, Side] | None:
    """(system, side) for "requests from X" ("from") / "calls to X" ("to") / "all X calls" ("named")."""
    if tok.lemma_.lower() not in TRAFFIC_NOUNS or tok.i in anchors:
        return None
    for prep in tok.children:
        named = anchors.get(prep.i)
        if prep.dep_ in ("amod", "compound") and named is not None and named.type in SYSTEM_TYPES:
            return named, "named"  # "all X calls", "every X request": X's traffic, sent or received
        if prep.dep_ == "prep" and prep.lower_ in ("from", "to"):
            obj = next((c for c in prep.children if c.dep_ == "pobj" and c.i in anchors), None)
            if obj is not None and anchors[obj.i].type in SYSTEM_TYPES:
                return anchors[obj.i], prep.lower_
    return None


def caller_through_traffic(tok: Token, o_tok: Token, anchors: dict[int, Mention]) -> tuple[Mention, bool] | None:
    """For a call whose subject is traffic: (the system that stands for the subject, True when the call is turned
    round), or None when the clause does not say who calls whom."""
    end = traffic_end(tok, anchors)
    if end is None:
        return None
    system, side = end
    if side == "from" and tok.lemma_.lower() not in SERVED_NOUNS:
        return system, False  # "requests from X are forwarded to Y": X calls Y
    passing = o_tok.dep_ == "pobj" and o_tok.head.lower_ in PASSING_PREPS
    if side == "to" and passing:
        return system, True  # "calls to X are routed via Y": Y calls X
    return None


def traffic_source(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The system whose traffic misbehaved as a cause: "the slow X responses caused Y to queue" (X's responses);
    not any noun named after a system ("the PagerDuty incident triggered ..." is no relation of PagerDuty)."""
    end = traffic_end(tok, anchors)
    return end[0] if end is not None else None


def calls_between(sent: Span, anchors: dict[int, Mention]) -> list[tuple[Mention, Mention, Token, bool]]:
    """ "a call from X to Y", "no direct requests from X to Y": (X, Y, the noun, negated by "no") - X CALLS Y. The
    parser may hang "to Y" on "from" or on X rather than on the noun, so all three places are read, and only when
    "from X" hangs off the noun itself. Requests a verb moves ("migrated queries from X to Y") are no call: X and Y
    are where the requests went before and after."""
    found = []
    for noun in sent:
        if noun.lemma_.lower() not in REQUEST_NOUNS or noun.i in anchors or noun.pos_ != "NOUN":
            continue
        if noun.dep_ in ("dobj", "nsubjpass") and moving_verb(noun.head, noun.head.lemma_.lower()):
            continue
        ends: dict[str, Mention] = {}
        sources = [p for p in noun.children if p.lower_ == "from"]
        if not sources:
            continue  # "to Y" alone names where the requests go, not who sends them
        for holder in (noun, *sources, *(o for p in sources for o in p.children)):
            for prep in (p for p in holder.children if p.dep_ == "prep" and p.lower_ in ("from", "to")):
                obj = next((c for c in prep.children if c.dep_ == "pobj" and c.i in anchors), None)
                if obj is not None and anchors[obj.i].type in SYSTEM_TYPES:
                    ends.setdefault(prep.lower_, anchors[obj.i])
        if "from" in ends and "to" in ends and ends["from"] is not ends["to"]:
            found.append((ends["from"], ends["to"], noun, any(c.lower_ == "no" for c in noun.children)))
    return found
