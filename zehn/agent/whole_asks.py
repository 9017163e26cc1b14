"""Questions with no wh-word, read as one ask over the whole sentence: a yes/no question ("Does X still call Y?")
asks whether a statement holds; an imperative or a bare phrase ("List the owners of X") asks for a description."""

from __future__ import annotations

from spacy.tokens import Doc

from zehn.agent.asked_time import asked_time
from zehn.agent.focus import type_of
from zehn.agent.lemmas import content_terms
from zehn.agent.question import Ask

YES_NO_OPENERS = frozenset({"do", "does", "did", "is", "are", "was", "were", "can", "could", "has", "have", "had",
                            "will", "would", "should", "shall", "may", "must"})


def opens_yes_no(doc: Doc) -> bool:
    """Opens (or, after a leading phrase and a comma, continues) with an auxiliary: "Does X ...", "In Q3, is ..."."""
    for t in doc:
        if t.lower_ in YES_NO_OPENERS and (t.i == 0 or doc[t.i - 1].text == ","):
            return True
        if t.i == 0 and t.pos_ not in ("ADP", "SCONJ"):
            return False
    return False


def yes_no_ask(doc: Doc) -> Ask:
    """The whole question as one ask whether its statement holds ("Does X call Y?"): its root verb is the act."""
    verb = next((t for t in doc if t.dep_ == "ROOT"), doc[0])
    lemma = verb.lemma_.casefold() if verb.pos_ in ("VERB", "AUX", "ADJ") else ""
    terms = content_terms(doc)
    return Ask(doc.text, "whether", "", "", lemma, "statement", terms, any(t.dep_ == "neg" for t in doc), terms,
               time=asked_time(doc[:]))


def open_ask(doc: Doc) -> Ask:
    """An imperative or a bare phrase ("List the owners of X", "Retention for export logs"): a description."""
    root = next((t for t in doc if t.dep_ == "ROOT"), doc[0])
    obj = next((c for c in root.children if c.dep_ in ("dobj", "attr", "nsubj")), None)
    head = obj.lemma_.casefold() if obj is not None else ""
    answer_type = type_of(head, "what", root.lemma_.casefold())
    if obj is not None and obj.tag_ in ("NNS", "NNPS") and answer_type in ("identifier", "system", "description"):
        answer_type = "items"
    terms = content_terms(doc)
    return Ask(doc.text, "what", obj.text if obj is not None else "", head, root.lemma_.casefold(), answer_type,
               terms, False, terms, time=asked_time(doc[:]))
