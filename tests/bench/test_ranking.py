"""bench/ranking.py's figures and question selection (the ranking itself is retrieval's: tests/zehn/agent)."""

from __future__ import annotations

from pathlib import Path

from bench.ranking import OWN_SETS, Ranked, answerable, default_sets, figures
from zehn.evaluation.questions import NOT_FOUND_CATEGORY, BenchQuestion, GraphQuestion


def _row(rank: int) -> Ranked:
    return Ranked("set", f"q{rank}", rank, "doc", ("gold",))


def test_recall_counts_ranks_up_to_the_cut_and_an_unread_gold_counts_as_a_miss() -> None:
    got = figures([_row(1), _row(2), _row(4), _row(0)])
    assert got["recall@1"] == 0.25 and got["recall@3"] == 0.5 and got["recall@5"] == 0.75
    assert got["not_read"] == 1
    assert got["mrr"] == round((1 + 1 / 2 + 1 / 4) / 4, 3)  # the unread one adds nothing


def test_no_rows_give_no_figures_rather_than_a_division_by_zero() -> None:
    assert figures([]) == {"questions": 0}


def test_only_answerable_questions_with_a_gold_document_and_readable_by_the_public_are_ranked() -> None:
    kept = BenchQuestion("a", "What", "Where do exports go?", "", ("d1",))
    declined = BenchQuestion("b", NOT_FOUND_CATEGORY, "Who owns the moon?", "", ("d2",))
    no_gold = BenchQuestion("c", "What", "When is the review?", "", ())
    restricted = GraphQuestion("d", "owner", "Who owns vault?", ("answered",), ("x",), ("d3",), reader="all")
    graph = GraphQuestion("e", "owner", "Who owns ledger?", ("answered",), ("x",), ("d4",))
    assert [q.id for q in answerable([kept, declined, no_gold, restricted, graph])] == ["a", "e"]


def test_the_default_sets_are_the_corpus_s_question_files_beside_its_folder_then_our_own(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "questions.jsonl").write_text("")
    assert default_sets(tmp_path / "docs") == [tmp_path / "questions.jsonl", *OWN_SETS]  # no graph questions there
