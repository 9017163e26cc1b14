"""Sentence binding: which words of an ask a sentence must hold, and when a list's lead line stands in for the verb.
Every question and line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.one_line import binds
from zehn.agent.analyse import analyse
from zehn.agent.clause_shapes import states_unsettled
from zehn.agent.lemmas import lemmas_of, words
from zehn.agent.sentence_binding import (
    core_terms,
    labelled_as_asked,
    named_list,
    prefetch_synonyms,
)
from zehn.agent.sentence_checks import negated
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


@pytest.mark.parametrize(("question", "modifier"), [
    ("What restore time did the help desk give for a broken upgrade?", "restore"),
    ("What is the typical restore time after a failed upgrade?", "restore"),
    ("What retry limit does the exporter apply?", "retry"),
    ("What recovery window did the vendor promise?", "recovery"),
])
def test_a_typed_focus_keeps_the_words_that_say_which_one(nlp: Language, question: str, modifier: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert modifier in core_terms(ask)


def test_a_cause_or_fix_focus_still_only_names_the_kind(nlp: Language) -> None:
    ask = analyse("What short-term mitigation restored the exporter?", nlp).asks[0]
    assert not {"short-term", "mitigation", "restore"} & set(core_terms(ask))


@pytest.mark.parametrize(("question", "line", "frame"), [
    ("Which log events must the exporter emit?", "- Required log events:", ()),
    ("Which log events must the exporter emit?", "- job.start (run_id)", ("required", "log", "events")),
    ("Which audit fields must each record carry?", "Each audit record has these fields:", ()),
])
def test_a_list_whose_lead_line_names_the_asked_thing_answers_without_the_verb(
        nlp: Language, similarity: Similarity, question: str, line: str, frame: tuple[str, ...]) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.answer_type == "items"
    assert named_list(ask, nlp(line), frame, similarity, ())


@pytest.mark.parametrize(("question", "line", "frame"), [
    ("Which invoices were affected by the outage?", "Invoices:", ()),  # the focus noun alone names no affected ones
    ("Which telemetry events must the exporter emit?", "- job.start (run_id)", ()),  # no lead line at all
    ("Which telemetry events must the exporter emit?", "Telemetry events are sampled.", ()),  # leads into nothing
])
def test_a_lead_line_that_only_repeats_the_noun_or_leads_nowhere_does_not(
        nlp: Language, similarity: Similarity, question: str, line: str, frame: tuple[str, ...]) -> None:
    ask = analyse(question, nlp).asks[0]
    assert not named_list(ask, nlp(line), tuple(words(" ".join(frame))), similarity, ())


@pytest.mark.parametrize(("question", "line", "expected"), [
    ("What caused the exporter retries to stall?", "- **Likely cause**: the lease renewal raced the flush.", True),
    ("Why did the exporter retries stall?", "Root cause: the lease renewal raced the flush.", True),
    ("What mitigation did on-call apply to the exporter?", "Workaround applied: paused the sweeper.", True),
    ("What caused the exporter retries to stall?", "- **Symptoms**: retries stalled for ten minutes.", False),
    ("What caused the exporter retries to stall?", "Note that the cause: still unknown.", False),  # a clause
    ("What caused the exporter retries to stall?", "The flush (cause: lease race) ended late.", False),  # not its own
    ("Which team owns the exporter?", "Root cause: the lease renewal raced the flush.", False),  # not a cause ask
])
def test_a_line_labelled_with_the_asked_kind_is_a_section_of_one_line(nlp: Language, question: str, line: str,
                                                                      expected: bool) -> None:
    assert labelled_as_asked(analyse(question, nlp).asks[0], line) is expected


def test_a_parse_s_lemmas_are_read_once_and_kept_with_it(nlp: Language) -> None:
    parse = nlp("The exporters were retried twice.")
    first = lemmas_of(parse)
    assert first == ("the", "exporter", "be", "retry", "twice", ".")
    assert lemmas_of(parse) is first  # kept in the parse's user_data, not read again


class _Words:
    """A Similarity stand-in that records what prefetch was asked to embed."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def prefetch(self, words: list[str]) -> None:
        self.asked.extend(words)


def test_no_synonym_is_embedded_for_a_sentence_that_holds_the_asked_verb(nlp: Language) -> None:
    ask = analyse("Which invoices were affected by the outage?", nlp).asks[0]
    holds, lacks = nlp("Invoices were affected for two days."), nlp("Three invoices failed and were reissued.")
    seen = _Words()
    prefetch_synonyms(ask, [holds, lacks], seen)  # type: ignore[arg-type]
    assert ask.predicate == "affect" and seen.asked[0] == "affect"
    assert "fail" in seen.asked and "reissue" in seen.asked and seen.asked.count("affect") == 1


