"""An act done by saying, stated by the mood of the line that does it (part of stage 4, bind).

"Who asked for full jitter", "who suggested a fallback", "who signed off on the PR": asking, advising and approving
are done by the words themselves, and a review thread or chat writes them without the verb that names them. The
request is "Please use full jitter" or "Can we add a metric?", the advice "we should add a fallback", the approval
"Approved." under the speaker's name. Such a line states the asked act as much as one with its verb would: the
person it names (the turn's speaker, in its header) is the one who did it. Which act is which is the shared
lexicon's: the verbs of asking (:data:`verify.lexicon.REQUEST_VERBS`), of advice and proposal
(:data:`zehn.agent.remarks.ADVICE_VERBS`, the proposal verbs of :data:`verify.lexicon.MODAL_ACTS`) and of approval
(the cues of ``APPROVED`` in :data:`verify.lexicon.CUES`).
"""

from __future__ import annotations

from spacy.tokens import Doc

from verify.lexicon import CUES, MODAL_ACTS, PROPOSAL_MODALS, REQUEST_VERBS
from zehn.agent.lemmas import words
from zehn.agent.remarks import ADVICE_VERBS

_PROPOSING = ADVICE_VERBS | frozenset(v for v, modals in MODAL_ACTS.items() if modals == PROPOSAL_MODALS)
_APPROVING = CUES["APPROVED"]
_ADDRESSED = frozenset({"we", "you"})  # "can we add ...", "could you pin ...": the speaker asks the listeners
_VERDICTS = frozenset({"approved", "lgtm"})  # an approval as a reviewer writes it, a verdict of its own


def says_act(predicate: str, parse: Doc) -> bool:
    """The line does the asked act by its mood: a request for a verb of asking, a request or a proposal for a verb
    of advice, an approval's verdict for a verb of approval."""
    if predicate in REQUEST_VERBS:
        return requests(parse)
    if predicate in _PROPOSING:
        return requests(parse) or proposes(parse)
    if predicate in _APPROVING:
        return any(t.lower_ in _VERDICTS for t in parse)
    return False


def requests(parse: Doc) -> bool:
    """A clause asks the listeners for something: "Please use X", "Can we add X?", "could you pin X"."""
    for t in parse:
        if t.lower_ == "please":
            return True
        if t.tag_ == "MD" and t.lower_ in ("can", "could", "would") and t.head.pos_ in ("VERB", "AUX") and any(
                c.dep_ == "nsubj" and c.lower_ in _ADDRESSED for c in t.head.children):
            return True
    return False


def proposes(parse: Doc) -> bool:
    """A clause proposes an act with a modal of proposal and the speakers as its subject ("we should add X")."""
    return any(t.tag_ == "MD" and t.lower_ in PROPOSAL_MODALS and t.head.pos_ in ("VERB", "AUX") and any(
        c.dep_ == "nsubj" and c.lower_ in _ADDRESSED | {"i"} for c in t.head.children) for t in parse)


def said_act(answer_type: str, predicate: str, parse: Doc) -> tuple[str, ...]:
    """The asked verb, for a who-ask whose act the line does by its mood (:func:`says_act`): the line is read as
    naming the act; else nothing."""
    return (predicate,) if answer_type == "agent" and says_act(predicate, parse) else ()


def may_say(answer_type: str, predicate: str, text: str) -> bool:
    """A cheap look before the parse: a who-ask of an act done by saying, and a word of its mood in the line."""
    if answer_type != "agent" or predicate not in REQUEST_VERBS | _PROPOSING | _APPROVING:
        return False
    said = set(words(text))  # lowercase, edge punctuation stripped ("Approved.", "(LGTM)")
    return bool(said & (_VERDICTS | {"please", "can", "could", "would", *PROPOSAL_MODALS}))
