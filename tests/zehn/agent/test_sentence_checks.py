"""Sentence checks shared by the binding rules: conditions are not denials, clock times are not quantities."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.lemmas import lemmas_of
from zehn.agent.rows import DocPassage
from zehn.agent.sentence_binding import Scored, bind_sentence
from zehn.agent.sentence_checks import (
    answering_fillers,
    headed_by_focus,
    header_field,
    label_states,
    labelled_by_core,
    labelled_by_focus,
    labelled_by_head,
    negated,
    roster_line,
    states_focus_of_case,
)
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def test_a_no_inside_a_condition_does_not_deny_the_sentence(nlp: Language) -> None:
    stated = nlp("Add a timer that forces a buffer flush when no rows are written for 2s.")
    assert not negated(stated, {"row", "flush"})
    denied = nlp("The timer wrote no rows.")
    assert negated(denied, {"row"})


def test_a_clock_time_is_no_quantity_but_a_percentage_is(nlp: Language) -> None:
    ask = analyse("What spill rate set off the alert?", nlp).asks[0]
    assert ask.answer_type == "quantity"
    assert not answering_fillers(nlp("- 09:42: Spill alert fires"), ask, frozenset())
    assert answering_fillers(nlp("- Alert: disk spill rate went above 7% on several nodes"), ask, frozenset())


def test_a_mitigation_labelled_timeline_entry_answers_what_mitigation_was_applied(
        nlp: Language, embedder: LocalEmbedder) -> None:
    ask = analyse("What mitigation was applied during the spill incident?", nlp).asks[0]
    line = "- 09:55: Mitigation: halve the worker pool for the busiest tenants"
    text = f"Incident > Timeline (UTC)\n- 09:42: Spill alert fires\n{line}"
    passage = DocPassage("d#p0", "d", "Incident > Timeline (UTC)", "section", 0, len(text), text, ())
    scored = Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True))
    assert bind_sentence(ask, scored, nlp(line), Similarity(embedder), (), parse_text=nlp) is not None


@pytest.mark.parametrize(("line", "focus", "expected"), [
    ("Rollout plan: staging first, then one region, then all regions.", "rollout plan", True),
    ("- **Rollout plan:** staging first, then everywhere.", "rollout plan", True),
    ("We agreed a rollout plan: staging first.", "rollout plan", False),  # the label does not open the line
    ("Status: done.", "status", False),  # one word labels lines of every kind
    ("Cache plan: keep it warm.", "rollout plan", False),
])
def test_a_line_labelled_with_the_asked_things_name_states_it(line: str, focus: str, expected: bool) -> None:
    assert labelled_by_focus(line, focus) is expected


@pytest.mark.parametrize(("question", "line", "expected"), [
    # the ask names the asked thing without a head noun: a label of its core terms (and one participle) states it
    ("What does the auditor hope to see in the change record for a schema migration?",
     "- Change record contents: ticket link, approver, dry-run output.", True),
    ("What does the auditor hope to see in the change record for a schema migration?",
     "- Change record requested: ticket link, approver, dry-run output.", True),
    # one core term is not enough: "Record:" labels lines of every kind
    ("What does the auditor hope to see in the change record for a schema migration?",
     "- Record: kept for a year.", False),
    # a label of other things besides the ask's terms names another thing
    ("What does the auditor hope to see in the change record for a schema migration?",
     "- Change record retention policy owner: the platform team.", False),
    # a label merely later in the line is an aside, not what the line is
    ("What does the auditor hope to see in the change record for a schema migration?",
     "The auditor asked about it (change record: pending).", False),
    # an ask with a head noun: the label must hold it ("which *tests* ...")
    ("Which tests does the migration checklist require?",
     "- Migration checklist owner: the platform team.", False),
])
def test_a_line_labelled_with_the_asks_own_terms_states_the_asked_thing(
        nlp: Language, question: str, line: str, expected: bool) -> None:
    assert labelled_by_core(line, analyse(question, nlp).asks[0]) is expected


def test_a_label_of_the_documents_own_subject_does_not_state_the_asked_thing(nlp: Language) -> None:
    # "- Report exports: A, B" under a page about report exports lists that subject's people, not its threshold
    ask = analyse("What is the default retry limit set for report exports in shared pools?", nlp).asks[0]
    line = "- Report exports: **A. Person**, **B. Person**"
    assert labelled_by_core(line, ask, "Runbook: Report Exports and Retries") is False
    assert labelled_by_core(line, ask, "Quarterly planning notes") is labelled_by_core(line, ask)


@pytest.mark.parametrize(("heading", "focus", "expected"), [
    ("Ledger sync 2.0 > cutover_schedule", "cutover schedule", True),  # snake_case section names
    ("Ledger sync 2.0 > Cutover schedule (UTC)", "cutover schedule", True),  # one word besides the name
    ("Ledger sync 2.0 > Cutover schedules", "cutover schedule", True),
    ("Ledger sync 2.0 > Cutover", "cutover schedule", False),  # part of the name only
    ("Ledger sync 2.0 > Schedule of the cutover for every region", "cutover schedule", False),  # a longer title
    ("Ledger sync 2.0 > Schedule", "schedule", False),  # one word heads sections of every kind
    ("Cutover schedule > Notes", "cutover schedule", False),  # only the section's own heading counts
])
def test_a_section_headed_with_the_asked_things_name_states_it(heading: str, focus: str, expected: bool) -> None:
    assert headed_by_focus(heading, focus) is expected


@pytest.mark.parametrize(("line", "expected"), [
    ("Observed frequency: ~3% of nightly jobs.", True),
    ("- **Sync frequency:** every 10 minutes", True),
    ("Frequency: weekly", True),
    ("Frequency of the sync was raised: it now runs hourly.", False),  # a clause, no label opens the line
    ("Observed latency: 300 ms at p99.", False),  # the label names another kind
])
def test_a_line_labelled_by_its_head_word_names_the_asked_kind(line: str, expected: bool) -> None:
    assert labelled_by_head(line, "frequency") is expected


def test_a_roster_line_labelled_with_the_asked_role_or_area_names_who(nlp: Language) -> None:
    role, area = analyse("Who was release captain for the drill, and who covered queue health?", nlp).asks
    assert roster_line("- Release captain / rollback owner: **Ines Park**", role)
    assert roster_line("- Queue health: **Tom Vale**, **Ana Ruiz**", area)
    assert not roster_line("- Queue health: **Tom Vale**", role)  # another area
    assert not roster_line("- Queue health: degraded for 3 min", area)  # a state, not a name


def test_a_plural_label_head_names_the_asked_kind() -> None:
    assert labelled_by_head("Sync cadences: hourly for orders, daily for refunds", "cadence")


def test_how_often_is_answered_by_a_line_labelled_with_a_frequency(nlp: Language) -> None:
    for question in ("How often did the stale cache reads occur?", "How frequently did the stale cache reads occur?"):
        ask = analyse(question, nlp).asks[0]
        assert (ask.answer_type, ask.focus_head) == ("frequency", "frequency")
        assert label_states("Observed frequency: ~3% of checkouts (about 20k orders/day).", ask)
        assert not label_states("Observed latency: 300 ms.", ask)


def test_a_share_of_occurrences_answers_how_often_beside_the_asked_thing(
        nlp: Language, embedder: LocalEmbedder) -> None:
    ask = analyse("How often did the stale cache reads occur?", nlp).asks[0]
    line = "We saw stale cache reads in 7 of 900 replayed checkouts."
    other = "Stale cache reads were reported by the checkout team."  # no frequency
    text = f"Checkout incident > Investigation\n{line} {other}"
    passage = DocPassage("d#p0", "d", "Checkout incident > Investigation", "section", 0, len(text), text, ())
    scored = Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True))
    similarity = Similarity(embedder)
    assert bind_sentence(ask, scored, nlp(line), similarity, (), parse_text=nlp) is not None
    assert bind_sentence(ask, scored, nlp(other), similarity, (), parse_text=nlp) is None


def test_a_message_header_field_is_told_from_a_labelled_statement() -> None:
    assert header_field("Subject: Re: Retention defaults for the export buckets (beta)")
    assert header_field("**From:** Dana Lee <dana@example.com>")
    assert header_field("Cc: platform-team")
    assert not header_field("Retention: 30 days by default for the export buckets.")
    assert not header_field("We are not subjecting the buckets to retention in beta.")


def test_a_content_focus_noun_stands_in_for_a_core_term_only_in_a_passage_holding_the_case(
        nlp: Language, similarity: Similarity) -> None:
    ask = analyse("What safeguards were proposed to prevent another ledger replay outage?", nlp).asks[0]
    line = nlp("- Replay safeguards: consumers require an explicit offset window before reprocessing.")
    assert states_focus_of_case(ask, 1.0, lemmas_of(line), similarity)
    assert not states_focus_of_case(ask, 0.5, lemmas_of(line), similarity)  # the passage is about another case
    other = nlp("- Consumers require an explicit offset window before reprocessing.")
    assert not states_focus_of_case(ask, 1.0, lemmas_of(other), similarity)  # the line names no safeguard
