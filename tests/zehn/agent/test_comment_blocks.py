"""A comment's act is negated only where a negation word qualifies the act, not a noun inside a prepositional
phrase (sentences written for this test)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from spacy.language import Language

from zehn.agent.comment_blocks import act_negated
from zehn.agent.retrieve import DocView


@pytest.mark.parametrize("text", ["Did not run the canary in the east region.", "Never restarted the indexer.",
                                  "We didn't roll back the release.", "Deployed no changes to the gateway."])
def test_a_negated_act_is_negated(nlp: Language, text: str) -> None:
    assert act_negated(nlp(text))


@pytest.mark.parametrize("text", ["Ran the canary in the west region for two hours with no errors.",
                                  "Restarted the indexer without any data loss and with no alerts."])
def test_a_negation_inside_a_prepositional_phrase_leaves_the_act_stated(nlp: Language, text: str) -> None:
    assert not act_negated(nlp(text))


REVIEW = """# PR #77: exporter batches rows

## Review

Ana Ruiz - 2026-01-02:
Happy to approve the PR now, the batch size looks right.
"""


def test_a_question_naming_a_pull_request_reads_only_threads_that_name_it(nlp: Language) -> None:
    from tests.zehn.agent.markdown_view import markdown_view
    from zehn.agent.analyse import analyse
    from zehn.agent.comment_blocks import bind_comment
    from zehn.agent.parses import ParseCache, Parses
    from zehn.agent.similarity import Similarity
    view = markdown_view(REVIEW, "PR #77: exporter batches rows")

    def approver(question: str) -> list[str]:
        bound = bind_comment(analyse(question, nlp), lambda: (view,), Similarity(None), Parses(ParseCache(nlp)))
        return [] if bound is None else [p.entity_name for p in bound.paths]
    assert approver("Who approved PR #77?") == ["Ana Ruiz"]
    assert approver("Who approved PR #78?") == []


def test_a_date_in_the_question_is_no_identifier_the_thread_must_hold(nlp: Language) -> None:
    from tests.zehn.agent.markdown_view import markdown_view
    from zehn.agent.analyse import analyse
    from zehn.agent.comment_blocks import bind_comment
    from zehn.agent.parses import ParseCache, Parses
    from zehn.agent.similarity import Similarity
    view = markdown_view(REVIEW, "PR #77: exporter batches rows")
    bound = bind_comment(analyse("Who approved PR #77 on 2 January?", nlp), lambda: (view,), Similarity(None),
                         Parses(ParseCache(nlp)))
    assert bound is not None and [p.entity_name for p in bound.paths] == ["Ana Ruiz"]


THREAD = """# Export worker stalls after the queue failover

## comments

2026-01-03 10:12 - Ana Ruiz (SRE): Did a restart of the export worker on the east nodes.
2026-01-03 11:40 - Storage (Ben Okafor): Ran a rebalance of the queue partitions after the failover.
"""


def test_which_team_did_it_is_the_team_in_the_header_brackets_not_the_person(nlp: Language) -> None:
    from tests.zehn.agent.markdown_view import markdown_view
    from zehn.agent.analyse import analyse
    from zehn.agent.comment_blocks import bind_comment
    from zehn.agent.parses import ParseCache, Parses
    from zehn.agent.similarity import Similarity
    view = markdown_view(THREAD, "Export worker stalls after the queue failover")

    def doer(question: str) -> list[str]:
        bound = bind_comment(analyse(question, nlp), lambda: (view,), Similarity(None), Parses(ParseCache(nlp)))
        return [] if bound is None else [p.entity_name for p in bound.paths]
    assert doer("Which team restarted the export worker?") == ["SRE"]
    assert doer("Who restarted the export worker?") == ["Ana Ruiz"]
    assert doer("Which team rebalanced the queue partitions?") == ["Storage"]


CHAT = """# releases

## messages

