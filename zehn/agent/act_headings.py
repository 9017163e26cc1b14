"""A section whose own heading names the asked act is where the document answers "how do you X" / "what must never
be X-ed" (part of stage 4, :mod:`zehn.agent.find_passage`).

Tickets, runbooks and support pages give a procedure or a rule a section of its own, headed with the act it is
about, often as a noun or a bare infinitive: "Steps to reproduce" / "reproduction_steps" for "how do you reproduce
X", "What NOT to request" for "what must Support never request". The lines under such a heading are bare steps or
list items that seldom repeat the question's words, so the passage vectors may rank the section far down, and no
line of it binds by its words alone. So for a description or a list whose verb is a content verb, the first line
of a section whose own heading names that verb (the same lemma, an inflection or a derivation) is bound as a
labelled line is, and the extent then reads the section: only in a document that holds most of the ask's terms and
its names (which X's procedure), as :func:`zehn.agent.find_passage._headed` reads a section headed with the asked
thing's name.

A heading names the act in the ask's own polarity: "What NOT to request" answers "what must never be requested",
not "what should be requested"; "Request outputs" answers the latter, not the former. The document's title is no
such heading: it names what the whole document is about.
"""

from __future__ import annotations

import re

from zehn.agent.focus import heading_words
from zehn.agent.lemmas import LIGHT_VERBS, SUPPORT_VERBS
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence, own_heading
from zehn.agent.sentence_binding import PASSAGE_COVERAGE, Scored
from zehn.agent.sentence_checks import header_field
from zehn.agent.similarity import Similarity

# A heading that denies the act: "What NOT to request", "Never restart ...", "Don't ..." (English negators).
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n['’]t\b", re.IGNORECASE)
# Answer types read by such a section: a procedure or a rule is a description, or a list of what is done.
_READ_BY_ACT = frozenset({"description", "items"})


def heading_negated(heading: str) -> bool:
    """The heading says what is not done ("What NOT to request", "Don't retry")."""
    return _NEGATED.search(heading) is not None


def heads_act(ask: Ask, heading: str, similarity: Similarity) -> bool:
    """The section's own heading names the ask's act, in the ask's polarity: "reproduction_steps" for "how do you
    reproduce X", "What NOT to request" for "what must never be requested". A light verb ("do", "use") or a verb that
    lends its object the meaning ("take", "go") names no act of its own."""
    act = ask.predicate
    if not act or act in LIGHT_VERBS or act in SUPPORT_VERBS:
        return False
    return bool(similarity.matches((act,), sorted(heading_words(heading)))) and \
        heading_negated(own_heading(heading)) == ask.negated


def act_sections(ask: Ask, scored_all: list[Scored], view: DocView, used: set[str],
                 similarity: Similarity) -> list[tuple[Sentence, list[Sentence], Scored]]:
    """(first line, section lines, passage) of every section whose own heading names the asked act
    (:func:`heads_act`), wherever the vectors rank it; only for a description or a list, and only in a document that
    holds most of the ask's terms and its names."""
    if ask.answer_type not in _READ_BY_ACT:
        return []
    title = (view.info.title or "").strip().casefold()
    out = []
    for s_ in scored_all:
        coverage, names = s_.document
        if s_.passage.kind != "section" or coverage < PASSAGE_COVERAGE or not names or \
                own_heading(s_.passage.heading).strip().casefold() == title or \
                not heads_act(ask, s_.passage.heading, similarity):
            continue
        pool = [x for x in view.in_passage(s_.passage) if x.kind == "sentence"]
        # A mail's header fields ("From: ...", "Subject: ...") say which message it is, not what it says.
        first = next((x for x in pool if x.id not in used and not header_field(x.text)), None)
        if first is not None:
            out.append((first, pool, s_))
    return out
