"""Replies that confirm what was suspected (pure: the line's text only)."""

from __future__ import annotations

import pytest

from zehn.agent.confirmations import confirmed_clause


@pytest.mark.parametrize(("line", "clause"), [
    ("olek: Yes — the schema change dropped the quota rows.", "the schema change dropped the quota rows."),
    ("Confirmed: the nightly job held a stale lock", "the nightly job held a stale lock"),
    ("Nadia Berg: correct, the cache warmer skipped the eu shard", "the cache warmer skipped the eu shard"),
])
def test_the_clause_after_an_affirmation_is_what_the_reply_confirms(line: str, clause: str) -> None:
    assert confirmed_clause(line) == clause


@pytest.mark.parametrize("line", [
    "olek: Yes — on it",
    "Confirmed, thanks",
    "olek: the schema change dropped the default quota rows.",
    "Yesterday — the schema change dropped the default quota rows.",
])
def test_a_bare_affirmation_or_a_line_without_one_confirms_nothing(line: str) -> None:
    assert confirmed_clause(line) == ""
