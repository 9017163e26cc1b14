"""A name the question gives that the document mentions only to deny it (part of stage 4, bind).

Status pages and incident notes name what was spared ("The US and APAC regions are not affected."). A question that
asks what happened to a name such a document only rules out ("what caused the errors in APAC") is not answered by
it: the document's causes and fixes are about the case it does describe.

Likewise an act the question asks how one *can* do that the document says one cannot ("How can an engineer pin a
blob by hand?" / "engineers cannot pin by hand"): the document contradicts the question's premise.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from zehn.agent.lemmas import words
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView


def denied(mentions: list[Doc], name: str) -> bool:
    """Every one of the sentences denies the clause that holds the name (and there is at least one): "APAC is not
    affected", not "We did not expect that APAC would fail" (the name's own verb, "fail", is not denied)."""
    return bool(mentions) and all(any(_denies(t) for t in m if t.lower_ in name.casefold().split()) for m in mentions)


def _denies(token: Token) -> bool:
    """The verb that governs the token (its nearest verbal head, the token itself for a verb) is negated."""
    verb: Token | None = token
    while verb is not None and verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return verb is not None and verb.pos_ in ("VERB", "AUX") and any(c.dep_ == "neg" for c in verb.children)


def ruled_out(analysis: Analysis, view: DocView, parses: Parses) -> str | None:
    """What the document says that rules the question out: the asked act cannot be done (:func:`cannot`), or the
    first name of the question (an anchor, an acronym, a hyphenated word, an environment) whose every mention in the
    document is denied; None when there is none, or when the question asks about a denial itself ("which regions
    were not affected")."""
    if any(a.negated for a in analysis.asks):
        return None
    if (barred := cannot(analysis, view, parses)) is not None:
        return f"one cannot {barred}"
    spared = (c.text for c in analysis.constraints if c.kind == "environment")  # "why did production fail"
    for name in dict.fromkeys((*analysis.anchors, *analysis.names, *spared)):
        said = [s for s in view.sentences if s.kind == "sentence" and name.casefold() in words(s.text)]
        docs = parses.of(said)
        if denied([docs[s.id] for s in said], name):
            return f"{name!r} is not concerned"
    return None


_MODALS = frozenset({"can", "could", "may"})


def cannot(analysis: Analysis, view: DocView, parses: Parses) -> str | None:
    """The asked act as a sentence of the document denies it with a modal ("engineers can't pin by hand"), for a
    question that asks whether or how it can be done. Returns the verb."""
    if not _MODALS & set(words(analysis.question)):
        return None
    for ask in (a for a in analysis.asks if not a.negated and len(a.core) > 1):
        said = [s for s in view.sentences if s.kind == "sentence" and set(ask.core) & set(words(s.text))]
        for parse in parses.of(said).values():
            if (verb := barred(parse, ask.core)) is not None:
                return verb
    return None


def barred(parse: Doc, core: tuple[str, ...]) -> str | None:
    """A verb of the sentence among the ask's core terms that is negated with a modal ("cannot", "may not"), in a
    sentence that holds at least half of the other core terms: the sentence says the asked act cannot be done."""
    lemmas = {t.lemma_.casefold() for t in parse}
    for t in parse:
        verb = t.lemma_.casefold()
        if verb not in core or t.pos_ not in ("VERB", "AUX"):
            continue
        negated = any(c.dep_ == "neg" for c in t.children)
        modal = any(c.lower_ in _MODALS or c.lower_ == "ca" for c in t.children)  # "can't" parses as "ca" + "n't"
        if negated and modal and 2 * len(set(core) - {verb} & lemmas) >= len(core) - 1:
            return verb
    return None
