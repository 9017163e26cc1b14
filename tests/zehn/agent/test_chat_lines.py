"""Lines of a chat log around the bound one: the asked act said in another form goes up, a pasted tool output and,
for an ask about what was done, a planned line go down. Every line and question here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.chat_lines import asks_done, line_weight, pasted_output, planned
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def test_a_label_introducing_a_tools_output_marks_a_pasted_line() -> None:
    assert pasted_output("Ines: Command output: `service/ledger restarted`")
    assert pasted_output("Results: 12 rows, 3 tenants")
    assert not pasted_output("Ines: restarting the ledger service now with `svcctl restart ledger`")
    assert not pasted_output("Odile: the output of the job looks wrong to me")


def test_a_line_labelled_with_the_long_horizon_is_planned_work() -> None:
    assert planned("Odile: Long-term: add a contract test for the schema")
    assert not planned("Odile: Rolled back the schema change")


def test_an_ask_in_the_past_is_about_what_was_done(nlp: Language) -> None:
    assert asks_done(analyse("How was the ledger outage mitigated?", nlp).asks[0])
    assert not asks_done(analyse("What is the long-term fix for the ledger outage?", nlp).asks[0])


def test_an_ask_in_the_simple_past_or_the_perfect_is_about_what_was_done_too(nlp: Language) -> None:
    # No "was" or "did" in the words: the verb's own tense or the perfect says it.
    assert asks_done(analyse("What mitigated the ledger outage?", nlp).asks[0])
    assert asks_done(analyse("Which mitigations have been applied to the ledger?", nlp).asks[0])
    # "had" in a relative clause is not the ask's: which runbook covers it is asked in the present.
    assert not asks_done(analyse("Which runbook covers the alerts that had to be muted?", nlp).asks[0])
    assert not asks_done(analyse("What was the long-term fix for the ledger outage?", nlp).asks[0])  # a horizon


def test_the_asked_act_in_another_form_outranks_a_line_holding_a_topic_word(nlp: Language,
                                                                            similarity: Similarity) -> None:
    ask = analyse("How were the new ledger settings rolled out?", nlp).asks[0]
    content = frozenset({"ledger", "settings", "rolled"})
    weight = line_weight(ask, content, similarity)
    act = "Odile: Rolling the rest one host at a time now."
    topic = "Ines: the ledger looks fine so far."
    assert weight(act, act) > weight(topic, topic)


def test_pasted_output_and_planned_work_rank_after_the_act_for_an_ask_about_what_was_done(
        nlp: Language, similarity: Similarity) -> None:
    ask = analyse("How was the ledger outage mitigated?", nlp).asks[0]
    weight = line_weight(ask, frozenset({"ledger", "outage", "mitigated"}), similarity)
    act = "Odile: reverting the ledger release now with `deployctl undo ledger`"
    output = "Odile: Command output: `ledger outage mitigated, release reverted`"
    plan = "Ines: Longer-term: add a ledger outage drill to the runbook"
    assert weight(act, act) > weight(output, output)
    assert weight(act, act) > weight(plan, plan)
