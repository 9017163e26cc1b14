"""Incident and change prose: where a problem sits, what it hit, and verbs the tagger lemmatises wrongly.

Incident write-ups rarely make a system the grammatical subject or object of a causal verb; they name a problem
*in* the system and an effect *on* another one:

* located problems: "a memory leak in label-printer degraded order-router" -> label-printer AFFECTS order-router;
  "the token-cache led to errors on auth-gateway" -> token-cache AFFECTS auth-gateway (the effect is an event in
  a system, so the system is affected, not "caused");
* "due to" / "because of": "checkout-api timed out because of pricing-db" -> pricing-db AFFECTS checkout-api; and a
  because-clause: "Because pricing-db was slow, checkout-api queued requests" -> the same;
* moving verbs with an object: "we migrated cart-service to session-store" -> cart-service USES session-store
  (the thing moved is the user, not whoever moved it; "from W" adds nothing: W may still serve others); "from X
  to Y" with nothing moved and "rolled back X to Y" -> Y REPLACES X;
* a problem after a change: "checkout-api began failing after the ledger-sync deployment" -> ledger-sync AFFECTS
  checkout-api; "saw a regression after build 4.2.1" with no system hit named -> the change CAUSED what the
  document is about (the incident or ticket itself; read through the document, so only ever `inferred`). The cause
  must be named as a change: a ticket or pull request, a build or release by id, or a system through a change noun
  ("the X deployment", "the rollout of X"); a bare system after "after" is only a time ("after auth-proxy
  restarted ..."). "After" / "following" state a sequence, not a cause, so such a relation is hedged; "since" is causal
  as well as temporal in English ("since the rotation, X fails"), so it is not.
* verb forms: the small English model lemmatises some third-person forms wrongly ("routes" -> "rout"); the
  written form's regular stems are tried against the rule table before giving up.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from spacy.tokens import Span, Token

from extraction.extraction_types import Mention
from extraction.vocabulary import CHANGE_NOUNS, words

# Relations whose ends may be named through a problem or an effect located in a system (general causal English).
CAUSAL_RELATIONS = frozenset({"AFFECTS", "CAUSED"})
# Prepositions that place a problem or an effect in a system: "a leak in X", "errors on X", "an outage of X".
_LOCATING = frozenset({"in", "on", "of", "inside", "within", "at", "across", "from"})  # "a retry storm from X"
# Verbs that move a thing onto another one: "migrate X to Y", "move X onto Y", "point X at Y", "switch X to Y".
MOVING_VERBS = frozenset({"migrate", "move", "switch", "point", "repoint", "port", "cut", "shift", "pin"})
MOVE_TARGETS = frozenset({"to", "onto", "at"})
# Verbs that put an older thing back in place of a newer one: "roll back X to Y", "revert X to Y" (Y replaces X).
_UNDOING_TO = frozenset({"roll", "revert", "downgrade", "rollback"})
# Compound prepositions of cause: "due to X", "because of X", "owing to X", "as a result of X".
# Not "thanks to X": English credits X with a good outcome ("X kept running, thanks to the cache"), not a hit.
_BECAUSE = {"due": "to", "because": "of", "owing": "to"}
SYSTEM_TYPES = frozenset({"Service", "Component", "Technology"})

Triple = tuple[Mention, Mention, str, list[Token]]


def verb_lemma(verb: Token, known: Collection[str]) -> str:
    """The verb's lemma, or a regular stem of its written form that the rule table knows ("routes" -> "route")."""
    lemma = verb.lemma_.lower()
    if lemma in known:
        return lemma
    word = verb.lower_
    stems = [word]
    if word.endswith("ies"):
        stems.append(word[:-3] + "y")
    if word.endswith("es"):
        stems += [word[:-1], word[:-2]]
    elif word.endswith("s"):
        stems.append(word[:-1])
    if word.endswith("ed"):
        stems += [word[:-1], word[:-2]]
    if word.endswith("ing"):
        stems += [word[:-3], word[:-3] + "e"]
    return next((s for s in stems if s in known), lemma)


