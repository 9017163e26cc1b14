"""A text's index is built once per process and answers as a fresh one does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zehn.agent.text_index import _ALNUM, _CAMEL, TextIndex, text_index


def test_the_same_text_reuses_its_index() -> None:
    text = "The keep-alive timer in autoscalerPromQL\nRetries back off."
    assert text_index(text) is text_index(text)
    assert text_index(text) is not text_index(text + " ")


def test_a_cached_index_matches_names_as_a_fresh_one_does() -> None:
    text = "The keep-alive timer in autoscalerPromQL\nRetries back off."
    fresh = TextIndex(text)
    for name, quoted in [("keep alive", False), ("keepalive", False), ("PromQL", False), ("back retries", True),
                         ("back retries", False), ("timer settings", True)]:
        assert text_index(text).mentions(name, quoted) == fresh.mentions(name, quoted)
    assert text_index(text).words == fresh.words


def test_camel_case_parts_of_every_word_are_found_in_one_pass_over_the_text() -> None:
    """The parts are read from the whole text at once: each word's parts, none that crosses a word's edge."""
    index = TextIndex("the autoscalerPromQL, HTTPServer_v2 and caféLatte (naïveCamel) sit-stand")
    for part in ("promql", "autoscaler", "httpserver", "v2", "latte", "camel", "sit", "stand"):
        assert part in index.words
    assert "l" not in index.words and "ls" not in index.words  # "PromQL, HTTP...": no part spans the comma
    assert index.mentions("PromQL") and index.mentions("sit stand") and not index.mentions("QLHTTP")


def _whole_text_index(text: str) -> tuple[str, frozenset[str]]:
    """The index as it was built before each distinct word was read alone: the part pattern over the whole text."""
    words = list(map(str.casefold, _ALNUM.findall(text)))
    return f" {' '.join(words)} ", frozenset(words) | frozenset(map(str.casefold, _CAMEL.findall(text)))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["the", "autoscalerPromQL", "HTTPServer", "v2", "x9Y", "caféLatte", "naïveCamel",
                                 "ÉTÉ", "2026", "MiXeD", "ß", "İd", "_", "-", " ", ", ", "\n", "é", "ABC", "abc1D",
                                 "²", "٣"]),
                max_size=30).map("".join))
def test_reading_each_distinct_word_finds_the_parts_a_whole_text_scan_finds(text: str) -> None:
    index = TextIndex(text)
    assert (index.joined, index.words) == _whole_text_index(text)


@given(st.text(max_size=80))
def test_any_text_is_indexed_as_a_whole_text_scan_indexes_it(text: str) -> None:
    index = TextIndex(text)
    assert (index.joined, index.words) == _whole_text_index(text)
