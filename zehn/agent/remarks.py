"""Cautions and advice against: statements of a kind that documents mark by their form, not by the question's noun.

- "What **caution** / **warning** / **caveat** was raised": chats, tickets and runbooks rarely write the noun; they
  mark the remark ("note: ...", "Warning: ...", "heads-up: ...", "be careful ...", "beware ..."). Such a mark stands
  for the focus noun in :func:`zehn.agent.sentence_binding.bind_sentence`.
- "What was **advised / recommended / warned against**": the advice is stated as avoidance ("avoid X", "refrain
  from X") or as a proposal denied ("should not X", "don't X"), not with the question's verb; and a negated
  sentence is then the answer, not a denial of it.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from verify.lexicon import PROPOSAL_MODALS, REQUIREMENT_MODALS
from zehn.agent.question import Ask

# Nouns that name a remark of caution (English; the words a question asks with).
REMARK_NOUNS = frozenset({"caution", "warning", "caveat", "concern", "precaution", "reminder", "heads-up"})
# The marks documents put on such a remark: a label ("note:", "warning:", "NB:", "heads up:") or a word of care.
_MARKED = re.compile(r"\b(?:note|nb|warning|caution|caveat|heads[- ]?up|reminder|important|fyi)\s*:|"
                     r"\b(?:careful|beware|watch out|caution)\b", re.IGNORECASE)
# Verbs of advice: "advised against X" asks what is to be avoided.
ADVICE_VERBS = frozenset({"advise", "recommend", "warn", "caution", "suggest", "argue", "counsel"})
_AVOID = frozenset({"avoid", "refrain", "forgo", "forego"})
_ADVICE_MODALS = PROPOSAL_MODALS | REQUIREMENT_MODALS


def marks_remark(focus_head: str, text: str) -> bool:
    """The sentence is marked as the kind of remark the focus noun names ("note: disabling X changes Y")."""
    return focus_head in REMARK_NOUNS and _MARKED.search(text) is not None


def advised_against(ask: Ask) -> bool:
    """"What was advised against", "what did X warn against": a verb of advice with "against"."""
    return ask.predicate in ADVICE_VERBS and re.search(r"\bagainst\b", ask.text, re.IGNORECASE) is not None


def states_avoidance(parse: Doc) -> bool:
    """The sentence says something is to be avoided: "avoid X", "refrain from X", "X should not / must never be
    done", "don't X"."""
    for t in parse:
        if t.lemma_.casefold() in _AVOID and t.pos_ in ("VERB", "AUX"):
            return True
        if t.dep_ == "neg" and any((c.tag_ == "MD" and c.lower_ in _ADVICE_MODALS) or  # "should not", "don't"
                                   (c.lemma_ == "do" and c.i == parse[0].i) for c in t.head.children):
            return True
    return False
