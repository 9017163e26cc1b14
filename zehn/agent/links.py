"""Documents linked to a document by tracker keys: the ticket a page is written about.

Enterprise writing refers to a case by its keys: a support ticket, the engineering ticket it escalated to, the
knowledge-base page and the postmortem all name ``SUP-…`` / ``ENG-…``. A document is linked to the answering one
when it is a ticket the answering document names (its own ``key:`` line, as tracker exports write it, holds a key
the answering document names) and the two share at least :data:`LINK_KEYS` keys (the ticket and the further work
both cite). A key named in passing ("see ENG-12", a spec both cite) links nothing, nor does a key more than
:data:`HUB` documents name (an epic, a standard everyone cites). Two tickets that only name each other (each the other's
own key, as a tracker's "linked issues" field does for a related report) are two cases: the answering document's
own key counts toward no link.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from verify.constraints import TICKET, find_constraints

LINK_KEYS = 2  # shared keys that make two documents one case
HUB = 5  # a key named by more documents than this links nothing
MAX_LINKED = 2  # linked documents read per answering document
MAX_KEYS = 8  # keys looked up per answering document, in the order it names them (a bound on the look-up's rows)
_OWN_KEY = re.compile(r'^[ \t]*"?key"?[ \t]*[:=][ \t]*"?(' + TICKET.pattern + r')"?[ \t]*,?[ \t]*$', re.M | re.I)


def own_keys(text: str) -> set[str]:
    """The keys a document's own ``key:`` lines name (``"key": "SUP-12"`` in a tracker export's front matter)."""
    return set(_OWN_KEY.findall(text))


def keys_in(text: str) -> list[str]:
    """The tracker keys the text names (``verify.constraints``' ticket shape), in the order it first names them."""
    return list(dict.fromkeys(c.value for c in find_constraints(text) if c.kind == "ticket"))


# keys -> each key's (document id, passage text) of the passages naming it, looked up together (a key none names
# may be left out)
Mentions = Callable[[list[str]], dict[str, list[tuple[str, str]]]]


def linked_ids(document_id: str, text: str, mentions: Mentions) -> list[str]:
    """The tickets this document names that share at least :data:`LINK_KEYS` keys with it, most shared first."""
    shared: Counter[str] = Counter()
    tickets: set[str] = set()
    mine = own_keys(text)
    keys = keys_in(text)[:MAX_KEYS]
    found = mentions(keys) if keys else {}
    for key in keys:
        # The passages search matches words, so "ENG-1" also finds "ENG-12": the key must stand whole.
        whole = re.compile(rf"\b{re.escape(key)}\b")
        rows = [(d, passage) for d, passage in found.get(key, []) if whole.search(passage)]
        docs = {d for d, _ in rows}
        # The answering document's own key, named back by another ticket ("linked_issues": a related report of
        # another customer), is a cross-reference, not work both cite: it counts toward no link.
        if len(docs) <= HUB and key not in mine:
            shared.update(docs - {document_id})
            tickets |= {d for d, passage in rows if key in own_keys(passage)}
    ranked = sorted(shared.items(), key=lambda e: (-e[1], e[0]))
    return [d for d, n in ranked if n >= LINK_KEYS and d in tickets][:MAX_LINKED]
