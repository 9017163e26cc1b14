"""A name a document mentions only to deny it answers no question about it; nor does an act the document says cannot
be done. Every line here is our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.denials import barred, denied


def test_a_name_every_mention_of_which_is_denied_is_ruled_out(nlp: Language) -> None:
    assert denied([nlp("The staging and canary clusters are not affected.")], "canary")
    assert denied([nlp("Canary was not touched."), nlp("We did not roll the change to canary.")], "canary")


def test_a_name_stated_once_without_a_denial_is_not_ruled_out(nlp: Language) -> None:
    assert not denied([nlp("Canary was not touched."), nlp("The canary pods restarted at 10:05.")], "canary")
    assert not denied([], "canary")


def test_a_denied_main_verb_rules_out_only_the_names_of_its_own_clause(nlp: Language) -> None:
    assert not denied([nlp("We did not expect that canary would fail so early.")], "canary")
    assert denied([nlp("Developer laptops and production were not affected.")], "production")


def test_an_act_the_document_says_cannot_be_done_is_barred(nlp: Language) -> None:
    core = ("engineer", "pin", "blob", "cache", "hand")
    assert barred(nlp("Pins are made by the release job; engineers cannot pin by hand."), core) == "pin"
    assert barred(nlp("Engineers can't pin a blob by hand."), core) == "pin"
    assert barred(nlp("Engineers pin a blob by hand with the cache tool."), core) is None  # stated, not denied
    assert barred(nlp("The sweeper does not delete a pinned blob."), core) is None  # another verb, no modal
