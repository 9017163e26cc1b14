"""A name a document mentions only to deny it answers no question about it. Every line here is our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.denials import denied


def test_a_name_every_mention_of_which_is_denied_is_ruled_out(nlp: Language) -> None:
    assert denied([nlp("The staging and canary clusters are not affected.")])
    assert denied([nlp("Canary was not touched."), nlp("We did not roll the change to canary.")])


def test_a_name_stated_once_without_a_denial_is_not_ruled_out(nlp: Language) -> None:
    assert not denied([nlp("Canary was not touched."), nlp("The canary pods restarted at 10:05.")])
    assert not denied([])
