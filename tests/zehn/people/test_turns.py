"""Speaker labels of chat, transcript and comment lines, and what reads as a first-person commitment."""

from __future__ import annotations

import pytest

from zehn.people.turns import is_commitment, speaker_at, speaker_of_line


@pytest.mark.parametrize(("line", "speaker"), [
    ("Odile Brandt: I'll write the notes.", "Odile Brandt"),
    ("**Odile Brandt** (2026-05-05): The duplicate comes from the summary block.", "Odile Brandt"),
    ("**Yusuf Demir**: Approved once the subtotal lines are back.", "Yusuf Demir"),
    ("[10:02] Henrik Dahl: First item.", "Henrik Dahl"),
    ("maya: I'm on it", None),  # a handle cannot be told apart from a word
    ("Customer impact: at least one enterprise customer", None),
    ("The cache key includes the grid version.", None),
])  # fmt: skip
def test_speaker_labels(line: str, speaker: str | None) -> None:
    assert speaker_of_line(line) == speaker


def test_speaker_at_reads_the_line_of_the_offset_and_nothing_before_the_body() -> None:
    text = "---\ntitle: x\n---\nOdile Brandt: first.\nplain line\n"
    assert speaker_at(text, text.index("first")) == "Odile Brandt"
    assert speaker_at(text, text.index("plain")) is None
    assert speaker_at(text, text.index("first"), body_start=len(text)) is None


@pytest.mark.parametrize(("sentence", "expected"), [
    ("Odile Brandt: I'll write the migration notes by Friday.", True),
    ("Yes, I will draft a short memo.", True),
    ("Ingrid Solberg: on it, will do after standup", True),
    ("Will do.", True),
    ("I can take the follow-up.", True),
    ("Can I take it?", False),
    ("This depends on it.", False),
    ("This will do nothing for latency.", False),
    ("The summary block prints one total.", False),
])  # fmt: skip
def test_commitments(sentence: str, expected: bool) -> None:
    assert is_commitment(sentence) is expected
