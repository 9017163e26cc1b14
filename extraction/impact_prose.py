"""What an incident write-up says was hit, where it names no cause: the incident (the document) AFFECTS the system.

A postmortem states its impact about the systems hit, rarely with a cause in the same clause:

* a state of the system: "checkout-api was unavailable for 20 minutes", "X was degraded", "X went down",
  "X was also affected" (a causal verb in the passive with no agent);
* a failing verb: "X failed", "X crashed", "X timed out" (not "X failed over to Y" / "fell back to Y", which is a
  recovery);
* errors shown by the system or met by its users: "X returned 502s", "customers of X saw errors",
  "requests to X hit timeouts" (the object must be a problem word, `causal.PROBLEM_WORDS`);
* the incident itself as the subject: "the outage degraded X", "the incident did not affect Y"
  (`incident_reference`; the relation reader binds it to the document).

Only in a document about an incident (its title or own name says so: "Postmortem: ...", "Incident ...",
"Outage ..."; not "Incident Console redesign" or "outage drills", where the word modifies another noun); elsewhere
"X was unavailable" says nothing about which incident. Not in a question or a condition ("If X is unavailable, ...").
Read through the document, so such a hop is an inference (``via="document_subject"``); flags come from the clause
as everywhere else.
"""

from __future__ import annotations

import re

from spacy.tokens import Span, Token

from extraction.causal import PROBLEM_WORDS, SYSTEM_TYPES
from extraction.extraction_types import Mention
from extraction.vocabulary import words

# Words of a document title that make it an incident write-up: one incident, so singular ("#incidents" is a channel,
# "Outages" a list of many).
INCIDENT_TITLE_WORDS = words("""incident outage postmortem post-mortem retrospective rca sev0 sev1 sev2 sev3 sev-1
    sev-2 disruption degradation downtime""")
# What may follow such a word when it names the document's kind ("Incident: ...", "P1 incident postmortem", "Outage
# of X", "Outage in EU"); any other word means it only modifies a noun ("Incident Console redesign", "outage drills").
_KIND_FOLLOWERS = words("""report review postmortem post-mortem summary retro retrospective writeup write-up rca
    analysis timeline notes of on in at for affecting during with and""")
# Nouns by which an incident write-up names its own incident: "the outage", "this incident".
INCIDENT_NOUNS = words("outage incident disruption degradation downtime")
# States that say a system was hit ("X was unavailable", "X was down", "X was degraded").
HIT_STATES = words("""unavailable down degraded unreachable unresponsive unhealthy offline impacted affected broken
    slow flaky overloaded saturated""")
# Causal verbs whose passive without an agent states a hit ("X was affected", "X was disrupted").
HIT_PASSIVES = words("affect impact degrade disrupt break overload saturate slow throttle")
# Verbs that say a system failed by itself ("X crashed", "X timed out", "X went down").
FAILING_VERBS = words("fail crash stall hang flap time go error")
_FAILING_PARTICLES = {"time": "out", "go": "down"}  # "timed out", "went down": only with their particle
# Verbs by which a system or its users show errors ("X returned 502s", "users of X saw errors").
SHOWING_VERBS = words("return throw serve see hit get experience log raise produce")
# Nouns for the users or traffic of a system ("customers of X", "requests to X").
CLIENT_NOUNS = words("""customer customers user users client clients request requests caller callers traffic tenant
    tenants merchant merchants consumer consumers""")
_RECOVERY = frozenset({"over", "back"})  # "failed over to Y", "fell back to Y": a recovery, not a hit
_CONDITIONS = frozenset({"if", "unless", "when", "whenever", "once", "until"})  # a behaviour, not a happening


def incident_document(title: str, own: Mention | None) -> bool:
    """The document is an incident write-up: its title (or own name) has an incident word that names its kind."""
    for named in (title, own.name if own is not None else ""):
        tokens = re.findall(r"[\w\-]+|[^\w\s]", named.casefold())
        for i, word in enumerate(tokens):
            after = tokens[i + 1] if i + 1 < len(tokens) else ""
            if word in INCIDENT_TITLE_WORDS and (not after[:1].isalpha() or after in _KIND_FOLLOWERS):
                return True
    return False


def incident_reference(tok: Token) -> bool:
    """ "the outage", "this incident": the incident a write-up is about (a bare noun with "the" / "this")."""
    dets = [c.lower_ for c in tok.children if c.dep_ == "det"]
    modifiers = [c for c in tok.children if c.dep_ in ("compound", "amod", "nmod", "poss")]
    return tok.lower_ in INCIDENT_NOUNS and dets[:1] in (["the"], ["this"]) and not modifiers


def _hit(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The system a subject names: the system itself, or its users or traffic ("customers of X")."""
    named = anchors.get(tok.i)
    if named is not None:
        return named if named.type in SYSTEM_TYPES else None
    if tok.lower_ not in CLIENT_NOUNS:
        return None
    for prep in tok.children:
        if prep.dep_ == "prep" and prep.lower_ in ("of", "to", "on", "for", "using"):
            obj = next((c for c in prep.children if c.dep_ == "pobj" and c.i in anchors), None)
            if obj is not None and anchors[obj.i].type in SYSTEM_TYPES:
                return anchors[obj.i]
    return None


def _states_hit(verb: Token) -> bool:
    lemma = verb.lemma_.lower()
    children = list(verb.children)
    if any(c.lower_ in _RECOVERY for c in children):
        return False
    if lemma == "be":
        return any(c.dep_ in ("acomp", "attr") and c.lower_ in HIT_STATES for c in children)
    passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in children)
    if passive and lemma in HIT_PASSIVES:
        return not any(c.dep_ == "agent" for c in children)  # "X was degraded by Y": the cause is named
    if lemma in _FAILING_PARTICLES:
        return any(c.lower_ == _FAILING_PARTICLES[lemma] for c in children)
    if lemma in FAILING_VERBS:
        return True
    if lemma in SHOWING_VERBS:
        return any(c.dep_ == "dobj" and (c.lemma_.lower() in PROBLEM_WORDS or c.lower_ in PROBLEM_WORDS)
                   for c in children)
    return False


def _supposed(verb: Token, sent: Span) -> bool:
    """A question or a condition states no impact: "Did X fail?", "If X is unavailable, ...", "when X is down"."""
    if sent.text.rstrip().endswith("?"):
        return True
    clause: Token | None = verb
    while clause is not None:
        if any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in clause.children):
            return True
        clause = clause.head if clause.dep_ in ("advcl", "conj", "ccomp", "xcomp") and clause.head != clause else None
    return False


def hits(sent: Span, anchors: dict[int, Mention]) -> list[tuple[Mention, Token]]:
    """(system hit, the verb saying so) for each hit stated in ``sent`` (the caller checks the document kind)."""
    found: list[tuple[Mention, Token]] = []
    for verb in sent:
        if verb.pos_ not in ("VERB", "AUX") or not _states_hit(verb) or _supposed(verb, sent):
            continue
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        subjects += [c for s in subjects for c in s.conjuncts]
        for s in subjects:
            hit = _hit(s, anchors)
            if hit is not None and all(h is not hit for h, _ in found):
                found.append((hit, verb))
    return found
