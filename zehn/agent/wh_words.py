"""Which wh-words of a question ask something (part of stage 1, :mod:`zehn.agent.analyse`).

A wh-word asks unless it opens a relative or subordinate clause ("the incident *where* ...", "what happened *when*
X changed"); after "noun," it may be either, and then asks when the clause is inverted or the wh-word determines
a noun, or when the comma closes a phrase that opens the question ("According to the runbook, *who* owns X",
"For X on Y pools, *who* has to sign off"). "how" is read with its degree word.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from zehn.agent.lemmas import WH_WORDS

HOW_WORDS = frozenset({"many", "much", "long", "often", "frequently"})
# "How come X happened" is English's other way of asking "why X happened" (a closed class of one idiom): the "come"
# is no verb of the question, the clause after it is asked.
HOW_FOR: dict[str, str] = {"come": "why"}
# "(At) what time did X happen" is English's other way of asking "when did X happen": "time" alone after "what" /
# "which" asks a point in time, so it is part of the wh-phrase, as "how long" is; not a named kind of time ("what
# *restore* time", "what time *window*") nor the time an act takes ("what time did the restore *take*": a span).
_CLOCK_NOUNS = frozenset({"time"})
_SPAN_VERBS = frozenset({"take", "last", "need", "require", "spend", "cost"})
_RELATIVE_WH = frozenset({"which", "who", "whom", "whose", "where", "when", "why"})


def _relative(token: Token) -> bool | None:
    """True: a wh-word opening a relative or adverbial clause ("the incident where ...", "the team which ...",
    "what happened when X changed"); None: one that may be either (after "noun,"); False: interrogative.
    "what" and "how" are never relative."""
    if token.lower_ not in _RELATIVE_WH or token.i == 0:
        return False
    before = token.nbor(-1)
    if _indirect(token):
        return False  # "do you know *why* X broke": the wh-word opens the verb's object clause, an embedded question
    if token.lower_ in ("when", "where", "why") and (before.pos_ in ("VERB", "AUX", "ADV", "ADJ") or
                                                   before.dep_ == "prt" or token.head.dep_ == "advcl"):
        return True  # "what happened when ...", "signed out when ...": a subordinate clause, not a question
    if _object_pronoun(before):
        return False  # "tell *me which* settings ...": a personal pronoun takes no relative clause
    if before.pos_ in ("NOUN", "PROPN", "NUM", "PRON") or before.tag_.startswith("NN"):
        return True
    if _pied_piped(token):
        return True
    if before.text == "," and token.i > 1 and token.nbor(-2).tag_.startswith("NN"):
        return None
    return False


def _object_pronoun(word: Token) -> bool:
    """A personal pronoun as the object of a verb ("tell *me*", "show *us*"): English hangs no relative clause on
    one, so a wh-word after it opens the verb's second object, an embedded question ("tell me which X ...")."""
    return word.tag_ == "PRP" and word.dep_ in ("dobj", "dative") and word.head.pos_ == "VERB"


def _indirect(token: Token) -> bool:
    """The wh-word opens the object clause of the sentence's main verb ("can you explain *why* X failed", "I'd like
    to know *when* Y expires"): an embedded question, which is what the sentence asks, unlike a clause of time or
    place hung on a verb as its adverbial ("what happened *when* X changed"). Only as the first wh-word: after an
    interrogative one ("who noticed when X fired") the clause is that question's object."""
    clause = token.head if token.dep_ in ("advmod", "nsubj", "nsubjpass", "dobj", "attr") else token.head.head
    if clause.dep_ != "ccomp" or clause.head.i >= token.i:
        return False
    main = clause.head
    while main.dep_ == "xcomp":  # "would like *to know* when ..."
        main = main.head
    return main.dep_ == "ROOT" and not any(t.lower_ in WH_WORDS and t.tag_ in ("WDT", "WP", "WP$", "WRB")
                                           for t in token.doc[:token.i])


def _pied_piped(token: Token) -> bool:
    """A relative pronoun after its preposition, the two after the noun they describe ("the TTL *after which* a
    session recovers", "the date *by which* X is due", "the person *to whom* it was sent"): the preposition's
    object, not a word that determines a noun ("the traffic of *which* tenant was shed" asks)."""
    doc = token.doc
    if token.lower_ not in ("which", "whom") or token.i < 2 or token.dep_ == "det":
        return False
    before, noun = doc[token.i - 1], doc[token.i - 2]
    return before.pos_ == "ADP" and (noun.pos_ in ("NOUN", "PROPN") or noun.tag_.startswith("NN"))


def wh_tokens(doc: Doc) -> list[Token]:
    """The question's interrogative wh-words, in order: each opens an ask."""
    found = [t for t in doc if t.lower_ in WH_WORDS and t.tag_ in ("WDT", "WP", "WP$", "WRB")]
    sure = [t for t in found if _relative(t) is False]
    # After "noun,": interrogative when inverted ("..., why might X") or determining a noun ("..., which team"),
    # also one whose first word the tagger read as a verb but the parse hangs on a later noun ("..., which *audit*
    # events must be published": a modifier of the noun the wh-word determines).
    maybe = [t for t in found if _relative(t) is None and t.i + 1 < len(doc) and (
        doc[t.i + 1].pos_ == "AUX" or (t.lower_ in ("which", "whose") and _determines(doc[t.i + 1])) or
        _after_opener(t, sure))]
    asking = sorted(sure + maybe, key=lambda t: t.i)
    return [t for n, t in enumerate(asking) if n == 0 or not _embedded(t, asking[n - 1])]