def located(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The system a problem or effect noun is placed in: "a leak [in X]", "errors [on X]" (a common noun only)."""
    if tok.i in anchors or tok.pos_ not in ("NOUN", "PROPN") or tok.ent_type_:
        return None
    for prep in tok.children:
        if prep.dep_ == "prep" and prep.lower_ in _LOCATING:
            obj = next((c for c in prep.children if c.dep_ in ("pobj", "pcomp") and c.i in anchors), None)
            if obj is not None and anchors[obj.i].type in SYSTEM_TYPES:
                return anchors[obj.i]
    # "the rate-limiter misconfiguration"; a change is placed in what it changed: "the X upgrade slowed Y"
    if {tok.lemma_.lower(), tok.lower_} & (FAULT_NOUNS | _CHANGES):
        named = [anchors[c.i] for c in tok.children if c.dep_ in ("compound", "amod", "nmod") and c.i in anchors]
        return next((m for m in named if m.type in SYSTEM_TYPES), None)
    return None


def moving_verb(verb: Token, lemma: str) -> bool:
    """A verb that moves a thing onto another or puts an older one back ("migrate", "roll back", "revert")."""
    undoing = lemma in _UNDOING_TO and (lemma != "roll" or any(c.lower_ == "back" for c in verb.children))
    return lemma in MOVING_VERBS or undoing


def moved(verb: Token, lemma: str) -> list[tuple[Token, Token, str, bool, list[Token]]] | None:
    """ "migrate X to Y", "point X at Y", "move X from W to Y": X USES Y, whoever did the moving; "migrate from W to
    Y" with nothing moved: Y REPLACES W;
    "roll back / revert X to Y": Y REPLACES X. None when ``verb`` moves nothing (other rules then read it)."""
    if not moving_verb(verb, lemma):
        return None
    undoing = lemma in _UNDOING_TO  # "roll" only with "back": moving_verb said so
    things = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]  # "X was moved onto Y" too
    if any(g.lower_ in ("its", "their") for t in things for g in t.children if g.dep_ == "poss"):
        things = [c for c in verb.children if c.dep_ == "nsubj"]  # "X switches its queue to Y": X uses Y
    preps = [p for h in (verb, *things) for p in h.children if p.dep_ == "prep"]
    sources = [o for p in preps if p.lower_ == "from" for o in p.children if o.dep_ == "pobj"]
    preps += [p for o in sources for p in (*o.children, *o.head.children) if p.dep_ == "prep" and p not in preps]
    targets = [(o, p) for p in preps if p.lower_ in MOVE_TARGETS for o in p.children if o.dep_ == "pobj"]
    targets += [(c, p) for o, p in targets for c in o.conjuncts]
    if not targets or not (things or sources):
        return None
    if undoing:
        return [(t, d, "REPLACES", False, [verb, p]) for d in things for t, p in targets]
    if things:  # the swap is the moved thing's, not a global one: MySQL may still serve others
        return [(d, t, "USES", False, [verb, p]) for d in things for t, p in targets]
    return [(t, f, "REPLACES", False, [verb, p]) for f in sources for t, p in targets]


def because_triples(sent: Span, anchors: dict[int, Mention]) -> list[Triple]:
    """ "Y failed due to X", "Y timed out because of a bug in X": X AFFECTS Y (Y the subject of the clause)."""
    found: list[Triple] = []
    for tok in sent:
        second = _BECAUSE.get(tok.lower_)
        if second is None or tok.i + 1 >= sent.end or tok.nbor(1).lower_ != second:
            continue
        verb = tok.head
        causes = [c for h in (tok.nbor(1), tok) for c in h.children if c.dep_ == "pobj"]  # parsers differ
        cause = next((anchors.get(c.i) or located(c, anchors) for c in causes), None)
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        effect = next((anchors.get(s.i) or located(s, anchors) for s in subjects), None)
        if cause is not None and effect is not None and verb.pos_ in ("VERB", "AUX"):
            found.append((cause, effect, "AFFECTS", [tok, tok.nbor(1)]))
    return found + _because_clauses(sent, anchors)


def _because_clauses(sent: Span, anchors: dict[int, Mention]) -> list[Triple]:
    """ "Because X was slow, Y queued requests", "Y ran out of connections because X retried": the subject of the
    because-clause AFFECTS the subject of the clause it explains (both systems)."""
    found: list[Triple] = []
    for tok in sent:
        clause = tok.head
        if tok.lower_ != "because" or tok.dep_ != "mark" or clause.dep_ != "advcl" or clause.head == clause:
            continue
        ends = []
        for verb in (clause, clause.head):
            subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
            ends.append(next((anchors.get(s.i) or located(s, anchors) for s in subjects), None))
        cause, effect = ends
        j = clause.right_edge.i + 1  # "Because X was slow, [the] Y ...": the parser often loses Y's verb
        j += j < sent.end and sent.doc[j].text == ","
        j += j < sent.end and sent.doc[j].lower_ in ("the", "our", "their")
        effect = effect or (anchors.get(j) if tok.i == sent.start else None)
        if cause is not None and effect is not None and cause is not effect and {cause.type,
                                                                                 effect.type} <= SYSTEM_TYPES:
            found.append((cause, effect, "AFFECTS", [tok]))
    return found


# Words of a problem or a worsening, as incident prose states an effect ("saw a regression", "began failing",
# "latency spiked", "5xx errors"): general English of failure, not of any one system.
# Matched on the lemma or the written form (a capitalised "Errors" may keep its plural as lemma).
PROBLEM_WORDS = words("""regression regressions regress error errors failure failures fail outage outages spike spikes
    incident latency degradation degrade timeout timeouts crash crashes stall stalls leak breakage break drop drops
    slowdown backlog errored stalled lag""")
# An HTTP error status as incident prose writes it: "503", "5xx", "502s", "502/503/504" (a problem word too).
ERROR_STATUS = re.compile(r"[45](?:\d\d|xx)s?(?:/[45](?:\d\d|xx)s?)*", re.I)
# Nouns of a fault that the system named in front of them is the seat of: "the X outage", "an X misconfiguration";
# not "incident", which a tool names when it raised it ("the PagerDuty incident triggered ...").
FAULT_NOUNS = (PROBLEM_WORDS - {"incident"}) | words(
    "misconfiguration misconfig bug defect fault storm overload exhaustion failover")
# Nouns of a change beyond the general change nouns: what is done to keys, certificates and traffic.
_CHANGES = CHANGE_NOUNS | words("rotation rollover cutover renewal revocation")
# Prepositions of time that tie a problem to an earlier change ("after", "since", "following").
_AFTER = frozenset({"after", "since", "following"})


_WINDOW = 8  # words before "after" in which the problem must be stated


# Nouns an HTTP status is written on ("HTTP 503 responses"); before any other noun a number is a count ("handled
# 450 requests per second").
STATUS_NOUNS = words("response error status code reply")


def problem_word(word: Token) -> bool:
    """A word of a problem: a problem word by lemma or written form, or an HTTP error status - not a number that
    counts some other noun ("450 requests")."""
    if word.lemma_.lower() in PROBLEM_WORDS or word.lower_ in PROBLEM_WORDS:
        return True
    if ERROR_STATUS.fullmatch(word.text) is None:
        return False
    counts = word.dep_ in ("nummod", "compound", "amod") and word.head.pos_ in ("NOUN", "PROPN")
    return not counts or word.head.lemma_.lower() in STATUS_NOUNS


def _is_change(mention: Mention) -> bool:
    return mention.type == "Ticket" or mention.name.split()[0].casefold() in ("build", "release", "version")


def _named_after(tok: Token, starts: dict[int, tuple[int, Mention]]) -> Mention | None:
    """ "after [the runtime] build 4.2.1", "since PR #42": a change named within the next words, read in order (the
    parser often takes "build" for a verb)."""
    for j in range(tok.i + 1, min(tok.i + 4, tok.sent.end)):
        if j in starts:
            return starts[j][1] if _is_change(starts[j][1]) else None
        if tok.doc[j].pos_ not in ("DET", "ADJ", "NOUN", "PROPN"):
            return None
    return None


def _change(obj: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The change named by the object of "after": a ticket, a build by id, or a system through a change noun."""
    named = anchors.get(obj.i)
    if named is not None and _is_change(named):
        return named
    if obj.lemma_.lower() not in _CHANGES:
        return None
    for prep in obj.children:  # "the rollout of X"
        if prep.dep_ == "prep" and prep.lower_ in ("of", "to"):
            inner = next((c for c in prep.children if c.dep_ == "pobj" and c.i in anchors), None)
            if inner is not None:
                return anchors[inner.i]
    if obj.i in anchors:
        return None
    named_by = [anchors[c.i] for c in obj.children if c.dep_ in ("compound", "amod", "nmod") and c.i in anchors]
    # "the X deployment"; not a tool the change was made with ("the Helm upgrade")
    return next((m for m in named_by if m.type in ("Service", "Component")), None)


# Nouns by which a ticket names its own problem as a subject: "The problem started after the X upgrade" (not "we
# fixed the issue after the X rollout", where the noun is an object).
_TROUBLE = frozenset({"problem", "issue", "symptom", "behavior", "behaviour"})


def after_change(sent: Span, anchors: dict[int, Mention],
                 starts: dict[int, tuple[int, Mention]]) -> list[tuple[Mention, Mention | None, Token]]:
    """(change, system hit or None, the preposition) for each problem stated (in the words just before) after a
    change."""
    found: list[tuple[Mention, Mention | None, Token]] = []
    for tok in sent:
        if tok.lower_ not in _AFTER:  # first: the window before is read only at an "after" (~1 word in 60)
            continue
        before = sent.doc[max(sent.start, tok.i - _WINDOW) : tok.i]
        if not any(problem_word(t) or (t.lemma_.lower() in _TROUBLE and t.dep_ == "nsubj") for t in before):
            continue
        obj = next((c for c in tok.children if c.dep_ == "pobj"), None)
        cause = _named_after(tok, starts) or (_change(obj, anchors) if obj is not None else None)
        if cause is None:
            continue
        verb = tok.head
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if not subjects and verb.dep_ == "xcomp":  # "X began failing after Y"
            subjects = [c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")]
        hits = [anchors.get(s.i) or located(s, anchors) for s in subjects]
        hit = next((h for h in hits if h is not None and h.type in SYSTEM_TYPES and h is not cause), None)
        found.append((cause, hit, tok))
    return found


_MAX_OPENING = 24  # words of an opening "Since the X rotation on <date>," clause


def opening_after(sent: Span, starts: dict[int, tuple[int, Mention]]) -> tuple[Mention, Mention, Token] | None:
    """ "Since the X key rotation on <date>, the Y pipeline is failing": an opening clause that names a change, then
    a main clause whose subject is a system and that states a problem. Read in word order (the parser rarely gets
    such an opening right). Returns (change, system hit, the opening word)."""
    first = next((t for t in sent if not (t.is_punct or t.like_num or t.is_space)), None)
    if first is None or first.lower_ not in _AFTER:
        return None
    comma = next((t.i for t in sent.doc[first.i : min(first.i + _MAX_OPENING, sent.end)] if t.text == ","), None)
    if comma is None:
        return None
    opening = sent.doc[first.i + 1 : comma]
    named = [starts[t.i][1] for t in opening if t.i in starts]
    changes = [m for m in named if _is_change(m)]
    if not changes and any(t.lemma_.lower() in _CHANGES for t in opening):
        changes = [m for m in named if m.type in ("Service", "Component")]
    j = comma + 1
    while j < sent.end and sent.doc[j].lower_ in ("the", "our", "their", "its", "a", "an"):
        j += 1
    hit = starts[j][1] if j in starts else None
    rest = sent.doc[j : sent.end]
    if not changes or hit is None or hit.type not in SYSTEM_TYPES or not any(problem_word(t) for t in rest):
        return None
    return changes[0], hit, first


def change_effects(sent: Span, anchors: dict[int, Mention],
                   starts: dict[int, tuple[int, Mention]]) -> list[tuple[Mention, Mention | None, Token]]:
    """Every (change, system hit or None, word) of ``sent``: problems after a change, and an opening "Since X, ..."."""
    opening = opening_after(sent, starts)
    return after_change(sent, anchors, starts) + ([opening] if opening is not None else [])


def sequence_only(word: Token) -> bool:
    """ "after" / "following" only order two events (a hedge on the cause); "since" also gives a reason."""
    return word.lower_ != "since"
