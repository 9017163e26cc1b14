"""Find evidence ids in answer text, including the malformed look-alikes a model tends to produce.

Canonical form: ``ev_`` followed by exactly 16 lowercase hex digits, standing alone (the characters on
either side are not letters, digits, ``_`` or ``-``).

Look-alike rule (every look-alike is treated as a fabricated citation, so the answer is refused):

* ``ev_`` in any letter case followed by at least one letter or digit that does not form the canonical
  shape: wrong length, uppercase hex, non-hex letters, ``EV_``/``Ev_`` prefixes;
* ``ev`` followed by another dash-like separator (``-``, ``‐``, ``–``, ``—``) or a space and then a run of
  at least 8 hex digits (``ev-3fa9...``, ``ev 3fa9...``);
* any id of either shape with zero-width characters or spaces inside it;
* any id inside a markdown link, as the link text or the link target (``[x](ev_...)``): the reader
  would see something other than the id, so the citation cannot be checked by eye.

Only canonical ids outside links count as citations. Scanning is linear and deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

CANONICAL = re.compile(r"ev_[0-9a-f]{16}")
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_DASHES = frozenset("-\u2010\u2011\u2012\u2013\u2014")
_HEX = frozenset("0123456789abcdefABCDEF")
_START = re.compile(r"(?<![0-9A-Za-z_])[eE][\u200b\u200c\u200d\u2060\ufeff\u00ad]*[vV]")
_LINK = re.compile(r"\[([^\[\]\n]*)\]\(([^()\n]*)\)")
_EMPTY_BRACKETS = re.compile(r"\[\s*(?:[,;]\s*)*\]|\(\s*(?:[,;]\s*)*\)")
# Texts whose scan is kept: the gate reads the same draft lines and evidence sentences several times per answer.
SCAN_CACHE = 4096


@dataclass(frozen=True)
class IdMention:
    """One id-like string found in a text. ``raw`` is the exact source slice."""

    raw: str
    start: int
    end: int
    canonical: bool  # exactly the canonical form, no tampering, not inside a markdown link


def _read_run(text: str, pos: int, *, allow_spaces: bool) -> tuple[int, str, bool]:
    """Read the id body starting at ``pos``: returns (end, body without zero-width chars, tampered)."""
    body: list[str] = []
    tampered = False
    i = pos
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isascii() and ch.isalnum():
            body.append(ch)
            i += 1
        elif ch in ZERO_WIDTH:
            tampered = True
            i += 1
        elif ch == " " and allow_spaces and len(body) < 16:
            j = i + 1
            while j < n and text[j].isascii() and text[j].isalnum():
                j += 1
            chunk = text[i + 1 : j]
            if not chunk or not set(chunk) <= _HEX or len(body) + len(chunk) > 16:
                break
            tampered = True
            i += 1
        else:
            break
    return i, "".join(body), tampered


def _link_ranges(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _LINK.finditer(text)]


@lru_cache(maxsize=SCAN_CACHE)
def scan_ids(text: str) -> tuple[IdMention, ...]:
    """Every canonical id and every look-alike in ``text``, in order of appearance (a pure function of the text,
    so its result is kept for the last :data:`SCAN_CACHE` texts)."""
    links = _link_ranges(text)
    found: list[IdMention] = []
    for match in _START.finditer(text):
        pos = match.end()
        if pos >= len(text):
            continue
        tampered = match.end() - match.start() != 2
        sep = text[pos]
        if sep == "_":
            end, body, spaced = _read_run(text, pos + 1, allow_spaces=True)
            if not body:
                continue
        elif sep in _DASHES or sep == " ":
            end, body, spaced = _read_run(text, pos + 1, allow_spaces=sep != " ")
            if len(body) < 8 or not set(body) <= _HEX:
                continue
        else:
            continue
        raw = text[match.start() : end]
        in_link = any(a <= match.start() < b for a, b in links)
        canonical = (
            not tampered and not spaced and not in_link and CANONICAL.fullmatch(raw) is not None
            and not (end < len(text) and text[end] in "_-")
        )
        found.append(IdMention(raw=raw, start=match.start(), end=end, canonical=canonical))
    return tuple(found)


def cited_ids(text: str) -> tuple[str, ...]:
    """Canonical ids in order of first appearance, without duplicates."""
    seen: dict[str, None] = {}
    for mention in scan_ids(text):
        if mention.canonical:
            seen.setdefault(mention.raw, None)
    return tuple(seen)


def lookalikes(text: str) -> tuple[str, ...]:
    """The raw text of every malformed id, in order of appearance."""
    return tuple(m.raw for m in scan_ids(text) if not m.canonical)


@lru_cache(maxsize=SCAN_CACHE)
def strip_ids(text: str) -> str:
    """``text`` with every id-like string and empty citation brackets removed (for word comparisons)."""
    pieces: list[str] = []
    last = 0
    for mention in scan_ids(text):
        pieces.append(text[last : mention.start])
        last = mention.end
    pieces.append(text[last:])
    out = "".join(pieces)
    out = _EMPTY_BRACKETS.sub(" ", out)
    return out


_EDGE = " \t\n,;:"


def quotable_parts(text: str) -> tuple[str, ...]:
    """The slices of ``text`` between id-like strings, each stripped of surrounding spaces and ``,;:``.

    A sentence that merely contains something shaped like an evidence id ("tracked as ev_..." in a ticket) can
    still be quoted: around the look-alike, never through it, so the quote cannot read as a citation. Each part is
    a verbatim slice of ``text`` with at least one letter or digit; a text without ids is one part.
    """
    parts: list[str] = []
    last = 0
    for mention in (*scan_ids(text), None):
        end = len(text) if mention is None else mention.start
        piece = text[last:end].strip(_EDGE)
        if any(ch.isalnum() for ch in piece) and not scan_ids(piece):
            parts.append(piece)
        if mention is not None:
            last = mention.end
    return tuple(parts)
