"""The status vocabulary of work items, mapped once: a ticket's or PR's own ``status`` / ``state`` line -> a class.

Trackers and code hosts write the workflow state of an item in a front-matter field (``status`` on most
trackers, ``state`` on code hosts and some trackers). The words are general workflow English, not one
company's: "In Progress", "Done", "merged", "Won't Fix". Each is normalised (casefolded; ``_``/``-`` as spaces;
punctuation other than the apostrophe dropped) and looked up here:

- :attr:`WorkStatus.DONE`       finished: the work was delivered (resolved, closed, merged, done, fixed, ...);
- :attr:`WorkStatus.CANCELLED`  closed without delivering it (won't fix, duplicate, cancelled, ...);
- :attr:`WorkStatus.OPEN`       anything a person still has to act on (to do, in progress, in review, blocked...);
- :attr:`WorkStatus.UNKNOWN`    a word not listed here, or no status line at all.

"Open work" is everything that is not DONE or CANCELLED, so an unknown word is still listed (flagged), never
silently dropped. The classification is also what the bench (``bench/people.py``) counts with, so the
query and the count from the files agree by construction on the vocabulary and differ only if the graph does.

The line is read from the item's own document with the ingest's front-matter parser (:mod:`.cited_lines`), so
its exact character range is cited even where the ingest kept no Evidence row for it (a two-word line such as
``"status": "Done"`` is below the ingest's three-word bar for a citable passage).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import Protocol, TypeVar

STATUS_KEYS: tuple[str, ...] = ("status", "state")


class WorkStatus(StrEnum):
    OPEN = "open"
    DONE = "done"
    CANCELLED = "cancelled"
    UNKNOWN = "unknown"

    @property
    def is_open(self) -> bool:
        """Still someone's work: open, or a state we cannot read (listed, flagged as unknown)."""
        return self in (WorkStatus.OPEN, WorkStatus.UNKNOWN)


def _words(text: str) -> frozenset[str]:
    return frozenset(line.strip() for line in text.strip().splitlines() if line.strip())


_DONE = _words("""
    done
    resolved
    closed
    merged
    fixed
    complete
    completed
    finished
    released
    shipped
    deployed
    delivered
    verified
    accepted
    published
    final
""")
_CANCELLED = _words("""
    cancelled
    canceled
    won't fix
    wont fix
    won't do
    wont do
    duplicate
    invalid
    rejected
    declined
    obsolete
    abandoned
    withdrawn
    archived
    not a bug
    cannot reproduce
    can't reproduce
    closed unmerged
    closed without merge
""")
_OPEN = _words("""
    open
    opened
    new
    to do
    todo
    backlog
    triage
    untriaged
    unstarted
    planned
    ready
    selected for development
    in progress
    started
    doing
    active
    assigned
    investigating
    acknowledged
    in review
    review
    code review
    ready for review
    needs review
    changes requested
    in qa
    qa
    testing
    in testing
    blocked
    on hold
    paused
    pending
    waiting
    waiting on customer
    waiting for customer
    waiting on support
    awaiting customer
    need more info
    needs info
    reopened
    draft
""")
_VOCABULARY: dict[str, WorkStatus] = {
    **{w: WorkStatus.DONE for w in _DONE},
    **{w: WorkStatus.CANCELLED for w in _CANCELLED},
    **{w: WorkStatus.OPEN for w in _OPEN},
}
_SEPARATORS = re.compile(r"[_\-/]+")
_PUNCT = re.compile(r"[^\w\s']")


def normalise(value: str) -> str:
    text = _SEPARATORS.sub(" ", value.casefold().replace("’", "'"))
    return " ".join(_PUNCT.sub(" ", text).split())


def classify(value: str | None) -> WorkStatus:
    """The class of one status value as a source wrote it; ``None`` (no status line) is UNKNOWN."""
    if value is None:
        return WorkStatus.UNKNOWN
    return _VOCABULARY.get(normalise(value), WorkStatus.UNKNOWN)


class Line(Protocol):
    """A front-matter line: the ingest's MetadataLine or a CitedLine."""

    @property
    def key(self) -> str: ...

    @property
    def values(self) -> tuple[str, ...]: ...


L = TypeVar("L", bound=Line)


def status_line(lines: Iterable[L]) -> L | None:
    """The item's own status line: the first ``status`` / ``state`` line holding exactly one value."""
    return next((ln for ln in lines if ln.key.casefold() in STATUS_KEYS and len(ln.values) == 1), None)
