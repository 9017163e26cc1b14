"""Clauses the parser misreads around identifiers, read in surface order.

The small English model tags an unknown identifier ("billing-api", "ledger-sync") as an adjective or a modifier
and then loses the verb after it: "billing-api stores sessions in Redis" parses as one noun phrase, and in a chat
line ("dana (sre): we'll move billing-api to session-store") the identifier becomes an adverb. Enterprise prose
states flows in exactly these shapes, so when the parse found no relation between two mentions of a sentence, the
words are read in order:

1. the subject is a mention (or "A and B", "A, B and C") that opens a clause: the sentence start, a bullet, a
   speaker's "name:" or "name (team):", a clause break (, ; : — ( ) or a complementiser ("said that X ..."), with at
   most a determiner in front (and its type noun after it: "the Ledger team takes over X");
2. at most three adverbs, modals or a perfect "has" may follow ("now", "also", "no longer", "will", "might"): a
   negation among them negates, "will"/"'ll" plans, a hedge word hedges;
3. then a verb form the rule table knows ("stores", "reads", "called"; stems as in `causal.verb_lemma`), and
   * for a (verb, preposition) rule: at most four words of plain object ("sessions", "its audit events"), the
     preposition, then the object mention(s) — "stores sessions in Redis", "reads from Kafka and Postgres";
   * for a (verb, None) rule: the object mention right after the verb (after at most a determiner);
4. a past participle after the subject, a comma, a bracket or a form of "be" ("X, backed by Y,", "X (run by Y)"): the
   passive rules (`PASSIVE_PREP_RULES`, or a verb rule with "by" read backwards);
5. a moving verb with no mention before it ("we'll move X to Y", "migrate X from W to Y"): X USES Y.

A clause may go on with "and" and another verb of the same subject ("X reads from Y and writes to Z").

Every end must be a mention of the sentence, so the evidence stays the sentence; flags also come from the sentence
as the parse reader reads them (`extraction.clause_flags`).
"""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from extraction.causal import MOVE_TARGETS, MOVING_VERBS, SYSTEM_TYPES, verb_lemma
from extraction.chat_asides import aside_start
from extraction.clause_flags import clause_flags
from extraction.extraction_types import Mention
from extraction.surface_parts import DETERMINERS, JOINERS, SurfaceTriple, make_triples, mention_list
from extraction.traffic_phrases import handed_requests
from extraction.vocabulary import (
    FUTURE_AUXILIARIES,
    HEDGE_WORDS,
    NEGATION_WORDS,
    PASSIVE_PREP_RULES,
    STREAM_NOUNS,
    SYSTEM_NOUNS,
    TYPE_NOUNS,
    VERB_RULES,
)

_KNOWN = frozenset(v for v, _ in VERB_RULES)
_CLAUSE_BREAKS = frozenset({",", ";", ":", "—", "–", "(", "-", "*", "•", "+", ">", "):"})
# Adverbs a writer puts between a subject and its verb ("X now calls Y", "X no longer reads from Y").
_ADVERB_TAGS = frozenset({"RB", "RBR", "RBS", "MD"})
_MAX_ADVERBS = 3
_MAX_OBJECT_WORDS = 4
_FLOATING = frozenset({"both", "all", "each", "also"})  # "A and B both call C"
_BE = frozenset({"is", "are", "was", "were", "be", "been"})
_PASSIVE_VERBS = frozenset(v for v, _ in PASSIVE_PREP_RULES) | _KNOWN
# Nouns of the kind of thing an object is, written after its name ("the X topic", "a Y table", "the Z service").
_KIND_NOUNS = frozenset(TYPE_NOUNS) | frozenset(SYSTEM_NOUNS) | STREAM_NOUNS


