"""Split a draft answer into the units the citation gate judges.

Rules (deterministic, no model):

* The draft is read line by line. A line is **non-factual** and needs no citation when it is

  - blank, a markdown heading (``#``), a horizontal rule or a code fence;
  - a lead-in that ends with ``:`` once ids are removed ("Here is what the runbook says:");
  - a status trailer: starts with ``[answered]``, ``[abstained]`` or ``[refused]``;
  - made only of citations and punctuation.

* Other lines lose their list marker (``-``, ``*``, ``1.``) and are split into sentences after ``.``, ``!``
  or ``?`` followed by whitespace, except after common abbreviations (e.g., i.e., etc., vs.). A piece that
  holds only citations is attached to the sentence before it ("... on rate-engine. [ev_...]").

* A sentence is non-factual when it is a question, or it is the standard abstention sentence
  ("I could not find anything in the indexed documents about ..."), or it has no content word.
  Every other sentence is a factual claim.
"""

from __future__ import annotations

import re
from functools import lru_cache

from verify.evidence_ids import strip_ids
from verify.lexicon import HEDGE_PHRASES, HEDGE_WORDS, STOPWORDS

_TRAILER = re.compile(r"^\s*\[(answered|abstained|refused)\]", re.IGNORECASE)
_LIST_MARKER = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+")
_SPLIT = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+")
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "approx.", "cf.", "mr.", "ms.", "dr.", "no.", "fig.")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
ABSTAIN_LEAD = "i could not find anything in the indexed documents about"


def is_trailer(line: str) -> bool:
    return _TRAILER.match(line) is not None


def _line_is_non_factual(line: str) -> bool:
    bare = strip_ids(line).strip()
    if not bare or is_trailer(line):
        return True
    if bare.startswith(("#", "```", "~~~")) or re.fullmatch(r"[-*_=\s]{3,}", bare):
        return True
    if bare.endswith(":"):
        return True
    return not re.search(r"[A-Za-z0-9]", bare)


def _split_line(line: str) -> list[str]:
    pieces: list[str] = []
    last = 0
    for match in _SPLIT.finditer(line):
        before = line[last : match.start()].lower()
        if before.endswith(_ABBREVIATIONS):
            continue
        pieces.append(line[last : match.end()].strip())
        last = match.end()
    pieces.append(line[last:].strip())
    merged: list[str] = []
    for piece in pieces:
        if not piece:
            continue
        only_ids = not re.search(r"[A-Za-z0-9]", strip_ids(piece))
        if only_ids and merged:
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    return merged


def sentences(draft: str) -> list[str]:
    """Every sentence of the draft that is not on a non-factual line, in order."""
    out: list[str] = []
    for raw_line in draft.splitlines():
        if _line_is_non_factual(raw_line):
            continue
        line = _LIST_MARKER.sub("", raw_line, count=1)
        out.extend(_split_line(line))
    return out


@lru_cache(maxsize=4096)  # a pure function of the text: the gate asks again for each id a sentence cites
def content_words(text: str) -> frozenset[str]:
    """Lowercased word tokens that are not stopwords (ids removed; a plural ``s`` is dropped)."""
    words: set[str] = set()
    for token in _WORD.findall(strip_ids(text).lower().replace("’", "'")):
        token = token.split("'")[0]
        if token in STOPWORDS or len(token) < 2:
            continue
        if len(token) > 3 and token.endswith("s") and not token.endswith("ss"):
            token = token[:-1]
        words.add(token)
    return frozenset(words)


def is_factual(sentence: str) -> bool:
    bare = " ".join(strip_ids(sentence).split())
    if not bare or bare.rstrip("\"'”’)] ").endswith("?"):
        return False
    if bare.lower().startswith(ABSTAIN_LEAD):
        return False
    return bool(content_words(bare))


_HEDGE_WORDS = tuple(sorted(HEDGE_WORDS))  # sorted once, not per sentence
_HEDGE_PHRASES = tuple((p, re.compile(rf"(?<![a-z]){re.escape(p)}(?![a-z])")) for p in HEDGE_PHRASES)


def hedges_in(sentence: str) -> tuple[str, ...]:
    """The hedge words and phrases a sentence carries, in lexicon order."""
    lowered = " ".join(strip_ids(sentence).lower().replace("’", "'").split())
    words = set(_WORD.findall(lowered))
    found = [w for w in _HEDGE_WORDS if w in words]
    found += [p for p, pattern in _HEDGE_PHRASES if p in lowered and pattern.search(lowered)]
    return tuple(found)


_QUOTE = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")


def quotes_in(sentence: str) -> tuple[str, ...]:
    """Text inside straight double quotes or curly double quotes."""
    found = ((m.group(1) or m.group(2)).strip() for m in _QUOTE.finditer(sentence))
    return tuple(q for q in found if q)
