"""The focus phrase of an ask: the noun phrase its wh-word determines, split into coordinated groups."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.focus_phrase import focus_span, noun_groups


def _focus(nlp: Language, question: str) -> str:
    doc = nlp(question)
    found = focus_span(doc[:], doc[0])
    return "" if found is None else found.text


def _focus_after_which(nlp: Language, question: str) -> str:
    doc = nlp(question)
    wh = next(t for t in doc if t.lower_ == "which")
    found = focus_span(doc[wh.i:], wh)
    return "" if found is None else found.text


def test_the_phrase_a_wh_word_determines_ends_at_its_auxiliary(nlp: Language) -> None:
    assert _focus(nlp, "Which upstream services does the billing gateway depend on?") == "upstream services"


def test_a_copula_after_the_wh_word_takes_the_noun_phrase_after_it(nlp: Language) -> None:
    assert _focus(nlp, "What was the root cause of the outage?") == "root cause"


def test_a_verb_after_the_wh_word_leaves_no_focus(nlp: Language) -> None:
    assert _focus(nlp, "What caused the outage?") == ""


def test_nouns_joined_by_and_are_two_groups_but_a_slash_shares_one_head(nlp: Language) -> None:
    doc = nlp("What tracking issue and due date were agreed?")
    joined = focus_span(doc[:], doc[0])
    assert joined is not None
    assert [" ".join(t.text for t in g) for g in noun_groups(joined)] == ["tracking issue", "due date"]
    shared = nlp("Which metric/trace names changed?")
    span = focus_span(shared[:], shared[0])
    assert span is not None and len(noun_groups(span)) == 1


def test_after_how_a_degree_and_an_article_the_noun_is_what_is_measured(nlp: Language) -> None:
    assert _focus(nlp, "How long a TTL was set on the route override?") == "TTL"
    assert _focus(nlp, "How long was the route override kept?") == ""


def test_a_plural_noun_the_tagger_read_as_a_verb_is_the_focus(nlp: Language) -> None:
    # "guardrails" and "safeguards" are tagged as third-person verbs; a verb is never followed by "were".
    assert _focus(nlp, "What guardrails were proposed to prevent another paging storm?") == "guardrails"
    assert _focus(nlp, "Which safeguards were added after the outage?") == "safeguards"
    assert _focus(nlp, "What happens when the queue fills?") == ""


def test_how_long_is_a_noun_phrase_measures_that_phrase(nlp: Language) -> None:
    assert _focus(nlp, "How long is the lease timeout for stalled workers?") == "lease timeout"
    assert _focus(nlp, "How much is the monthly storage budget?") == "monthly storage budget"


def test_a_serial_list_after_which_is_one_focus_of_several_groups(nlp: Language) -> None:
    doc = nlp("Which regions, brokers and queues were hit by the replication stall?")
    found = focus_span(doc[:], doc[0])
    assert found is not None and [[t.text for t in g] for g in noun_groups(found)] == [
        ["regions"], ["brokers"], ["queues"]]


def test_a_noun_the_parser_hung_on_the_verb_as_its_auxiliary_is_the_focus(nlp: Language) -> None:
    # "deploy" is tagged as a present verb and made the auxiliary of "caused"; only be, do, have or a modal is one.
    assert _focus(nlp, "Which deploy caused the outage?") == "deploy"
    assert _focus(nlp, "Which services does the gateway call?") == "services"


def test_the_focus_ends_where_the_embedded_clauses_subject_begins(nlp: Language) -> None:
    # "which proxy settings *we* changed", "which security events *the ledger bot* must write": the wh-noun is complete.
    assert _focus_after_which(nlp, "Tell me which proxy settings we changed for the importer.") == "proxy settings"
    assert _focus_after_which(nlp, "Tell me which security events Ledger Bot v3 has to write.") == "security events"


def test_a_serial_comma_before_the_last_and_keeps_the_list_one_focus(nlp: Language) -> None:
    doc = nlp("What regions, schedule, and retention apply to the archives?")
    found = focus_span(doc[:], doc[0])
    assert found is not None
    assert [[t.text for t in g] for g in noun_groups(found)] == [["regions"], ["schedule"], ["retention"]]


def test_a_participle_with_its_objects_after_the_copulas_subject_leaves_that_subject_the_focus(nlp: Language) -> None:
    assert _focus(nlp, "What is the default compaction ratio set for the cache tier?") == "default compaction ratio"
    assert _focus(nlp, "What is the timeout used by the worker?") == "timeout"


def test_a_participle_with_a_stranded_preposition_asks_about_the_subject_not_for_it(nlp: Language) -> None:
    assert _focus(nlp, "Who is the migration ticket assigned to?") == ""
    assert _focus(nlp, "What is the token used for in the gateway?") == ""
    assert _focus(nlp, "What is the hospital worried about when its cache throttles?") == ""


def test_a_word_of_letters_and_digits_read_as_a_verb_opens_the_focus(nlp: Language) -> None:
    # the tagger reads "p95" as the clause's verb here; a metric's code is never one
    question = "What p95 first-token latency target did Birch Ledger set for its batch jobs?"
    assert nlp(question)[1].pos_ == "VERB"
    assert _focus(nlp, question) == "p95 first-token latency target"


def test_a_relative_pronoun_after_the_noun_after_a_copula_ends_the_phrase(nlp: Language) -> None:
    assert _focus(nlp, "What are the mitigations that were applied to the relay?") == "mitigations"