tove: The nightly build failed at the upload step again.
tove: Opening a ticket with platform to rotate the upload token.
platform: Confirmed, the upload token expired. We rotate the upload token now.
tove: Update: platform did rotate the upload token, uploads pass.
"""


def _chat_view(participants: str) -> DocView:
    from tests.zehn.agent.markdown_view import markdown_view
    from zehn.agent.rows import Sentence
    view = markdown_view(CHAT, "releases")
    front = Sentence("ev_meta", participants, view.info.id, 0, 0, "metadata")
    return DocView(view.info, view.passages, 1.0, True, lambda: [front, *view.sentences])


def _chat_doers(question: str, participants: str, nlp: Language) -> list[str]:
    from zehn.agent.analyse import analyse
    from zehn.agent.comment_blocks import bind_comment
    from zehn.agent.parses import ParseCache, Parses
    from zehn.agent.similarity import Similarity
    view = _chat_view(participants)
    bound = bind_comment(analyse(question, nlp), lambda: (view,), Similarity(None), Parses(ParseCache(nlp)))
    return [] if bound is None else [p.entity_name for p in bound.paths]


def test_a_listed_chat_handle_is_the_doer_of_the_act_its_own_line_states(nlp: Language) -> None:
    # Not tove, who only asked for the act ("with platform to rotate") and reported it ("platform did rotate").
    assert _chat_doers("Which team rotated the upload token?", 'participants: ["tove", "platform"]', nlp) == \
        ["platform"]


def test_a_chat_handle_the_metadata_does_not_list_is_no_speaker(nlp: Language) -> None:
    assert "platform" not in _chat_doers("Which team rotated the upload token?", 'participants: ["tove"]', nlp)


def test_which_team_is_the_team_the_metadata_tags_a_chat_handle_with(nlp: Language) -> None:
    assert _chat_doers("Which team rotated the upload token?", 'participants: ["tove", "platform (buildops)"]',
                       nlp) == ["buildops"]


def test_a_chat_body_states_the_act_only_in_its_own_word_not_a_near_synonym(nlp: Language) -> None:
    from zehn.agent.analyse import analyse
    from zehn.agent.comment_blocks import bind_comment
    from zehn.agent.parses import ParseCache, Parses
    from zehn.agent.similarity import Similarity

    class Loose(Similarity):  # a model that calls every word a synonym of the asked verb
        def synonym(self, word: str, words: Iterable[str]) -> bool:
            return True
    view = _chat_view('participants: ["tove", "platform"]')
    bound = bind_comment(analyse("Which team reverted the upload token?", nlp), lambda: (view,), Loose(None),
                         Parses(ParseCache(nlp)))
    assert bound is None  # "rotate" is no "revert", however near a model puts them


REPORT = """# Queue Failover Drill (East) — 2026-01-03
Results of the drill in the east region.

## Roles

- Drill lead: Carla Diaz
- Restarted the export worker: on-call
"""


def test_a_report_ranked_first_keeps_a_thread_behind_it_from_answering_who_did_it(nlp: Language) -> None:
    # A report states its roles in its own lines (the passage binder reads them); a conversation ranked behind it
    # that uses the asked verb is another case's talk, not the report's answer.
    from tests.zehn.agent.markdown_view import markdown_view
    from zehn.agent.analyse import analyse
    from zehn.agent.comment_blocks import bind_comment
    from zehn.agent.parses import ParseCache, Parses
    from zehn.agent.similarity import Similarity
    report = markdown_view(REPORT, "Queue Failover Drill (East) — 2026-01-03")
    thread = markdown_view(THREAD, "Export worker stalls after the queue failover")

    def doer(*views: DocView) -> list[str]:
        bound = bind_comment(analyse("Who restarted the export worker?", nlp), lambda: views, Similarity(None),
                             Parses(ParseCache(nlp)))
        return [] if bound is None else [p.entity_name for p in bound.paths]
    assert doer(report, thread) == []
    assert doer(thread, report) == ["Ana Ruiz"]


def test_a_title_heading_shaped_like_a_comment_header_opens_no_comment_block() -> None:
    from tests.zehn.agent.markdown_view import markdown_view
    from zehn.agent.comment_blocks import blocks
    report = markdown_view(REPORT, "Queue Failover Drill (East) — 2026-01-03")
    assert blocks(report) == []
    assert [b.author for b in blocks(markdown_view(REPORT, "Queue Failover Drill"))] == ["Queue Failover Drill"]
