"""Who owns an action item, chosen by what it does: owner labels that open a later sentence of the item, teams as
the task's subject, the scene a question sets by naming the document, and "which team will <act>". Documents are
our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.action_items import bind_action, task_question
from zehn.agent.analyse import analyse
from zehn.agent.bound import Bound
from zehn.agent.similarity import Similarity

POSTMORTEM = """# Postmortem: Queue backlog after the scheduler upgrade

## Follow-up action items
1. Add a backlog panel to the queue dashboard broken down by tenant. Owner team: Insights. Priority: P1.
2. Add a pager alert when the backlog doubles within five minutes. Owner team: Ops Desk. Priority: P0.
3. Pin the scheduler version in the deploy manifest. Owner team: Build Infra. Priority: P2.
"""

TICKET = """# Export jobs stall after token refresh

## next_steps
SRE to review the worker pool limits for the export tenants.
Engineering to prototype a refresh-aware retry wrapper for export jobs.
"""


def _bound(nlp: Language, embedder: LocalEmbedder, text: str, title: str, question: str) -> Bound | None:
    analysis = analyse(question, nlp)
    assert task_question(analysis)
    view = markdown_view(text, title)
    return bind_action(analysis, lambda: (view,), Similarity(embedder), nlp)


def _owners(nlp: Language, embedder: LocalEmbedder, text: str, title: str, question: str) -> list[str]:
    bound = _bound(nlp, embedder, text, title, question)
    assert bound is not None
    return [p.entity_name for p in bound.paths]


def test_an_owner_label_opening_a_later_sentence_owns_its_item(nlp: Language, embedder: LocalEmbedder) -> None:
    owners = _owners(nlp, embedder, POSTMORTEM, "Postmortem: Queue backlog after the scheduler upgrade",
                     "Which team owns adding a pager alert when the backlog doubles?")
    assert owners == ["Ops Desk"]


def test_which_team_will_do_an_act_asks_for_the_items_owner(nlp: Language, embedder: LocalEmbedder) -> None:
    owners = _owners(nlp, embedder, POSTMORTEM, "Postmortem: Queue backlog after the scheduler upgrade",
                     "Which team will add the per-tenant backlog panel to the queue dashboard?")
    assert owners == ["Insights"]


def test_who_owes_someone_a_thing_asks_for_the_owner_of_the_item_that_delivers_it(
        nlp: Language, embedder: LocalEmbedder) -> None:
    owners = _owners(nlp, embedder, POSTMORTEM, "Postmortem: Queue backlog after the scheduler upgrade",
                     "Which team owes the on-call rotation a pager alert for a doubling backlog?")
    assert owners == ["Ops Desk"]


def test_words_naming_the_document_need_not_be_repeated_by_the_item(nlp: Language,
                                                                      embedder: LocalEmbedder) -> None:
    # "after the scheduler upgrade queue backlog" names the postmortem; the item itself only pins the version.
    owners = _owners(nlp, embedder, POSTMORTEM, "Postmortem: Queue backlog after the scheduler upgrade",
                     "After the queue backlog that followed last week's scheduler upgrade, which team has to pin "
                     "the version?")
    assert owners == ["Build Infra"]


def test_a_team_as_the_subject_of_a_next_step_owns_it(nlp: Language, embedder: LocalEmbedder) -> None:
    owners = _owners(nlp, embedder, TICKET, "Export jobs stall after token refresh",
                     "Who will prototype the refresh-aware retry wrapper for export jobs?")
    assert owners == ["Engineering"]


def test_an_act_no_item_does_is_not_given_a_neighbours_owner(nlp: Language, embedder: LocalEmbedder) -> None:
    analysis = analyse("Which team will migrate the queue to a new broker?", nlp)
    view = markdown_view(POSTMORTEM, "Postmortem: Queue backlog after the scheduler upgrade")
    bound = bind_action(analysis, lambda: (view,), Similarity(embedder), nlp)
    assert bound is not None and not bound.paths


def test_a_participle_after_a_noun_says_which_thing_not_an_act_the_item_must_do(
        nlp: Language, embedder: LocalEmbedder) -> None:
    # "tied to tenant spikes" describes the backlog; the item says "correlate", not "tie".
    text = """# Queue backlog review

## Next steps
Add a pager alert on sudden backlog growth and correlate it with tenant spikes (owner: Ops Desk).
Pin the scheduler version in the deploy manifest (owner: Build Infra).
"""
    analysis = analyse("Which team owns a pager alert on sudden backlog growth tied to tenant spikes?", nlp)
    view = markdown_view(text, "Queue backlog review")
    bound = bind_action(analysis, lambda: (view,), Similarity(embedder), nlp)
    assert bound is not None
    assert [p.entity_name for p in bound.paths] == ["Ops Desk"]


HANDOFF = """# Exporter hand-off notes

