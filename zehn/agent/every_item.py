"""Who owns every follow-up of one incident or thread (part of stage 4, bind).

"Who owns each follow-up from the X thread", "who owns the remaining work after the Y incident": a word of
totality before the task noun asks for the document's whole list of owned items, not for one item named by what
it does (:func:`zehn.agent.action_items.bind_action`, which would find no item holding half of the words, since
they name the scene). The rest of the question's words name the scene; the answer is every owned item of the best
retrieved document whose text holds every scene word (nouns that only name a kind of document, "thread" or
"incident", need not be there). A document that lacks a scene word is about another incident: it answers nothing,
and the single-item reader declines as before.
"""

from __future__ import annotations

from verify.parsing import Parse
from zehn.agent.action_items import DOCUMENTS_READ, TASK_NOUNS, grade_owner, items
from zehn.agent.action_lines import person_test
from zehn.agent.bound import Bound, PathView
from zehn.agent.doc_references import DOCUMENT_KINDS
from zehn.agent.focus import UNFINISHED
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import words
from zehn.agent.question import Analysis
from zehn.agent.retrieve import Views
from zehn.agent.similarity import Similarity

# Words that ask for the whole set of follow-ups when they stand before a task noun: a quantifier, or a state of
# being unfinished ("the *open* follow-ups", carried_acts.UNFINISHED).
_EVERY = frozenset({"each", "every", "all", "remaining"}) | UNFINISHED
_ASKING = frozenset({"who", "own", "owns", "owner", "owners", "responsible", "after", "from", "of", "for", "the",
                     "in", "on"})
MIN_SCENE = 2  # "who owns each follow-up?" alone names no incident


def every_item_question(question: str) -> bool:
    """A word of totality right before a task noun (or before "the" and one): "each follow-up", "all the action
    items", "the remaining work"."""
    said = words(question)
    for n, word in enumerate(said[:-1]):
        after = said[n + 2] if said[n + 1] == "the" and n + 2 < len(said) else said[n + 1]
        if word in _EVERY and (after in TASK_NOUNS or after.removesuffix("s") in TASK_NOUNS):
            return True
    return False


def bind_every(analysis: Analysis, views: Views, similarity: Similarity, nlp: Parse) -> Bound | None:
    """Every owned item of the best document that the question's scene words all describe, else None."""
    if len(analysis.asks) != 1 or not every_item_question(analysis.question):  # a second ask is another reader's
        return None
    focus = {a.focus_head for a in analysis.asks}  # "which *team* owns each follow-up": the answer's kind
    scene = [t for t in dict.fromkeys(analysis.terms) if t not in TASK_NOUNS | _ASKING | focus and
             t.removesuffix("s") not in TASK_NOUNS and not any(e.startswith(t) for e in _EVERY)]  # "remain"
    if len(scene) < MIN_SCENE:
        return None
    for doc_view in views()[:DOCUMENTS_READ]:
        text = words(" ".join([doc_view.info.title, *(s.text for s in doc_view.sentences)]))
        if set(scene) - similarity.matches(scene, text) - DOCUMENT_KINDS:
            continue
        owned = [i for i in items(doc_view, person_test(nlp), frozenset(words(analysis.question))) if i.owners]
        paths: list[PathView] = []
        for item in owned:
            for owner in item.owners:
                graded, line = grade_owner(item, owner, nlp)
                if graded.grade != "insufficient":
                    paths.append(view(owner, owner, (owner, item.what),
                                      [hop(owner, "OWNS", item.what, graded, line, "question")], list(item.cited)))
        if paths:
            return Bound(paths=tuple(paths), document=doc_view.info)
    return None
