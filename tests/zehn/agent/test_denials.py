"""A name a document mentions only to deny it answers no question about it; nor does an act the document says cannot
be done. Every line here is our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.denials import barred, denied, polar_clauses, whether


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


def test_a_denial_that_offers_another_way_bars_nothing(nlp: Language) -> None:
    core = ("rotate", "api", "key", "console")
    assert barred(nlp("You cannot rotate the API key from the console; use the CLI."), core) is None
    assert barred(nlp("You cannot rotate the API key from the console."), core) == "rotate"


def test_a_denial_bars_only_the_subject_the_question_asks_about(nlp: Language) -> None:
    core = ("approve", "production", "deploy")
    said = nlp("Engineers cannot approve their own production deploys.")
    assert barred(said, core, "engineers") == "approve"
    assert barred(said, core, "managers") is None
    assert barred(nlp("You cannot approve production deploys."), core, "I") == "approve"  # any person


def test_only_a_yes_no_question_is_ruled_out_by_what_cannot_be_done() -> None:
    assert whether("Can I rotate the API key?") == "I"
    assert whether("Can the engineers approve a deploy?") == "engineers"
    assert whether("How can I rotate the API key?") is None
    assert whether("Who can approve a production deploy?") is None


def test_a_negation_that_only_delays_or_qualifies_is_no_denial(nlp: Language) -> None:
    assert not denied([nlp("Production was not fully restored until 14:30.")], "production")
    assert not denied([nlp("Production was not fully restored until 14:30.")], "production", main_only=True)
    assert not denied([nlp("The canary is not yet upgraded.")], "canary")
    assert denied([nlp("Production was not affected.")], "production", main_only=True)
    assert not denied([nlp("We saw errors because production was not scaled.")], "production", main_only=True)


def test_a_name_the_question_asks_whether_about_sits_in_a_polar_clause() -> None:
    clauses = polar_clauses("How many tenants saw timeouts, for how long, and was the Batch API affected?")
    assert clauses == ["the Batch API affected"]
    assert polar_clauses("Was the APAC region affected by the cutover?") == ["the APAC region affected by the cutover"]
    assert polar_clauses("What caused the errors in APAC after the cutover?") == []

