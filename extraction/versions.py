"""How a new version of a document relates to the rows its earlier versions left (pure; the writer does the I/O).

An evidence id is a hash of (document, chunk, range) and a chunk id of (document, index, chunk text), so a sentence
keeps its id across versions only while nothing before it in its chunk, and no earlier text, changed length.
Versions therefore relate by content, not by id:

1. a stored row whose id is in the new version is *carried*: the same sentence at the same place, untouched;
2. a stored open row that is not is *closed* (``valid_to`` = the commit), never deleted or rewritten;
3. a new row that was stored and closed before is *reopened* (a revert), its earlier interval kept;
4. a closed row is linked to its successor, found by aligning the old and new sentence sequences
   (:class:`difflib.SequenceMatcher` over the texts, in document order):
   ``moved``   the same text under a new id (an earlier edit shifted it): the sentence still says the same thing;
   ``changed`` an edited sentence in the same place (similar text, or the same front-matter key);
   ``removed`` nothing in the new version corresponds to it.

A cited sentence that was ``moved`` does not make an answer stale; ``changed`` and ``removed`` do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any, Literal

Change = Literal["moved", "changed", "removed"]
SIMILAR = 0.5  # SequenceMatcher ratio from which an edited sentence counts as the same sentence changed
_KEY = re.compile(r'^\s*"?([^":]{1,80})"?\s*:')


@dataclass(frozen=True)
class Row:
    """One chunk or evidence row: its id, its text and where it sits (document order)."""

    id: str
    text: str
    start: int
    kind: str = "sentence"


@dataclass(frozen=True)
class StoredRow(Row):
    open: bool = True  # False: closed by an earlier version


@dataclass(frozen=True)
class Succession:
    old_id: str
    new_id: str | None
    change: Change


@dataclass(frozen=True)
class VersionPlan:
    opened: tuple[str, ...]  # new rows never stored before
    reopened: tuple[str, ...]  # rows closed earlier that this version brings back
    closed: tuple[str, ...]  # open rows this version no longer has
    carried: tuple[str, ...]  # open rows this version keeps as they are
    successions: tuple[Succession, ...]  # for every closed evidence row: its successor, or "removed"


def _key(row: Row) -> str | None:
    match = _KEY.match(row.text) if row.kind == "metadata" else None
    return match.group(1).strip().casefold() if match else None


def _pair_block(old: Sequence[Row], new: Sequence[Row]) -> list[tuple[Row, Row]]:
    """Pairs of an edited stretch: same front-matter key first, then the most similar text above SIMILAR."""
    pairs: list[tuple[Row, Row]] = []
    free = list(new)
    for row in old:
        key = _key(row)
        same_key = next((n for n in free if key is not None and _key(n) == key), None)
        best = same_key
        if best is None:
            scored = [(SequenceMatcher(None, row.text, n.text, autojunk=False).ratio(), n) for n in free]
            score, candidate = max(scored, key=lambda s: s[0], default=(0.0, None))
            best = candidate if score >= SIMILAR else None
        if best is not None:
            free.remove(best)
            pairs.append((row, best))
    return pairs


def _successions(closed: Sequence[Row], added: Sequence[Row]) -> list[Succession]:
    old = sorted(closed, key=lambda r: r.start)
    new = sorted(added, key=lambda r: r.start)
    out: dict[str, Succession] = {}
    matcher = SequenceMatcher(None, [r.text for r in old], [r.text for r in new], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for o, n in zip(old[i1:i2], new[j1:j2], strict=True):
                out[o.id] = Succession(o.id, n.id, "moved")
        elif tag == "replace":
            for o, n in _pair_block(old[i1:i2], new[j1:j2]):
                out[o.id] = Succession(o.id, n.id, "changed")
    return [out.get(o.id) or Succession(o.id, None, "removed") for o in old]


def plan(stored: Sequence[StoredRow], new: Sequence[Row], *, link: bool = True) -> VersionPlan:
    """Relate the rows of a new version (``new``) to the rows earlier versions stored. ``link=False`` skips the
    successions (chunks: only sentences are cited)."""
    by_id = {row.id: row for row in stored}
    new_ids = {row.id for row in new}
    opened = tuple(row.id for row in new if row.id not in by_id)
    reopened = tuple(row.id for row in new if row.id in by_id and not by_id[row.id].open)
    carried = tuple(row.id for row in new if row.id in by_id and by_id[row.id].open)
    closing = [row for row in stored if row.open and row.id not in new_ids]
    fresh = set(opened) | set(reopened)
    added = [row for row in new if row.id in fresh]
    successions = tuple(_successions(closing, added)) if link else ()
    return VersionPlan(opened, reopened, tuple(row.id for row in closing), carried, successions)


Interval = list[str | None]  # [valid_from, valid_to or None while open]


def intervals(entry: Mapping[str, Any]) -> list[Interval]:
    """An edge support entry's intervals; an entry written before versions existed is open since always."""
    found = entry.get("intervals")
    return [list(i) for i in found] if isinstance(found, list) else [["", None]]


def restamp_support(existing: Mapping[str, dict[str, Any]], added: Mapping[str, dict[str, Any]], document_id: str,
                    now: str, *, close_all: bool = False,
                    access: Sequence[str] | None = None) -> dict[str, dict[str, Any]]:
    """One edge's support after ``document_id``'s new version (``added``: its support now) committed at ``now``.

    Entries of other documents are kept as they are; this document's entries keep their history: support it no
    longer gives is closed, support it gives again is reopened, new support opens. ``close_all``: a delete.
    ``access``: the document's access list now, set on all its entries (closed ones too)."""
    out: dict[str, dict[str, Any]] = {}
    for ev, entry in existing.items():
        if entry.get("document_id") != document_id:
            out[ev] = dict(entry)
            continue
        spans = intervals(entry)
        is_open = spans[-1][1] is None
        live = ev in added and not close_all
        if is_open and not live:
            spans[-1] = [spans[-1][0], now]
        elif live and not is_open:
            spans.append([now, None])
        out[ev] = {**entry, **(added.get(ev) or {}), "intervals": spans} if live else {**entry, "intervals": spans}
    for ev, entry in added.items():
        if ev not in out and not close_all:
            out[ev] = {**entry, "intervals": [[now, None]]}
    if access is not None:
        for entry in out.values():
            if entry.get("document_id") == document_id:
                entry["access"] = list(access)
    return out
