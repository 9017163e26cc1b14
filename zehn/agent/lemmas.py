"""Content lemmas of a parsed span: the words a question or a sentence is about (shared by every stage)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import repeat

from spacy.language import Language
from spacy.tokens import Doc, Token

WH_WORDS = frozenset({"what", "which", "who", "whom", "whose", "when", "where", "why", "how"})
CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM", "X"})
# Verbs that carry no content of their own in a question ("what did support *say*", "what *happened*").
LIGHT_VERBS = frozenset({"be", "have", "do", "say", "tell", "know", "get", "make", "happen", "mention", "use"})
# Verbs that lend their object the meaning ("take its basis from X" = "base on X", "give X access"): a sentence
# states the same act with the noun's own verb, so such a verb need not be there.
SUPPORT_VERBS = frozenset({"take", "give", "put", "keep", "go", "come"})


def content_terms(tokens: Iterable[Token]) -> tuple[str, ...]:
    """Content lemmas (lowercase, in order, distinct): no stop words, wh-words, light verbs or punctuation."""
    out: dict[str, None] = {}
    for t in tokens:
        lemma = t.lemma_.casefold()
        if t.pos_ in CONTENT_POS and not t.is_stop and t.lower_ not in WH_WORDS and lemma not in LIGHT_VERBS \
                and any(c.isalnum() for c in lemma) and len(lemma) > 1:
            out.setdefault(lemma, None)
    return tuple(out)


def inflects(lemma: str, word: str) -> bool:
    """``word`` is an inflection of the verb ``lemma`` by the regular English endings ("gate" -> "gating", "gated",
    "gates"; "add" -> "adding"; "ship" -> "shipped"): the word vectors of a verb and its gerund are often far apart."""
    base = lemma[:-1] if lemma.endswith("e") else lemma
    return len(lemma) > 2 and word != lemma and word in {lemma + "s", lemma + "es", base + "ed", base + "ing",
                                                         lemma + lemma[-1] + "ing", lemma + lemma[-1] + "ed"}


def cut_short(word: str, term: str, shortest: int) -> bool:
    """``word`` may be ``term`` cut short (:mod:`zehn.agent.similarity`): the start of it, alphabetic, at least
    ``shortest`` letters."""
    return shortest <= len(word) < len(term) and word.isalpha() and term.startswith(word)


def compounds_apart(term: str, word: str, prefix: int) -> bool:
    """Two hyphenated compounds that share their first parts and then differ in a part, from its first ``prefix``
    letters on ("per-user" / "per-device", "read-only" / "read-write", "rack-7" / "rack-9"): other words, whatever
    their context-free vectors say (those lean on the compound's first piece, so every "per-X" came out near every
    "per-Y", and a prefix filter on the first letters lets such pairs through). Parts that start alike (a part's
    inflection or derivation: "sign-up" / "sign-ups") and a compound against a plain word are left to the vector."""
    if "-" not in term or "-" not in word:
        return False
    for mine, theirs in zip(term.split("-"), word.split("-"), strict=False):
        if mine != theirs:
            if mine.isdigit() and theirs.isdigit():
                return True  # "rack-1" / "rack-12": other numbers
            return not (mine.startswith(theirs[:prefix]) or theirs.startswith(mine[:prefix]))
    return False


WORDS_CACHE = 8192  # texts whose words are kept: a turn reads its sentences' words in several stages


def words(text: str) -> list[str]:
    """Lowercase words of raw text, edge punctuation stripped (for look-ups where no parse is at hand)."""
    return list(_words(text))


_EDGE = ".,;:()[]{}\"'`*|"  # punctuation stripped from a word's ends


@lru_cache(maxsize=WORDS_CACHE)
def _words(text: str) -> tuple[str, ...]:
    found = tuple(filter(None, map(str.strip, text.casefold().split(), repeat(_EDGE))))  # C-level: long texts too
    if "/" not in text:
        return found
    # A path or a slash-joined pair ("/v1/chat/completions", "p50/p95") also gives its parts: a question writes
    # "chat completion requests" for the document's route.
    return found + tuple(p for w in found if "/" in w for p in w.split("/") if p)


def identifier_parts(tokens: Iterable[str]) -> tuple[str, ...]:
    """The words of a setting written as ``key=value`` and the value ("max_body_kb=512": max, body, kb,
    512): configuration is written as assignments, and a question asks for the "maximum body size" in words.
    Only an assignment: a bare key (a JSON field in a section) says nothing of its own (front-matter keys are read by
    :func:`zehn.agent.sentence_binding.metadata_asked`). Read on the sentence's side of a binding only
    (:func:`zehn.agent.sentence_checks.lemmas_of`): a key the question names is an anchor, whole."""
    return tuple(p for w in tokens if "=" in w.strip("=") for p in re.split(r"[_=]+", w.strip("_=")) if p)


_LEMMAS = "zehn.lemmas"  # the user_data key of a parse's lemmas (:func:`lemmas_of`)


def lemmas_of(parse: Doc) -> tuple[str, ...]:
    """The parse's lemmas, folded (:func:`folded`), read once per parse (kept in its ``user_data``): a cached parse
    is bound again for every ask, every document view and the next question that reads its sentence."""
    found: tuple[str, ...] | None = parse.user_data.get(_LEMMAS)
    if found is None:
        found = parse.user_data[_LEMMAS] = folded(t.lemma_ for t in parse)
    return found


def folded(lemmas: Iterable[str]) -> tuple[str, ...]:
    """Token lemmas casefolded, then the words of their settings (:func:`identifier_parts`: "max_body_kb=512"
    adds max, body, kb, 512)."""
    casefolded = tuple(lemma.casefold() for lemma in lemmas)
    return casefolded + identifier_parts(casefolded)


def irregular_forms(nlp: Language) -> Mapping[str, str]:
    """Irregular inflections and their lemmas ("ran" -> "run", "broke" -> "break", "children" -> "child") from the
    spaCy model's own lemmatizer exception tables: raw-text matching cannot reach these by a shared prefix, and a
    question's lemma meets a sentence's past tense in every "who ran / what broke" question. Empty when the model
    has no rule lemmatizer."""
    if "lemmatizer" not in nlp.pipe_names:
        return {}
    lookups = getattr(nlp.get_pipe("lemmatizer"), "lookups", None)
    if lookups is None or not lookups.has_table("lemma_exc"):
        return {}
    table = lookups.get_table("lemma_exc")
    forms: dict[str, str] = {}
    for pos in ("verb", "noun", "adj"):
        for form, lemmas in (table.get(pos) or {}).items():
            if lemmas and form != lemmas[0]:
                forms.setdefault(str(form).casefold(), str(lemmas[0]).casefold())
    return forms
