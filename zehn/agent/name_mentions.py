"""The passages that mention each of a turn's names (``passages_mentioning_each``), each name looked up once a turn.

A name's rows do not depend on the names asked with it: the question's names are asked to find documents, then
again to say which of them none of the read documents mention; the turn's dispatcher keeps every name's rows
(:attr:`zehn.agent.dispatch.Dispatcher.mentioned`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from traversal_policy.params import MAX_NAMES, clean_text

if TYPE_CHECKING:
    from zehn.agent.dispatch import Dispatcher


def mentions(dispatcher: Dispatcher, names: list[str]) -> dict[str, list[tuple[str, str]]]:
    """Each of ``names``' passages that hold every word of it, as (document id, passage text), in
    ``passages_mentioning``'s order: one ``passages_mentioning_each`` per :data:`MAX_NAMES` names. A name no
    passage holds is left out. A name looked up before in this turn is not looked up again."""
    unique = list(dict.fromkeys(names))
    asked = [n for n in unique if n not in dispatcher.mentioned]
    for at in range(0, len(asked), MAX_NAMES):
        chunk = asked[at:at + MAX_NAMES]
        out: dict[str, list[tuple[str, str]]] = {}
        found = dispatcher.found("passages_mentioning_each", {"texts": chunk})  # raises when it could not run
        for row in found.rows if found else ():
            out.setdefault(str(row["name"]), []).append((str(row["document_id"]), str(row.get("text") or "")))
        for name in chunk:
            key = clean_text(name, "texts")
            dispatcher.mentioned[name] = (key, out.get(key, []))
    kept: dict[str, list[tuple[str, str]]] = {}
    for name in unique:  # in the order asked, each under the name its rows carry (the cleaned one)
        key, held = dispatcher.mentioned[name]
        if held:
            kept.setdefault(key, held)
    return kept
