"""A name written with separators is held by its parts however a text joins them. Texts are our own."""

from __future__ import annotations

import pytest

from extraction.embeddings import LocalEmbedder
from zehn.agent.compounds import compound_held, parts
from zehn.agent.lemmas import words
from zehn.agent.sentence_binding import cover
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def test_a_name_splits_into_its_parts_at_any_separator() -> None:
    assert parts("Warm-pool_size") == ("warm", "pool", "size")
    assert parts("ledger") == ("ledger",)


def test_the_parts_are_held_next_to_each_other_or_joined_in_any_spelling() -> None:
    for text in ("the warm pool drained", "warm_pool.max_size=4", "set WARM-POOL to 2", "the warmpool job"):
        assert compound_held("warm-pool", words(text)), text


def test_a_plural_last_part_matches_the_singular() -> None:
    assert compound_held("dropped-page", words("three dropped pages were re-sent"))
    assert compound_held("dropped-pages", words("one dropped page was re-sent"))


def test_parts_apart_or_out_of_order_are_not_held() -> None:
    assert not compound_held("warm-pool", words("the pool was warm"))
    assert not compound_held("warm-pool", words("warm caches and a pool"))


def test_a_plain_word_is_never_held_as_a_compound() -> None:
    assert not compound_held("pool", words("the pool"))


def test_an_ask_s_name_is_held_by_a_passage_that_spells_it_with_another_separator(similarity: Similarity) -> None:
    _, held = cover(("drain",), ("warm-pool",), words("We drained warm_pool.size to zero."), similarity)
    assert held
    _, held = cover(("drain",), ("warm-pool",), words("We drained the cold pool."), similarity)
    assert not held
