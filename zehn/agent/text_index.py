"""Separator-blind matching of a name in a text: "keep-alive" = "keep alive" = "keepalive"; "PromQL" in
"autoscalerPromQL"; a quoted phrase when all its words occur."""

from __future__ import annotations

import re
from functools import lru_cache

_ALNUM = re.compile(r"[^\W_]+")
_CAMEL = re.compile(r"[A-Z]+[a-z0-9]*[A-Z]*[a-z0-9]*|[a-z0-9]+")
INDEX_CACHE = 512  # documents' indexes kept (a question reads five documents whole)
# Words that join two values being compared or listed ("512-vs-1024", "v1-to-v2", "A/B").
_JOINING = frozenset({"vs", "versus", "to", "or", "and"})


def comparison(phrase: str) -> bool:
    """A hyphenated phrase that compares or joins values ("512-vs-1024", "vs-1024", "2-to-3") names nothing: past
    its numbers, its words only join them. A document need not mention it to be about the question."""
    parts = [w.casefold() for w in _ALNUM.findall(phrase)]
    rest = [w for w in parts if not w.isdigit()]
    return bool(rest) and len(rest) < len(parts) and all(w in _JOINING for w in rest)


class TextIndex:
    """Words of a text for separator-blind matching."""

    def __init__(self, text: str) -> None:
        raw = _ALNUM.findall(text)
        words = list(map(str.casefold, raw))
        self.joined = f" {' '.join(words)} "
        # CamelCase parts count as words too: "autoscalerPromQL" mentions "PromQL". The part pattern takes ASCII
        # letters and digits only, so no part crosses a word's edge: the parts of the text are those of its words,
        # each distinct word read once. A word of lowercase ASCII letters and digits is one part, itself (already
        # a word): only the others are read for parts (a document's text holds a few hundred distinct words and
        # repeats them; reading the whole text for parts was most of the index's cost).
        parts = [part for word in set(raw) if not (word.isascii() and (word.islower() or word.isdigit()))
                 for part in _CAMEL.findall(word)]
        self.words = frozenset(words) | frozenset(map(str.casefold, parts))

    def mentions(self, phrase: str, quoted: bool = False) -> bool:
        parts = [w.casefold() for w in _ALNUM.findall(phrase)]
        if not parts:
            return True
        if quoted:
            return all(p in self.words for p in parts)
        return f" {' '.join(parts)} " in self.joined or "".join(parts) in self.words


@lru_cache(maxsize=INDEX_CACHE)
def text_index(text: str) -> TextIndex:
    """The index of ``text``, built once per process: it depends on the text alone and is never changed after it
    is built, so the documents a question reads are not indexed again by the next question about them."""
    return TextIndex(text)
