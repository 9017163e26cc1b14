"""The verb a question asks about (part of stage 1, analyse): its main verb, read past a fronted auxiliary."""

from __future__ import annotations

from spacy.tokens import Span, Token

from zehn.agent.focus import FOCUS_ROLES


def predicate_of(clause: Span, skip: set[int]) -> Token | None:
    """The clause's main verb: the highest verb of the clause (auxiliaries skipped), else its root."""
    verbs = [t for t in clause if t.pos_ == "VERB" and t.i not in skip and t.dep_ not in ("aux", "auxpass", "amod")]
    if verbs:  # "what did the team do *to mitigate* X" asks how X was mitigated: the purpose verb is the predicate
        top = min(verbs, key=lambda t: len(list(t.ancestors)))
        purpose = [c for c in top.children if c.dep_ in ("advcl", "xcomp") and c.pos_ == "VERB" and
                   any(a.lower_ == "to" for a in c.children)] if top.lemma_ == "do" else []
        if purpose:
            return purpose[0]
        return fronted(clause, _participle_asked(clause, _past_hyphenated_subject(top)))
    roots = [t for t in clause if t.head.i < clause.start or t.head.i >= clause.end or t.head == t]
    return roots[0] if roots else None


def _participle_asked(clause: Span, top: Token) -> Token:
    """A present-tense verb under a fronted "was" / "has" is a noun the tagger misread ("how was the broken usage
    *aggregate* job repaired"): English puts a participle after those auxiliaries, so the participle that follows
    is the asked verb."""
    if top.tag_ not in ("VBP", "VBZ") or not any(c.dep_ in ("aux", "auxpass") and c.lemma_ in ("be", "have") and
                                                 c.tag_ in ("VBD", "VBZ") and c.i < top.i for c in top.children):
        return top
    return next((t for t in clause if t.i > top.i and t.tag_ == "VBN"), top)


def _past_hyphenated_subject(top: Token) -> Token:
    """A hyphenated word read as the main verb with a bare verb right after it is that verb's subject ("who should
    *on-call* escalate to", "what should *front-end* call"): English makes verbs of such compounds rarely, and two
    bare verbs do not follow each other in a clause, so the second one is asked."""
    after = top.nbor(1) if top.i + 1 < len(top.doc) else None
    if "-" in top.text.strip("-") and after is not None and after.tag_ == "VB" and after.head == top:
        return after
    return top


def focus_verb(clause: Span, focus: Span | None) -> Token | None:
    """The verb whose subject the asked noun phrase is ("which component *signs* the payload ..., so a retry carries
    a different signature"): a wh-phrase belongs to the clause it opens, so that verb is asked even where the parser
    made a later clause ("so ...", "and then ...") the root and hung the asked one under it."""
    if focus is None:
        return None
    head = next((t for t in focus if t.dep_ in ("nsubj", "nsubjpass") and t.head.i not in range(focus.start,
                                                                                              focus.end)), None)
    verb = head.head if head is not None else None
    aux = fronted_aux(clause)
    if verb is not None and aux is not None and aux.lemma_ == "do" and verb.tag_ in ("VBN", "VBD") and verb.i > aux.i:
        return None  # "what errors did nodes *matched* by X produce": a participle after "did" is no main verb
    # ("which team *does* the alert page": a fronted auxiliary the parser took for the verb is left to fronted())
    return verb if verb is not None and verb.pos_ == "VERB" and verb.lemma_ not in ("be", "do", "have") and \
        clause.start <= verb.i < clause.end else None


def name_word(token: Token) -> bool:
    """A capitalised word inside the sentence is a name, whatever the tagger made of it: English capitalises names,
    not verbs ("which *Go* SDK version", "which *Swift* client"), so it belongs to the noun phrase it opens."""
    return token.i > token.sent.start and token.text[:1].isupper() and token.text[1:].islower() and \
        token.pos_ in ("VERB", "AUX") and token.nbor(-1).is_alpha


def fronted_aux(clause: Span) -> Token | None:
    """The auxiliary a question fronts: "be" or "do" among the first three words after the wh-word ("when *does*
    X fire", "which team *does* the alert page")."""
    return next((t for t in [t for t in clause if not t.is_punct][:3] if t.lemma_ in ("be", "do") and
                 t.i > clause.start), None)


