"""Bind an entity name to a character range of the evidence sentence.

Matching is case-insensitive; spaces, hyphens and underscores inside a name are interchangeable
("rate-engine" matches "rate engine" and "Rate_Engine"); a leading "the" and a trailing possessive
("'s", "’s", "'") are ignored on both sides. A match must stand alone: the characters around it are not
letters or digits, and it is not followed by a hyphen or underscore that continues the word
("rate-engine" does not match inside "rate-engine-v2").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SEPARATORS = re.compile(r"[\s\-_\u2010\u2011]+")
_MAX_MATCHES = 4


@dataclass(frozen=True)
class Binding:
    spans: tuple[tuple[int, int], ...]  # candidate ranges, in sentence order
    failure: str | None  # a reason code when binding failed


def normalize_name(name: str) -> str:
    text = name.replace("’", "'").casefold().strip()
    text = re.sub(r"^the\s+", "", text)
    text = re.sub(r"(?:'s|')$", "", text)
    text = text.strip(" \t.,;:!?\"()[]{}")
    return _SEPARATORS.sub(" ", text).strip()


def _pattern(name: str) -> re.Pattern[str] | None:
    parts = [p for p in normalize_name(name).split(" ") if p]
    if not parts:
        return None
    body = r"[\s\-_\u2010\u2011]+".join(re.escape(p) for p in parts)
    return re.compile(rf"(?<![0-9a-z])(?:{body})(?![0-9a-z])(?![\-_][0-9a-z])", re.IGNORECASE)


def find_mentions(name: str, sentence: str) -> tuple[tuple[int, int], ...]:
    pattern = _pattern(name)
    if pattern is None:
        return ()
    folded = sentence.replace("’", "'")
    return tuple((m.start(), m.end()) for m in pattern.finditer(folded))[:_MAX_MATCHES]


def bind(name: str, span: tuple[int, int] | None, sentence: str, role: str) -> Binding:
    """Bind one mention; ``role`` is "subject" or "object" and only shapes the failure code."""
    if span is not None:
        start, end = span
        if not 0 <= start < end <= len(sentence):
            return Binding((), "binding_failed:span_out_of_range")
        if normalize_name(sentence[start:end]) != normalize_name(name) or not normalize_name(name):
            return Binding((), "binding_failed:span_text_mismatch")
        return Binding(((start, end),), None)
    found = find_mentions(name, sentence)
    if not found:
        return Binding((), f"binding_failed:{role}_not_in_sentence")
    return Binding(found, None)
