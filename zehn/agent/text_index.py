"""Separator-blind matching of a name in a text: "keep-alive" = "keep alive" = "keepalive"; "PromQL" in
"autoscalerPromQL"; a quoted phrase when all its words occur."""

from __future__ import annotations

import re

_ALNUM = re.compile(r"[^\W_]+")
_CAMEL = re.compile(r"[A-Z]+[a-z0-9]*[A-Z]*[a-z0-9]*|[a-z0-9]+")


class TextIndex:
    """Words of a text for separator-blind matching."""

    def __init__(self, text: str) -> None:
        raw = _ALNUM.findall(text)
        words = [w.casefold() for w in raw]
        self.joined = f" {' '.join(words)} "
        # CamelCase parts count as words too: "autoscalerPromQL" mentions "PromQL".
        parts = [p.casefold() for w in raw for p in _CAMEL.findall(w)]
        self.words = frozenset(words) | frozenset(parts)

    def mentions(self, phrase: str, quoted: bool = False) -> bool:
        parts = [w.casefold() for w in _ALNUM.findall(phrase)]
        if not parts:
            return True
        if quoted:
            return all(p in self.words for p in parts)
        return f" {' '.join(parts)} " in self.joined or "".join(parts) in self.words
