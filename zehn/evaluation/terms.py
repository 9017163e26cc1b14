"""Key terms of a reference answer, and how many of them the cited sentences contain (support recall).

How terms are extracted (the same rules for every question; nothing is tuned to a question set):

1. The source is the question's ``answer_facts`` when present (the benchmark's own atomic grading units), else the
   reference ``answer``.
2. Tokens are runs of letters, digits and the joiners ``_ - . / % : +`` inside a word (``OPS-412``,
   ``decision_reason_code``, ``99.9%``, ``2026-04-11``, ``5xx``); joiners at a token's edge are dropped.
3. A token is a key term when it is a **number or identifier** (contains a digit, a joiner, an inner capital as in
   ``QuoteCache``, or is all capitals like ``KMS``), a **name** (capitalised), or a **content word** (three or
   more letters). Stop words (spaCy's English list), a few answer-framing words (``document``, ``mentions``,
   ``according`` ...) and bare one-digit numbers (list enumerators) are not terms.
4. Matching is case-insensitive on normalised tokens: casefolded, a possessive ``'s`` removed, and a light
   suffix strip on plain words longer than four letters (``-ing``, ``-ed``, ``-es``, ``-s``) applied to both sides.
   A compound term (``cross-region``) also matches when all of its parts occur as tokens of the cited text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from spacy.lang.en.stop_words import STOP_WORDS

_TOKEN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9]|[_\-./%:+'’](?=[A-Za-z0-9%]))*%?")
_JOINERS = re.compile(r"[_\-./:+]")
_PARTS = re.compile(r"[_\-./:+]+")
FRAMING_WORDS = frozenset({
    "document", "documents", "doc", "docs", "mention", "mentions", "mentioned", "state", "states", "stated",
    "says", "said", "according", "answer", "answers", "question", "questions", "specifically", "include",
    "includes", "including", "also", "user", "query",
})
_SUFFIXES = ("ing", "ed", "es", "s")


@dataclass(frozen=True)
class Term:
    text: str  # as written in the reference
    key: str  # normalised form used for matching
    kind: str  # "identifier" | "name" | "word"


def normalise(token: str) -> str:
    low = token.casefold().replace("’", "'")
    if low.endswith("'s"):
        low = low[:-2]
    if low.isalpha() and len(low) > 4:
        for suffix in _SUFFIXES:
            if low.endswith(suffix) and len(low) - len(suffix) >= 3:
                return low[: -len(suffix)]
    return low


def _kind(token: str) -> str | None:
    bare = token.replace("'s", "").replace("’s", "")
    if bare.isdigit() and len(bare) == 1:
        return None
    low = bare.casefold()
    if low in STOP_WORDS or low in FRAMING_WORDS:
        return None
    if any(c.isdigit() for c in bare) or _JOINERS.search(bare) or "%" in bare:
        return "identifier"
    if (len(bare) > 1 and bare.isupper()) or any(c.isupper() for c in bare[1:]):
        return "identifier"
    if len(bare) < 3:
        return None
    return "name" if bare[0].isupper() else "word"


def key_terms(texts: Iterable[str]) -> list[Term]:
    """Distinct key terms of ``texts`` in first-seen order (distinct by normalised key)."""
    seen: set[str] = set()
    out: list[Term] = []
    for text in texts:
        for match in _TOKEN.finditer(text):
            token = match.group(0)
            kind = _kind(token)
            if kind is None:
                continue
            key = normalise(token)
            if key not in seen:
                seen.add(key)
                out.append(Term(token, key, kind))
    return out


def token_keys(text: str) -> frozenset[str]:
    """Normalised tokens of ``text``, plus the parts of every compound token."""
    keys: set[str] = set()
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        keys.add(normalise(token))
        for part in _PARTS.split(token):
            if part:
                keys.add(normalise(part))
    return frozenset(keys)


def term_found(term: Term, keys: frozenset[str]) -> bool:
    if term.key in keys:
        return True
    parts = [normalise(p) for p in _PARTS.split(term.text) if p]
    return len(parts) > 1 and all(p in keys for p in parts)


def support(terms: list[Term], cited_text: str) -> tuple[list[Term], list[Term]]:
    """(found, missing) terms of the reference in the cited text."""
    keys = token_keys(cited_text)
    found = [t for t in terms if term_found(t, keys)]
    missing = [t for t in terms if not term_found(t, keys)]
    return found, missing
