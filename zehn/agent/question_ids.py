"""The identifiers a question names and whether a document holds them (part of stage 4, bind).

A ticket key, a pull-request number or a hyphenated / underscored / dotted system name in a question ("PR #4417",
"INTG-512", "rate-quoter", "config.yaml") picks out one thing; a reader that answers from a document's own lines
(a comment thread's authors, its hand-overs) reads only a document that names every one of them, in its text or its
title. A thread about something else that happens to hold the asked verb is no answer ("Let's decide that next
week" in a meeting is not who approved PR #4417). A plain number, a date, a time or a version is no identifier: a
document writes them its own way ("3 March" in a thread dated 2026-03-03, "3am" as 03:00, "v2.0" as 2.0).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from zehn.agent.retrieve import DocView
from zehn.agent.text_index import TextIndex

_IDENTIFIER = re.compile(r"\w[-_./#]\w|^#\d|[a-z]\d|\d[a-z]", re.I)
# Numbers, dates, times, versions, ordinals, quarters and quantities: written in more than one way.
_NOT_IDENTIFIER = re.compile(r"^(?:v?\d+(?:[-./:]\d+)*(?:am|pm|st|nd|rd|th|[smhdwx%]|ms|k|gb|mb|tb)?"
                             r"(?:-?(?:rc|beta|alpha)\d*)?|[qh][1-4]|fy\d+)$", re.I)


def is_identifier(word: str) -> bool:
    """The word picks out one thing (a ticket key, a PR number, a system name with digits or joiners)."""
    return bool(_IDENTIFIER.search(word)) and not _NOT_IDENTIFIER.match(word)


def named_identifiers(question: str) -> list[str]:
    """The identifier-shaped words of the question, edge punctuation stripped."""
    return [w for w in (w.strip("?.,;:()'\"") for w in question.split()) if is_identifier(w)]


def holds_all(doc_view: DocView, named: Sequence[str]) -> bool:
    """The document names every identifier (in its text or its title)."""
    title = TextIndex(doc_view.info.title)
    return all(doc_view.index.mentions(a) or title.mentions(a) for a in named)