def _opens_clause(sent: Span, i: int) -> bool:
    """Token ``i`` starts a clause: only determiners lie between it and the sentence start or a clause break."""
    j = i - 1
    while j >= sent.start and sent.doc[j].lower_ in DETERMINERS and sent.doc[j].tag_ != "IN":
        j -= 1
    j = aside_start(sent, j) - 1  # "fyi X ...", "heads up, X ...": the flag in front opens no clause of its own
    before = sent.doc[j] if j >= sent.start else None
    # "Zara mentioned that X talks to Y": a complementiser opens a clause (the relative "the topic that X" does not)
    return (before is None or before.text in _CLAUSE_BREAKS or before.text.endswith(":")
            or (before.lower_ in ("that", "whether") and before.tag_ == "IN"))


def surface_triples(sent: Span, starts: dict[int, tuple[int, Mention]]) -> list[SurfaceTriple]:
    """Relations of ``sent`` read in word order (rules 1-5 of the module docstring)."""
    doc, end = sent.doc, sent.end
    found: list[SurfaceTriple] = []
    for i in range(sent.start, end):
        tok = doc[i]
        if i in starts and _opens_clause(sent, i):
            subjects, k = mention_list(doc, i, end, starts)
            k += _item_label(doc, k, end, subjects)
            while k < end:  # "X reads from Y and writes to Z": the next verb shares the subject
                triples, k = clause_after_subject(sent, subjects, k, starts)
                found += triples
                if triples and k < end and k not in starts and doc[k].lower_ in _KIND_NOUNS:
                    k += 1  # "backed by a DynamoDB table and fronted by Y": the object's kind noun ends it
                if triples and k + 1 < end and doc[k].text == ")" and doc[k - 1].text != "(":
                    k += 1  # "X (owned by Y) exports to Z": the aside closes and the clause of X goes on
                    continue
                k = _past_adverbs(doc, k, end)  # "X calls Y directly and writes to Z"
                if not triples or k + 1 >= end or doc[k].lower_ not in JOINERS:
                    break
                k += 1 + (doc[k + 1].lower_ == "and")
        elif tok.lower_ in MOVING_VERBS or verb_lemma(tok, MOVING_VERBS) in MOVING_VERBS:
            found += _moved(sent, tok, starts)
    return found


def clause_after_subject(
    sent: Span, subjects: list[Mention], k: int, starts: dict[int, tuple[int, Mention]], bare: bool = False
) -> tuple[list[SurfaceTriple], int]:
    """The triples of the clause whose subject ends before token ``k``, and the token after its last object.
    ``bare``: the subject is a pronoun the parse made the verb's own ("we persist X to Y"), so a bare stem is a verb."""
    doc, end = sent.doc, sent.end
    first, k = _verb_start(doc, k, end, starts, bare)
    if k >= end or k in starts or doc[k].is_punct:
        return [], k
    verb = doc[k]
    between = {t.lower_ for t in doc[first:k]}
    own = clause_flags(verb, sent, [])
    flags = (
        own[0] or bool(between & NEGATION_WORDS),
        own[1] or bool(between & HEDGE_WORDS),
        own[2] or bool(between & FUTURE_AUXILIARIES),
    )
    participle = verb.tag_ == "VBN" or verb.lower_.endswith(("ed", "en"))
    if participle and k + 1 < end and doc[k + 1].pos_ == "ADP":
        triples, after = _passive(sent, subjects, verb, starts, flags)
        if triples or (k > first and doc[k - 1].lower_ in (",", "(", *_BE)):
            return triples, after
    lemma = verb_lemma(verb, _KNOWN)
    if not _reads_as_verb(doc, first, k, lemma, len(subjects) > 1, bare):
        return [], k  # a bare stem after one name is a noun as often as a verb ("the billing-api export job")
    direct = VERB_RULES.get((lemma, None))
    j = k + 1 + (k + 1 < end and doc[k + 1].lower_ in DETERMINERS)
    if direct is not None and j in starts:
        objects, after = mention_list(doc, j, end, starts)
        if after < end and (doc[after].pos_ in ("VERB", "AUX") or doc[after].tag_ in ("VBN", "VBD")):
            return [], after  # "X needs Y restarted": a complement about Y, not a relation with it
        return make_triples(subjects, objects, direct, [verb], flags), after
    return _prepositional(doc, subjects, k, end, starts, lemma, flags)


