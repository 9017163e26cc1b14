"""The measure a typed ask asks for, by its nouns ("error *rate*", "read *timeout*", "*retention* period"), and
whether a line that holds a value of the asked type states that measure.

Why: a document about the asked thing often holds several values of one type for different measures ("trip rate
< 0.5%" beside the asked "error rate"; "connect timeout 5 s" beside the asked "read timeout"). A value answers only
when its line, or what the line is read under (its label, table header, list item, heading), names the measure
asked; otherwise the document has a number of the right type for another measure, and quoting it answers a
question the document never settles (the near miss "right topic, missing attribute").

The measure is the focus's head noun and the nouns compounded before it, as written in lower case (a name or an
acronym before the head, "SDK version", says whose measure, which the asked-thing checks already hold), and the
plain adjectives that name a kind of it ("*read* timeout"; not "*maximum* size", which says which value). A head that
says only what kind of value is asked ("period", "time", "value", "version", "size", "rate") is not required: the
value itself states it ("30 days" is a period). A required word is stated by its lemma or a derivation
(:meth:`Similarity.matches`: "retention" ~ "retains"), by a near synonym by the full model
(:meth:`Similarity.synonym`, at its general-English threshold), or by a verb of its family ("retention" ~ "keeps").
"""

from __future__ import annotations

import re

from spacy.tokens import Token

from zehn.agent.focus import NUMBER_ONLY, family
from zehn.agent.similarity import Similarity

# Heads that name the kind of value, not which measure: the value's own form states them ("30 days" is a period,
# "4.2" a version, "0.5%" a rate). English words for kinds of quantity, time and release.
KIND_HEADS: frozenset[str] = NUMBER_ONLY | frozenset({
    "time", "duration", "period", "length", "date", "day", "version", "release", "count", "size", "rate",
    "percentage", "percent", "share", "proportion", "fraction", "ratio", "level", "figure", "total"})
# Modifiers that say which value of a measure is meant (its degree, its time, its standing), not which measure:
# "the *maximum* header size", "the *default* timeout", "the *current* quota" (a tagger reads some as nouns in a
# compound: "median batch size"). English words, not from any corpus.
VALUE_QUALIFIERS: frozenset[str] = frozenset({
    "maximum", "minimum", "max", "min", "average", "mean", "median", "typical", "usual", "normal", "standard",
    "current", "default", "new", "old", "previous", "initial", "final", "total", "overall", "expected", "actual",
    "approximate", "exact", "peak", "fixed", "same", "other", "last", "first", "next", "recent", "original",
    "official", "recommended", "configured", "allowed", "acceptable", "required", "due", "planned", "estimated",
    "agreed", "effective", "specific", "real", "precise", "rough", "given"})
# Heads that ask for a share of a whole ("error *rate*", "what *percentage*"): a count ("after 25 failed calls") is a
# value of another measure. A share is written as a percentage, "N (things) per X", "N/s", or "N of (every) M".
RATE_HEADS: frozenset[str] = frozenset({"rate", "percentage", "percent", "share", "proportion", "fraction", "ratio"})
_SHARE = re.compile(r"\d\s?(?:%|percent\b|pct\b)|\d\s?/\s?[a-z]|\d(?:\s+[a-z-]+){0,3}\s+per\s+[a-z]|"
                    r"\b\d+\s+(?:of|in|out of)\s+(?:every\s+)?\d", re.IGNORECASE)
# Answer types whose filler is a bare value (a number, a span, a date, a version): one line may hold several.
MEASURED = frozenset({"quantity", "duration", "frequency", "date", "version"})


def measure_of(group: list[Token]) -> tuple[str, ...]:
    """The lemmas of the measure a focus group names: the lower-case nouns compounded before its head and the plain
    adjectives that name a kind of it, less value qualifiers; and the head unless it only names a kind of value
    (:data:`KIND_HEADS`)."""
    if not group:
        return ()
    head = group[-1]
    out = [t.lemma_.casefold() for t in group[:-1] if t.is_alpha and t.text.islower() and
           t.lemma_.casefold() not in VALUE_QUALIFIERS and (
               (t.pos_ == "NOUN" and t.dep_ in ("compound", "nmod")) or _classifier(t))]
    if head.lemma_.casefold() not in KIND_HEADS and head.is_alpha:
        out.append(head.lemma_.casefold())
    return tuple(dict.fromkeys(out))


def unstated_measure(measure: tuple[str, ...], lemmas: list[str], similarity: Similarity) -> str | None:
    """The first word of the asked measure that ``lemmas`` (the line's words with its label, header, item and
    heading) never state, None when they state every one."""
    found = similarity.matches(measure, lemmas)
    for word in measure:
        if word in found or similarity.matches(family(word), lemmas):
            continue
        if not similarity.synonym(word, [w for w in lemmas if w.isalpha() and len(w) > 2]):
            return word
    return None


def unshown_share(head: str, text: str, lemmas: list[str]) -> bool:
    """A share is asked ("what error rate") and the line neither names the head ("trip rate") nor writes a value as a
    share of something ("0.3% of calls", "4 per hour"): its number counts something else."""
    return head in RATE_HEADS and head not in lemmas and _SHARE.search(text) is None


def _classifier(token: Token) -> bool:
    """An adjective that names a kind of the measure ("*read* timeout", "*idle* timeout" beside a connect timeout):
    a plain adjective (not comparative or superlative, not a participle)."""
    return token.dep_ == "amod" and token.tag_ == "JJ"
