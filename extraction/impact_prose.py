"""What an incident write-up says was hit, where it names no cause: the incident (the document) AFFECTS the system.

A postmortem states its impact about the systems hit, rarely with a cause in the same clause:

* a state of the system: "checkout-api was unavailable for 20 minutes", "X was degraded", "X went down",
  "X was also affected" (a causal verb in the passive with no agent);
* a failing verb: "X failed", "X crashed", "X timed out" (not "X failed over to Y" / "fell back to Y", which is a
  recovery);
* errors shown by the system or met by its users: "X returned 502s", "customers of X saw errors",
  "requests to X hit timeouts" (the object must be a problem word, `causal.PROBLEM_WORDS`);
* the incident itself as the subject: "the outage degraded X", "the incident did not affect Y"
  (`incident_reference`; the relation reader binds it to the document);
* a measure of a system that worsened: "latency on X spiked", "error rates in X doubled" (not where the sentence
  names a cause or an earlier change: "... after the Y deployment" is read as Y AFFECTS X instead);
* and, read by nouns in :mod:`extraction.incident_causes`, an impact noun aimed at a system ("spillover to X",
  "no impact on Y") and the cause named as the incident's own ("The root cause was a leak in X" -> X CAUSED it).

Only in a document about an incident (its title or own name says so: "Postmortem: ...", "Incident ...",
"Outage ..."; not "Incident Console redesign" or "outage drills", where the word modifies another noun); elsewhere
"X was unavailable" says nothing about which incident. Not in a question or a condition ("If X is unavailable, ...").
Read through the document, so such a hop is an inference (``via="document_subject"``); flags come from the clause
as everywhere else.
"""

from __future__ import annotations

import re

from spacy.tokens import Span, Token

from extraction.causal import PROBLEM_WORDS, SYSTEM_TYPES, problem_word, verb_lemma
from extraction.extraction_types import Mention
from extraction.parse_walks import objects_of, prep_objects, with_conjuncts
from extraction.traffic_phrases import TRAFFIC_NOUNS
from extraction.vocabulary import VERB_RULES, words

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
# Causal verbs whose passive without an agent states a hit ("X was affected", "X was disrupted"): every verb the verb
# table reads as AFFECTS with a direct object, and "throttle" (a hit with no cause the table could name).
HIT_PASSIVES = frozenset(v for (v, prep), (rel, _) in VERB_RULES.items() if rel == "AFFECTS" and prep is None) | {
    "throttle", "delay"}
# Verbs that say a system failed by itself ("X crashed", "X timed out", "X went down").
FAILING_VERBS = words("fail crash stall hang flap time go error")
_FAILING_PARTICLES = {"time": "out", "go": "down"}  # "timed out", "went down": only with their particle
# Verbs by which a system or its users show errors ("X returned 502s", "users of X saw errors").
SHOWING_VERBS = words("return throw serve see hit get experience log raise produce")
# Verbs by which responders say what they saw, and the modifiers that make a measure a problem ("elevated latency").
_OBSERVING_VERBS = words("see observe notice get hit experience")
_WORSE = words("elevated high higher increased increasing rising spiking abnormal excessive degraded")
_NORMAL = words("normal healthy stable usual expected nominal steady typical low")
# Nouns for the users or traffic of a system ("customers of X", "requests to X").
CLIENT_NOUNS = words("customer user client caller tenant merchant consumer viewer subscriber")  # and TRAFFIC_NOUNS
# Measures of a system's health and verbs of their worsening ("latency on X spiked", "errors in X rose").
MEASURE_NOUNS = PROBLEM_WORDS | words("""latency latencies p99 p95 p50 rate rates cpu memory load queue
    depth retries""")
WORSENING_VERBS = words("spike rise jump increase climb double triple soar surge grow balloon")
_CAUSE_WORDS = frozenset({"after", "since", "following", "because", "due", "when", "while"})
_RECOVERY = frozenset({"over", "back"})  # "failed over to Y", "fell back to Y": a recovery, not a hit
_CONDITIONS = frozenset({"if", "unless", "when", "whenever", "once", "until"})  # a behaviour, not a happening
_INVERTED = frozenset({"had", "were", "should"})
_REASONS = frozenset({"because", "since"})  # "Because X was slow, Y queued requests": X's state is the cause


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
    if not {tok.lemma_.lower(), tok.lower_.removesuffix("s")} & (CLIENT_NOUNS | TRAFFIC_NOUNS):
        return None
    for prep in tok.children:
        if prep.dep_ == "prep" and prep.lower_ in ("of", "to", "on", "for", "using", "through", "via"):
            obj = next((c for c in prep.children if c.dep_ == "pobj" and c.i in anchors), None)
            if obj is not None and anchors[obj.i].type in SYSTEM_TYPES:
                return anchors[obj.i]
    return None


def _states_hit(verb: Token, anchors: dict[int, Mention]) -> bool:
    lemma = verb.lemma_.lower()
    children = list(verb.children)
    if any(c.lower_ in _RECOVERY for c in children):
        return False
    if lemma == "be":  # "X was down for an hour": the parser may take "down" / "offline" for an adverb
        return any(c.dep_ in ("acomp", "attr", "advmod") and c.lower_ in HIT_STATES for c in children)
    passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in children)
    if passive and lemma in HIT_PASSIVES:  # "X was degraded by Y": the cause is named; not "delayed by an hour"
        return not any(c.dep_ == "agent" and any(_names(o, anchors) for o in objects_of(c)) for c in children)
    if lemma in _FAILING_PARTICLES:
        return any(c.lower_ == _FAILING_PARTICLES[lemma] for c in children)
    if lemma in FAILING_VERBS:
        return True
    if lemma in SHOWING_VERBS:  # "returned 502s", "returned HTTP 503 responses", "threw 502/504"
        return any(c.dep_ == "dobj" and _problem_object(c) for c in children)
    return False


