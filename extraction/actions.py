"""Numbered action items of a postmortem or meeting: "ACTION 2 (Platform): add a retry budget - owner: Aiko Yamamoto".

Such an item is work still to do, numbered only within its document: no tracker key names it, so, like "3. Add an
alert. Owner team: SRE", it is no entity and its owner owns nothing nameable (the labelling guide of
bench/data/README.md). The line is recognised so that no other line reader takes "ACTION 2 (Platform)" for a label
or "owner: X" for an owner of the document; who owns which item is read from the lines at answer time
(`zehn.agent.action_lines`).
"""

from __future__ import annotations

import re

_ACTION = re.compile(r"^[ \t]*(?:[-*+]\s+)?[*_]*ACTION\s+\d{1,3}[*_]*\s*(?:\([^)\n]{2,40}\))?\s*:", re.I)


def numbered_action(text: str, line: tuple[int, int]) -> bool:
    """Whether the line opens a numbered action item ("- ACTION 2 (Edge): ...")."""
    return _ACTION.match(text[line[0] : line[1]]) is not None
