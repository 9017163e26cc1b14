"""Words of a passage search (traversal_policy/search_words.py): function words are left out, the rest are taken
rarest first within a budget of passage matches, counted by one fixed query that stops at the budget."""

from __future__ import annotations

import contextlib
import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from extraction.errors import InputRejected
from extraction.index_readiness import wait_for_indexes
from traversal_policy import connect, search_words
from traversal_policy.runner import Trace
from traversal_policy.search_words import COUNT_TEXTS, passage_words, word_matches
from zehn.graph_server import EmbeddedFalkorDB

PASSAGES = [
    "The cache service restarts the worker pool.",
    "The cache layer keeps tokens for an hour.",
    "A cache miss reaches the database.",
    "The cache warms at startup.",
    "The cache is flushed nightly by the scheduler.",
    "Rotation of signing keys happens quarterly.",
]
QUESTION = "How does the scheduler flush the cache and the worker pool?"


@pytest.fixture(scope="module")
def passages(falkordb_server: EmbeddedFalkorDB) -> Iterator[Any]:
    assert falkordb_server.port is not None
    graph = connect("127.0.0.1", falkordb_server.port).select_graph(f"tp_words_{uuid.uuid4().hex[:8]}")
    graph.query("UNWIND range(0, size($texts) - 1) AS i CREATE (:Passage {id: 'p' + toString(i), text: $texts[i]})",
                {"texts": PASSAGES})
    graph.query("CREATE FULLTEXT INDEX FOR (n:Passage) ON (n.text)")
    wait_for_indexes(graph, deadline_s=60.0)  # the index is built in the background: count only once it is whole
    yield graph
    with contextlib.suppress(redis.RedisError):
        graph.delete()


def test_each_word_is_counted_once_and_a_word_no_passage_holds_counts_zero(passages: Any) -> None:
    counts = word_matches(Trace(passages, 5000), "t", ["cache", "scheduler", "flush", "zeppelin"])
    assert counts == {"cache": 5, "scheduler": 1, "flush": 1, "zeppelin": 0}  # "flush" meets "flushed" (stemmed)


def test_a_count_stops_one_past_the_budget(passages: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_words, "MATCH_BUDGET", 2)
    assert word_matches(Trace(passages, 5000), "t", ["cache", "rotation"]) == {"cache": 3, "rotation": 1}


def test_the_rarest_words_are_searched_within_the_budget_and_the_common_one_is_left_out(
        passages: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_words, "MATCH_BUDGET", 4)
    chosen = passage_words(Trace(passages, 5000), "t", QUESTION)
    assert chosen.query == "scheduler|flush|worker|pool"  # in the question's order
    assert chosen.common == ("cache",)
    assert set(chosen.function_words) == {"how", "does", "the", "and"}
    assert any("too common" in note and "cache" in note for note in chosen.notes())


def test_with_room_in_the_budget_every_content_word_is_searched(passages: Any) -> None:
    chosen = passage_words(Trace(passages, 5000), "t", QUESTION)
    assert chosen.query == "scheduler|flush|cache|worker|pool"
    assert chosen.common == ()


def test_words_no_passage_holds_are_not_searched(passages: Any) -> None:
    chosen = passage_words(Trace(passages, 5000), "t", "zeppelin rotation calendar")
    assert chosen.query == "rotation"
    assert set(chosen.unmatched) == {"zeppelin", "calendar"}


def test_when_even_the_rarest_word_is_over_the_budget_every_content_word_is_searched(
        passages: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_words, "MATCH_BUDGET", 0)
    assert passage_words(Trace(passages, 5000), "t", QUESTION).query == "scheduler|flush|cache|worker|pool"


def test_when_no_word_matches_the_notes_say_which_words_no_passage_holds(passages: Any) -> None:
    chosen = passage_words(Trace(passages, 5000), "t", "zeppelin calendar")
    assert set(chosen.unmatched) == {"zeppelin", "calendar"}
    assert any("no passage holds" in note for note in chosen.notes())


def test_a_text_of_function_words_only_searches_those(passages: Any) -> None:
    chosen = passage_words(Trace(passages, 5000), "t", "what is it for")
    assert chosen.function_words == ()
    assert set(chosen.query.split("|")) <= {"what", "is", "it", "for"}


def test_a_text_without_words_is_rejected_before_anything_runs(passages: Any) -> None:
    trace = Trace(passages, 5000)
    with pytest.raises(InputRejected):
        passage_words(trace, "t", "?! --")
    assert trace.records == []


def test_the_count_texts_return_counts_only_never_a_passage_property() -> None:
    """The counts are index statistics (see the module docstring), so they read no passage or document field."""
    for n, text in enumerate(COUNT_TEXTS, start=1):
        assert text.count("queryNodes('Passage'") == n
        assert not re.search(r"\bnode\.\w", text)
        assert re.findall(r"RETURN (.*?)(?: UNION ALL |$)", text) == [f"{i} AS i, count(node) AS matches"
                                                                     for i in range(n)]
