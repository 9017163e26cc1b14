"""An ask whose focus and verb name only a kind of statement takes the things its scene names as its core."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse


def test_a_kind_only_ask_takes_the_nouns_of_its_scene(nlp: Language) -> None:
    ask = analyse("What concern was raised before switching off the quota-guard limiter?", nlp).asks[0]
    assert {"quota-guard", "limiter"} <= set(ask.core)
    assert "switch" not in ask.core  # the scene's verb is said in many ways


def test_an_ask_that_names_its_thing_keeps_its_own_core(nlp: Language) -> None:
    ask = analyse("What concern about the limiter was raised before the cutover?", nlp).asks[0]
    assert "cutover" not in ask.core and "limiter" in ask.core


def test_the_scene_before_the_first_wh_word_names_the_thing_of_a_kind_only_ask(nlp: Language) -> None:
    # "what concern did the reviewers raise": the kind, the verb and who acted name no statement; the scene does.
    ask = analyse("While the replica exports kept timing out, what concern did the reviewers raise?", nlp).asks[0]
    assert {"replica", "export"} <= set(ask.core)


def test_a_fix_ask_with_its_own_verb_leaves_the_scene_to_choose_the_document(nlp: Language) -> None:
    ask = analyse("What mitigation was applied during the spill incident?", nlp).asks[0]
    assert "spill" not in ask.core and "apply" in ask.core


def test_a_count_of_named_things_keeps_its_own_core_after_a_scene(nlp: Language) -> None:
    ask = analyse("In the outage of the ledger queue, how many invoices got delayed?", nlp).asks[0]
    assert "outage" not in ask.core and "invoice" in ask.core