def _verb_start(doc: Doc, k: int, end: int, starts: dict[int, tuple[int, Mention]], bare: bool) -> tuple[int, int]:
    """Where the words after the subject begin, and where its verb does: past a kind noun, adverbs and a comma."""
    if k < end and doc[k].lower_ in _KIND_NOUNS and k not in starts and not _verb_form(doc[k]):  # not "proxies"
        k += 1  # "the Ledger team takes over X", "the thumb-render service runs on Y", "the X topic is read by Y"
    first = k
    while (
        k < end
        and k - first < _MAX_ADVERBS
        and ((doc[k].tag_ in _ADVERB_TAGS and not _verb_form(doc[k]) and not (bare and doc[k].lower_ in _KNOWN))
             or doc[k].lower_ in NEGATION_WORDS
             or doc[k].lower_ in _FLOATING or _perfect(doc, k))
    ):
        k += 1
    if k < end and k == first and (doc[k].text in (",", "(") or doc[k].lemma_ == "be"):
        k += 1  # "X, backed by Y," / "X (owned by Y)" / "X is backed by Y": a participle clause follows
    return first, k


def _reads_as_verb(doc: Doc, first: int, k: int, lemma: str, several: bool, bare: bool) -> bool:
    """Token ``k`` is a known verb inflected as one (or a bare stem after a modal, a pronoun or several subjects)."""
    verb = doc[k]
    modal = any(t.tag_ == "MD" for t in doc[first:k])
    perfect = any(_perfect(doc, t.i) for t in doc[first:k]) and verb.tag_ == "VBN"  # "has taken over X"
    inflected = verb.lower_.endswith(("s", "ed")) or perfect or ((modal or bare or several)
                                                                   and verb.lower_ == lemma)
    return not (lemma not in _KNOWN or not inflected or doc[first:k].text.startswith((",", "(")))


def _prepositional(doc: Doc, subjects: list[Mention], k: int, end: int, starts: dict[int, tuple[int, Mention]],
                   lemma: str, flags: tuple[bool, bool, bool]) -> tuple[list[SurfaceTriple], int]:
    """The triples of verb ``k`` with a preposition a few words after it ("writes totals to X"), if any."""
    verb = doc[k]
    for words in range(_MAX_OBJECT_WORDS + 1):
        p = k + 1 + words
        if p >= end or p in starts or (words and _stops_object(doc[p - 1], (lemma, doc[p].lower_) in VERB_RULES)):
            break
        if doc[p].text == "(" and p + 2 < end:
            p += 1  # "reads totals (from X, not Y)": the place stated in an aside is the verb's all the same
        rule = VERB_RULES.get((lemma, doc[p].lower_))
        if rule is not None and p + 1 < end:
            q = p + 1 + (p + 2 < end and doc[p + 1].lower_ in DETERMINERS)
            objects, after = mention_list(doc, q, end, starts, repeat=doc[p].lower_)
            if rule[0] == "PRODUCES" and handed_requests(lemma, doc[k + 1 : p]):
                rule = ("CALLS", rule[1])  # "hands requests to X": a call, not data produced
            return make_triples(subjects, objects, rule, [verb, doc[p]], flags), after
    return [], k


def _passive(
    sent: Span,
    subjects: list[Mention],
    verb: Token,
    starts: dict[int, tuple[int, Mention]],
    flags: tuple[bool, bool, bool],
) -> tuple[list[SurfaceTriple], int]:
    """ "X, backed by Y": Y's rule read backwards; "X, assigned to Y": the rule of the participle and preposition."""
    doc, end = sent.doc, sent.end
    k = verb.i + 1
    if k + 1 >= end:
        return [], k
    lemma = verb_lemma(verb, _PASSIVE_VERBS)
    prep = doc[k].lower_
    q = k + 1 + (k + 2 < end and doc[k + 1].lower_ in DETERMINERS)
    objects, after = mention_list(doc, q, end, starts, repeat=prep)
    if (lemma, prep) in PASSIVE_PREP_RULES:
        return make_triples(subjects, objects, PASSIVE_PREP_RULES[(lemma, prep)], [verb, doc[k]], flags), after
    if prep == "by" and (lemma, None) in VERB_RULES:
        rel, inverse = VERB_RULES[(lemma, None)]
        return make_triples(subjects, objects, (rel, not inverse), [verb, doc[k]], flags), after
    return [], k


