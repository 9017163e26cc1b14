"""A read document's score and its length discount (zehn.agent.doc_scores)."""

from __future__ import annotations

import pytest

from tests.zehn.agent.read_documents import read_doc, worded_doc
from zehn.agent import doc_scores
from zehn.agent.doc_scores import (
    COVERAGE_WEIGHT,
    LEXICAL_WEIGHT,
    coverage_shares,
    exact_scores,
    held_terms,
    holds_as_much,
    length_discount,
)
from zehn.agent.rows import DocPassage, DocumentInfo


def test_a_document_scores_its_nearest_passage_whatever_the_index_returned() -> None:
    scores = exact_scores([read_doc("a", 0.6, 0.2, 0.9), read_doc("b", 0.3)], "")
    assert scores == {"a": 0.8, "b": 0.7}  # 1 - the nearest passage's distance to the question (the first vector)
    # (an empty question has no words to match: the vector similarity alone)


def test_the_same_documents_score_the_same_in_any_order() -> None:
    read = [read_doc("a", 0.6, 0.25), read_doc("b", 0.3), read_doc("c", 0.45)]
    assert exact_scores(read, "text") == exact_scores(list(reversed(read)), "text")


def test_a_document_without_distances_scores_nothing() -> None:
    info, _ = read_doc("a")
    assert exact_scores([(info, [DocPassage("p", "a", "h", "section", 0, 1, "text", ())])], "") == {"a": 0.0}


def test_a_document_holding_the_question_s_rare_words_outranks_a_slightly_nearer_one_without_them() -> None:
    read = [worded_doc("near", 0.40, "The quarterly planning meeting moved to Thursday."),
            worded_doc("holds", 0.45, "Ledger exports go to the archive bucket every night."),
            worded_doc("other", 0.50, "The office wifi password rotates monthly.")]
    scores = exact_scores(read, "Where do the ledger exports go?")
    assert scores["holds"] > scores["near"] > scores["other"]
    # A passage holding every question word adds the whole word-match weight, and the document (the only one holding
    # them) the whole coverage weight.
    assert scores["holds"] == 0.55 + LEXICAL_WEIGHT + COVERAGE_WEIGHT
    assert scores["near"] == 0.6  # no question word: its similarity alone


def test_a_document_that_names_what_the_question_names_outranks_an_equally_near_one_that_does_not() -> None:
    read = [worded_doc("named", 0.5, "The billing-export job retries twice."),
            worded_doc("plain", 0.5, "The export job retries twice for billing.")]
    scores = exact_scores(read, "How often does the job retry?", ["billing-export"])
    assert scores["named"] > scores["plain"]


def test_a_question_that_names_nothing_scores_as_one_whose_names_no_document_holds_without_indexing_any(
        monkeypatch: pytest.MonkeyPatch) -> None:
    read = [worded_doc("a", 0.5, "The export job retries twice."), worded_doc("b", 0.4, "Backups run nightly.")]
    named_elsewhere = exact_scores(read, "How often does the job retry?", ["ledger-archive"])

    def built(text: str) -> None:
        raise AssertionError(f"indexed {text[:20]!r}")
    monkeypatch.setattr(doc_scores, "text_index", built)
    assert exact_scores(read, "How often does the job retry?") == named_elsewhere


def test_reading_one_more_strongly_matching_document_leaves_the_others_order_alone() -> None:
    # One document near the question without its words, one farther holding one of them: reading a third that holds
    # the question's other words many times must not rescale the second's word match (it did, divided by the best).
    read = [worded_doc("near", 0.20, "The quarterly planning meeting moved to Thursday."),
            worded_doc("holds", 0.50, "Ledger totals were paused for a day."),
            worded_doc("other", 0.70, "The office wifi password rotates monthly."),
            *(worded_doc(f"filler{n}", 0.80, f"Room {n} has a projector.") for n in range(6))]
    question = "Where do the nightly ledger exports go after the archive migration?"
    before = exact_scores(read, question)
    extra = worded_doc("extra", 0.55, "The nightly archive copies go to cold storage: nightly archive, nightly.")
    after = exact_scores([*read, extra], question)
    order = sorted(before, key=lambda d: (-before[d], d))
    assert sorted((d for d in after if d != "extra"), key=lambda d: (-after[d], d)) == order
    assert abs(after["holds"] - before["holds"]) < 0.02 and before["holds"] > before["other"]


def test_a_long_document_clearly_nearer_than_a_short_one_still_outranks_it() -> None:
    long = read_doc("long", *(0.10 + 0.02 * n for n in range(30)))
    scores = exact_scores([long, read_doc("short", 0.45)], "")
    assert scores["long"] - length_discount(30) > scores["short"] - length_discount(1)


def test_the_length_discount_grows_with_the_passage_count_and_spares_a_one_passage_document() -> None:
    assert length_discount(1) == 0.0 == length_discount(0)
    assert 0.0 < length_discount(2) < length_discount(10) < length_discount(100)


def test_a_sibling_holding_the_question_s_rarer_words_across_its_sections_covers_more_than_one_holding_common_ones(
        ) -> None:
    # Two tickets of one symptom: each passage of the asked one holds part of the question (the symptom in its
    # summary, the asked fix in a comment); the sibling holds the symptom's common words only.
    asked = (DocumentInfo("asked", "Timeouts for mobile clients", "ticket", None, None),
             [DocPassage("a0", "asked", "h", "section", 0, 1, "Intermittent timeouts for mobile clients.", (0.6,)),
              DocPassage("a1", "asked", "h", "section", 1, 2, "The gateway fix raises the idle limit.", (0.6,))])
    sibling = worded_doc("sibling", 0.5, "Intermittent timeouts after a cache flush.")
    other = worded_doc("other", 0.5, "The login banner was reworded.")
    shares = coverage_shares("What does the gateway fix raise for mobile clients with timeouts?",
                             [asked, sibling, other])
    assert shares["asked"] > shares["sibling"] > shares["other"] == 0.0
    assert shares["asked"] == 1.0  # every asked word, wherever it is in the document


def test_a_word_every_read_document_holds_covers_nothing() -> None:
    read = [worded_doc("a", 0.5, "Errors in the export job."), worded_doc("b", 0.5, "Errors in the import job.")]
    shares = coverage_shares("Which errors?", read)
    assert shares == {"a": 0.0, "b": 0.0}


def test_a_document_holds_the_question_s_words_anywhere_in_it_each_once_plurals_folded() -> None:
    asked = (DocumentInfo("asked", "Gateway timeouts", "ticket", None, None),
             [DocPassage("a0", "asked", "h", "section", 0, 1, "Timeouts for mobile clients, timeouts again.", ()),
              DocPassage("a1", "asked", "h", "section", 1, 2, "The fix raises the idle limit.", ())])
    assert held_terms(["gateway", "timeout", "client", "fix", "cache"], *asked) == {"gateway", "timeout", "client",
                                                                                  "fix"}


def test_a_sibling_lacking_the_words_that_name_the_asked_case_does_not_hold_as_much_as_the_document_holding_them(
        ) -> None:
    question = "Why did private dedicated canary deploys stall on the gateway?"
    asked = worded_doc("asked", 0.5, "Private dedicated canary deploys stalled: the gateway pool was drained.")
    sibling = worded_doc("sibling", 0.5, "Hosted canary deploys stalled for an hour.")
    restated = worded_doc("restated", 0.5, "The gateway stalled private dedicated canary deploys for an hour.")
    assert not holds_as_much(question, asked, sibling)
    assert holds_as_much(question, asked, restated) and holds_as_much(question, sibling, asked)
