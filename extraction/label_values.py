"""Where a labelled line's value ends and what a verb-led value states: a second "Label: value" pair after the
first one's sentence, a value written as a subjectless clause ("Scope: Affects X"), and which dashed or passive
labels the label table knows (used by :mod:`extraction.lines`)."""

from __future__ import annotations

import re

from extraction.line_shapes import DASHED_LABEL
from verify.vocabulary import LABELS, LabelRule, label_rule

# A second "Label: value" pair after the first one's sentence ends ("Account: X (note). Champion: Y"): the first
# value stops at that full stop.
NEXT_LABEL = re.compile(r"[.;]\s+[*_]*[A-Z][\w ()/&'\-]{0,40}?[*_]*:\s")


def next_label(text: str, start: int, end: int) -> int:
    m = NEXT_LABEL.search(text, start, end)
    return end if m is None else m.start()


# A value that opens with a verb in the third person, its subject left out as notes write it ("Affects X", "Depends
# on Y", "Reads from Z"), and the label rule each such verb states. Only active verbs whose object follows.
VALUE_VERB = re.compile(r"[*_`]*(?P<verb>[A-Za-z]+s(?: (?:on|from|to|into|with))?)\b[ \t]+(?:the[ \t]+)?")
VERB_RULES: dict[str, LabelRule] = {
    **dict.fromkeys(("affects", "impacts"), LABELS["affected"]),
    **{k: LABELS[k] for k in ("uses", "calls", "consumes", "produces", "blocks", "replaces", "supersedes",
                              "depends_on", "reads_from", "writes_to", "publishes_to", "talks_to", "emits",
                              "subscribes_to", "requires")},
}


def known_label(m: re.Match[str]) -> bool:
    """A dashed label the table knows; a passive label ("Reported by") of a role people hold."""
    rule = label_rule(m.group("label"))
    return rule is not None and (m.re is DASHED_LABEL or rule.value_type == "Person")
