"""Why something was decided, where a document records the decision as a section of its own (part of stage 4).

Decision records list the options they weighed one section each: the heading names the option ("Option B: Let the
service call the store directly"), the first line gives the verdict in the decision's own verb ("Rejected.",
"Rejected as the primary path."), and the lines after it (a list, most often) give the reasons, with no causal
word: the section's structure says they are the reasons. So for "why did X reject <option>", the section whose own
heading names most of the option and whose first line is the asked verb's participle holds the answer; its first
line is bound as a labelled line is, and the extent then reads the reasons below it (:mod:`zehn.agent.extent`).
"""

from __future__ import annotations

from zehn.agent.lemmas import inflects, words
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence, own_heading
from zehn.agent.sentence_binding import Scored
from zehn.agent.similarity import Similarity

_LEAD = "#*_-> \t\n0123456789.)"  # a bullet, a number or emphasis before the verdict word


def verdict_opens(line: str, predicate: str) -> bool:
    """The line opens with the asked verb as a verdict: its past participle or the verb itself ("Rejected.",
    "**Approved** with conditions", "Rejected as the primary path")."""
    said = words(line.lstrip(_LEAD))
    return bool(said) and bool(predicate) and (said[0] == predicate or inflects(predicate, said[0]))


def verdict_sections(ask: Ask, scored_all: list[Scored], view: DocView, used: set[str],
                     similarity: Similarity) -> list[tuple[Sentence, list[Sentence], Scored]]:
    """(first line, section lines, passage) of every section whose own heading holds at least half of the ask's
    core terms besides its verb and whose first body line gives the verdict in that verb. Only for a why-ask with
    a verb: the heading names the option, the verdict line the decision, the rest the reasons."""
    if ask.answer_type != "cause" or not ask.predicate:
        return []
    option = tuple(t for t in ask.core if t != ask.predicate)
    if not option:
        return []
    out = []
    for s_ in scored_all:
        if s_.passage.kind != "section":
            continue
        held = similarity.matches(option, words(own_heading(s_.passage.heading)))
        if 2 * len(held) < len(option):  # half, as a passage must hold half of an ask (PASSAGE_COVERAGE); not tuned
            continue
        pool = [x for x in view.in_passage(s_.passage) if x.kind == "sentence"]
        first = next((x for x in pool if x.id not in used), None)
        if first is not None and verdict_opens(first.text.split("\n")[-1], ask.predicate):
            out.append((first, pool, s_))
    return out
