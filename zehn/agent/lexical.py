"""A deterministic word-match score for the documents read for a question (Okapi BM25 over their passages, plurals
folded to the singular).

The passage indexes' own full-text scores cannot rank the read documents: they differ from one server start of
the same graph to the next (:mod:`traversal_policy.search`). This score is computed from the read text alone, with
the word statistics of the passages read for this question, so the same passages give the same scores. It is the
paragraph baseline's scoring (:mod:`zehn.evaluation.paragraphs`: the same tokens, the same BM25; here with plurals
folded, which lifted gold documents on the tune halves' read sets), applied to the
candidate pool instead of the whole corpus: a question whose rare words one document holds ("which SIEM", a
selector's name) finds that document even when its passages are not among the question's nearest vectors.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from spacy.lang.en.stop_words import STOP_WORDS

from zehn.agent.bm25 import Encoded, Vocabulary, bm25
from zehn.agent.rows import DocPassage, DocumentInfo

_TOKEN = re.compile(r"[a-z0-9]+")
_EMPTY = "\x00"  # stands for a passage without a word (BM25 needs at least one token per passage)
# A passage's tokens are kept by its text, encoded as word ids (zehn/agent/bm25.py): the documents a turn reads are
# read again by the next questions about them, and tokenising every passage of each cost about as much as the BM25.
PASSAGE_TOKENS_CACHED = 8192
# A passage's terms are kept by its text too (:func:`passage_terms`): the whole-corpus word index
# (zehn/agent/corpus_words.py) folds every passage's words when it is built, and this module and
# zehn/agent/doc_scores.py fold them again for each passage a question reads; kept, each text is folded once.
PASSAGE_TERMS_CACHED = 8192
# Word ids are kept for the life of the process; past this many distinct words (a service that has read most of a
# large corpus) a fresh vocabulary starts, and passages encoded with the old one are encoded again.
VOCABULARY_SIZE = 500_000
TERMS_CACHED = 65_536  # distinct tokens whose folded form is kept (:func:`_term`)
_words = [Vocabulary()]  # the current vocabulary (a list: replaced in place, read once per call)


def tokens(text: str) -> list[str]:
    """Lower-cased letter-and-digit runs, English stop words left out."""
    return [t for t in _TOKEN.findall(text.casefold()) if t not in STOP_WORDS]


def terms(text: str) -> list[str]:
    """:func:`tokens` with plurals folded to the singular (:func:`singular`): the words the read documents are
    ranked by, so a question's "403s" or "changes" meets a document's "403" or "change"."""
    return [term for t in _TOKEN.findall(text.casefold()) if (term := _term(t)) is not None]


@lru_cache(maxsize=PASSAGE_TERMS_CACHED)
def passage_terms(text: str) -> tuple[str, ...]:
    """:func:`terms` of a passage's text, kept by text (read, never changed: a tuple)."""
    return tuple(terms(text))


@lru_cache(maxsize=TERMS_CACHED)
def _term(token: str) -> str | None:
    """A token's folded form, None for a stop word: kept by token (the read passages repeat the same few thousand
    words, and folding each occurrence cost as much as the BM25 itself)."""
    return None if token in STOP_WORDS else singular(token)


def singular(token: str) -> str:
    """Harman's S-stemmer (1991), the lightest English plural folding: "-ies" to "-y", "-es" to "-e", "-s" to
    nothing, unless the word ends in "-aies"/"-eies", "-aes"/"-ees"/"-oes", or "-us"/"-ss" ("status", "access"
    stay whole). Query and passages are folded alike, so a wrong fold ("was" to "wa") still matches itself. Every
    rule but "-ies" drops the last "-s", which is the first of :func:`plural_stems`."""
    if len(token) > 3 and token.endswith("ies") and not token.endswith(("eies", "aies")):
        return token[:-3] + "y"
    stems = plural_stems(token)
    return stems[0] if stems else token


def plural_stems(token: str) -> tuple[str, ...]:
    """The words a plural in "-s" or "-es" may be written from: the word less its "-s" ("versions": version) and,
    for "-es", less that too ("patches": patch); none for a word ending in "-us" or "-ss" ("status", "access") or
    of two letters or fewer. A look-up in a word list asks each (the "-ies" of :func:`singular` is no stem here)."""
    if len(token) <= 2 or not token.endswith("s") or token.endswith(("us", "ss")):
        return ()
    return (token[:-1], token[:-2]) if token.endswith("es") else (token[:-1],)


def lexical_scores(question: str, read: Sequence[tuple[DocumentInfo, Sequence[DocPassage]]]) -> dict[str, float]:
    """Each read document's best passage BM25 score for ``question``, divided by the question's own full-match
    score (:func:`zehn.agent.bm25.bm25`: a passage of average length holding each word once) and capped at 1.0;
    0.0 for one that holds none of them. Word rarity is counted over the read passages (a word every candidate
    holds ranks none of them). Not divided by the best read document's score: that made every document's score
    depend on which others were read (one more strongly matching document shrank them all against the vector
    part, and reordered them)."""
    query = terms(question)
    if len(_words[0]) > VOCABULARY_SIZE:
        _words[0] = Vocabulary()
    words = _words[0]  # one vocabulary for the whole call, whatever another thread does meanwhile
    owners = [info.id for info, passages in read for _ in passages]
    texts = [_encoded(p.text, words) for _, passages in read for p in passages]
    if not query or not texts:
        return {info.id: 0.0 for info, _ in read}
    scores, full = bm25(texts, [words.get(word) for word in query])
    best: dict[str, float] = {info.id: 0.0 for info, _ in read}
    for owner, score in zip(owners, scores, strict=True):
        best[owner] = max(best[owner], float(score))
    return {d: (min(1.0, s / full) if full > 0 else 0.0) for d, s in best.items()}


@lru_cache(maxsize=PASSAGE_TOKENS_CACHED)
def _encoded(text: str, words: Vocabulary) -> Encoded:
    """:func:`terms` of a passage (at least one) as ids of ``words`` (kept by text and vocabulary)."""
    return words.encode(passage_terms(text) or [_EMPTY])
