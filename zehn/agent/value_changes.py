"""A line that states a value going from one number to another states the rise or fall a question asks about.

"How much did errors fall?" is answered in incident notes by "error rate 6.1% -> 1.3%" or "latency went from 800 ms
to 120 ms": the change is written as its two ends, without the question's verb ("fall", "drop", "rise"). Such a
line states the asked verb when its two numbers move the way the verb says (a fall needs the second lower); a line
whose value moved the other way does not state it.
"""

from __future__ import annotations

import re

FALL_VERBS = frozenset({"fall", "drop", "decline", "decrease", "shrink", "dip", "sink", "plunge", "reduce", "lower",
                        "cut"})
RISE_VERBS = frozenset({"rise", "increase", "grow", "climb", "jump", "spike", "raise", "surge", "balloon"})

_NUMBER = r"(\d[\d,]*(?:\.\d+)?)"
# "6.1% -> 1.3%", "900ms → 150ms", "from 21.5k to 7.2k" (a unit or a magnitude letter may follow each number).
_CHANGE = re.compile(rf"(?:\bfrom\s+)?{_NUMBER}\s*[a-z%/]*\s*(?:->|→|=>|⇒|\bto\b)\s*{_NUMBER}", re.IGNORECASE)
_ARROW_OR_FROM = re.compile(r"->|→|=>|⇒|\bfrom\b", re.IGNORECASE)


def changed(predicate: str, text: str) -> tuple[str, ...]:
    """``(predicate,)`` when the line states a change of value in the verb's direction, else ``()``: read with the
    line's words, it stands for the verb the line does not write."""
    if predicate not in FALL_VERBS and predicate not in RISE_VERBS:
        return ()
    for found in _CHANGE.finditer(text):
        if not _ARROW_OR_FROM.search(text[max(0, found.start() - 6):found.end()]):
            continue  # "scaled to 3" is no change between two values; "from 2 to 3" and "2 -> 3" are
        before, after = (float(n.replace(",", "")) for n in found.groups())
        if (after < before) == (predicate in FALL_VERBS) and after != before:
            return (predicate,)
    return ()
