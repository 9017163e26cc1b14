"""The act a question asks when its verb carries another (part of stage 1, analyse): a phase ("start
enforcing"), a need ("has to sign off", "must happen") or a choice ("chose to do"). The carried act is what a
document's sentence states; a needed event ("what has to happen before X") asks for a step still to come, and so
does a state of being unfinished ("which items are still open")."""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.vocabulary import CARRIER_VERBS
from zehn.agent.focus import REMAINING_VERBS, UNFINISHED
from zehn.agent.routing_order import NECESSITY, asks_event

# Verbs of choosing that carry the act chosen ("what did on-call *choose to do*", "which fix did the team *decide to
# apply*"): a document states the act done ("on-call moved traffic"), seldom that it was chosen. Question side only:
# in a document's sentence "decided to X" still says X was decided, not done (the extractor's carriers stay apart).
CHOICE_VERBS = frozenset({"choose", "decide", "opt", "elect"})
# A noun's modifier that says what it names is not done yet, as an adjective of :data:`UNFINISHED` or as a
# participle ("the *remaining* steps", "the items *left*").
_UNFINISHED_MARKS = UNFINISHED | {"remaining", "left"}


def carried(verb: Token | None) -> Token | None:
    """The act a phase, need or choice verb carries ("what size did X *start enforcing*", "who *has to sign* off on
    Y", "which team needs to approve Z", "what did X choose to do"): the gerund or to-infinitive it governs, which
    the answer's sentence states ("X enforces a 2 KB limit", "Y is signed off by ..."); else the verb itself."""
    if verb is None or verb.lemma_.casefold() not in CARRIER_VERBS | CHOICE_VERBS:
        return verb
    act = next((c for c in verb.children if c.dep_ == "xcomp" and c.pos_ == "VERB" and (
        c.tag_ == "VBG" or any(a.tag_ == "TO" for a in c.children))), None)
    if act is None or (verb.lemma_.casefold() in ("have", "need") and act.tag_ == "VBG"):
        return verb  # ("had X running", "needs fixing": no act carried as a need)
    return act


def unchosen(core: tuple[str, ...], verb: Token | None, act: Token | None) -> tuple[str, ...]:
    """The core less a verb of choosing that carries the asked act ("what did X *choose* to do"): the act chosen is
    asked, and a document states it done, not chosen."""
    if act is None or verb is None or act is verb or verb.lemma_.casefold() not in CHOICE_VERBS:
        return core
    return tuple(t for t in core if t != verb.lemma_.casefold())


def needed_event(clause: Span, verb: Token | None, act: Token | None) -> bool:
    """The ask's act is an event that has to come about: "what has to / needs to *happen*", "what must *be done*"
    (a necessity verb carrying it, or a modal of necessity on it)."""
    return asks_event(act) and verb is not None and (verb.lemma_.casefold() in NECESSITY or any(
        t.lemma_.casefold() in ("must", "should") and t.tag_ == "MD" for t in clause))


def still_to_do(predicate: str, verb: Token | None, focus: Span | None = None) -> tuple[str, set[int]]:
    """The ask is of what remains, not done yet: a copula whose complement says so ("which items are still
    *open*"), "leave" with such a complement ("what does the ADR leave *undecided*"), or, after a copula, a focus
    noun marked so ("what are the *remaining* steps", "which are the *outstanding* items"). It asks what remains:
    the verb "remain", and the marking words' tokens, which name that state and no word of the answer (a document
    lists what remains under "Next steps" or "Open questions"). Otherwise ``predicate`` unchanged and no token."""
    if verb is None:
        return predicate, set()
    marks = {t.i for t in (focus or ()) if t.dep_ == "amod" and t.lower_ in _UNFINISHED_MARKS}
    if predicate == "be" or verb.lemma_.casefold() == "leave":
        state = next((c for c in verb.children if c.dep_ in ("acomp", "oprd") and c.lemma_.casefold() in UNFINISHED),
                     None)
        if state is not None:
            return "remain", {state.i} | marks
    if predicate in REMAINING_VERBS:
        return predicate, marks  # "what open items remain": "open" only repeats that they remain
    if marks and focus is not None and _after_copula(focus):
        return "remain", marks
    return predicate, set()


def _after_copula(focus: Span) -> bool:
    """The focus is what a fronted copula asks for ("what *are* the remaining steps before X can close"), however
    the parser hung the rest of the clause."""
    doc = focus.doc
    before = [t for t in doc[max(0, focus.start - 3):focus.start] if t.pos_ != "DET"]
    return any(t.lemma_ == "be" and t.tag_ in ("VBP", "VBZ", "VBD") for t in before)
