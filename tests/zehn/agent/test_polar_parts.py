"""Questions that ask several things, some of them whether something holds: each part is an ask of its own, and a
later part that points back ("that", "it", "that decision") is about the earlier part's matter. Every question here
is our own wording."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse


def test_a_yes_no_part_after_a_wh_part_is_an_ask_of_its_own(nlp: Language) -> None:
    analysis = analyse("Which port does the exporter listen on, and does the proxy have to forward that port?", nlp)
    assert [(a.wh, a.answer_type) for a in analysis.asks] == [("which", "description"), ("whether", "statement")]
    assert analysis.asks[1].text.startswith("does the proxy")
    assert analysis.route != "yes_no"  # each part is bound in a passage


def test_yes_no_parts_before_a_wh_part_each_ask_whether_their_statement_holds(nlp: Language) -> None:
    analysis = analyse("Does each invoice need a batch number, may customer emails be printed on it, and who "
                       "approved that?", nlp)
    assert [a.wh for a in analysis.asks] == ["whether", "whether", "who"]
    assert "batch" in analysis.asks[0].core and "email" in analysis.asks[1].core


def test_a_part_that_points_back_carries_the_earlier_parts_matter(nlp: Language) -> None:
    analysis = analyse("Did the nightly backup become mandatory for staging, and who made that decision?", nlp)
    assert [a.wh for a in analysis.asks] == ["whether", "who"]
    assert {"backup", "staging"} <= set(analysis.asks[1].core)


def test_a_part_that_names_its_own_matter_carries_nothing(nlp: Language) -> None:
    analysis = analyse("Who restarted the importer, and when did the ledger recover?", nlp)
    assert "importer" not in analysis.asks[1].core


def test_an_auxiliary_whose_object_is_the_wh_clause_asks_nothing_of_its_own(nlp: Language) -> None:
    analysis = analyse("Do you know why the importer stalled on Monday?", nlp)
    assert [a.wh for a in analysis.asks] == ["why"]


def test_a_question_of_yes_no_parts_only_stays_one_yes_no_question(nlp: Language) -> None:
    analysis = analyse("Is the importer paused, and does the ledger still accept writes?", nlp)
    assert analysis.route == "yes_no" and len(analysis.asks) == 1


def test_a_pronoun_that_does_the_asked_act_carries_nothing(nlp: Language) -> None:
    analysis = analyse("What should the importer do when the queue is full, and what warning should it log?", nlp)
    assert "queue" not in analysis.asks[1].core


def test_a_fix_for_it_is_not_bound_by_the_problems_words(nlp: Language) -> None:
    analysis = analyse("How did they contain the ledger outage and how did they fix it for good?", nlp)
    assert analysis.asks[1].answer_type == "fix" and "outage" not in analysis.asks[1].core


def test_it_carries_the_things_the_earlier_part_named_not_its_act(nlp: Language) -> None:
    analysis = analyse("Did pausing the importer help, and why isn't it considered a real fix?", nlp)
    assert "importer" in analysis.asks[1].core and "pause" not in analysis.asks[1].core


def test_a_wh_part_pointing_back_to_another_wh_part_carries_nothing(nlp: Language) -> None:
    analysis = analyse("What caused the export job to stall, and what workaround and patch release resolved it?", nlp)
    assert len(analysis.asks) >= 2 and not any(a.carried for a in analysis.asks)
    assert all("export" not in a.core for a in analysis.asks[1:])
