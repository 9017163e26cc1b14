"""A system named through its traffic: "requests from X", "calls to X", "all X calls".

English often makes a system's traffic the subject instead of the system: "Requests from the kiosk-app are forwarded
to Y" (the kiosk-app calls Y), "All calls to X are routed via Y" and "All X calls must go through Y" (Y takes the
calls to X first: Y calls X). Traffic *from* a system stands for its caller; traffic *to* a system, or named by the
system in front of it, names the callee, so a call relation read from the clause is turned round.
"""

from __future__ import annotations

from spacy.tokens import Token

from extraction.causal import SYSTEM_TYPES
from extraction.extraction_types import Mention
from extraction.vocabulary import words

# Nouns of a system's traffic and work: an identifier tagged as an adjective in front of one ("every quote-engine
# request") still names the system the verb acts on; before any other noun ("the advisory-lock symptom") it does not.
TRAFFIC_NOUNS = words("request call traffic throughput query write read job response message")


def traffic_end(tok: Token, anchors: dict[int, Mention]) -> tuple[Mention, bool] | None:
    """(system, True when it is where the traffic goes) for "requests from X" / "calls to X" / "all X calls"."""
    if tok.lemma_.lower() not in TRAFFIC_NOUNS or tok.i in anchors:
        return None
    for prep in tok.children:
        named = anchors.get(prep.i)
        if prep.dep_ in ("amod", "compound") and named is not None and named.type in SYSTEM_TYPES:
            return named, True  # "all X calls go through Y", "every X request": the calls X receives
        if prep.dep_ == "prep" and prep.lower_ in ("from", "to"):
            obj = next((c for c in prep.children if c.dep_ == "pobj" and c.i in anchors), None)
            if obj is not None and anchors[obj.i].type in SYSTEM_TYPES:
                return anchors[obj.i], prep.lower_ == "to"
    return None


def traffic_source(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The system whose traffic misbehaved as a cause: "the slow X responses caused Y to queue" (X's responses);
    not any noun named after a system ("the PagerDuty incident triggered ..." is no relation of PagerDuty)."""
    end = traffic_end(tok, anchors)
    return end[0] if end is not None else None
