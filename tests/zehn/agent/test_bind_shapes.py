"""A meeting's ask and its answer are read only after the walk declined: what the walk found stands; a thing the
question names by what it does is owned by the action item that does it. Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.bind_shapes import after_decline, before_passages, before_walk, described_by_act
from zehn.agent.bound import Bound
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.similarity import Similarity

MEETING = """# Billing weekly - 2026-03-11

[00:01:05] Mira Lund: Ben, can you take the billing service?
[00:01:09] Ben Ode: Sure, I'll take it.
"""


def _after(nlp: Language, embedder: LocalEmbedder, walked: Bound) -> Bound:
    view = markdown_view(MEETING, "Billing weekly - 2026-03-11")
    out = after_decline(analyse("Who owns the billing service?", nlp), lambda: (view,), Similarity(embedder), walked)
    assert isinstance(out, Bound)
    return out


def test_what_the_walk_found_is_not_replaced_by_a_meeting_ask(nlp: Language, embedder: LocalEmbedder) -> None:
    walked = Bound(verdict="yes")
    assert _after(nlp, embedder, walked) is walked


def test_a_declined_walk_reads_the_meeting_ask(nlp: Language, embedder: LocalEmbedder) -> None:
    assert [p.entity_name for p in _after(nlp, embedder, Bound(reason="nothing")).paths] == ["Ben Ode"]


FOLLOW_UPS = """# Postmortem: Cache stampede after the pricing deploy

## Follow-ups
1) Add a load test suite covering cold-start and eviction storms. Owner: Perf Guild.
2) Document the warm-up order in the deploy runbook. Owner: Docs Crew.
3) Add validation checks for canary bundles using golden snapshots. Owner: Release Desk.
"""


def _owner(nlp: Language, embedder: LocalEmbedder, question: str) -> Bound | None:
    view = markdown_view(FOLLOW_UPS, "Postmortem: Cache stampede after the pricing deploy")
    return before_walk(analyse(question, nlp), lambda: (view,), Similarity(embedder), Parses(ParseCache(nlp)), nlp)


def test_a_subject_named_by_a_clause_is_described_by_its_act(nlp: Language) -> None:
    assert described_by_act(analyse("Which team owns the load tests that cover eviction storms?", nlp), nlp)
    assert not described_by_act(analyse("Which team owns the pricing-cache service?", nlp), nlp)


def test_an_owner_asked_for_a_thing_described_by_its_act_is_the_matching_items(
        nlp: Language, embedder: LocalEmbedder) -> None:
    bound = _owner(nlp, embedder, "Which team owns the load tests that cover eviction storms and cold starts?")
    assert bound is not None
    assert [p.entity_name for p in bound.paths] == ["Perf Guild"]


def test_a_gerund_opening_the_owned_phrase_is_an_act_and_the_item_doing_it_answers(
        nlp: Language, embedder: LocalEmbedder) -> None:
    question = "Which team owns validating canary bundles against golden snapshots?"
    assert described_by_act(analyse(question, nlp), nlp)
    bound = _owner(nlp, embedder, question)
    assert bound is not None
    assert [p.entity_name for p in bound.paths] == ["Release Desk"]


def test_no_matching_item_leaves_a_described_thing_to_the_walk(nlp: Language, embedder: LocalEmbedder) -> None:
    assert _owner(nlp, embedder, "Which team owns the gateway that signs webhook payloads for partners?") is None


def _before_passages(nlp: Language, embedder: LocalEmbedder, question: str) -> Bound | None:
    view = markdown_view(FOLLOW_UPS, "Postmortem: Cache stampede after the pricing deploy")
    return before_passages(analyse(question, nlp), lambda: (view,), Similarity(embedder), Parses(ParseCache(nlp)),
                           nlp)


def test_a_one_ask_owner_question_no_item_answers_is_declined_by_the_item_reader(
        nlp: Language, embedder: LocalEmbedder) -> None:
    bound = _before_passages(nlp, embedder, "Who has to rotate the signing keys?")
    assert bound is not None and bound.empty


def test_a_several_ask_owner_question_the_item_reader_declines_goes_to_the_passages(
        nlp: Language, embedder: LocalEmbedder) -> None:
    question = "Who has to rotate the signing keys, and when is the review due?"
    assert len({a.text for a in analyse(question, nlp).asks}) == 2
    assert _before_passages(nlp, embedder, question) is None


NOTES = """# Ledger cache flush notes

## Summary

The ledger cache was purged by Ana Ruiz after the schema change.
"""

REPLIES = """# Ledger cache questions

## comments

2026-03-02 09:10 - Ben Ode (SRE): Purged the ledger cache on the staging nodes.
"""


def test_the_who_reader_of_the_best_ranked_document_answers_whichever_reader_it_is(
        nlp: Language, embedder: LocalEmbedder) -> None:
    notes = markdown_view(NOTES, "Ledger cache flush notes", "doc_notes")
    replies = markdown_view(REPLIES, "Ledger cache questions", "doc_replies")
    similarity, parses = Similarity(embedder), Parses(ParseCache(nlp))

    def who(*views: object) -> list[str]:
        bound = before_walk(analyse("Who purged the ledger cache?", nlp), lambda: views, similarity, parses, nlp)
        return [] if bound is None else [p.entity_name for p in bound.paths]
    assert who(notes, replies) == ["Ana Ruiz"]  # a passive's by-agent in the first document
    assert who(replies, notes) == ["Ben Ode"]  # the comment block's author in the first document


def _replies(nlp: Language, embedder: LocalEmbedder, question: str) -> Bound | None:
    view = markdown_view(REPLIES, "Ledger cache questions", "doc_replies")
    return before_passages(analyse(question, nlp), lambda: (view,), Similarity(embedder), Parses(ParseCache(nlp)),
                           nlp)


def test_a_one_ask_who_question_is_answered_by_the_comment_author(nlp: Language, embedder: LocalEmbedder) -> None:
    bound = _replies(nlp, embedder, "Who purged the ledger cache?")
    assert bound is not None and [p.entity_name for p in bound.paths] == ["Ben Ode"]


def test_a_several_ask_who_question_a_comment_author_answers_in_part_goes_to_the_passages(
        nlp: Language, embedder: LocalEmbedder) -> None:
    question = "Who purged the ledger cache, and what did the purge fix?"
    assert len({a.text for a in analyse(question, nlp).asks}) == 2
    assert _replies(nlp, embedder, question) is None


def test_a_several_ask_question_each_of_whose_items_has_an_owner_keeps_the_item_reader(
        nlp: Language, embedder: LocalEmbedder) -> None:
    chat = markdown_view("# ops-sync\n\nIlse Vance: assigning follow-ups:\n"
                         "- Tomas Brenner: purge the stale lock files on the batch hosts (P1)\n"
                         "- Lena Marsh: quarterly quota review for the west cluster (P2)\n", "ops-sync")
    question = "Who was assigned the stale lock purge work and the west quota review, and at what priorities?"
    bound = before_passages(analyse(question, nlp), lambda: (chat,), Similarity(embedder), Parses(ParseCache(nlp)),
                            nlp)
    assert bound is not None and sorted(p.entity_name for p in bound.paths) == ["Lena Marsh", "Tomas Brenner"]