def _item_label(doc: Doc, k: int, end: int, subjects: list[Mention]) -> int:
    """1 when a colon after systems' names opens what they do, as a component list writes it ("- ingest-worker:
    reads the orders topic and writes to X"); 0 otherwise. Only systems: "dana: we moved X" is a speaker's line."""
    systems = bool(subjects) and all(s.type in SYSTEM_TYPES for s in subjects)
    return 1 if systems and k + 1 < end and doc[k].text == ":" else 0


def _past_adverbs(doc: Doc, k: int, end: int) -> int:
    """Past the adverbs that close a clause when a joiner follows them ("calls Y directly and writes to Z", "reads
    from Y nightly, and ..."): the next clause of the same subject starts after the joiner all the same."""
    j = k
    while j < end and j - k < _MAX_ADVERBS and doc[j].tag_ in _ADVERB_TAGS and doc[j].tag_ != "MD":
        j += 1
    return j if j > k and j + 1 < end and doc[j].lower_ in JOINERS else k


def _verb_form(tok: Token) -> bool:
    """A third-person form of a rule's verb that the tagger took for an adverb ("X forwards requests to Y")."""
    return tok.tag_ != "MD" and tok.lower_.endswith("s") and verb_lemma(tok, _KNOWN) in _KNOWN


def _perfect(doc: Doc, i: int) -> bool:
    """ "has" / "have" / "had" before a past participle: the perfect, which may stand between subject and verb."""
    return doc[i].lower_ in ("has", "have", "had") and i + 1 < len(doc) and doc[i + 1].tag_ == "VBN"


def _stops_object(tok: Token, rule_follows: bool = False) -> bool:
    """An object noun phrase ends at punctuation, a verb or a clause word. ``rule_follows``: the next word is the
    preposition of the clause's verb rule ("ships audit logs to Y")."""
    modifier = tok.tag_ in ("VBN", "VBD", "VBP") and tok.i + 1 < len(tok.doc) and tok.nbor(1).pos_ == "NOUN"
    if modifier:  # a participle before its noun: "forwards [authenticated] requests to Y"; a noun the tagger took
        return False  # for a verb after the clause's verb: "reads nightly [claim] snapshots from Y"
    if rule_follows and tok.tag_ == "VBZ" and tok.lower_.endswith("s"):
        return False  # a plural noun tagged as the verb the clause already has: "ships audit [logs] to Y"
    return tok.is_punct or tok.pos_ in ("VERB", "AUX", "SCONJ", "CCONJ") or tok.lower_ in ("that", "which", "who")


def _moved(sent: Span, verb: Token, starts: dict[int, tuple[int, Mention]]) -> list[SurfaceTriple]:
    """ "move X to Y", "migrate X from W to Y": X USES Y. Y does not REPLACE W: the swap is X's alone (W may
    still serve other systems)."""
    doc, end = sent.doc, sent.end
    j = verb.i + 1 + (verb.i + 1 < end and doc[verb.i + 1].lower_ in DETERMINERS)
    things, k = mention_list(doc, j, end, starts)
    if things and k < end and doc[k].lower_ == "from":  # "from Oracle to Postgres", "from the old cluster to Y"
        sources, after = mention_list(doc, k + 1, end, starts)
        k = after if sources else next((x for x in range(k + 1, min(k + 5, end)) if doc[x].lower_ in MOVE_TARGETS), k)
    if not things or k >= end or doc[k].lower_ not in MOVE_TARGETS:
        return []
    q = k + 1 + (k + 2 < end and doc[k + 1].lower_ in DETERMINERS)
    targets, _ = mention_list(doc, q, end, starts)
    flags = clause_flags(verb, sent, [])
    return make_triples(things, targets, ("USES", False), [verb, doc[k]], flags)
