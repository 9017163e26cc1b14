"""An ask a document states twice (a summary and the detail): the detail is cited too while the ask's share of the
word budget lasts. Lines and passages are our own, built in memory; the extent is the line alone."""

from __future__ import annotations

from zehn.agent.restated import OWN_SECTION_MARGIN, RESTATED_MARGIN, BoundLine, restated
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


# A chat thread stored as one section: turns are blocks, separated by blank lines.
TURNS = ("Ana: The queue stalled because the consumer retried every failed batch at once.",
         "Ben: Likely cause list:\n1) Retries had no backoff.\n2) Each retry doubled the pending batches.",
         "Ana: Summary: retries without backoff stalled the queue.")
BODY = "\n\n".join(TURNS)
AT = 200  # where the section's body starts in the document


def _thread() -> tuple[Scored, list[Sentence]]:
    heading = "Queue stall > messages"
    passage = DocPassage("t0", "doc", heading, "section", AT, AT + len(BODY), f"{heading}\n{BODY}", (0.2,))
    lines = [part for turn in TURNS for part in turn.split("\n")]
    sentences = [Sentence(f"t{n}", text, "doc", AT + BODY.index(text), AT + BODY.index(text) + len(text), "sentence")
                 for n, text in enumerate(lines)]
    return Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True)), sentences


def test_a_line_of_another_turn_of_the_same_thread_restates_the_ask_when_passages_are_given() -> None:
    where, lines = _thread()
    summary, item = lines[-1], lines[2]
    best = _bound(1.5, summary, where)
    others = [best, _bound(1.48, item, where)]
    assert restated((summary,), best, others, 100, _only, (where.passage,)) == (item, summary)
    assert restated((summary,), best, others, 100, _only) == (summary,)  # without passages: sections only


def test_a_second_line_of_a_turn_already_restating_the_ask_is_not_taken_again() -> None:
    where, lines = _thread()
    summary, first, second = lines[-1], lines[2], lines[3]
    best = _bound(1.5, summary, where)
    others = [best, _bound(1.48, first, where), _bound(1.47, second, where)]
    assert restated((summary,), best, others, 100, _only, (where.passage,)) == (first, summary)


def test_a_line_of_the_best_lines_own_turn_is_not_a_restatement() -> None:
    where, lines = _thread()
    item, other_item = lines[2], lines[3]
    best = _bound(1.5, item, where)
    cited = restated((item,), best, [best, _bound(1.49, other_item, where)], 100, _only, (where.passage,))
    assert cited == (item,)


def test_another_turn_ranked_further_below_than_the_own_section_margin_is_not_a_restatement() -> None:
    where, lines = _thread()
    summary, item = lines[-1], lines[2]
    best = _bound(1.5, summary, where)
    below = _bound(1.5 - OWN_SECTION_MARGIN - 0.01, item, where)  # still within the margin another section gets
    assert restated((summary,), best, [best, below], 100, _only, (where.passage,)) == (summary,)
