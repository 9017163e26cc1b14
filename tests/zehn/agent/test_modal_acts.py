"""A proposal stated by "should" / "let's", a requirement by "must", "has to", "needs to", "is required"."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.modal_acts import modal_states


@pytest.mark.parametrize(("verb", "line", "expected"), [
    ("propose", "Ines: we should also add a lint step for schema changes.", True),
    ("propose", "let's add an alert on queue depth.", True),
    ("suggest", "We ought to pin the base image.", True),
    ("propose", "We added an alert on queue depth.", False),  # done, not proposed
    ("propose", "We should not add another alert.", False),  # a proposal denied
    ("require", "Every bucket must carry an owner tag.", True),
    ("require", "The importer has to run with a lease.", True),
    ("need", "The importer needs to hold a lease.", True),
    ("require", "A signed token is required for every call.", True),
    ("require", "The importer has a lease.", False),
    ("require", "We need a signed waiver in the wiki first.", True),  # the thing needed as the object
    ("require", "The export requires an audit note.", True),
    ("insist", "We need a signed waiver in the wiki first.", True),  # "insist on X" demands X as "require" does
    ("insist", "We have a signed waiver in the wiki.", False),  # possession, no need
    ("require", "We should add a check.", False),  # a proposal states no requirement
    ("deploy", "We should deploy on Monday.", False),  # no act a modal stands for
])
def test_a_modal_states_a_proposal_or_a_requirement(nlp: Language, verb: str, line: str, expected: bool) -> None:
    assert modal_states(verb, nlp(line)) is expected
