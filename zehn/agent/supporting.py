"""A second document for the asks the answering document does not state.

Enterprise writing spreads one case over several documents: the postmortem states the cause and the fix, the
runbook or spec it follows states the fields to collect or the events to emit. When the document chosen to answer
(:mod:`zehn.agent.bind_passages`) establishes some asks and not others, each missing ask is bound, by the same
rules, in the other documents retrieval read for the question, best first, and answered from the first that
states it, provided that document

1. passed every check the answering document passed (:mod:`zehn.agent.documents`: anchors, constraints) and
   mentions a resolved subject whenever the answering document does;
2. is near the question: its retrieval score is at least :data:`SUPPORT_NEAR` of the answering document's;
3. states the ask in its own sentence or labelled line (graded ``source_backed``). A section heading alone
   ("Root cause", "Mitigation") is not enough here: every incident document has one, and another incident's
   remedy is how wrong answers are made.

A near document adds nothing to an ask the answering document states, even only in its overview: on the tune
halves every such addition came from another case (the answering document merely mentioned the asked thing, and so
did the near one). A document of the same case (:mod:`zehn.agent.links`) adds its own statement of every ask.

The answering document still decides whether there is an answer at all: a second document never answers a
question on its own. Its words come out of the budget the situation sentences would have used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from zehn.agent.bound import Bound, Finding
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.situation import MIN_SHARE, WORD_BUDGET

# A second document must be at least this near to the question, as a share of the answering document's score.
# Chosen, not fitted: retrieval's scores for the documents of one case sit together, another topic's well below.
# Checked again on the similarity-plus-word-match score (doc_scores.exact_scores), tune halves of the questions,
# facts2 and nearmiss: 0.7, 0.8 and 0.85 gave the same answer to every question; at 0.9 and above one answer lost a
# second document that added no fact (a document sitting near 0.9 of the answering one's score), so 0.85 is kept
# inside the flat range rather than moved to that edge.
SUPPORT_NEAR = 0.85

BindAsk = Callable[[Ask, DocView, int], Finding | None]  # (ask, document, word budget) -> finding
Accept = Callable[[Finding, DocView], bool]  # whether a document's finding may answer the ask


def _words(sentences: tuple[Sentence, ...]) -> int:
    return sum(len(s.text.split()) for s in sentences)


def supported(bound: Bound, answering: DocView, others: list[DocView], bind: BindAsk) -> Bound:
    """``bound`` with each ask also answered from a document of the same case (:attr:`DocView.linked`), and each
    missing ask answered from the first near document that states it."""
    if not bound.findings or bound.document is None:
        return bound
    cited = sum(_words(f.sentences) for f in bound.findings)
    linked = list(answering.linked)
    asks = list(dict.fromkeys((*(f.ask for f in bound.findings), *bound.missing))) if linked else []
    added, cited, _ = _answer_each(asks, linked, cited, MIN_SHARE, bind, lambda found, view: True)
    answered = {f.ask for f in added}
    near = [v for v in others if v.info.id != answering.info.id and v.mentions_subject >= answering.mentions_subject
            and v.score >= SUPPORT_NEAR * answering.score]
    left = [a for a in bound.missing if a not in answered]
    more, cited, unstated = _answer_each(left, near, cited, 0, bind,
                                         lambda found, view: found.grade == "source_backed")
    added += more
    if not added:
        return bound
    return replace(bound, findings=(*bound.findings, *added), missing=tuple(unstated),
                   setting=_within(bound.setting, WORD_BUDGET - cited))


def _answer_each(asks: list[Ask], views: list[DocView], cited: int, floor: int, bind: BindAsk,
                 accept: Accept) -> tuple[list[Finding], int, list[Ask]]:
    """Each ask answered from the first of ``views`` that states it as ``accept`` requires, in what is left of the
    word budget shared among the asks still to answer (at least ``floor`` words each; none left: not looked for).
    Returns the findings (each naming its document), the words cited in all, and the asks no view states."""
    found_all: list[Finding] = []
    unstated: list[Ask] = []
    for n, ask in enumerate(asks):
        share = max(floor, (WORD_BUDGET - cited) // (len(asks) - n))
        found = next((replace(f, document=view.info) for view in (views if share else [])
                      if (f := bind(ask, view, share)) is not None and accept(f, view)), None)
        if found is None:
            unstated.append(ask)
            continue
        found_all.append(found)
        cited += _words(found.sentences)
    return found_all, cited, unstated


def _within(setting: tuple[Sentence, ...], left: int) -> tuple[Sentence, ...]:
    """The situation sentences that fit what is left of the budget after every ask's answer, in order."""
    out: list[Sentence] = []
    for sentence in setting:
        size = len(sentence.text.split())
        if size <= left:
            out.append(sentence)
            left -= size
    return tuple(out)
