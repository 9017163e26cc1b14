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