def _problem_object(obj: Token) -> bool:
    """ "502s", "errors", "timeout errors", "HTTP 503 responses" - not "500 requests" (`problem_word`)."""
    return problem_word(obj) or any(problem_word(g) for g in obj.children)


def supposed(sent: Span) -> bool:
    """The whole sentence supposes rather than states: a question, or an inverted condition ("Had X failed, ...")."""
    if sent.text.rstrip().endswith("?"):
        return True
    first = next((t for t in sent if not (t.is_space or t.is_punct)), None)
    return first is not None and first.lower_ in _INVERTED  # "Had X failed too", "Were X down", "Should X fail"


def conditional(verb: Token) -> bool:
    """The verb's clause is a condition: "If X is unavailable, ...", "when X is down"."""
    clause: Token | None = verb
    while clause is not None:
        if any((c.dep_ == "mark" or (c.dep_ == "advmod" and not _past(clause))) and c.lower_ in _CONDITIONS
               for c in clause.children):
            return True
        clause = clause.head if clause.dep_ in ("advcl", "conj", "ccomp", "xcomp") and clause.head != clause else None
    return False


def _past(verb: Token) -> bool:
    """ "When X went down at 14:02, we paged ...": a when-clause in the past tells what happened, not a condition."""
    return verb.tag_ == "VBD" or any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children)


def hits(sent: Span, anchors: dict[int, Mention]) -> list[tuple[Mention, Token]]:
    """(system hit, the verb saying so) for each hit stated in ``sent`` (the caller checks the document kind)."""
    found: list[tuple[Mention, Token]] = []
    if supposed(sent):
        return found
    for verb in sent:
        if verb.pos_ not in ("VERB", "AUX") or not _states_hit(verb, anchors) or conditional(verb) or reason(verb):
            continue
        for s in with_conjuncts(_subjects(verb)):
            hit = _hit(s, anchors) or (_observed(verb, anchors) if s.lower_ == "we" else None)
            if hit is not None and all(h is not hit for h, _ in found):
                found.append((hit, verb))
    return found + [w for w in _worsened(sent, anchors) if all(h is not w[0] for h, _ in found)]


def reason(verb: Token) -> bool:
    """The verb's clause gives the reason for another: "Because X was slow, Y queued requests" states what X did to
    Y (a cause, read by `extraction.causal`), not a system the incident hit."""
    return verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in _REASONS for c in verb.children)


def _subjects(verb: Token) -> list[Token]:
    """The verb's subjects, or those of the verb it is conjoined to ("X kept serving and was not affected")."""
    own = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if own or verb.dep_ != "conj" or verb.head == verb:
        return own
    return [c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")]


def _names(tok: Token, anchors: dict[int, Mention]) -> bool:
    """The agent names a cause: a name, or a noun of a named thing ("by the X slowdown"), not "by an hour"."""
    return tok.i in anchors or tok.pos_ == "PROPN" or any(g.i in anchors for g in tok.children)


def _observed(verb: Token, anchors: dict[int, Mention]) -> Mention | None:
    """ "We are seeing elevated error rates on X", "we saw 502s from X": what the responders saw, placed in X."""
    if verb.lemma_.lower() not in _OBSERVING_VERBS:
        return None  # "we log all errors in X" says where errors go, not that X had them
    for obj in (c for c in verb.children if c.dep_ == "dobj"):
        if any(g.lower_ in _NORMAL for g in obj.children):
            continue  # "we see normal latency on X": a measure said to be fine
        worse = obj.lemma_.lower() in MEASURE_NOUNS and any(g.lower_ in _WORSE for g in obj.children)
        if _problem_object(obj) or worse:
            places = [o for o in prep_objects(obj, ("on", "in", "from", "at")) if o.i in anchors]
            places += [o for o in prep_objects(verb, ("on", "in", "from", "at")) if o.i in anchors]
            named = [anchors[o.i] for o in places if anchors[o.i].type in SYSTEM_TYPES]
            if named:
                return named[0]
    return None


def _worsened(sent: Span, anchors: dict[int, Mention]) -> list[tuple[Mention, Token]]:
    """ "Latency on X spiked": a measure placed in a system, the subject of a verb of worsening."""
    if any(t.lower_ in _CAUSE_WORDS for t in sent):
        return []  # a cause or an earlier change is named: the causal readers relate it
    found: list[tuple[Mention, Token]] = []
    for verb in sent:
        if verb_lemma(verb, WORSENING_VERBS) not in WORSENING_VERBS or conditional(verb):  # "spiked" as ADJ
            continue
        for s in (c for c in verb.children if c.dep_ == "nsubj" and c.lemma_.lower() in MEASURE_NOUNS):
            # the measure's own prepositions: a capitalised "Latency" opening the sentence may be misread as a name
            places = [o for o in prep_objects(s, ("on", "in", "of", "for", "at")) if o.i in anchors]
            hit = anchors[places[0].i] if places else None
            if hit is not None and hit.type in SYSTEM_TYPES:
                found.append((hit, verb))
    return found
