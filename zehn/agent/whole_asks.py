"""Questions with no wh-word, read as one ask over the whole sentence: a yes/no question ("Does X still call Y?")
asks whether a statement holds; an imperative ("List the owners of X") asks for a description; a bare noun phrase
("rollback steps for X?", "X: owner and due date?") asks for the things its nouns name, as "what X" would."""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Doc

from zehn.agent.asked_time import asked_time
from zehn.agent.focus import type_of
from zehn.agent.focus_phrase import noun_groups, noun_run
from zehn.agent.lemmas import content_terms
from zehn.agent.question import Ask
from zehn.agent.question_verbs import named_head

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
               terms, False, terms, time=asked_time(doc[:]), focus_terms=(head,) if head else ())


# Marks that set a topic before what is asked about it ("X: owner?", "X - rollout plan?"), written between spaces
# when a dash (a hyphen inside a word joins it).
_TOPIC_MARKS = frozenset({":", "-", "–", "—"})


def phrase_asks(doc: Doc) -> list[Ask]:
    """A question written as a noun phrase, no verb leading it ("frequency of X?", "X: destinations, format and
    encryption?"): each noun it opens with (after a topic and its colon or dash, those after them) is one thing
    asked, as "what X" asks it; the rest of the phrase is what it is asked about. Empty when the question opens
    with a verb (an imperative: :func:`open_ask`) or names no noun first."""
    words = [t for t in doc if not t.is_punct or t.text in _TOPIC_MARKS]
    if not words or words[0].pos_ in ("VERB", "AUX") or words[0].tag_ == "VB":
        return []
    marks = [t for t in doc[:-1] if t.text in _TOPIC_MARKS and (t.text == ":" or (
        t.whitespace_ and t.i > 0 and doc[t.i - 1].whitespace_))]
    start = marks[-1].i + 1 if marks else 0
    while start < len(doc) and doc[start].pos_ == "DET":
        start += 1
    end = noun_run(doc, start, len(doc))
    groups = noun_groups(doc[start:end]) if end > start else []
    if not groups or not any(t.tag_.startswith("NN") or t.pos_ in ("NOUN", "PROPN") for t in groups[0]):
        return []
    terms = content_terms(doc)
    out = []
    for group in groups:
        head = named_head(group)
        answer_type = type_of(head, "what", "")
        if group[-1].tag_ in ("NNS", "NNPS") and answer_type in ("identifier", "system", "description"):
            answer_type = "items"
        theirs = {t.lemma_.casefold() for g in groups if g is not group for t in g}
        core = tuple(t for t in terms if t not in theirs)
        out.append(Ask(doc.text, "what", " ".join(t.text for t in group), head, "", answer_type, terms, False, core,
                       time=asked_time(doc[:]), focus_terms=tuple(t.lemma_.casefold() for t in group)))
    return out


def gapped(ask: Ask, before: Ask) -> Ask:
    """An ask with no verb and no focus of its own after another ("how long are audit logs kept, and *what about
    access logs*", "which region hosts the primary, and *which the replica*", "how often does X send keepalives, and
    *how often the ping event*"): English leaves out what the two share, so it asks what the ask before it asks (its
    wh-word, focus, verb and type) of its own nouns, which stand in for that ask's arguments (they are not asked).
    Any other ask is returned as it is."""
    if ask.predicate or ask.focus or not ask.terms or ask.time.verb is not None or not before.predicate:
        return ask
    kind = tuple(dict.fromkeys((*before.focus_terms, before.predicate)))
    core = tuple(dict.fromkeys((*kind, *(ask.core or ask.terms))))
    return replace(ask, wh=before.wh if ask.wh == "what" else ask.wh, focus=before.focus,
                   focus_head=before.focus_head, predicate=before.predicate, answer_type=before.answer_type,
                   terms=tuple(dict.fromkeys((*kind, *ask.terms))), core=core, time=before.time,
                   focus_terms=before.focus_terms, measure=before.measure, needed=before.needed,
                   negated=before.negated)
