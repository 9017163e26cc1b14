"""The names a question gives that a source must mention (anchors) or that some document must speak of (names).

A phrase the question rules out ("... not the in-cluster StatefulSet", "rather than X") names nothing a source must
mention: the question says the answer is *not* about it.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Token

from zehn.agent.phrases import references

_STRONG = re.compile(r"^(?=.*[A-Za-z])(?:.*\d.*|.*_.*|.*/.*|.*[a-z][A-Z].*|[A-Z]{2,}(?!(?:ing|ed|es|er)$)[a-z]{2,}.*|"
                     r"[A-Z][A-Z0-9-]+[a-z]?s?)$")
_ACRONYM = re.compile(r"^[A-Z]{2,6}s?$")
# A weekday the question names ("on Friday", "last Tuesday") sets when: a source that never names that day tells
# of another day ("Fridays", a habit, sets none).
_WEEKDAY = re.compile(r"^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$")
# A hyphenated word with a month, a weekday or a quarter in it is a time ("mid-March", "end-of-Q3"), not a name.
TIME_WORD = re.compile(r"(?:^|-)(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                        r"sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|"
                        r"thursday|friday|saturday|sunday|q[1-4]|\d{4})(?:-|$)", re.IGNORECASE)
# A quoted term opens after a space or bracket and closes before one: "it's" and "server's ... `x`" are not quotes.
_QUOTED = re.compile(r"(?:(?<=^)|(?<=[\s(\[]))[\"“'‘`]([^\"”'’`\n]{3,80})[\"”'’`](?=[\s,.;:?!)\]]|$)")
_RULED_OUT = frozenset({"not", "no", "never", "without", "excluding", "except"})
_PHRASE_END = frozenset({",", ";", ":", "(", ")", ".", "?"})


def ruled_out(token: Token, reach: int = 6) -> bool:
    """A word of a phrase the question rules out: "not", "no", "never" ... at most ``reach`` words before it, in
    the same phrase (no comma or bracket between)."""
    for at in range(token.i - 1, max(-1, token.i - reach - 1), -1):
        before = token.doc[at]
        if before.text in _PHRASE_END:
            return False
        if before.lower_ in _RULED_OUT or (before.lower_ == "than" and at > 0 and token.doc[at - 1].lower_ == "rather"):
            return True
    return False


def _strong(text: str) -> bool:
    """An identifier by its shape: a digit or an underscore, a slash, or an inner capital ("kv_crc", "X-Req-Id",
    "PromQL"; "OAuth": capitals that run on into a lower-case word, not a plural or verb ending: "APIs", "OOMing"). A
    value ("502s", "~1k", "2x") is not a name, and an all-capitals acronym ("HTTP", "SSO") is too often a generic
    word a source spells out: those only rank sources (see :func:`anchors`)."""
    return _STRONG.match(text) is not None and text[:1].isalpha() and not _ACRONYM.match(text)


def anchors(doc: Doc, constraint_texts: set[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(anchors, names): identifiers, mixed-case names and quoted terms the question names, which a source must
    mention; and hyphenated words and acronyms ("identity-proxy", "on-call", "SSO"), which may as well be English
    compounds or generic words, so a source need not spell them - but some document must mention their words,
    or the question is about something the documents never speak of. Dates and versions are constraints; a
    weekday is an anchor (the constraints know dates, not days of the week)."""
    strong: dict[str, None] = {}
    weak: dict[str, None] = {}
    for match in _QUOTED.finditer(doc.text):
        strong.setdefault(match.group(1).strip(), None)
    for reference in references(doc[:]):  # "PR #2207": a pull request is named by its number, not by "PR"
        if not any(reference in c or c in reference for c in constraint_texts):
            strong.setdefault(reference, None)
    for t in doc:
        text = t.text.strip(".,;:()[]*`'\"")
        if not text or any(text in c or c in text for c in constraint_texts) or \
                any(text in a.split() or text in a for a in strong) or \
                ruled_out(t):
            continue
        if _strong(text) or _WEEKDAY.match(text):
            strong.setdefault(text, None)
        elif _ACRONYM.match(text) or ("-" in text.strip("-") and text[:1].isalpha() and not TIME_WORD.search(text)):
            weak.setdefault(text, None)
    return tuple(strong), tuple(weak)
