"""Which lines of a conversation state what was done, when an answer cites the lines around its bound one.

A chat log or a meeting transcript is one block of one line per message, so the extent (:mod:`zehn.agent.extent`)
ranks its lines by how much of the question they hold. The lines that restate the topic hold the most of its words,
while the turns that do the asked act say it in their own words ("Deploying to the other hosts one by one" for
"how was it deployed"). Three things people write in a thread tell the lines apart:

- the act is said with the asked verb in another form ("deploying", "deployed", "redeploy"): the embeddings' word
  similarity (:meth:`zehn.agent.similarity.Similarity.matches`) tells it, with no list of words;
- a pasted tool output ("Command output: ...", "Results: ...", "Output: ...") shows that the act ran; the
  line before it states the act, so the pasted line comes after the other lines;
- a line labelled with a later horizon ("Ines: Longer-term: add a contract test", "Long-term: ...") states planned
  work, not what was done, so for an ask about what was done ("how was X mitigated") it comes after the other lines too.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from zehn.agent.horizons import horizon_of, line_labels
from zehn.agent.lemmas import LIGHT_VERBS, words
from zehn.agent.question import Ask
from zehn.agent.similarity import Similarity

ACT_WEIGHT = 2  # the asked act said in a line counts as two of the question's words
LATER = 100  # a pasted output or a planned line ranks after every other line of the block
# The last word of a label that introduces text pasted from a tool rather than said by the writer.
_PASTED = re.compile(r"\b(?:output|outputs|results?|response|snippet|stdout|stderr|logs?)\W*$", re.IGNORECASE)


def pasted_output(line: str) -> bool:
    """The line opens with a label that introduces a tool's output ("Ines: Command output: `...`")."""
    return any(_PASTED.search(label) for label in line_labels(line))


def planned(line: str) -> bool:
    """Any label of the line names the long horizon ("Ines: Longer-term: ...", "Long-term: ..."): unlike
    :func:`zehn.agent.horizons.line_horizon` (the first label that names one), a later long label counts too."""
    return any(horizon_of(label) == "long" for label in line_labels(line))


def asks_done(ask: Ask) -> bool:
    """The ask is about what was done (its time, :mod:`zehn.agent.asked_time`: "how *was* it mitigated", "what *has*
    been rolled out") and names no horizon of its own (an ask for the long-term fix wants the planned line)."""
    return ask.time.past and horizon_of(ask.text) is None


def line_weight(ask: Ask, content: frozenset[str], similarity: Similarity) -> Callable[[str, str], int]:
    """How far up a line of the bound one's block goes (higher first): the question's words it holds, the asked
    act it says (:data:`ACT_WEIGHT`), less :data:`LATER` for a pasted output or, when the ask is about what was
    done, a planned line. Called with the sentence's text and its whole line's text."""
    act = (ask.predicate,) if ask.predicate and ask.predicate not in LIGHT_VERBS else ()
    done = asks_done(ask)

    def weight(text: str, line: str) -> int:
        held = words(text)
        score = len(content.intersection(held))
        if act and similarity.matches(act, held):
            score += ACT_WEIGHT
        if pasted_output(line) or (done and planned(line)):
            score -= LATER
        return score
    return weight
