"""The focus phrase of a question's ask: the noun phrase a wh-word determines (:mod:`zehn.agent.analyse`, step 2).

Read by dependency more than by tag: the tagger's parts of speech for technical nouns ("routing", "ships", a
product's name) are unreliable, so a noun phrase runs over modifiers, nouns, names and joined nouns until an
auxiliary or a verb ends it, and its coordinated groups become asks of their own.
"""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from zehn.agent.focus import FOCUS_ROLES
from zehn.agent.phrases import serial
from zehn.agent.question_verbs import name_word
from zehn.agent.wh_words import asks_clock, misread_plural, wh_of

_NP_DEPS = frozenset({"compound", "amod", "nmod", "nummod", "poss", "case", "npadvmod", "quantmod"})
_COORD = frozenset({"and", "or", "vs", "vs.", "versus", "+", "/", "plus"})
# Joiners of modifiers that share one head: "metric/trace names", "default vs emergency scopes" ask one thing.
_SHARED = frozenset({"/", "vs", "vs.", "versus"})


def _misread_auxiliary(token: Token) -> bool:
    """A noun right after the wh-word that the parser hung on the verb as its auxiliary ("which *deploy* set off the
    errors"): only a form of be, do, have or a modal is one, a plain verb form there is the noun the wh-word asks."""
    return token.dep_ == "aux" and token.tag_ in ("VB", "VBP") and token.lemma_ not in ("be", "do", "have") and \
        token.head.pos_ == "VERB" and token.head.i > token.i


def _coded(token: Token) -> bool:
    """A word of letters and digits ("what *p95* latency", "which *l4* node"): a metric's or a part's code, never a
    verb, though the tagger reads one first in a phrase as the clause's verb."""
    return any(c.isdigit() for c in token.text) and any(c.isalpha() for c in token.text) and token.pos_ == "VERB"


def noun_run(doc: Doc, start: int, end: int) -> int:
    """End of the noun phrase starting at ``start`` (by dependency, since tags of technical nouns are unreliable):
    modifiers, nouns, joiners and coordinated nouns ("ticket and target date", "default vs emergency scopes")."""
    i = start
    last = start
    while i < end:
        t = doc[i]
        if t.lemma_ in ("do", "be", "have") or t.tag_ == "MD":
            break  # "which services *does* X depend on": an auxiliary ends the noun phrase, whatever its label
        if t.tag_ in ("PRP", "WDT", "WP") or _next_phrase(doc, start, last, t):
            break  # "which settings *we* told them to use", "the tickets *that* came out of X": a pronoun (personal
            # or relative) or a second noun phrase opens the next clause
        nounish = t.tag_.startswith("NN") or t.pos_ in ("NOUN", "PROPN") or t.dep_ in ("nsubj", "nsubjpass", "dobj",
                                                                                      "attr", "pobj")
        # A gerund before a noun is its modifier ("what *routing* cache TTL value"), whatever the tagger made of it.
        gerund = t.tag_ == "VBG" and i + 1 < end and doc[i + 1].tag_.startswith("NN")
        # A plural noun the tagger read as a verb, first in the phrase ("what *guardrails* were proposed").
        misread = i == start and (misread_plural(t) or _misread_auxiliary(t) or _coded(t))
        nounish = nounish or misread
        if t.dep_ in _NP_DEPS or t.pos_ == "ADJ" or t.text in ("-", "'s", "’s") or (nounish and t.pos_ != "VERB") or \
                misread or name_word(t) or gerund:
            i += 1
            if nounish or t.dep_ in ("compound",):
                last = i
            continue
        listed = t.text == "," and serial(t) and any(w.lower_ in ("and", "or") for w in doc[i + 1:end])
        if (t.lower_ in _COORD or listed) and i + 1 < end and (
                doc[i + 1].dep_ in _NP_DEPS or doc[i + 1].tag_.startswith("NN") or doc[i + 1].pos_ == "ADJ" or
                (listed and doc[i + 1].lower_ in _COORD)):  # "X, Y*,* and Z": the serial comma
            i += 1
            continue
        break
    return last


def _next_phrase(doc: Doc, start: int, last: int, word: Token) -> bool:
    """``word`` right after the run's last noun opens another noun phrase ("which audit events *the bot* must emit"):
    that noun is already a verb's argument and ``word`` hangs nowhere inside it."""
    if word.i != last or last <= start:
        return False
    noun = doc[last - 1]
    verb = noun.head  # (a verb inside the run is a modifier the tagger misread: "which *tracking* ticket")
    return verb.pos_ in ("VERB", "AUX") and not start <= verb.i <= word.i and word.dep_ not in ("cc", "punct") and \
        word not in noun.subtree


