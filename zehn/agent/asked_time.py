"""When the asked act happens: done (past), still to come (planned), or not said (unmarked). Read once per ask.

Three stages need it: a document that names a day only as a deadline does not hold a question about what happened
that day (:mod:`zehn.agent.documents`); an act a document states only as still to be done does not answer a
question about it as done (:mod:`zehn.agent.past_acts`); a chat line labelled with a later horizon is not what was
done (:mod:`zehn.agent.chat_lines`). English marks the time on the ask's main verb, so that is where it is read:

- **past**: the verb in the past tense ("who *merged* X", "what *was* the root cause"), under a past auxiliary
  ("*did* A roll back B", "how *was* it mitigated", "*had* X failed"), in the present perfect ("who *has*
  approved X", "*have* the changes *been* rolled out") or a modal perfect ("what *could have* caused X");
- **planned**: an auxiliary of the future ("*will*", "*shall*", "'ll"), "be going to", a plan verb in the present
  ("what *is planned*", "who *intends* to ..."), or, on a verb in the present, a time to come ("which release
  ships *next week*", "*tomorrow*", "*upcoming*");
- **unmarked**: anything else: the present ("who *approves* X"), another modal ("what *should* on-call apply",
  "where *can* logs be exported").

A verb in the present with a time gone by ("who owns X since *last week*", "*yesterday*") is past. Only the ask's
own clause counts: a verb in a relative clause or in a scene set before the wh-word ("In the incident where admins
*couldn't* rotate keys, which team *owns* X") tells when that scene happened, not when the asked act does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from spacy.tokens import Span, Token

from extraction.vocabulary import FUTURE_AUXILIARIES, NEXT_PERIODS

When = Literal["past", "planned", "unmarked"]
# A time gone by or to come, said in words ("two days ago", "last week", "next sprint", "upcoming").
# ("the *last* release" is the latest one, not a time gone by: only a span of time counts after "last").
_GONE = re.compile(r"\b(?:yesterday|ago|last\s+(?:night|week|month|quarter|year|sprint))\b", re.IGNORECASE)
_COMING = re.compile(r"\b(?:tomorrow|upcoming|next\s+(?:time|" + "|".join(NEXT_PERIODS) + r"))\b", re.IGNORECASE)
_AUXILIARIES = frozenset({"aux", "auxpass"})
_FINITE = frozenset({"VBD", "VBZ", "VBP"})  # an auxiliary in a tense ("did", "is", "has"; not "be", "been")
# Clauses under the main one: their words tell when their own act happens ("the key that *was* rotated").
_CLAUSES = frozenset({"advcl", "relcl", "acl", "ccomp", "csubj", "pcomp", "conj", "xcomp", "parataxis"})
# Verbs whose present says the act is to come ("what *is planned* for X", "who *intends* to ...").
_PLANNING = frozenset({"plan", "intend", "schedule"})


@dataclass(frozen=True)
class AskedTime:
    """When the ask's act happens, with the words it was read from (``evidence``, as written: "did", "has been",
    "will", "next week"; for an unmarked ask its present auxiliary or modal, if any) and the position of the
    clause's main verb in the parse the analysis keeps (``verb``; None when the tagger read no verb there)."""

    when: When
    evidence: str = ""
    verb: int | None = None

    @property
    def past(self) -> bool:
        return self.when == "past"


UNMARKED = AskedTime("unmarked")


def clause_head(clause: Span) -> Token:
    """The clause's highest word: its main verb (the copula too: "what *was* the cause"), or the word the tagger read
    in its place ("what did PR 12 *break*" read as a noun). Of two sentences' roots, the later: the question follows
    the scene it sets ("X failed at noon. Who is paged?")."""
    def rank(token: Token) -> tuple[int, int]:
        depth = sum(1 for _ in token.ancestors)
        return depth, -token.i if depth == 0 else token.i
    return min(clause, key=rank)


def _own(token: Token, head: Token) -> bool:
    """The token is in the head's own clause, not in a clause under it ("before the key *could* be trusted")."""
    while token.i != head.i and token.head.i != token.i:
        if token.dep_ in _CLAUSES:
            return False
        token = token.head
    return True


def _fronted(clause: Span) -> Token | None:
    """The auxiliary a question fronts, among the first words after the wh-word ("what *did* PR 12 break"), however
    the parser attached it (it reads "did" as a clause of its own when the subject is a long name)."""
    return next((t for t in [t for t in clause if not t.is_punct][1:4] if t.pos_ == "AUX" and (
        t.tag_ == "MD" or t.tag_ in _FINITE)), None)


def asked_time(clause: Span) -> AskedTime:
    """When the clause's act happens (see the module): read from the first finite auxiliary of its own clause (the
    tagger reads "did", "was", "will" well even where it misreads the verb), else from its main verb, else from its
    words."""
    head = clause_head(clause)
    verb = head.i if head.pos_ in ("VERB", "AUX") else None
    own = [t for t in clause if _own(t, head)]
    finite = next((t for t in own if t.tag_ == "MD" or (t.dep_ in _AUXILIARIES and t.tag_ in _FINITE)), None) or \
        _fronted(clause)
    if finite is not None and finite.tag_ == "MD":
        if finite.lower_ in FUTURE_AUXILIARIES:
            return AskedTime("planned", finite.text, verb)
        have = next((t for t in own if t.lemma_ == "have" and t.i > finite.i and t.dep_ in _AUXILIARIES), None)
        if have is not None:
            return AskedTime("past", f"{finite.text} {have.text}", verb)  # "what could have caused it"
        return AskedTime("unmarked", finite.text, verb)
    if finite is not None and finite.tag_ == "VBD":
        return AskedTime("past", finite.text, verb)  # "did", "was", "were", "had"
    if finite is not None and finite.lemma_ == "have":
        return AskedTime("past", " ".join(t.text for t in own if t.dep_ in _AUXILIARIES and t.i >= finite.i), verb)
    if head.lemma_ == "go" and head.tag_ == "VBG" and any(c.dep_ == "xcomp" for c in head.children):
        return AskedTime("planned", "going to", verb)  # "who is going to roll back X"
    if finite is None and head.tag_ == "VBD":
        return AskedTime("past", head.text, verb)  # "who *merged* X", "what *was* the cause"
    if head.lemma_ in _PLANNING and verb is not None:
        return AskedTime("planned", head.text, verb)  # "what is planned", "who intends to ..."
    return _by_words(clause, verb, finite.text if finite is not None else "")


def _by_words(clause: Span, verb: int | None, present: str) -> AskedTime:
    """A verb in the present (or none) takes its time from a time expression of the clause, if it says one."""
    if (gone := _GONE.search(clause.text)) is not None:
        return AskedTime("past", gone.group(), verb)
    if (coming := _COMING.search(clause.text)) is not None:
        return AskedTime("planned", coming.group(), verb)
    return AskedTime("unmarked", present, verb)
