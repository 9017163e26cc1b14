"""A past act the document states only as planned, required or conditional (part of stage 4, bind).

"Who merged the PR?" and "Did the team roll back the deploy?" ask about an act that happened. A document that
says the act only as one still to be done ("X will merge it", "needs to be approved by Y", "to be reviewed",
"close the ticket if merged", "needs sign-off ahead of launch") does not answer them: whoever it names was
assigned the act, and the act may never have been done. Whether the question asks about the act as done is the
analysis's reading of its ask (:mod:`zehn.agent.asked_time`); the mention's from the auxiliaries, infinitive
marker and subordinators of the act's verb and of the clauses above it.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc, Token

from extraction.vocabulary import PLAN_VERBS
from verify.lexicon import MODAL_ACTS, REQUEST_VERBS
from zehn.agent.clause_shapes import CONDITION_MARKS
from zehn.agent.lemmas import LIGHT_VERBS, SUPPORT_VERBS, inflects
from zehn.agent.question import Ask
from zehn.agent.question_verbs import particle
from zehn.agent.remarks import ADVICE_VERBS

# Subordinators of a clause whose act has not (yet) happened: "if merged", "until approved", "before release",
# "once signed". "when", "whenever" and "after" also introduce clauses of acts that did happen ("after Bob merged it").
_UNREALISED_MARKS = CONDITION_MARKS - {"when", "whenever", "after"}
# Verbs that state an act as owed rather than done, alongside the plan verbs: "needs to approve", "review required".
_OWING_VERBS = PLAN_VERBS | {"need", "require"}
# Clauses whose own mood is read and not their head's: an adverbial or relative clause says its own act.
_OWN_CLAUSES = frozenset({"advcl", "relcl", "ROOT"})
_ARGUMENTS = frozenset({"nsubj", "nsubjpass", "dobj"})
# Particles whose verb has a one-word noun of the act ("roll back" / "rollback", "fail over" / "failover",
# "shut down" / "shutdown", "set up" / "setup", "sign off" / "sign-off").
_PARTICLES = frozenset({"back", "over", "down", "up", "off", "out"})
# Acts done by saying ("who *asked for* a pinned version", "who *warned* against X"): the request or the advice is
# itself the act, and its own words are a bare form or a modal ("Please pin the version", "we should not trust X"), so
# their mood says nothing of whether it was asked or advised. The verbs of advice, of proposal and requirement, and
# of asking (verify.lexicon.REQUEST_VERBS). Not "want": a wish is also written as a condition ("if they want it in
# writing"), and on the tune halves the one question it freed was answered from lines that do not say why.
SAID_ACTS = ADVICE_VERBS | frozenset(MODAL_ACTS) | REQUEST_VERBS


@dataclass(frozen=True)
class PastAct:
    verb: str  # the act's verb lemma ("merge")
    thing: str | None  # the head lemma of what it was done to ("review" of "signed off the security review")
    particle: str | None = None  # the verb's particle ("back" of "rolled back"): its noun is one word ("rollback")


def past_act(question: Doc, ask: Ask) -> PastAct | None:
    """The act an ask is about as done (its time, the analysis's reading of its main verb: "Who merged X?", "who
    has approved X", "Did A roll back B?"), that verb read in the question's parse. None for an ask not in the past,
    a main verb that is not the ask's predicate (a misparse), a negated one, a light verb, or a support verb without
    a particle ("how long a TTL was *put* on X", "who was *given* X"): such a verb lends its object the meaning, and
    documents state the act with another verb ("TTL set to 3600s"), so the support verb's own mentions say nothing
    of whether the act was done ("take over" is an act of its own)."""
    if not ask.time.past or ask.time.verb is None:
        return None
    root = question[ask.time.verb]
    if root.pos_ != "VERB" or root.lemma_.casefold() != ask.predicate or root.lemma_.casefold() in LIGHT_VERBS:
        return None
    if root.lemma_.casefold() in SUPPORT_VERBS and not any(c.dep_ == "prt" for c in root.children):
        return None
    if root.lemma_.casefold() in SAID_ACTS:
        return None
    if unspecific(root):
        return None
    if any(c.dep_ == "neg" for c in root.children):
        return None
    objects = [c for c in root.children if c.dep_ == "dobj"]
    objects += [g for c in root.children if c.dep_ == "prep" and c.i == root.i + 1  # "signed off the review"
                for g in c.children if g.dep_ == "pobj"]
    particle = next((c.lower_ for c in root.children if c.dep_ in ("prt", "advmod") and c.i == root.i + 1 and
                     c.lower_ in _PARTICLES), None)
    return PastAct(root.lemma_.casefold(), objects[0].lemma_.casefold() if objects else None, particle)


# Verbs that name an act only by its kind: "what was *changed* in X", "what was *modified*". A document states such
# an act with its own verb ("set X to true", "removed the task"), so its mentions of the generic word (a plan to
# "change the threshold next quarter") say nothing of whether the asked acts were done. ("carry out" is one too, but
# on the para2 tune half it let a better-ranked wrong document answer where the declined gold ranked second: left out.)
GENERIC_ACTS: frozenset[tuple[str, str | None]] = frozenset({("change", None), ("modify", None), ("alter", None),
                                                             ("adjust", None)})


def unspecific(verb: Token) -> bool:
    """The verb names an act only by its kind (:data:`GENERIC_ACTS`), with its particle where it needs one."""
    lemma = verb.lemma_.casefold()
    return (lemma, None) in GENERIC_ACTS or (lemma, particle(verb)) in GENERIC_ACTS


def unrealised(verb: Token) -> bool:
    """The verb's act is stated as planned, required or conditional: a bare form (an order, a to-do), a modal
    ("will", "should", "must"), an infinitive ("needs to approve", "is going to", "to be approved by"), a
    subordinator of condition ("if merged"), in its own clause or in the clauses it completes ("we will track it
    once merged", "meeting to verify the merged fix")."""
    if verb.tag_ == "VB" and not any(c.lemma_ == "do" and c.tag_ == "VBD" for c in verb.children):
        return True  # a bare form ("merge by Monday", "Merge it after review") never says it happened ("did merge")
    token = verb
    while True:
        children = list(token.children)
        if any(c.dep_ in ("aux", "auxpass") and c.tag_ in ("MD", "TO") for c in children):
            return True
        if any(c.dep_ in ("mark", "advmod") and c.lower_ in _UNREALISED_MARKS for c in children):
            return True
        if token is not verb and token.pos_ in ("VERB", "AUX") and token.lemma_.casefold() in _OWING_VERBS:
            return True
        if token.dep_ in _OWN_CLAUSES or token.head.i == token.i:
            return False
        token = token.head


def states_owed(parse: Doc, predicate: str) -> bool:
    """The sentence states the act of ``predicate`` (its verb, not a light or support verb) and only as owed: a
    to-do ("- Reproduce it in staging"), a plan, a requirement or a condition. Such a line says the act was
    assigned or intended, not done, so it names nobody who did it."""
    if not predicate or predicate in LIGHT_VERBS or predicate in SUPPORT_VERBS:
        return False
    acts = [t for t in parse if t.pos_ in ("VERB", "AUX") and t.lemma_.casefold() == predicate]
    return bool(acts) and all(unrealised(t) for t in acts)


def _stating(parse: Doc, act: PastAct) -> list[Token]:
    """The verbs of the sentence that state the act: its own verb (a participle too: "the merged fix") done to the
    asked thing (:func:`_done_to`)."""
    return [t for t in parse if ((t.pos_ in ("VERB", "AUX") and t.lemma_.casefold() == act.verb) or
            (t.dep_ == "amod" and t.lower_.endswith("ed") and inflects(act.verb, t.lower_))) and _done_to(t, act.thing)]


def _thing_verbs(parse: Doc, thing: str) -> list[Token]:
    """The verbs whose subject or object the thing is, and the participles on it ("review required")."""
    said: list[Token] = []
    for t in parse:
        if t.lemma_.casefold() != thing or t.pos_ not in ("NOUN", "PROPN"):
            continue
        if t.dep_ in _ARGUMENTS and t.head.pos_ in ("VERB", "AUX"):
            said.append(t.head)
        said += [c for c in t.children if c.dep_ in ("acl", "amod") and c.tag_ == "VBN"]
    return said


# What a verb is done to: its object, its passive subject, the object of a particle-like preposition right after it
# ("signed off the review"); a participle is done to the noun it qualifies ("the merged fix").
_DONE_TO = frozenset({"dobj", "nsubjpass"})


def _done_to(verb: Token, thing: str | None) -> bool:
    """The verb is done to the asked thing, to a pronoun that may stand for it ("merged it"), or to nothing named
    ("once merged"); False when every thing it is done to is another ("will merge the config change" for a
    question about a PR): the act on another thing says nothing of the asked one."""
    if thing is None:
        return True
    objects = [c for c in verb.children if c.dep_ in _DONE_TO]
    objects += [g for c in verb.children if c.dep_ == "prep" and c.i == verb.i + 1 for g in c.children
                if g.dep_ == "pobj"]
    if verb.dep_ in ("amod", "acl"):
        objects.append(verb.head)
    # The thing may name the object or qualify it ("PR 412", "the fix PR"): its left words count with it.
    return not objects or any(o.pos_ == "PRON" or any(w.lemma_.casefold() == thing for w in (o, *o.lefts))
                              for o in objects)


def _naming(parse: Doc, act: PastAct) -> list[Token]:
    """The verbs that govern the one-word noun of a verb with a particle ("will coordinate *rollback* of the canary",
    "*Rollback* finished at 10:40"): each says whether the act is done.
    A noun of the act that no verb governs (a heading, "Rollback of v2.") says nothing either way and is skipped."""
    if act.particle is None:
        return []  # a bare noun of the verb ("drops", "mute") is as often the tagger's misreading of a done act
    names = {act.verb + act.particle, f"{act.verb}-{act.particle}"}
    said: list[Token] = []
    for t in parse:
        if t.pos_ not in ("NOUN", "PROPN") or (t.lower_ not in names and t.lemma_.casefold() not in names):
            continue
        head = t.head
        while head.pos_ not in ("VERB", "AUX") and head.head.i != head.i:
            head = head.head
        if head.pos_ in ("VERB", "AUX") and head.i != t.i:
            said.append(head)
    return said


def only_planned(mentions: list[Doc], act: PastAct) -> bool:
    """The sentences state the act (by its verb done to the asked thing; by the verbs over a noun of the act, then by
    what it was done to, only when no sentence has the one before) at least once, and every statement of it is
    unrealised."""
    verbs = [v for m in mentions for v in _stating(m, act)]
    if verbs:
        return all(unrealised(v) for v in verbs)
    if nouns := [v for m in mentions for v in _naming(m, act)]:
        return all(unrealised(v) for v in nouns)
    if act.thing is None:
        return False
    # What the act was done to, said with a verb of its own: that verb may itself owe it ("review required").
    verbs = [v for m in mentions for v in _thing_verbs(m, act.thing)]
    return bool(verbs) and all(unrealised(v) or v.lemma_.casefold() in _OWING_VERBS for v in verbs)