def focus_span(clause: Span, wh: Token) -> Span | None:
    """The noun phrase the wh-word determines, or the noun phrase right after a copula that follows it
    (unless a participle follows that phrase: "who is X assigned to" asks about X, it does not name X); after "how"
    and an adjective ("how large was the impact"), that phrase when it names a section's kind."""
    doc = clause.doc
    if asks_clock(wh):
        return None  # "at what time did X": a "when", whose noun is part of the wh-phrase (wh_words.asks_clock)
    start = wh.i + (2 if wh_of(wh).startswith("how ") else 1)
    if wh.lower_ in ("what", "which", "whose") or wh_of(wh) in ("how many", "how much"):
        end = noun_run(doc, start, clause.end)
        if end > start:
            return doc[start:end]
    # "how long a TTL", "how large a batch": the noun after the degree and its article is what is measured.
    if wh.lower_ == "how" and wh.i + 2 < clause.end and doc[wh.i + 2].lower_ in ("a", "an") and \
            doc[wh.i + 1].pos_ in ("ADJ", "ADV"):
        end = noun_run(doc, wh.i + 3, clause.end)
        if end > wh.i + 3:
            return doc[wh.i + 3:end]
    # "how large was the impact of X": the degree of the copula's subject is asked.
    degree = wh_of(wh) == "how" and start + 1 < clause.end and doc[start].pos_ == "ADJ"
    if degree:
        start = wh.i + 2
    # "how long is the session TTL": the copula's subject is what is measured (its head names the measure).
    measured = wh_of(wh) in ("how long", "how much")
    if start < clause.end and doc[start].lemma_ == "be" and (wh.lower_ in ("what", "who", "which") or degree or
                                                            measured):
        j = start + 1
        while j < clause.end and doc[j].pos_ == "DET":
            j += 1
        k = noun_run(doc, j, clause.end)
        # ... nor an adjective that takes a verb ("what was X *unwilling to disclose*": X is the subject)
        participle = k < clause.end and (doc[k].tag_ in ("VBN", "VBG") or (doc[k].pos_ == "ADJ" and any(
            c.dep_ == "xcomp" for c in doc[k].children)) or (measured and doc[k].pos_ == "VERB"))
        # A degree names its focus only when that is a section's kind ("how large was the *impact*"); "how big is
        # the cache" asks a size, which the cache's noun does not type.
        if participle and reduced_relative(doc[k], doc[j:k]):
            participle = False
        if k > j and not participle and (not degree or doc[k - 1].lemma_.casefold() in FOCUS_ROLES):
            return doc[j:k]
    return None


def reduced_relative(participle: Token, phrase: Span) -> bool:
    """A past participle after the copula's subject that qualifies it, with every preposition it takes followed by
    its object ("what is the default ratio *set for the cache tier*", "the timeout *used by the worker*"): English
    reduces "the ratio that is set for Y" so, and the phrase before it is then what is asked. A stranded
    preposition ("who is X *assigned to*", "what is X *used for*") makes the wh-word its object: X is no focus, and so
    does a clause right after the preposition ("what is X *worried about* when Y fails"), which the parser may hang
    on it as its object."""
    preps = [c for c in participle.subtree if c.dep_ in ("prep", "agent")]
    return participle.tag_ == "VBN" and participle.dep_ == "acl" and participle.head in phrase and bool(preps) and \
        all(_object_follows(c) for c in preps)


def _object_follows(preposition: Token) -> bool:
    """The preposition takes a noun phrase that starts right after it, not a clause opened by a wh-word or a
    conjunction."""
    doc = preposition.doc
    after = doc[preposition.i + 1] if preposition.i + 1 < len(doc) else None
    return after is not None and not after.is_punct and after.tag_ not in ("WRB", "WDT", "WP", "IN") and \
        any(g.dep_ in ("pobj", "pcomp") for g in preposition.children)


# Adjectives of size or level: "how large a credit", "how high a limit" ask how much of the noun, a number.
MAGNITUDES = frozenset({"large", "big", "small", "high", "low", "wide", "deep", "heavy", "steep"})


def asks_magnitude(wh: Token) -> bool:
    """"How large an X", "how high a Y": the degree of a noun is asked, a quantity, whatever the noun names."""
    doc = wh.doc
    return wh.lower_ == "how" and wh.i + 3 < len(doc) and doc[wh.i + 1].lower_ in MAGNITUDES and \
        doc[wh.i + 2].lower_ in ("a", "an")


def noun_groups(span: Span) -> list[list[Token]]:
    """Coordinated noun groups of a focus span ("tracking issue and planned release day" -> two groups)."""
    groups: list[list[Token]] = [[]]
    for t in span:
        if (t.lower_ in _COORD and t.lower_ not in _SHARED) or t.text == ",":
            groups.append([])
        elif not t.is_punct:
            groups[-1].append(t)
    return [g for g in groups if g]
