"""BM25 scores of one query over a small corpus: the same floats, to the last bit, as rank_bm25's BM25Okapi."""

from __future__ import annotations

import random

import numpy as np
from rank_bm25 import BM25Okapi

from zehn.agent.bm25 import Vocabulary, bm25, bm25_scores


def _both(corpus: list[list[str]], query: list[str]) -> tuple[np.ndarray, np.ndarray]:
    words = Vocabulary()
    encoded = [words.encode(document) for document in corpus]
    return bm25_scores(encoded, [words.get(w) for w in query]), np.asarray(BM25Okapi(corpus).get_scores(query))


def test_scores_equal_bm25okapi_bit_for_bit_on_a_small_corpus() -> None:
    ours, reference = _both([["ledger", "backups", "nightly"], ["restores", "tested", "monthly"],
                             ["ledger", "kept", "ninety", "days"], ["badges", "renewed", "yearly"]],
                            ["ledger", "backups", "kept"])
    assert ours.tobytes() == reference.tobytes()


def test_a_word_most_documents_hold_gets_the_same_floor_as_bm25okapi_gives_it() -> None:
    # "service" is in 4 of 5 documents: its idf is negative, so both floor it at a quarter of the average idf.
    ours, reference = _both([["service", "deploy"], ["service", "failover", "drill"], ["service", "restarted"],
                             ["service", "scaled"], ["lunch"]], ["service"])
    assert ours.tobytes() == reference.tobytes()
    assert ours[0] > 0.0  # the floored word still counts


def test_scores_equal_bm25okapi_bit_for_bit_on_random_corpora_with_repeated_and_unknown_query_words() -> None:
    rng = random.Random(7)
    vocabulary = [f"w{n}" for n in range(300)]
    for size in (1, 2, 3, 17, 250):
        corpus = [[rng.choice(vocabulary[: rng.randint(5, 300)]) for _ in range(rng.randint(1, 60))]
                  for _ in range(size)]
        query = [rng.choice(vocabulary) for _ in range(6)] + ["w1", "w1", "absent"]
        ours, reference = _both(corpus, query)
        assert ours.tobytes() == reference.tobytes(), size


def test_passages_encoded_with_words_of_other_passages_in_the_vocabulary_score_the_same() -> None:
    words = Vocabulary()
    words.encode(["unrelated", "ledger", "earlier"])  # ids taken by passages read for another question
    corpus = [["ledger", "backups"], ["badges", "renewed"], ["ledger", "kept"]]
    ours = bm25_scores([words.encode(d) for d in corpus], [words.get(w) for w in ("ledger", "earlier")])
    assert ours.tobytes() == np.asarray(BM25Okapi(corpus).get_scores(["ledger", "earlier"])).tobytes()


def test_a_query_of_words_no_document_holds_scores_every_document_zero() -> None:
    words = Vocabulary()
    encoded = [words.encode(["alpha"]), words.encode(["beta", "gamma"])]
    assert bm25_scores(encoded, [None, words.get("delta")]).tolist() == [0.0, 0.0]


def test_the_full_match_scale_weighs_a_word_no_passage_holds_as_one_a_single_passage_holds() -> None:
    words = Vocabulary()
    encoded = [words.encode([w]) for w in ("alpha", "beta", "gamma", "delta", "alpha")]
    _, held_once = bm25(encoded, [words.get("beta")])
    _, held_nowhere = bm25(encoded, [None])
    _, both = bm25(encoded, [words.get("beta"), words.get("alpha")])
    assert held_nowhere == held_once > 0.0 and both > held_once


def test_a_word_gets_one_id_however_often_it_is_encoded() -> None:
    words = Vocabulary()
    first = words.encode(["a", "b", "a"])
    second = words.encode(["b", "c"])
    assert first.ids.tolist() == [0, 1, 0] and first.distinct.tolist() == [0, 1]
    assert second.ids.tolist() == [1, 2] and len(words) == 3


def test_new_words_among_known_ones_take_ids_in_the_order_they_first_appear() -> None:
    words = Vocabulary()
    words.encode(["known"])
    mixed = words.encode(["fresh", "known", "fresh", "later"])
    assert mixed.ids.tolist() == [1, 0, 1, 2] and mixed.distinct.tolist() == [1, 0, 2] and len(words) == 3


def test_scores_equal_bm25okapi_bit_for_bit_when_word_ids_were_given_in_another_order() -> None:
    # The average idf is a float sum in the order the passages first hold each word; a vocabulary filled by other
    # reads (here the corpus backwards) numbers the words in another order, which must not change that sum. It
    # weighs a word most passages hold ("w0", the query's first), so the scores read it.
    rng = random.Random(11)
    vocabulary = [f"w{n}" for n in range(400)]
    for size in (3, 40, 250):
        corpus = [[rng.choice(vocabulary[: rng.randint(5, 400)]) for _ in range(rng.randint(1, 60))] +
                  (["w0"] if rng.random() < 0.8 else []) for _ in range(size)]
        query = ["w0", *(rng.choice(vocabulary) for _ in range(8))]
        words = Vocabulary()
        for document in reversed(corpus):
            words.encode(document)
        ours = bm25_scores([words.encode(d) for d in corpus], [words.get(w) for w in query])
        assert ours.tobytes() == np.asarray(BM25Okapi(corpus).get_scores(query)).tobytes(), size
