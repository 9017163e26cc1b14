"""The quality an ask claims of the asked thing: a hyphenated modifier led by a degree adverb ("*exactly-once*
delivery", "*strongly-consistent* reads", "*strictly-ordered* events").

Why: such a modifier is not scene-setting but the asked property itself. "How does the adapter guarantee exactly-once
delivery" is answered only by a document that speaks of exactly-once delivery; the adapter's summary, which holds
the other asked words ("adapter", "delivery", "events"), describes the thing without the quality, and quoting it
answers a question the document never settles (it may say "at-least-once" elsewhere). A document that never writes
the quality, however it joins its parts ("exactly once", "exactly-once"), cannot establish the ask.

Only a modifier whose first part is an English "-ly" adverb (a degree or manner: exactly, strictly, strongly,
eventually) is read this way: a noun-led compound ("preset-reset fix", "run-lifecycle events") names the asked
thing's kind, which a document paraphrases ("the fix for the preset reset"), and is left to the passage scores.
"""

from __future__ import annotations

import re

from spacy.tokens import Span

from zehn.agent.anchors import TIME_WORD
from zehn.agent.text_index import TextIndex

# An "-ly" adverb whose stem has at least four letters ("exact-ly", "strong-ly", "eventual-ly"): shorter stems are
# mostly not adverbs ("early", "only", "daily"; "fully" is left out with them). The stem rule, not a word list.
_LY_ADVERB = re.compile(r"^[a-z]{4,}ly$")
# Frequency adjectives end in "-ly" too ("weekly-rotation", "nightly-build"): they say when, not what quality.
_FREQUENCY = re.compile(r"(?:hour|night|week|month|quarter|year)ly$")


def qualities(clause: Span, core: tuple[str, ...]) -> tuple[str, ...]:
    """The hyphenated modifiers of the clause's core led by a degree adverb, lower-cased, in order."""
    out = []
    for t in clause:
        text = t.text.casefold()
        first, sep, rest = text.partition("-")
        if not sep or not rest[:1].isalpha() or t.lemma_.casefold() not in core or TIME_WORD.search(text):
            continue
        modifier = t.pos_ in ("ADJ", "ADV") or t.dep_ in ("amod", "advmod", "acomp")
        if modifier and _LY_ADVERB.match(first) and not _FREQUENCY.search(first):
            out.append(text)
    return tuple(dict.fromkeys(out))


def unheld_quality(asked: tuple[str, ...], index: TextIndex) -> str | None:
    """The first asked quality the document never writes (separator-blind: "exactly once" holds "exactly-once");
    None when it writes every one, or the ask claims none."""
    return next((q for q in asked if not index.mentions(q)), None)
