"""The identifiers a question names and whether a document holds them (part of stage 4, bind).

A ticket key, a pull-request number, a version or a hyphenated system name in a question ("PR #4417", "INTG-512",
"5.2", "rate-quoter") picks out one thing; a reader that answers from a document's own lines (a comment thread's
authors, its hand-overs) reads only a document that names every one of them, in its text or its title. A thread
about something else that happens to hold the asked verb is no answer ("Let's decide that next week" in a meeting
is not who approved PR #4417).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from zehn.agent.retrieve import DocView
from zehn.agent.text_index import TextIndex

_IDENTIFIER = re.compile(r"\w[-_#]\w|\d")


def named_identifiers(question: str) -> list[str]:
    """The identifier-shaped words of the question, edge punctuation stripped."""
    return [w.strip("?.,;:()'\"") for w in question.split() if _IDENTIFIER.search(w)]


def holds_all(doc_view: DocView, named: Sequence[str]) -> bool:
    """The document names every identifier (in its text or its title)."""
    title = TextIndex(doc_view.info.title)
    return all(doc_view.index.mentions(a) or title.mentions(a) for a in named)
