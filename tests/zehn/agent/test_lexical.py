"""The read documents' word match: BM25 over their passages, scaled by the question's own full match (not by the
best document read)."""

from __future__ import annotations

import pytest

from zehn.agent import lexical
from zehn.agent.lexical import lexical_scores, tokens
from zehn.agent.rows import DocPassage, DocumentInfo


def _doc(doc_id: str, *texts: str) -> tuple[DocumentInfo, list[DocPassage]]:
    return (DocumentInfo(doc_id, doc_id, "page", None, None),
            [DocPassage(f"{doc_id}-p{n}", doc_id, "h", "section", 0, len(t), t, (0.5,)) for n, t in enumerate(texts)])


def test_tokens_are_lower_cased_words_and_numbers_without_stop_words() -> None:
    assert tokens("What is the P95 latency of the Billing-API?") == ["p95", "latency", "billing", "api"]


def test_the_document_holding_the_words_scores_highest_and_one_without_them_zero() -> None:
    read = [_doc("a", "Backups of the ledger run nightly.", "Restores are tested monthly."),
            _doc("b", "The cafeteria menu changes weekly."),
            _doc("c", "Ledger backups are kept for ninety days."), _doc("d", "Badges are renewed yearly.")]
    scores = lexical_scores("How long are ledger backups kept?", read)
    assert scores["b"] == scores["d"] == 0.0
    assert 0.0 < scores["a"] < scores["c"] <= 1.0


def test_a_document_scores_its_best_passage_not_the_sum_of_its_passages() -> None:
    matching = "Certificate rotation is owned by the edge team."
    one = _doc("one", matching)
    many = _doc("many", matching, "Rotation happens quarterly.", "Keys are stored in the vault.")
    filler = _doc("filler", "Lunch is at noon.", "Parking is free.")
    scores = lexical_scores("Who owns certificate rotation?", [one, many, filler])
    assert scores["one"] == scores["many"] > 0.0


def test_a_rare_word_counts_more_than_a_word_every_candidate_holds() -> None:
    read = [_doc("common", "The service deploy finished."),
            _doc("rare", "The service failover drill finished."),
            _doc("third", "The service restarted."), _doc("fourth", "The service scaled out.")]
    scores = lexical_scores("When did the service failover drill finish?", read)
    assert scores["common"] < scores["rare"]


def test_the_scores_do_not_depend_on_the_order_the_documents_were_read_in() -> None:
    read = [_doc("a", "Queue depth alerts page the on-call."), _doc("b", "Queue depth is sampled every minute."),
            _doc("c", "Disk alerts page storage.")]
    question = "Which alerts page the on-call for queue depth?"
    assert lexical_scores(question, read) == lexical_scores(question, list(reversed(read)))


def test_a_question_of_stop_words_only_scores_every_document_zero() -> None:
    assert lexical_scores("What is it?", [_doc("a", "It is what it is."), _doc("b", "Something else.")]) == \
        {"a": 0.0, "b": 0.0}


def test_scores_stay_the_same_when_a_full_vocabulary_is_started_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    read = [_doc("a", "Backups of the ledger run nightly."), _doc("c", "Ledger backups are kept for ninety days."),
            _doc("b", "The cafeteria menu changes weekly.")]
    before = lexical_scores("How long are ledger backups kept?", read)
    monkeypatch.setattr(lexical, "VOCABULARY_SIZE", 0)  # every call now starts a fresh vocabulary
    assert lexical_scores("How long are ledger backups kept?", read) == before
    assert lexical_scores("How long are ledger backups kept?", list(reversed(read))) == before


def test_a_document_s_word_match_is_not_rescaled_by_a_better_matching_document_read_with_it() -> None:
    read = [_doc("holds", "Ledger totals were paused for a day."),
            *(_doc(f"filler{n}", f"Room {n} has a projector.") for n in range(8))]
    question = "Where do the nightly ledger exports go after the archive migration?"
    better = _doc("better", "The nightly archive copies go to cold storage: nightly archive, nightly.")
    alone, beside = lexical_scores(question, read), lexical_scores(question, [*read, better])
    assert beside["better"] > beside["holds"] > 0.0
    assert abs(beside["holds"] - alone["holds"]) < 0.1 * alone["holds"]  # one more passage in the word counts only


def test_a_plural_in_the_question_matches_the_singular_in_a_passage() -> None:
    read = [_doc("singular", "The proxy returned a 403 after the change."), _doc("other", "The proxy restarted."),
            _doc("third", "Disk usage grew."), _doc("fourth", "Latency was flat.")]
    scores = lexical_scores("Which changes caused the 403s?", read)
    assert scores["singular"] > 0.0 and scores["other"] == 0.0


@pytest.mark.parametrize(("word", "folded"), [("queries", "query"), ("changes", "change"), ("403s", "403"),
                                              ("status", "status"), ("access", "access"), ("queues", "queue")])
def test_plurals_fold_to_the_singular_and_words_ending_in_us_or_ss_stay_whole(word: str, folded: str) -> None:
    assert lexical.singular(word) == folded


@pytest.mark.parametrize(("word", "stems"), [("versions", ("version",)), ("patches", ("patche", "patch")),
                                             ("names", ("name", "nam")), ("status", ()), ("access", ()),
                                             ("as", ()), ("owner", ())])
def test_a_plural_gives_each_word_it_may_be_written_from_and_us_or_ss_gives_none(word: str,
                                                                               stems: tuple[str, ...]) -> None:
    # A word list is asked each stem: "patches" is the plural of "patch", "names" of "name".
    assert lexical.plural_stems(word) == stems


def test_the_singular_fold_is_the_first_stem_of_a_plural_outside_ies() -> None:
    for word in ("patches", "heroes", "fees", "windows", "403s"):
        assert lexical.singular(word) == lexical.plural_stems(word)[0]


def test_the_baseline_s_tokens_keep_their_plurals() -> None:
    assert tokens("Changes to queries") == ["changes", "queries"]


def test_a_kept_passage_s_terms_are_the_terms_of_its_text_folded_once() -> None:
    text = "Restores of the Ledgers were tested; the ledger's backups run nightly."
    lexical.passage_terms.cache_clear()
    first = lexical.passage_terms(text)
    assert first == tuple(lexical.terms(text)) and "ledger" in first
    assert lexical.passage_terms(text) is first  # kept: the second read folds nothing
    assert lexical.passage_terms.cache_info().hits == 1


def test_scores_are_the_same_whether_the_passages_terms_were_kept_before_or_not() -> None:
    read = [_doc("a", "Backups of the ledger run nightly.", "Restores are tested monthly."),
            _doc("b", "Ledger backups are kept for ninety days.")]
    lexical.passage_terms.cache_clear()
    lexical._encoded.cache_clear()
    fresh = lexical_scores("how long are ledger backups kept", read)
    lexical._encoded.cache_clear()  # encoded again from the kept terms
    assert lexical_scores("how long are ledger backups kept", read) == fresh
