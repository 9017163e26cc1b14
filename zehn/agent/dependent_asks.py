"""An ask whose subject is the person an earlier ask asks for (part of stage 4, bind).

English lets a second ask take its subject from the first one's answer: "Who reproduced the fault, and what did
*they* say would change?", "Who asked for X in the review, and what else did *that reviewer* want?". The second
clause's subject is a personal pronoun (they, he, she) or a noun phrase under a demonstrative ("that reviewer",
"this engineer", "the same person"), and it stands for whoever answers the who-ask before it.

When that who-ask was bound in a speaker's turn of a conversation (a comment, a chat message, a review remark:
:mod:`zehn.agent.comment_blocks`), what the person said, wanted or proposed is the rest of that turn. A reply says
"We will add X", not "X would be changed", so the second ask's own words need not be in it: the turn's other
sentences, the speaker's own words, answer it. Only an ask for a description or a list reads the turn this way; a
date or a number asked of them ("when will they ship it") still needs a line that states it.
"""

from __future__ import annotations

from zehn.agent.bound import Finding
from zehn.agent.comment_blocks import turns
from zehn.agent.phrases import SUBJECTS, clause_of
from zehn.agent.question import Analysis, Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence

# Pronouns that stand for a person or group named before (not "it", which stands for a thing).
REFERRING_PRONOUNS = frozenset({"they", "he", "she"})
# Determiners that point back to something already named ("that reviewer", "the same engineer").
POINTING_WORDS = frozenset({"that", "this", "same"})
_DESCRIBED = frozenset({"description", "items"})


def refers_back(analysis: Analysis, ask: Ask) -> bool:
    """The ask is not the first, asks for a description or a list, and its clause's subject points back: a
    personal pronoun, or a noun under a demonstrative or "same"."""
    parse = analysis.parse
    if parse is None or ask.answer_type not in _DESCRIBED or not analysis.asks or ask == analysis.asks[0]:
        return False
    for token in clause_of(parse, ask):
        if token.dep_ not in SUBJECTS:
            continue
        if token.lower_ in REFERRING_PRONOUNS:
            return True
        if token.pos_ in ("NOUN", "PROPN") and any(c.lower_ in POINTING_WORDS for c in token.children
                                                    if c.dep_ in ("det", "amod")):
            return True
    return False


def turn_answer(ask: Ask, earlier: list[Finding], view: DocView, budget: int) -> Finding | None:
    """The rest of the speaker's turn in which the earlier who-ask was bound, as the answer to ``ask`` (None when
    no who-ask was bound in a turn, or the turn says nothing more)."""
    agent = next((f for f in earlier if f.ask.answer_type == "agent"), None)
    if agent is None:
        return None
    bound = agent.bound
    # The last turn the bound sentence reaches: a sentence the splitter ran across a turn's header ("... app ID.'
    # 2026-03-12 - Ana (SRE): 'Reproduced it ...") names its speaker, and says the asked act, in the later turn.
    block = next((b for b in reversed(turns(view)) if b.start < bound.end and bound.start < b.end), None)
    if block is None:
        return None
    rest = [s for s in view.sentences if s.kind == "sentence" and s.id != bound.id and s.start >= block.start and
            block.own(s)]
    kept: list[Sentence] = []
    words = 0
    for sentence in sorted(rest, key=lambda s: s.start):
        words += len(sentence.text.split())
        if kept and words > budget:
            break
        kept.append(sentence)
    if not kept:
        return None
    # Inferred: the turn's structure, not the sentence's words, says it is what the person asked about said.
    return Finding(ask, tuple(kept), "inferred", ("bound_by:speaker_turn",), agent.heading, kept[0])