@pytest.mark.parametrize(("line", "hits", "expected"), [
    ("- Ivo Brandt reviewed the deploy notes but made no changes to them.", {"change"}, True),
    ("No changes were made to the retry policy.", {"change"}, True),
    ("The alerts were not raised by the scheduler.", {"raise"}, True),
    ("Ivo Brandt changed the deploy notes after the review.", {"change"}, False),
    ("Ivo Brandt changed the notes with no review.", {"change"}, False),  # "no" on another word: the act stands
])
def test_a_negation_of_the_verb_or_of_the_asked_acts_noun_negates_the_sentence(
        nlp: Language, line: str, hits: set[str], expected: bool) -> None:
    assert negated(nlp(line), hits) is expected


def test_a_front_matter_line_is_read_with_the_words_of_its_key(nlp: Language, similarity: Similarity) -> None:
    from zehn.agent.parses import CachedParse, ParseCache
    from zehn.agent.rows import DocPassage
    from zehn.agent.sentence_binding import Scored, bind_sentence
    line = '  "changed_modules": ["lib/jitter/retry", "lib/jitter/backoff"]'
    passage = DocPassage("p0", "doc_1", "", "metadata", 0, len(line), f"\n{line}", (0.5,))
    scored = Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True))
    ask = analyse("Which modules did the patch that adds jitter to retries change?", nlp).asks[0]
    bound = bind_sentence(ask, scored, nlp(line), similarity, (), parse_text=CachedParse(ParseCache(nlp)))
    assert bound is not None and bound[0] == "filler"
    section = DocPassage("p1", "doc_1", "Notes", "section", 0, len(line), f"Notes\n{line}", (0.5,))
    assert bind_sentence(ask, Scored(section, 1.0, 0.0, 1.0, True, (1.0, True)), nlp(line), similarity, (),
                         parse_text=CachedParse(ParseCache(nlp))) is None


def test_a_front_matter_key_answers_only_when_all_its_words_are_asked(nlp: Language, similarity: Similarity) -> None:
    from zehn.agent.front_matter import metadata_asked
    from zehn.agent.rows import Sentence
    ask = analyse("Which path does the exporter write its archives to?", nlp).asks[0]
    line = '  "original_path": "exports/2026/archive.json"'
    front = Sentence("s0", line, "doc_1", 0, len(line), "metadata")
    assert not metadata_asked(front, ask, similarity)
    asked = analyse("What was the original path of the exported archive?", nlp).asks[0]
    assert metadata_asked(front, asked, similarity)


def test_a_relation_labelled_key_lists_things_only_for_an_ask_for_things_of_a_kind(nlp: Language,
                                                                                    similarity: Similarity) -> None:
    from zehn.agent.front_matter import metadata_asked
    from zehn.agent.rows import Sentence
    line = '  "components": ["ledger-sync", "auth"]'
    front = Sentence("s0", line, "doc_1", 0, len(line), "metadata")
    acts = analyse("What changes does the ledger-sync patch make to stop the 403s?", nlp).asks[0]
    assert acts.answer_type == "items" and not metadata_asked(front, acts, similarity)
    things = analyse("Which services does the ledger-sync patch touch?", nlp).asks[0]
    assert metadata_asked(front, things, similarity)


def _binds(nlp: Language, similarity: Similarity, question: str, line: str, heading: str = "Notes") -> bool:
    from zehn.agent.parses import CachedParse, ParseCache
    from zehn.agent.rows import DocPassage
    from zehn.agent.sentence_binding import Scored, bind_sentence
    passage = DocPassage("p1", "doc_1", heading, "section", 0, len(line), f"{heading}\n{line}", (0.5,))
    ask = analyse(question, nlp).asks[0]
    return bind_sentence(ask, Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True)), nlp(line), similarity, (),
                         parse_text=CachedParse(ParseCache(nlp))) is not None


def test_a_bare_what_did_x_act_question_needs_a_line_that_states_the_act(nlp: Language, similarity: Similarity) -> None:
    question = "After the migration, what did the queue alias map to for the paused tenant?"
    assert _binds(nlp, similarity, question, "For the paused tenant the queue alias mapped to jobs-v3 instead.")
    assert not _binds(nlp, similarity, question, "We restored the tenant's queue alias and paused the migration.")


