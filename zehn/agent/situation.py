"""The sentences that state the situation a question describes before it asks ("In the March incident where ...,
what ..."): cited after the answer, in what is left of the word budget, so the reader sees which case the answer
belongs to.
"""

from __future__ import annotations

import re

from zehn.agent.lemmas import words
from zehn.agent.list_items import frame
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.sibling_parts import best_framed, one_action_item
from zehn.agent.similarity import Similarity

WORD_BUDGET = 250  # cited words per answer: every ask's answer and the situation together
MIN_SHARE = 40  # an ask's share of the word budget never falls below this many words (nor does the situation's)
SITUATION_TERMS = 3  # a question with this many terms outside its asks describes a situation
SETTING_PASSAGES = 3  # passages nearest to such a question that may state its situation
SETTING_TIERS = 2  # ... and the next as many again while words are left
# A sentence states the situation when it holds at least this many of the question's terms: one word in common (a
# name, a date, "session") is chance, and such lines ("Requesting packet captures.") spend the words of those that
# restate the case.
MIN_HELD = 2
# A machine log record: a timestamp followed by a log level, or several ``key=value`` fields. It repeats the
# question's words (service names, ids) without stating the situation in words a reader can check against the
# question, and costs the budget of the prose that does.
_TIMESTAMP_LEVEL = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}\S*\]?\s+(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|"
                              r"FATAL|CRITICAL)\b")
_FIELD = re.compile(r"(?:^|\s)[A-Za-z_][\w.-]*=\S")
LOG_FIELDS = 3


def log_record(text: str) -> bool:
    """The line is a machine log record (``2026-01-02T03:04:05Z WARN proxy conn=7``, ``user=u1 path=/a status=403``)."""
    return leveled_log(text) or len(_FIELD.findall(text)) >= LOG_FIELDS


def leveled_log(text: str) -> bool:
    """The line is a timestamped log record with a level: a machine's line, never a setting someone chose (``max
    retries=2, base delay=500ms`` states what was set)."""
    return bool(_TIMESTAMP_LEVEL.search(text))


def situation(analysis: Analysis, view: DocView, used: set[str], budget: int,
             similarity: Similarity) -> tuple[Sentence, ...]:
    """When the question describes a situation before it asks ("In the March incident where ..., what ..."), the
    sentences of the passages nearest to the whole question that restate most of the question's terms (at least
    :data:`MIN_HELD`), in what is
    left of the budget, in document order: where the document states the situation the answer belongs to (a
    passage's opening sentence is often a date line or a log entry; the sentence that names the situation is not).
    Machine log records are passed over (:func:`log_record`)."""
    asked = {t for a in analysis.asks for t in a.core}
    if budget < MIN_SHARE or len(set(analysis.terms) - asked) < SITUATION_TERMS:
        return ()
    body = sorted((p for p in view.passages if p.kind == "section" and p.distances),
                  key=lambda p: (p.distances[0], p.start))
    chosen: list[Sentence] = []
    left = budget
    # The nearest passages first; while words are left, the next nearest as many again.
    for tier in range(SETTING_TIERS):
        near = body[tier * SETTING_PASSAGES:(tier + 1) * SETTING_PASSAGES]
        pool = list({s.id: s for p in near for s in view.in_passage(p) if s.kind == "sentence" and
                     s.id not in used and s not in chosen and not log_record(s.text)}.values())
        # A list line counts the words of the item it is nested under ("Each request carries:" / "- tenant"),
        # when that item is the one that best states the situation: the sibling items of an action list ("1. Fix X",
        # "2. Tune Y", each with its owner and ticket) share a word or two with the question, and are other actions.
        framed = {s.id: frame(p, s) for p in near for s in view.in_passage(p)}
        held = best_framed(pool, framed, lambda text: len(similarity.matches(analysis.terms, words(text))))
        pool = one_action_item(pool, held, tuple(near))
        for sentence in sorted(pool, key=lambda s: (-held[s.id], s.start)):
            size = len(sentence.text.split())
            if held[sentence.id] >= MIN_HELD and size <= left:
                chosen.append(sentence)
                left -= size
        if left < MIN_SHARE:
            break
    return tuple(sorted(chosen, key=lambda s: s.start))