def _embedded(token: Token, earlier: Token) -> bool:
    """After an interrogative wh-word of the same sentence, a wh-word right after a verb or a preposition (and not
    determining that preposition's noun) opens that clause's object or adverbial, an embedded clause, not a second
    question: "what did the customer ask about *how* keys rotate", "who decided *how* the rollout proceeds", "what
    is X worried about *when* Y times out" (the preposition stranded by the first wh-word). A second question is
    joined by a coordinator or a comma ("..., and when was it fixed", "... and *for* how long"), or starts a
    sentence of its own."""
    if token.i == 0 or earlier.sent.start != token.sent.start:
        return False
    before = token.nbor(-1)
    if before.pos_ == "VERB" and before.dep_ not in ("aux", "auxpass"):
        return True
    if before.pos_ != "ADP" or token.dep_ == "det":
        return False  # "in which region": the preposition's own noun, which the wh-word determines
    joiner = token.doc[before.i - 1] if before.i > 0 else None
    return joiner is not None and not joiner.is_punct and joiner.dep_ != "cc" and joiner.i > earlier.i


def _after_opener(token: Token, sure: list[Token]) -> bool:
    """The comma before the wh-word is the first of its sentence and closes a phrase that opens the question with a
    preposition or a subordinator ("For X, who ...", "According to X, who ...", "After X failed, who ..."): that
    phrase sets the scene of the question, so the wh-word opens its main clause, not a relative one on the noun
    before the comma. Only "who"/"whom": after such a phrase "when"/"where" open a subordinate clause ("For X,
    when responders ..."), and "which" is read by what it determines. Not when an interrogative came earlier."""
    sent = token.sent
    first = sent[0]
    opens = first.pos_ in ("ADP", "SCONJ") or first.tag_ in ("VBG", "VBN")  # "According to X,", "Given X,"
    commas = [t for t in token.doc[sent.start:token.i] if t.text == ","]
    return opens and len(commas) == 1 and not any(s.i < token.i for s in sure) and token.lower_ in ("who", "whom")


def _determines(after: Token) -> bool:
    """The word after "which"/"whose" opens a noun phrase: a noun or an adjective, or a modifier of a noun further
    on ("which *audit* events", whatever its tag)."""
    return after.pos_ in ("NOUN", "ADJ") or (after.dep_ in ("compound", "amod") and after.head.i > after.i and
                                             after.head.pos_ in ("NOUN", "PROPN")) or misread_plural(after)


def misread_plural(word: Token) -> bool:
    """A plural noun the tagger read as a verb ("which *prechecks* would block"): a third-person verb is never
    followed by an auxiliary, a plural noun as the subject of the next clause is. Right after "which", also one
    that hangs on a later word ("which *services* other than X were hurt", "which *follow-ups* from X are P0"):
    a verb asked of "which" ("which fails first") heads its clause, so nothing later governs it; one that a later
    word governs is the subject or object the wh-word determines, a noun."""
    doc = word.doc
    if word.tag_ != "VBZ":
        return False
    if word.i + 1 < len(doc) and doc[word.i + 1].pos_ == "AUX" and doc[word.i + 1].head.i > word.i + 1:
        return True
    return word.i > 0 and doc[word.i - 1].lower_ == "which" and word.head.i > word.i and \
        word.lemma_ not in ("be", "do", "have") and word.dep_ not in ("aux", "auxpass")


def wh_of(token: Token) -> str:
    """The wh-word as asked: "how" with its degree word ("how many", "how long"), "why" for "how come", else the
    word."""
    if token.lower_ == "how" and token.i + 1 < len(token.doc) and token.nbor().lower_ in HOW_WORDS:
        return f"how {token.nbor().lower_}"
    if token.lower_ == "how" and token.i + 1 < len(token.doc) and token.nbor().lower_ in HOW_FOR:
        return HOW_FOR[token.nbor().lower_]
    if asks_clock(token):
        return "when"
    return token.lower_


def asks_clock(token: Token) -> bool:
    """"what time" / "which time" asks when (see :data:`_CLOCK_NOUNS`): the noun is the whole phrase the wh-word
    determines (no noun after it: "what time window") and the clause's verb is no verb of a span ("take")."""
    doc = token.doc
    if token.lower_ not in ("what", "which") or token.i + 1 >= len(doc) or doc[token.i + 1].lower_ not in _CLOCK_NOUNS:
        return False
    after = doc[token.i + 2] if token.i + 2 < len(doc) else None
    if after is not None and (after.pos_ in ("NOUN", "PROPN") or after.dep_ == "compound"):
        return False
    return not any(t.lemma_.casefold() in _SPAN_VERBS and t.pos_ == "VERB" for t in doc[token.i + 2:])


def idiom_words(token: Token) -> set[int]:
    """The word an idiomatic wh-phrase adds to its wh-word ("how *come*"): part of the wh-phrase, not of the ask."""
    if asks_clock(token):
        return {token.i + 1}  # "what *time*": the asked kind is the wh-phrase's, not a thing of the ask
    return {token.i + 1} if token.lower_ == "how" and wh_of(token) != "how" and not wh_of(token).startswith("how ") \
        else set()
