"""The route of a question that names no entity relation (part of stage 1, :mod:`zehn.agent.routing`), and which of
its asks say what kind of question it is."""

from __future__ import annotations

from spacy.tokens import Doc

from zehn.agent.phrases import clause_of
from zehn.agent.question import Ask, Route


def passage_route(asks: list[Ask] | tuple[Ask, ...]) -> Route:
    """The route of a question that names no entity relation: ``why``, ``list`` or ``attribute`` by its asks."""
    if any(a.answer_type == "cause" for a in asks):
        return "why"
    if any(a.answer_type == "items" for a in asks):
        return "list"
    return "attribute"


def qualifies(doc: Doc, ask: Ask) -> bool:
    """"Who was assigned X, and *at what priority*", "..., and *by which date*": a wh-phrase after its preposition,
    with no verb of its own, asks about the act of the ask before it; it does not say what kind of question it is."""
    clause = clause_of(doc, ask)
    return not ask.predicate and clause.start > 0 and doc[clause.start - 1].pos_ == "ADP"


def asks_due_date(doc: Doc, ask: Ask) -> bool:
    """"Who picked up X, and *when were those due*" / "*what were their due dates*": a date asked with "due" and no
    noun of its own but the date's (a pronoun or nothing as its subject) asks for the due date of the item the ask
    before named, which that item's own line gives with its owner ("- Rollback checklist -> @a (EOD today)")."""
    if ask.answer_type != "date":
        return False
    clause = clause_of(doc, ask)
    said = [t for t in clause if not t.is_punct]
    # "*by* when", "*by* what dates": a time after "by" is a deadline, as "due" says
    deadline = any(t.lower_ == "due" for t in said) or (clause.start > 0 and doc[clause.start - 1].lower_ == "by")
    # (the date's own noun is no other thing: "what were *their* due *dates*" names only the items before)
    return deadline and all(
        t.lower_ in ("due", "when") or t.pos_ in ("PRON", "AUX", "ADV", "CCONJ", "SCONJ") or
        (t.lemma_.casefold() == ask.focus_head and ask.focus_head != "") for t in said)