@pytest.mark.parametrize("question", [
    "After the flush failed twice the exporter kept stalling. So what was the underlying cause?",  # follow-up
    "Which confirmed root cause did they settle on?",
])
def test_a_cause_focus_written_inflected_is_still_only_the_kind(nlp: Language, question: str) -> None:
    core = set(core_terms(analyse(question, nlp).asks[0]))  # no terms of its own: the case is the question's
    assert not {"underlie", "underlying", "confirm", "confirmed", "root", "cause"} & core


def test_which_one_of_a_kind_is_not_bound_by_a_line_that_only_uses_the_kind_noun(
        nlp: Language, similarity: Similarity) -> None:
    question = "Which vendor does the clinic want invoices exported to?"
    assert _binds(nlp, similarity, question, "The clinic wants invoices exported to their vendor (Ledgerly) daily.")
    assert not _binds(nlp, similarity, question, "Clinics that export invoices to a vendor need a stable schema.")


def test_a_follow_up_section_states_what_is_planned_without_the_word(nlp: Language, similarity: Similarity) -> None:
    question = "What load checks are planned after the failover fix?"
    line = "3) Add a load check in the staging review: replay 10 traces per week."
    assert _binds(nlp, similarity, question, line, "Postmortem > Next steps")
    assert not _binds(nlp, similarity, question, line, "Postmortem > Timeline")


def test_a_yes_no_statement_is_answered_by_its_denial_and_never_by_a_subject_line(
        nlp: Language, similarity: Similarity) -> None:
    question = "Is bucket versioning turned on by default in the export module beta?"
    assert _binds(nlp, similarity, question, "We are not turning on bucket versioning by default in the beta.")
    assert not _binds(nlp, similarity, question, "Subject: Re: bucket versioning defaults for the export module (beta)")


@pytest.mark.parametrize("question", ["What was the fault in the ledger exporter's retry loop?",
                                      "Which other problem turned up in the ledger exporter's retry loop?"])
def test_a_noun_that_says_only_that_something_went_wrong_need_not_be_in_the_line(
        nlp: Language, similarity: Similarity, question: str) -> None:
    line = "Separately, the ledger exporter's retry loop was spinning on stale leases, which delayed every flush."
    assert _binds(nlp, similarity, question, line)
    assert not _binds(nlp, similarity, question, "The archive importer moved to the new cluster on Tuesday.")


def test_a_part_with_words_of_its_own_is_not_bound_by_the_words_it_carries(nlp: Language,
                                                                            similarity: Similarity) -> None:
    from zehn.agent.parses import CachedParse, ParseCache
    from zehn.agent.rows import DocPassage
    from zehn.agent.sentence_binding import Scored, bind_sentence
    asks = analyse("Which port does the metrics exporter listen on, and does the proxy have to forward that port?",
                   nlp).asks
    part = asks[1]
    assert part.carried and "proxy" in part.core and "proxy" not in part.carried

    def bound(line: str) -> tuple[str, int] | None:
        passage = DocPassage("p0", "doc_1", "Notes", "section", 0, len(line), f"Notes\n{line}", (0.5,))
        return bind_sentence(part, Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True)), nlp(line), similarity, (),
                             parse_text=CachedParse(ParseCache(nlp)))
    # about the exporter the first part named, nothing of the proxy or its forwarding
    assert bound("The metrics exporter restarts itself after each deploy.") is None
    assert bound("The proxy forwards the exporter's port to the scrape network.") is not None


def test_a_why_not_ask_is_answered_by_the_status_that_holds_the_thing_back(
        nlp: Language, similarity: Similarity) -> None:
    question = "Why wasn't the billing export finished?"
    assert binds(question, "The billing export is pending a schema review by the data team.", nlp, similarity)
    assert not binds("Why was the billing export finished?",  # no denial asked: a status is no reason
                     "The billing export is pending a schema review by the data team.", nlp, similarity)
    assert not binds(question, "The payroll export is pending a schema review by the data team.", nlp, similarity)
    assert not binds(question, "Billing export: pending.", nlp, similarity)  # nothing holds it back


def test_an_opening_denial_gives_its_reason_after_a_dash_or_a_colon(nlp: Language) -> None:
    assert states_unsettled(nlp("Not a real fix for the queue stalls: it only hides the lock contention."))
    assert states_unsettled(nlp("Not a long-term fix - it needs a review of the retry budget."))
    assert not states_unsettled(nlp("Not a real fix for the queue stalls."))
    assert not states_unsettled(nlp("No page went out from the latency alert."))  # the fact, not why
    assert not states_unsettled(nlp("No idea: we need the logs first."))
    assert not states_unsettled(nlp("Not decided yet: the reason is still unknown until the vendor replies."))
