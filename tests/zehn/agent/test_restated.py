"""An ask a document states twice (a summary and the detail): the detail is cited too while the ask's share of the
word budget lasts. Lines and passages are our own, built in memory; the extent is the line alone."""

from __future__ import annotations

from zehn.agent.restated import RESTATED_MARGIN, BoundLine, restated
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.sentence_binding import Scored


def _passage(n: int, heading: str, kind: str = "section") -> Scored:
    passage = DocPassage(f"p{n}", "doc", f"Export stall > {heading}", kind, n * 100, n * 100 + 90, heading, (0.2,))
    return Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True))


def _line(n: int, text: str) -> Sentence:
    return Sentence(f"s{n}", text, "doc", n * 10, n * 10 + len(text), "sentence")


SUMMARY = _passage(1, "resolution")
THREAD = _passage(2, "comments")
FRONT = _passage(0, "front matter", kind="metadata")
BEST = _line(30, "Released the stale lease and restarted the export.")
DETAIL = _line(20, "Done: released lease 7 on the ledger partition and set export.retry_limit = 3.")
SAME = _line(31, "Released the lease again on the second partition.")
KEY = _line(1, 'linked_issues: ["EXP-12"]')


def _only(line: Sentence, _where: Scored, budget: int, _taken: set[str]) -> tuple[Sentence, ...]:
    return (line,) if len(line.text.split()) <= budget else ()


def _bound(rank: float, line: Sentence, where: Scored) -> BoundLine:
    return (rank, line, [line], where, "filler")


def test_a_detailed_line_in_another_section_is_cited_after_the_summary_in_document_order() -> None:
    best = _bound(1.5, BEST, SUMMARY)
    cited = restated((BEST,), best, [best, _bound(1.4, DETAIL, THREAD)], 100, _only)
    assert cited == (DETAIL, BEST)


def test_a_line_ranked_well_below_the_best_adds_nothing() -> None:
    best = _bound(1.5, BEST, SUMMARY)
    cited = restated((BEST,), best, [best, _bound(1.5 - RESTATED_MARGIN - 0.01, DETAIL, THREAD)], 100, _only)
    assert cited == (BEST,)


def test_front_matter_and_the_best_lines_own_section_are_not_read_again() -> None:
    best = _bound(1.5, BEST, SUMMARY)
    cited = restated((BEST,), best, [best, _bound(1.5, KEY, FRONT), _bound(1.45, SAME, SUMMARY)], 100, _only)
    assert cited == (BEST,)


def test_nothing_is_added_past_the_asks_share_of_the_budget() -> None:
    best = _bound(1.5, BEST, SUMMARY)
    share = len(BEST.text.split()) + len(DETAIL.text.split()) - 1
    assert restated((BEST,), best, [best, _bound(1.4, DETAIL, THREAD)], share, _only) == (BEST,)