def _determined(word: Token) -> bool:
    """The word has a determiner or a possessive with only adjectives between ("in *their* private deployment",
    "the backlog"): a noun, never the bare verb a do-question ends with. A noun between ("by *the operator* raise")
    may be the verb's subject the tagger joined to it."""
    doc = word.doc
    return any(c.dep_ in ("det", "poss") and all(t.pos_ == "ADJ" for t in doc[c.i + 1:word.i])
               for c in word.children)


def fronted(clause: Span, top: Token) -> Token:
    """In a question whose auxiliary is fronted ("why *was* X rejected", "when *does* X fire") the main verb is the
    clause's last word (a participle after "be", a bare verb after "do"), however the parser read the words
    between: it takes "buying" for the root of "why was buying a hosted product rejected", and "fire" for a noun."""
    words = [t for t in clause if not t.is_punct]
    aux = fronted_aux(clause)
    if aux is None or top.i == words[-1].i:
        return top
    last = words[-1]
    # After "did", a participle is no main verb ("what errors did nodes *matched* by X produce": it qualifies the
    # subject), and neither is the auxiliary itself: the bare verb that ends the clause is, whatever its tag.
    if aux.lemma_ == "do" and (top.i == aux.i or (top.tag_ in ("VBN", "VBD") and top.i > aux.i)) and \
            last.tag_ in ("VB", "VBP", "NN") and last.is_lower and top.i < last.i and not _determined(last):
        return last
    if top.lemma_ != "do" and top.i != aux.i + 1:
        return top
    if aux.lemma_ == "be" and top.tag_ == "VBN" and any(c.dep_ == "nsubjpass" and c.i < aux.i for c in top.children):
        return top  # "what was *changed* for the team that wanted X stopped": the wh-word's own passive verb
    # (after "do", the last word is read as a verb only when the parser made everything after the auxiliary one
    # noun phrase ending in it: "the alert fire"; "what does it return to the client" keeps its verb)
    passive = aux.lemma_ == "be" and last.tag_ in ("VBN", "VBD")
    bare = aux.lemma_ == "do" and top.lemma_ == "do" and last.pos_ in ("VERB", "NOUN") and \
        last.left_edge.i == aux.i + 1
    return last if passive or bare else top


# "what made X fail": a verb that makes its object do something, asked with the wh-word as its subject, asks for
# the cause of that act (English causatives that take a bare infinitive or an adjective: "made it loop",
# "got it stuck", "left it unusable").
CAUSATIVE_VERBS = frozenset({"make", "get", "leave", "drive", "send", "force", "push"})
# Verbs of damage ("what broke X", "what disrupted X"): with the wh-word as the subject and an object, they ask
# what caused the damage to X; without an object ("what broke after the change") they ask for the consequences.
DAMAGE_VERBS = frozenset({"break", "disrupt", "degrade", "affect", "impact", "slow", "block", "stall"})


def asks_cause(wh: Token, verb: Token | None) -> bool:
    """The wh-word is the subject of a causative with a complement ("what made X go into a loop") or of a verb of
    damage with an object ("what broke outbound connectivity")."""
    if verb is None or wh.lower_ != "what" or not any(c.i == wh.i and c.dep_ == "nsubj" for c in verb.children):
        return False
    lemma = verb.lemma_.casefold()
    if lemma in CAUSATIVE_VERBS:  # "what made X fail", "what pushed the latency up": its result is the effect
        return any(c.dep_ in ("ccomp", "xcomp", "oprd") for c in verb.children) or (
            any(c.dep_ == "dobj" for c in verb.children) and _moved(verb))
    if (lemma, particle(verb)) in CAUSING_PHRASES:  # "what set off the alarms", "what kicked off the storm"
        return True
    return lemma in DAMAGE_VERBS and any(c.dep_ == "dobj" for c in verb.children)


# Phrasal verbs that state a cause as English writes them with a particle ("what *set off* the alert storm", "what
# *touched off* the retries", "what *brought about* the drift"): the verb alone names no cause ("set", "kick"), its
# particle makes it one, so they are read as the pair, never by the lemma.
CAUSING_PHRASES = frozenset({("set", "off"), ("kick", "off"), ("touch", "off"), ("spark", "off"), ("bring", "about"),
                             ("bring", "on")})


