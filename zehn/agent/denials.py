"""A name the question gives that the document mentions only to deny it (part of stage 4, bind).

Status pages and incident notes name what was spared ("The US and APAC regions are not affected."). A question that
asks what happened to a name such a document only rules out ("what caused the errors in APAC") is not answered by
it: the document's causes and fixes are about the case it does describe.

Likewise an act the question asks whether one *can* do that the document says one cannot ("Can an engineer pin a
blob by hand?" / "engineers cannot pin by hand"): the document contradicts the question's premise.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Token

from zehn.agent.denied_changes import unchanged
from zehn.agent.lemmas import words
from zehn.agent.parses import Parses
from zehn.agent.past_acts import PastAct, only_planned, past_act
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView


def denied(mentions: list[Doc], name: str, main_only: bool = False) -> bool:
    """Every one of the sentences denies the clause that holds the name (and there is at least one): "APAC is not
    affected", not "We did not expect that APAC would fail" (the name's own verb, "fail", is not denied). With
    ``main_only`` (an environment, a word many sentences hold in passing) the sentence's main verb must be denied."""
    if main_only:
        return bool(mentions) and all(any(t.dep_ == "ROOT" and _negated(t) for t in m) for m in mentions)
    return bool(mentions) and all(any(_denies(t) for t in m if t.lower_ in name.casefold().split()) for m in mentions)


def _denies(token: Token) -> bool:
    """The verb that governs the token (its nearest verbal head, the token itself for a verb) is negated."""
    verb: Token | None = token
    while verb is not None and verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return verb is not None and verb.pos_ in ("VERB", "AUX") and _negated(verb)


# A negation that only delays or qualifies the act: "not fully restored until 14:30", "not yet", "not only".
_PARTIAL = frozenset({"until", "yet", "fully", "only", "till"})


def _negated(verb: Token) -> bool:
    """The verb is denied outright: negated, and not only in part or in time ("was not fully restored until 14:30"
    says it was restored)."""
    return any(c.dep_ == "neg" for c in verb.children) and not any(c.lower_ in _PARTIAL for c in verb.children)


def ruled_out(analysis: Analysis, view: DocView, parses: Parses) -> str | None:
    """What the document says that rules the question out: the asked act cannot be done (:func:`cannot`), or the
    asked change of a thing the document says was not made (:mod:`zehn.agent.denied_changes`), or the
    first name of the question (an anchor, an acronym, a hyphenated word, an environment) whose every mention in the
    document is denied; None when there is none, or when the question asks about a denial itself ("which regions
    were not affected"). A name the question asks whether about ("and was X affected?") is not ruled out: the
    denial is its answer."""
    if any(a.negated for a in analysis.asks):
        return None
    if (barred := cannot(analysis, view, parses)) is not None:
        return f"one cannot {barred}"
    if (act := planned(analysis, view, parses)) is not None:
        return f"{act.verb!r} only as planned, required or conditional"
    if (thing := unchanged(analysis, view, parses)) is not None:
        return f"{thing!r} was not changed"
    spared = {c.text for c in analysis.constraints if c.kind == "environment"}  # "why did production fail"
    names = list(dict.fromkeys((*analysis.anchors, *analysis.names, *spared)))
    # Each sentence's words once, as a set, for all the names (not a list copy scanned per name and sentence).
    said_words = [(s, frozenset(words(s.text))) for s in view.sentences if s.kind == "sentence"] if names else []
    mentions = {name: [s for s, said in said_words if name.casefold() in said] for name in names}
    # One read of the stored parses for every name's mentions (a graph query each time it was per name).
    docs = parses.of(s for said in mentions.values() for s in said) if names else {}
    asked_whether = polar_clauses(analysis.question)
    for name, said in mentions.items():
        if any(_holds(clause, name) for clause in asked_whether):
            continue  # "... and was the EU region affected?": "EU is not affected" answers it
        if denied([docs[s.id] for s in said], name, main_only=name in spared):
            return f"{name!r} is not concerned"
    return None


# A yes/no clause: an auxiliary opens the question or a clause of it ("Was X affected?", "..., and did X fail?").
_POLAR = re.compile(r"(?:^|[,;]\s*|\b(?:and|or|but)\s+)(?:was|were|is|are|did|does|do|has|have|had)\s+"
                    r"(?P<clause>[^?,;]+)", re.IGNORECASE)


