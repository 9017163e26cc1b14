"""Follow-ups assigned on one line: "assigned follow-ups: A (the hotfix), B (trace + postmortem), C (billing)".

Chat threads close with the assignments typed inline after a follow-up word and a colon, each owner followed by
its task in parentheses. Each owner is a person's name or a handle the document's metadata lists (a lowercase
word before a parenthesis is otherwise an ordinary word: "retry (twice)"); the shape needs two such parts in a
row, so a line that merely mentions follow-ups and one aside in parentheses is not read as a list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# The follow-up words of a lead (general English of meeting notes and incident threads), then a colon.
_LEAD = re.compile(r"\b(?:follow[- ]?ups?|action items?|actions|owners|tasks|assignments|next steps)\b[^:\n]{0,20}"
                   r":\s*", re.I)
_PART = re.compile(r"\s*(?:and\s+)?@?(?P<name>[A-Za-z][\w.\-]{0,30}(?: [A-Z][\w\-]+)?)\s*"
                   r"\((?P<what>[^()\n]{2,100})\)\s*(?:[,;]|\band\b)?")
# A person's name as written in prose ("Dana", "Dana Ruiz"); a ticket key ("AB-12") is no owner.
_CAPITALISED = re.compile(r"[A-Z][a-z'’\-]+(?: [A-Z][a-z'’\-]+)?")
MIN_PARTS = 2  # one "name (aside)" is prose; two in a row are a list


@dataclass(frozen=True)
class InlineItem:
    owner: str
    what: str
    lead: str  # the line up to the list ("assigned follow-ups:"), which may say the placing verb


def inline_items(text: str, person: Callable[[str], bool], handles: frozenset[str]) -> list[InlineItem]:
    """The owner-and-task parts of a line that lists its follow-ups inline; [] when it does not."""
    lead = _LEAD.search(text)
    if lead is None:
        return []
    found: list[InlineItem] = []
    at = lead.end()
    while (part := _PART.match(text, at)) is not None:
        name = part.group("name")
        if name.casefold() not in handles and not (_CAPITALISED.fullmatch(name) and person(name)):
            break
        found.append(InlineItem(name, " ".join(part.group("what").replace("+", " and ").split()), text[:lead.end()]))
        at = part.end()
    return found if len(found) >= MIN_PARTS else []
