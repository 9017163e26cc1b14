"""The act a question asks when its verb carries another (part of stage 1, analyse): a phase ("start
enforcing"), a need ("has to sign off", "must happen") or a choice ("chose to do"). The carried act is what a
document's sentence states; a needed event ("what has to happen before X") asks for a step still to come, and so
does a state of being unfinished ("which items are still open")."""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.vocabulary import CARRIER_VERBS
from zehn.agent.routing_order import NECESSITY, asks_event

# Verbs of choosing that carry the act chosen ("what did on-call *choose to do*", "which fix did the team *decide to
# apply*"): a document states the act done ("on-call moved traffic"), seldom that it was chosen. Question side only:
# in a document's sentence "decided to X" still says X was decided, not done (the extractor's carriers stay apart).
CHOICE_VERBS = frozenset({"choose", "decide", "opt", "elect"})
# Adjectives that say a task is not done yet: "which follow-ups are still *open*" asks what remains, as "which
# follow-ups remain" does; a document lists them under "Next steps", seldom calling them open.
UNFINISHED = frozenset({"open", "outstanding", "pending", "unresolved", "unfinished", "incomplete", "undone"})


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


def still_to_do(predicate: str, verb: Token | None) -> tuple[str, set[int]]:
    """A copula whose complement says the asked thing is unfinished ("which items are still open / outstanding")
    asks what remains: the verb "remain", and the adjective's token, which names that state and no word of the
    answer. Otherwise ``predicate`` unchanged and no token."""
    if predicate != "be" or verb is None:
        return predicate, set()
    state = next((c for c in verb.children if c.dep_ == "acomp" and c.lemma_.casefold() in UNFINISHED), None)
    return ("remain", {state.i}) if state is not None else (predicate, set())
