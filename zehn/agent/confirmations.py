"""A reply that confirms what was suspected: "Yes — the migration dropped the overrides", "Confirmed: X had Y".

In incident threads a cause is often proposed as a question ("did yesterday's change touch the quota schema?") and
stated by the reply that confirms it, with no causal word: the affirmation is what makes the clause after it the
established explanation. Such a line opens with an affirmation, then a dash, colon or comma, then a clause of its
own (a bare "Yes." or "Confirmed, thanks" states nothing).
"""

from __future__ import annotations

import re

from zehn.agent.speakers import without_speaker

# After the speaker's label (:func:`zehn.agent.speakers.without_speaker`): an affirmation, a dash, colon or comma.
_CONFIRMED = re.compile(r"^\s*(?:yes|yep|yeah|confirmed|correct|indeed|right)\b[^\w\n]{0,3}\s*[—–:,-]\s*"
                        r"(?P<rest>\S.*)$", re.I | re.S)
MIN_WORDS = 4  # "Yes — that's it" states no cause of its own


def confirmed_clause(text: str) -> str:
    """What the line confirms (the clause after the affirmation), or "" when it confirms nothing."""
    m = _CONFIRMED.match(text) or _CONFIRMED.match(without_speaker(text))  # "Confirmed: ..." is no speaker
    if m is None:
        return ""
    rest = m.group("rest").strip()
    return rest if len(rest.split()) >= MIN_WORDS else ""