def particle(verb: Token) -> str:
    """The verb's particle ("set *off*", "brought *about*"), or ""."""
    return next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")


# Verbs of keeping a problem from spreading, which English uses for the remedy of an incident ("how did they
# *contain* it", "what *contained* the spread") and for what something holds ("what does the bundle *contain*").
# Only asked with the wh-word as the manner or as the doer do they ask for the remedy.
CONTAINING_VERBS = frozenset({"contain"})


def asks_containment(wh: Token, verb: Token | None) -> bool:
    """"How did they contain it", "what contained the spread": a fix; "what does X contain" (the wh-word its object)
    asks what X holds."""
    if verb is None or verb.lemma_.casefold() not in CONTAINING_VERBS or wh.head.i != verb.i:
        return False
    return (wh.lower_ == "how" and wh.dep_ == "advmod") or (wh.lower_ == "what" and wh.dep_ == "nsubj")


# Words that say a causative put its object back as it was ("got the pages flowing *again*", "got X *back* up").
_RETURNS = frozenset({"again", "back"})


def asks_restoration(wh: Token, verb: Token | None) -> bool:
    """"Get" asked of the wh-word with an ongoing act *again* or *back* as its result ("what got the pages flowing
    again", "how did they get the jobs running again") asks how the act was restored, not what caused it ("what got the
    queue stuck again", "what made the latency go back up" are causes)."""
    # The wh-word is the causer ("*what* got X running again") or the manner of the causing ("*how* did they get X
    # running again"): either asks what restored the act.
    asker = (wh.lower_ == "what" and wh.dep_ == "nsubj") or (wh.lower_ == "how" and wh.dep_ == "advmod")
    if verb is None or verb.lemma_.casefold() != "get" or not asker or wh.head.i != verb.i:
        return False
    # (the parser hangs the gerund on the verb or on its object: "got [the jobs running again]")
    ongoing = [c for c in verb.children if c.dep_ in ("ccomp", "xcomp", "oprd") and c.tag_ == "VBG"] + [
        g for o in verb.children if o.dep_ == "dobj" for g in o.children if g.dep_ == "acl" and g.tag_ == "VBG"]
    return any(t.lower_ in _RETURNS for g in ongoing for t in g.subtree)


# Words that say where a causative moved its object ("drove the costs *up*", "pushed the queue *over* its limit").
_DIRECTIONS = frozenset({"up", "down", "over", "higher", "lower"})


def _moved(verb: Token) -> bool:
    """A direction after the causative, in its own clause (the parser may hang "up" on the object's phrase; a
    clause inside it, "after the canary went out", is another act)."""
    nested = {t.i for c in verb.children if c.dep_ in ("advcl", "relcl", "ccomp", "conj") for t in c.subtree}
    return any(t.lower_ in _DIRECTIONS for t in verb.subtree if t.i > verb.i and t.i not in nested)


def own_verb(wh: Token, clause: Span) -> Token | None:
    """The verb the wh-word is the subject of, right after it ("what *causes* the failures described in X"): that
    verb is what is asked, whatever the parser made the root of the rest (it may read "described" as the main verb
    and "what causes ..." as its clausal subject). A word the parse hangs on a noun as its modifier is none, whatever
    its tag ("which *audit* events must be published")."""
    verb = wh.head
    own = wh.dep_ == "nsubj" and verb.i == wh.i + 1 and verb.pos_ == "VERB" and verb.i < clause.end
    return verb if own and verb.dep_ not in ("ROOT", "conj", "compound", "amod") else None


# Nouns that only carry the modifier before them ("action *items*", "follow-up *work*", "next *points*"): the
# modifier names what is asked.
LIGHT_HEADS = frozenset({"item", "work", "point", "thing"})


def named_head(group: list[Token]) -> str:
    """The lemma that names a focus group's kind: its head, or the modifier before a light head when that modifier
    names a section role ("action items" are what an "Action items" section lists)."""
    head = group[-1].lemma_.casefold()
    if head in LIGHT_HEADS and len(group) > 1 and group[-2].lemma_.casefold() in FOCUS_ROLES:
        return group[-2].lemma_.casefold()
    return head


# Tags of a finite verb or an auxiliary: a clause that has one after a candidate has its verb already.
_FINITE = frozenset({"VBZ", "VBD", "VBP", "MD"})


