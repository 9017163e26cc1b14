"""The time horizon a remedy is stated for, and which lines of a remedy section are of another one than asked.

Postmortems and tickets state their remedies by horizon, one labelled line each ("Short-term: ...", "Medium-term
(days): ...", "Long-term fix shipped: ...", "Temporary: ..."). An ask that names a horizon ("what *short-term*
mitigation", "what *permanent* fix") is answered by the lines of that horizon: a line labelled with another one
states another remedy, and citing it spends the word budget on what was not asked.

The words are English: "immediate", "temporary", "interim", "stop-gap" are short; "permanent", "durable" are long.
"""

from __future__ import annotations

import re
from typing import Literal

from extraction.line_breaks import stored_lines
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.speakers import without_speaker

Horizon = Literal["short", "medium", "long"]

_SHORT = r"short(?:er)?[- ]?term|near(?:er)?[- ]?term|immediate|temporary|interim|stop[- ]?gap"
_MEDIUM = r"medium[- ]?term|mid[- ]?term"
_LONG = r"long(?:er)?[- ]?term|permanent|durable"
_WORDS: tuple[tuple[Horizon, re.Pattern[str]], ...] = (
    ("short", re.compile(rf"\b(?:{_SHORT})\b", re.IGNORECASE)),
    ("medium", re.compile(rf"\b(?:{_MEDIUM})\b", re.IGNORECASE)),
    ("long", re.compile(rf"\b(?:{_LONG})\b", re.IGNORECASE)))
# A label that opens the line ("- **Long-term (weeks)**: ...", "3) Short term: ...", "Temporary: ..."): the list
# mark, then at most four words before the colon, the horizon word among them.
_LABEL = re.compile(r"^[\s*+•>#-]*(?:\d+[.)]\s*)?[*_]*(?P<label>[^:\n]{1,60}?)[*_]*\s*:\s")
LABEL_WORDS = 4


def horizon_of(text: str) -> Horizon | None:
    """The horizon the words name (the first one when several do), None when they name none."""
    found = [(m.start(), h) for h, pattern in _WORDS if (m := pattern.search(text))]
    return min(found)[1] if found else None


def line_horizon(line: str) -> Horizon | None:
    """The horizon a line's own opening label names ("Medium-term: ...", "Immediate mitigation in place: ..."); None
    for a line without such a label, whatever horizon its sentence mentions."""
    return next((found for label in line_labels(line) if (found := horizon_of(label)) is not None), None)


def line_labels(line: str) -> tuple[str, ...]:
    """The labels a line opens with, of at most :data:`LABEL_WORDS` words: its first one ("Long-term", or a
    speaker's name) and the one after a speaker's name ("Ines: Longer-term: ...", "Odile: Command output: ...")."""
    out = []
    for text in dict.fromkeys((line, without_speaker(line))):  # a turn's own label follows its speaker's name
        match = _LABEL.match(text)
        if match is not None and len(match["label"].split()) <= LABEL_WORDS:
            out.append(match["label"])
    return tuple(out)


def other_horizon(asked: str, line: str) -> bool:
    """The asked words name a horizon and the line is labelled with another one."""
    want = horizon_of(asked)
    have = line_horizon(line) if want is not None else None
    return have is not None and have != want


def line_of(passages: tuple[DocPassage, ...], sentence: Sentence) -> str:
    """The whole line the sentence stands in: the second sentence of "Long-term: add X. Consider Y." is under the
    line's label too. The sentence's own text when no passage holds it as heading + body."""
    for p in passages:
        if p.start <= sentence.start < p.end and p.aligned:
            at = sentence.start - p.start
            body = p.body
            return next((body[a:b] for a, b in stored_lines(body, p.escaped) if a <= at <= b), sentence.text)
    return sentence.text


def off_horizon(asked: str, passages: tuple[DocPassage, ...], sentence: Sentence) -> bool:
    """The sentence stands in a line labelled with another horizon than the asked words name."""
    return horizon_of(asked) is not None and other_horizon(asked, line_of(passages, sentence))


def of_horizon(asked: str, candidates: list[Sentence], passages: tuple[DocPassage, ...]) -> list[Sentence]:
    """The lines of a remedy section that may answer an ask naming a horizon: those labelled with it, else those
    labelled with none (every line when the ask names none)."""
    want = horizon_of(asked)
    if want is None:
        return candidates
    same = [c for c in candidates if line_horizon(line_of(passages, c)) == want]
    return same or [c for c in candidates if not off_horizon(asked, passages, c)]


def on_horizon(asked: str, passages: tuple[DocPassage, ...], bound: Sentence, pool: list[Sentence]) -> list[Sentence]:
    """The pool an extent grows from, without the lines labelled with another horizon than the asked words name
    (the bound sentence always stays)."""
    return [x for x in pool if x.id == bound.id or not off_horizon(asked, passages, x)]