## Wrap-up
Follow-ups to harden the exporter:
- Add jitter to the exporter retries (owner: Platform)
- Cap the batch size at 500 rows (owner: Data Eng)
"""



@pytest.mark.parametrize(("question", "owner"), [
    ("Which team will harden the exporter retries?", "Platform"),  # the act is said by the list's lead line
    ("Which team will pick up the follow-up on the batch size cap?", "Data Eng"),  # "pick up" places the task
])
def test_a_verb_said_by_the_lead_line_or_placing_the_task_need_not_be_the_items(
        nlp: Language, embedder: LocalEmbedder, question: str, owner: str) -> None:
    assert _owners(nlp, embedder, HANDOFF, "Exporter hand-off notes", question) == [owner]


CONTRACT = """# Archive retention contract

## Overview
The contract sets how long export archives are kept and who handles exceptions.

Ownership and responsibilities:
- Storage/Backup team: rotate the archive keys and publish the rotation calendar.
- Data-governance/legal: approve any retention exceptions for tenant archives.
"""


def test_a_party_labelling_its_duty_in_a_responsibilities_list_owns_it(nlp: Language,
                                                                       embedder: LocalEmbedder) -> None:
    owners = _owners(nlp, embedder, CONTRACT, "Archive retention contract",
                     "Under the archive retention contract, which team must rotate the archive keys?")
    assert owners == ["Storage/Backup team"]


DUTIES = """# Vendor access review

## Roles
Duties and owners:
- Finance Ops: keep the vendor ledger current and file the quarterly access report.
- Compliance/legal: approve any vendor account exceptions and longer audit retention.

## Checklist follow-ups
1. Update the launch checklist to include a "vendor cost" section and exit criteria. Owner team: Procurement.
"""


@pytest.mark.parametrize(("question", "owner"), [
    ("Who has to sign off on vendor account exceptions and longer audit retention?", "Compliance/legal"),
    # putting a thing into a list is the item that includes it
    ("Which team owns putting a vendor cost section and exit criteria into the launch checklist?", "Procurement"),
], ids=["sign_off_is_approve", "put_into_is_include"])
def test_an_act_asked_with_another_verb_of_its_relation_finds_the_duty(nlp: Language, embedder: LocalEmbedder,
                                                                        question: str, owner: str) -> None:
    assert _owners(nlp, embedder, DUTIES, "Vendor access review", question) == [owner]


def test_taking_a_thing_out_of_a_list_is_not_the_item_that_includes_it(nlp: Language,
                                                                        embedder: LocalEmbedder) -> None:
    bound = _bound(nlp, embedder, DUTIES, "Vendor access review",
                   "Which team owns removing the vendor cost section from the launch checklist?")
    assert bound is None or not bound.paths


CHAT = """# incidents

## messages

dana (eng-sre): Sweep of the replica cutover rehearsal. Action summary:
- Tenant migration checklist -> @omar (Friday noon)
- Lag dashboard -> @dana (Monday)
"""


@pytest.mark.parametrize(("text", "title", "question", "owner"), [
    # "In the sweep of the replica cutover rehearsal" sets the scene the chat says in its body, not in its title.
    (CHAT, "incidents", "In the sweep of the replica cutover rehearsal, who picked up the tenant migration checklist "
                        "work?", "omar"),
    # "ticket" names the kind of document, no part of the task
    (TICKET, "Export jobs stall after token refresh",
     "Which team carries the follow-up to prototype the retry wrapper from the export stall ticket?", "Engineering")])
def test_a_fronted_scene_or_a_document_kind_word_need_not_be_said_by_the_item(
        nlp: Language, embedder: LocalEmbedder, text: str, title: str, question: str, owner: str) -> None:
    assert _owners(nlp, embedder, text, title, question) == [owner]


@pytest.mark.parametrize("question", [
    "Which teams carry the follow-up tasks from the cache purge ticket?",
    "Who has the remaining work after the queue backlog incident?",
    "Open follow-ups after the queue backlog incident: who has them?",
])
def test_an_ownership_verb_as_the_asks_predicate_asks_for_a_tasks_owner(nlp: Language, question: str) -> None:
    assert task_question(analyse(question, nlp))


@pytest.mark.parametrize("question", [
    "Who has authority to roll back the scheduler upgrade?",
    "Who has access to the queue dashboard?",
    "Queue dashboard after the scheduler upgrade: who has it?",
])
def test_having_a_thing_that_is_no_task_asks_for_no_owner(nlp: Language, question: str) -> None:
    assert not task_question(analyse(question, nlp))