def verb_read_as_noun(clause: Span, wh: Token, verb: Token | None) -> Token | None:
    """The clause's verb when the tagger read it as a plural noun ("which build *ships* the fix", "which SDK release
    version *ships* the patch"): the verb found is none, a word right after the wh-word (the noun it determines), or a
    bare form with no auxiliary (no main verb of a wh-question), or no verb at all, and a later lower-case plural
    noun is followed by a determiner with no finite verb after it: a present verb in "-s" before its object is what
    such a noun is."""
    doc = clause.doc
    # (a noun the parser hung on the verb as its auxiliary, "SDK" in "which Rust SDK release ...", is none)
    bare = verb is not None and verb.tag_ == "VB" and not any(
        c.dep_ in ("aux", "auxpass") and (c.tag_ in ("MD", "TO") or c.lemma_ in ("do", "be", "have"))
        for c in verb.children)
    found = verb is not None and verb.pos_ in ("VERB", "AUX")  # (the root the parser chose may be a noun)
    if verb is not None and found and not bare and verb.i != wh.i + 1:
        return None
    after = verb.i + 1 if verb is not None and found else wh.i + 2
    for t in doc[after:clause.end - 1]:
        if t.tag_ == "NNS" and t.text.islower() and t.lower_.endswith("s") and not t.lower_.endswith("ss") and \
                doc[t.i + 1].tag_ in ("DT", "PDT", "PRP$") and \
                not any(v.tag_ in _FINITE or v.pos_ == "AUX" for v in doc[t.i + 1:clause.end]):
            return t
    return None


def verb_before_to(clause: Span, verb: Token | None) -> Token | None:
    """In a do-support question the bare verb follows the subject; a tagger may read it as the subject's last noun
    ("what did the alias *point* to", "what does the CLI *wrap* to do Y"). The word before a stranded preposition or
    an infinitive's "to" that ends the subject is then the verb, when no verb was found between the auxiliary and it.
    None when the question has no such word."""
    aux = fronted_aux(clause)
    if aux is None or aux.lemma_ != "do":
        return None
    doc = clause.doc
    for t in doc[aux.i + 2:clause.end]:
        word = doc[t.i - 1]
        if (t.pos_ == "VERB" and t.tag_ != "VB") or (word.pos_ in ("VERB", "AUX") and word.i > aux.i):
            return None  # a verb after the auxiliary: the parse has the clause's verb
        stranded = t.pos_ == "ADP" and not any(c.dep_ == "pobj" for c in t.children)
        if (t.tag_ == "TO" or stranded) and word.tag_ in ("NN", "VB") and word.is_alpha and word.is_lower and \
                word.i > aux.i + 1 and (verb is None or verb.pos_ != "VERB" or verb.i > t.i):
            return word
    return None


def verb_as_object_of_do(clause: Span, verb: Token | None) -> Token | None:
    """"What header limit did the gateway *enforce*": the parser may make "did" the main verb, the asked noun
    phrase its subject and "the gateway enforce" its object. A wh-phrase subject of a "do" that is followed by a
    noun phrase of a determiner, a noun and a last bare word asks what that noun did: the last word is the verb.
    None otherwise (with no noun before the last word, "what team did the migration", "do" is the verb)."""
    if verb is None or verb.lemma_ != "do" or verb.tag_ not in ("VBD", "VBZ", "VBP") or not any(
            c.dep_ == "nsubj" and c.i < verb.i for c in verb.children):
        return None
    obj = next((c for c in verb.children if c.dep_ == "dobj" and c.i > verb.i), None)
    # A preposition with no object of its own is stranded by the wh-phrase ("which limit did X settle *on*"): the
    # verb's, not a noun's modifier.
    if obj is None or not (obj.is_alpha and obj.is_lower and obj.tag_ in ("NN", "VB", "VBP")) or \
            obj.i >= clause.end or any(c.dep_ in ("acl", "relcl") or (c.dep_ == "prep" and any(
                g.dep_ in ("pobj", "pcomp") for g in c.children)) for c in obj.children):
        return None
    before = clause.doc[verb.i + 1:obj.i]
    named = any(t.tag_.startswith("NN") or t.pos_ in ("PROPN", "ADJ") or "-" in t.text for t in before)
    return obj if len(before) >= 2 and before[0].pos_ == "DET" and named else None
