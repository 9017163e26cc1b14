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
    ask = analyse("While the replica exports kept timing out, what workarounds were applied?", nlp).asks[0]
    assert {"replica", "export"} <= set(ask.core)


def test_the_doer_of_the_asked_act_is_no_thing_acted_on(nlp: Language) -> None:
    # "what did Finance insist on": who acted names no statement; the scene's things do.
    ask = analyse("Before reopening the vendor portal, what did Finance insist on?", nlp).asks[0]
    assert {"vendor", "portal"} <= set(ask.core)


def test_a_fix_ask_whose_scene_is_a_when_clause_takes_its_nouns(nlp: Language) -> None:
    ask = analyse("What mitigations were carried out when the ledger queue overflowed?", nlp).asks[0]
    assert {"ledger", "queue"} & set(ask.core)


def test_a_count_of_named_things_keeps_its_own_core_after_a_scene(nlp: Language) -> None:
    ask = analyse("In the outage of the ledger queue, how many invoices got delayed?", nlp).asks[0]
    assert "outage" not in ask.core and "invoice" in ask.core
