"""A section that says what should be written in it states nothing that happened.

Runbooks and KB articles carry the frame of the record to keep: "Closing record (what to note once resolved)",
"Root cause (to be filled in by the owner)", "Postmortem template". Their body lists what to write ("The change
you made, e.g. ..."), not what was done, so their heading names no section role: a question about the fix
must not be answered by the instruction to record one.
"""

from __future__ import annotations

import re

# An aside in the heading that says what to write or do there ("(what to note once resolved)", "(how to fill in)",
# "(to be completed)"), or a heading that names a template or placeholders.
_GUIDE = re.compile(r"\(\s*(?:(?:what|how|which|when)\s+to|to\s+be\s+(?:filled|completed|written|added)|"
                    r"fill(?:ed)?\s+in|placeholder)\b|\btemplates?\b|\bplaceholders?\b", re.IGNORECASE)


def guide_heading(heading: str) -> bool:
    """The passage's own heading (the last of its path) says what to write in it, not what is stated there."""
    return _GUIDE.search(heading.rsplit(" > ", 1)[-1]) is not None
