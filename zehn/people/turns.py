"""Who said a sentence, in documents written as turns (chat, meeting transcripts, comment threads).

A turn is a line that starts with a speaker label, the way chat exports, transcripts and tracker comments write
them: ``Name: text``, ``**Name**: text``, ``**Name** (2026-03-02): text``, ``[10:02] Name: text``. Only a label
that is a capitalised name of one to four words counts (a handle such as ``maya`` cannot be told apart from a
word, so it is not attributed). A sentence on a turn line is that speaker's; a line without a label is nobody's.
The speaker is matched to a person by the whole name, never by a first name alone.
"""

from __future__ import annotations

import re

_LABEL = re.compile(
    r"^\s*(?:[-*]\s+)?(?:\[[^\]\n]{1,40}\]\s*)?(?:\*\*)?"
    r"(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})"
    r"(?:\*\*)?(?:\s*\([^)\n]{1,40}\))?\s*(?:\*\*)?:\s"
)
# First-person commitments, as people write them in chat and meetings ("I'll ...", "I can take ...", "will do").
_COMMITMENT = re.compile(
    r"\b(?:I(?:'|’)ll|I\s+will|I\s+shall|I(?:'|’)m\s+going\s+to|I\s+am\s+going\s+to|"
    r"I\s+can\s+(?:take|pick|own|do|handle|look|follow|share|send)|I(?:'|’)m\s+on\s+it|I(?:'|’)ll\s+take|"
    r"let\s+me\s+(?:take|handle|look|follow|check|fix|own)|"
    r"will\s+do(?=\s*(?:[.,!;:]|$|after\b|by\b|today\b|tomorrow\b|tonight\b|later\b|this\b|next\b)))",
    re.IGNORECASE,
)
# A turn that opens with an acknowledgement takes the work: "on it", "taking this", "mine".
_OPENING = re.compile(r"^\W*(?:on\s+it|taking\s+(?:this|it)|i(?:'|’)ve\s+got\s+(?:this|it))\b", re.IGNORECASE)


def line_bounds(text: str, offset: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return start, len(text) if end < 0 else end


def speaker_of_line(line: str) -> str | None:
    match = _LABEL.match(line)
    return " ".join(match.group("name").split()) if match else None


def speaker_at(text: str, offset: int, body_start: int = 0) -> str | None:
    """The speaker whose turn line holds ``offset`` (None outside the body or on a line without a label)."""
    if offset < body_start:
        return None
    start, end = line_bounds(text, offset)
    return speaker_of_line(text[start:end])


def is_commitment(sentence: str) -> bool:
    """A first-person promise to act (a question is not one); the speaker label, if any, is not read."""
    label = _LABEL.match(sentence)
    spoken = sentence[label.end():] if label else sentence
    if spoken.rstrip().endswith("?"):
        return False
    return _COMMITMENT.search(spoken) is not None or _OPENING.search(spoken) is not None
