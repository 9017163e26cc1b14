"""Reasons given without a causal word, "when" answered by a condition, fields that state no cause, and fronted
auxiliaries in questions. Every question and line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.clause_shapes import chosen_over, commanded, conditioned, field_labels
from zehn.agent.focus import label_roles, roles_of
from zehn.agent.rows import DocPassage
from zehn.agent.sentence_binding import explains
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def _passage(heading: str, body: str) -> DocPassage:
    return DocPassage("d#p0", "d", heading, "section", 0, len(heading) + 1 + len(body), f"{heading}\n{body}", ())


@pytest.mark.parametrize(("question", "verb"), [
    ("Why was moving the archive to tape rejected?", "reject"),
    ("When does the disk alert fire?", "fire"),
    ("Why was the nightly export rolled back?", "roll"),
])
def test_the_main_verb_of_a_question_with_a_fronted_auxiliary(nlp: Language, question: str, verb: str) -> None:
    assert analyse(question, nlp).asks[0].predicate == verb


def test_a_verdict_under_a_heading_that_names_the_option_gives_the_reason(
        nlp: Language, similarity: Similarity) -> None:
    ask = analyse("Why was moving the archive to tape rejected?", nlp).asks[0]
    passage = _passage("Options > Move the archive to tape", "Rejected. Restores would take two days.")
    assert explains(nlp("Restores would take two days."), ask, passage, similarity, (), nlp)
    other = _passage("Options > Keep the archive on disk", "Rejected. Disks cost too much.")
    assert not explains(nlp("Disks cost too much."), ask, other, similarity, (), nlp)


def test_a_verbless_lead_naming_the_act_opens_its_reason(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("Why is the team not migrating the ticket tracker this year?", nlp).asks[0]
    passage = _passage("Not planned", "- Migrating the ticket tracker. The old one still works.")
    assert explains(nlp("Migrating the ticket tracker."), ask, passage, similarity, (), nlp)
    assert not explains(nlp("Migrate the ticket tracker."), ask, passage, similarity, (), nlp)  # an instruction


def test_a_colon_after_the_asked_act_gives_its_reason(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("Why must the audit table never be truncated?", nlp).asks[0]
    passage = _passage("Rules", "Never truncate the audit table: deleted rows cannot be restored.")
    assert explains(nlp("Never truncate the audit table: deleted rows cannot be restored."), ask, passage,
                    similarity, (), nlp)
    assert not explains(nlp("The audit table is truncated weekly."), ask, passage, similarity, (), nlp)


def test_a_verb_that_only_names_the_kind_asked_opens_no_reason(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("What caused the export failures?", nlp).asks[0]
    passage = _passage("Affected", "Export failures (EU), import failures (EU)")
    assert not explains(nlp("Export failures (EU), import failures (EU)"), ask, passage, similarity, (), nlp)


def test_when_is_answered_by_a_condition_on_the_asked_verb(nlp: Language) -> None:
    assert conditioned(nlp("The snapshot is deleted once the copy has been verified twice."), "delete")
    assert conditioned(nlp("The pager fires when free disk stays below 10% for 5 minutes."), "fire")
    assert not conditioned(nlp("The snapshot is deleted by the cleanup job."), "delete")
    assert not conditioned(nlp("The snapshot is kept when the copy fails."), "delete")


@pytest.mark.parametrize("text", [
    "When to roll back: error rate above 2% for ten minutes, or any data loss.",
    "Wrote a 'When to roll back' note: error rate above 2% for ten minutes."])
def test_a_when_to_label_names_the_conditions_of_its_verb(nlp: Language, text: str) -> None:
    assert conditioned(nlp(text), "roll")


def test_when_to_in_running_text_names_no_condition(nlp: Language) -> None:
    assert not conditioned(nlp("Nobody told the on-call engineer when to roll back the release."), "roll")


def test_a_block_of_labelled_fields_is_read_by_its_labels() -> None:
    assert field_labels("**Status:** Done\n**Fix version:** 2.4.1\n**Owner:** Platform") == (
        "Status", "Fix version", "Owner")
    assert not field_labels("**Status:** Done")
    assert not field_labels("We rolled back at 10:00.\nThe fix shipped: 2.4.1")


def test_a_label_is_named_by_its_last_noun() -> None:
    assert "fix" not in label_roles("Fix version: 2.4.1")
    assert label_roles("Fix owner: Dana").get("agent") == 1.0
    assert label_roles("Likely cause: a full disk").get("cause") == 1.0


def test_a_motivation_section_states_why() -> None:
    assert roles_of("Motivation").get("cause") == 1.0
    assert roles_of("Rationale").get("cause") == 1.0


def test_how_many_counts_the_asked_noun(nlp: Language, similarity: Similarity) -> None:
    from zehn.agent.sentence_binding import Scored, bind_sentence
    ask = analyse("How many tenants were migrated during the cutover?", nlp).asks[0]
    passage = _passage("Cutover", "We migrated 140 tenants during the cutover. The cutover took 3 hours.")
    scored = Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True))
    assert bind_sentence(ask, scored, nlp("We migrated 140 tenants during the cutover."), similarity, (),
                         parse_text=nlp)
    assert bind_sentence(ask, scored, nlp("The migrated cutover took 3 hours."), similarity, (), parse_text=nlp) is None


def test_a_verdict_gives_the_reason_in_the_sentence_after_it_not_in_every_later_one(
        nlp: Language, similarity: Similarity) -> None:
    ask = analyse("Why was moving the archive to tape rejected?", nlp).asks[0]
    passage = _passage("Options > Move the archive to tape",
                       "Rejected. Restores would take two days. The vendor also has an office in Leeds.")
    assert explains(nlp("Restores would take two days."), ask, passage, similarity, (), nlp)
    assert not explains(nlp("The vendor also has an office in Leeds."), ask, passage, similarity, (), nlp)


@pytest.mark.parametrize(("question", "verb"), [
    ("Which team does the alert page?", "page"),  # the auxiliary after "which team", not the word after the wh-word
    ("When does the alert fire?", "fire"),
])
def test_a_bare_verb_after_a_fronted_do_is_the_predicate(nlp: Language, question: str, verb: str) -> None:
    assert analyse(question, nlp).asks[0].predicate == verb


def test_a_subject_that_denies_the_act_makes_a_negated_question(nlp: Language) -> None:
    assert analyse("Why did nothing alert on the zero tax rate?", nlp).asks[0].negated
    assert not analyse("Why did the monitor alert on the zero tax rate?", nlp).asks[0].negated


def test_a_choice_stated_against_an_alternative_opens_its_reason(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("Why did the agent change its default flush interval to 60 seconds?", nlp).asks[0]
    body = "- The default flush interval is now 60 seconds instead of 10 seconds. Shorter flushes filled the disk."
    passage = _passage("Changelog > Changed", body)
    said = "The default flush interval is now 60 seconds instead of 10 seconds."
    assert explains(nlp(said), ask, passage, similarity, (), nlp)
    alone = _passage("Changelog > Changed", f"- {said}\n\n- Added a dry-run flag.")
    assert not explains(nlp(said), ask, alone, similarity, (), nlp)  # nothing follows it in its block: no reason given
    assert not chosen_over("The default flush interval is now 60 seconds.", body)


@pytest.mark.parametrize("question", ["What is the argument against splitting the order?",
                                      "What was the rationale for a fixed window?"])
def test_an_argument_or_a_rationale_is_asked_as_a_cause(nlp: Language, question: str) -> None:
    assert analyse(question, nlp).asks[0].answer_type == "cause"


def test_the_first_line_under_a_heading_that_names_the_asked_thing_explains_it(
        nlp: Language, similarity: Similarity) -> None:
    ask = analyse("What causes checksum mismatch errors in the artifact cache?", nlp).asks[0]
    body = "A checksum mismatch means the blob is truncated. It comes from uploads killed mid-write."
    passage = _passage("artifact cache > Troubleshooting > Checksum mismatch errors", body)
    assert explains(nlp("A checksum mismatch means the blob is truncated."), ask, passage, similarity, (), nlp)
    # not its opening line:
    assert not explains(nlp("It comes from uploads killed mid-write."), ask, passage, similarity, (), nlp)
    other = _passage("artifact cache > Troubleshooting > Slow downloads", body)
    assert not explains(nlp("A checksum mismatch means the blob is truncated."), ask, other, similarity, (), nlp)


def test_an_instruction_after_a_choice_is_no_reason_for_it(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("Why did the agent change its default flush interval to 60 seconds?", nlp).asks[0]
    said = "Set the default flush interval to 60 seconds instead of 10 seconds."
    passage = _passage("Agent > Settings", f"{said}\nRestart the agent afterwards.")
    assert not explains(nlp(said), ask, passage, similarity, (), nlp)
    reasoned = _passage("Agent > Settings", f"{said}\nShorter flushes filled the disk.")
    assert explains(nlp(said), ask, reasoned, similarity, (), nlp)


def test_an_instruction_under_a_heading_that_names_the_symptom_does_not_explain_it(
        nlp: Language, similarity: Similarity) -> None:
    ask = analyse("Why do digest mismatch errors happen in the image store?", nlp).asks[0]
    said = "Run `verify --layers` to find the layer."
    passage = _passage("image store > Troubleshooting > Digest mismatch errors", f"{said} Then push it again.")
    assert not explains(nlp(said), ask, passage, similarity, (), nlp)
    assert commanded(nlp("Restart the agent afterwards."))
    assert commanded(nlp("- `make clean`"))
    assert not commanded(nlp("Shorter timeouts dropped slow uploads."))
    assert not commanded(nlp("A digest mismatch means the layer is truncated."))
