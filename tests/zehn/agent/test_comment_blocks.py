"""A comment's act is negated only where a negation word qualifies the act, not a noun inside a prepositional
phrase (sentences written for this test)."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.comment_blocks import act_negated


@pytest.mark.parametrize("text", ["Did not run the canary in the east region.", "Never restarted the indexer.",
                                  "We didn't roll back the release.", "Deployed no changes to the gateway."])
def test_a_negated_act_is_negated(nlp: Language, text: str) -> None:
    assert act_negated(nlp(text))


@pytest.mark.parametrize("text", ["Ran the canary in the west region for two hours with no errors.",
                                  "Restarted the indexer without any data loss and with no alerts."])
def test_a_negation_inside_a_prepositional_phrase_leaves_the_act_stated(nlp: Language, text: str) -> None:
    assert not act_negated(nlp(text))
