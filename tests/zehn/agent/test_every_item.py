"""Questions that ask for every follow-up of one incident (pure: the question's words only)."""

from __future__ import annotations

import pytest

from zehn.agent.every_item import every_item_question


@pytest.mark.parametrize("question", [
    "Who owns each follow-up from the storage quota thread?",
    "Who owns the remaining work after the cache purge incident?",
    "Which teams own all the action items of the billing outage review?",
    "Who owns the open tasks from the upgrade retro?",
])
def test_a_word_of_totality_before_a_task_noun_asks_for_every_item(question: str) -> None:
    assert every_item_question(question)


@pytest.mark.parametrize("question", [
    "Who owns the follow-up to rotate the storage keys?",
    "Who owns each region's failover drill?",
    "Which action items remain open after the cache purge incident?",
])
def test_a_question_that_names_one_item_or_no_task_noun_asks_for_one(question: str) -> None:
    assert not every_item_question(question)
