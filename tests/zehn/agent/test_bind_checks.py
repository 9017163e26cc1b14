from __future__ import annotations

import pytest

from zehn.agent.bind_checks import mentions_name
from zehn.agent.text_index import TextIndex

TEXT = "The Usage Ledger (UL) product bills tenants. It reads from meter-sink nightly."


@pytest.mark.parametrize("name", [
    "Usage Ledger",  # the whole name
    "Usage Ledger UL product",  # a parse that joined the long name to its short form: the acronym is known
    "meter-sink",
])
def test_a_name_is_known_when_the_text_holds_it_or_its_identifier_or_acronym(name: str) -> None:
    assert mentions_name(TextIndex(TEXT), name)


@pytest.mark.parametrize("name", [
    "meter-source",  # a near miss of an identifier
    "Usage Billing",  # capitalised words that are no acronym or identifier do not count alone
    "Ledger A product",  # one letter is no acronym
])
def test_a_name_is_unknown_when_neither_it_nor_a_distinctive_word_of_it_occurs(name: str) -> None:
    assert not mentions_name(TextIndex(TEXT), name)


def test_required_names_are_the_name_its_identifiers_and_the_phrases_identifier_words() -> None:
    from zehn.agent.bind_checks import required_names
    from zehn.agent.question import SubjectPhrase
    phrase = SubjectPhrase("the load test of the vault-proxy", "load test", "test",
                           terms=("load", "test", "vault-proxy"), identifiers=())
    assert required_names(phrase) == ("load test", "vault-proxy")
