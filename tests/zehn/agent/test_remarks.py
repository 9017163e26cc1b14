"""Cautions are marked by their form ("note: ...", "warning: ..."), advice against by avoidance ("avoid X", "should
not X"). Every line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.remarks import advised_against, marks_remark, states_avoidance


@pytest.mark.parametrize(("focus", "line", "expected"), [
    ("caution", "ilse (infra): note: draining the pool resets every warm cache, so page the owners first.", True),
    ("warning", "Warning: the purge job deletes snapshots older than a week.", True),
    ("concern", "Be careful when rotating the token, the old one stops at once.", True),
    ("caution", "We drained the pool and the caches warmed again.", False),  # no mark: a plain statement
    ("owner", "note: the owner is the storage team.", False),  # the focus names no remark
])
def test_a_remark_is_known_by_its_mark(focus: str, line: str, expected: bool) -> None:
    assert marks_remark(focus, line) is expected


@pytest.mark.parametrize(("question", "expected"), [
    ("What was advised against for the batch importer?", True),
    ("What did the reviewers warn against during the cutover?", True),
    ("What was advised for the batch importer?", False),  # advice, not advice against
    ("What did the team vote against?", False),  # no verb of advice
])
def test_advice_against_is_read_from_the_verb_and_its_preposition(nlp: Language, question: str,
                                                                  expected: bool) -> None:
    assert advised_against(analyse(question, nlp).asks[0]) is expected


@pytest.mark.parametrize(("line", "expected"), [
    ("Raising the page size would cut calls but slow every reply, so avoid it for interactive clients.", True),
    ("You should not enable retries on the export path.", True),
    ("Don't restart the scheduler while a backfill runs.", True),
    ("Refrain from editing the lock file by hand.", True),
    ("We enabled retries on the export path.", False),
    ("The scheduler did not restart.", False),  # a fact denied, not advice
])
def test_avoidance_is_stated_by_a_verb_of_avoiding_or_a_denied_proposal(nlp: Language, line: str,
                                                                        expected: bool) -> None:
    assert states_avoidance(nlp(line)) is expected