def polar_clauses(question: str) -> list[str]:
    """The clauses of the question that ask whether ("How many deployments saw errors, and was the Hosted API
    affected?" -> "the Hosted API affected"): a name the document denies there is answered "no" by that denial,
    not ruled out by it."""
    return [m["clause"] for m in _POLAR.finditer(question)]


def _holds(clause: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", clause, re.IGNORECASE) is not None


def planned(analysis: Analysis, view: DocView, parses: Parses) -> PastAct | None:
    """The act a question asks about as done ("who merged X") that the document states only as still to be done
    (:mod:`zehn.agent.past_acts`); None when the question asks no past act or the document states it done."""
    # The analysis's parse: the tags, dependencies and lemmas :func:`past_act` reads are the full pipeline's (the
    # entity recogniser runs last, on its own token vectors); a second parse of the question cost ~15 ms a turn.
    question = analysis.parse if analysis.parse is not None else parses.cache.docs((analysis.question,))[
        analysis.question]
    act = past_act(question, analysis.asks[0]) if analysis.asks else None
    if act is None:
        return None
    stems = tuple(w for w in (act.verb.removesuffix("e"), act.thing) if w)
    said = [s for s in view.sentences if s.kind == "sentence" and any(w.startswith(stems) for w in words(s.text))]
    return act if only_planned(list(parses.of(said).values()), act) else None


_MODALS = frozenset({"can", "could", "may"})


def cannot(analysis: Analysis, view: DocView, parses: Parses) -> str | None:
    """The asked act as a sentence of the document denies it with a modal ("engineers can't pin by hand"), for a
    question that asks whether it can be done ("Can engineers pin ...?"; "how can I" and "who can" ask for the way
    or the one who may, which such a document often gives). Returns the verb."""
    who = whether(analysis.question)
    if who is None:
        return None
    for ask in (a for a in analysis.asks if not a.negated and len(a.core) > 1):
        said = [s for s in view.sentences if s.kind == "sentence" and set(ask.core) & set(words(s.text))]
        for parse in parses.of(said).values():
            if (verb := barred(parse, ask.core, who)) is not None:
                return verb
    return None


# "Can I ...?", "May a receiver ...?": the modal opens the question, then its subject (after a determiner).
_ASKED = re.compile(r"^\W*(?:can|could|may)\s+(?:(?:a|an|the|any|our|my)\s+)?(?P<who>\w+)", re.IGNORECASE)


def whether(question: str) -> str | None:
    """The subject of a question that asks whether an act can be done ("Can I ...?" -> "I"); None for another."""
    asked = _ASKED.match(question)
    return asked["who"] if asked is not None else None


_PERSONS = frozenset({"i", "we", "you", "one", "me", "us"})
# A way the sentence offers after its denial: "...; use the CLI", "... but an admin can", "... only from the CLI".
_ALTERNATIVE = frozenset({"instead", "only", "but", "use", ";"})


def barred(parse: Doc, core: tuple[str, ...], who: str | None = None) -> str | None:
    """A verb of the sentence among the ask's core terms that is negated with a modal ("cannot", "may not"), in a
    sentence that holds at least half of the other core terms and offers no other way after it: the sentence says
    the asked act cannot be done. With ``who`` (the question's subject) the denial's subject must be the same one
    (any person for "I" / "we" / "you"; a passive denial is everyone's)."""
    lemmas = {t.lemma_.casefold() for t in parse}
    for t in parse:
        verb = t.lemma_.casefold()
        if verb not in core or t.pos_ not in ("VERB", "AUX"):
            continue
        negated = any(c.dep_ == "neg" for c in t.children)
        modal = any(c.lower_ in _MODALS or c.lower_ == "ca" for c in t.children)  # "can't" parses as "ca" + "n't"
        if not (negated and modal and 2 * len(set(core) - {verb} & lemmas) >= len(core) - 1):
            continue
        if any(a.lemma_.casefold() in _ALTERNATIVE for a in parse[t.i + 1:]):
            continue
        if who is None or _same(who, [c for c in t.children if c.dep_ == "nsubj"]):
            return verb
    return None


def _same(who: str, subjects: list[Token]) -> bool:
    """The question's subject is the denial's: the same word (either number), any two persons, or no subject."""
    asked, said = _one(who), [_one(s.lemma_) for s in subjects]
    return not said or any(s == asked or (s in _PERSONS and asked in _PERSONS) for s in said)


def _one(word: str) -> str:
    """The word as one of its kind: "engineers" and "engineer" alike; a person pronoun as written ("us")."""
    word = word.casefold()
    return word if word in _PERSONS else word.removesuffix("s")
