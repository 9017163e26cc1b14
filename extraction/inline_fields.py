"""Impact fields written inside a line: "<bot>: Incident detected ... . Affected: X (...). Paging on-call." A chat
alert or a status note often strings its fields into one message instead of one per line; a sentence of such a line
that opens with an impact label ("Affected customers:", "Impacted services:", `verify.vocabulary.LABELS` rules of
AFFECTS) is that field, read as the labelled line it would be on a line of its own (`extraction.lines`).

Only impact labels are read so. The other labels that turn up in mid-line ("... Owner: Dana. ETA: Friday.",
"Owning team: SRE.") follow an action item's task sentence; the task has no key of its own, so the owner owns no
nameable thing (the labelling guide of bench/data/README.md) and the line states no relation.
"""

from __future__ import annotations

import re

from verify.vocabulary import label_rule

# A sentence end, then a capitalised label of up to four words and its colon, then a value: the field's start.
_FIELD = re.compile(r"(?<=[.!?])[ \t]+(?P<field>[A-Z][A-Za-z]*(?:[ _-][A-Za-z()]+){0,3}[ \t]*:[ \t]+\S)")
# Where the field's value ends: the end of its sentence (a full stop, "!" or "?" before a space or the line's end).
_SENTENCE_END = re.compile(r"[.!?](?=[ \t]|$)")


def inline_fields(text: str, line: tuple[int, int]) -> list[tuple[int, int]]:
    """The (start, end) of every impact field that opens a sentence inside ``line`` (never at its start: a field
    there is the line's own label, read already)."""
    out = []
    for m in _FIELD.finditer(text, line[0], line[1]):
        label = m.group("field").split(":", 1)[0]
        rule = label_rule(label)
        if rule is None or rule.rel_type != "AFFECTS":
            continue
        start = m.start("field")
        stop = _SENTENCE_END.search(text, start + len(label) + 1, line[1])
        out.append((start, stop.start() + 1 if stop else line[1]))
    return out
