"""Routing of the shapes graph questions take: paraphrases of one ask route alike (our own questions)."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse

ROUTES: dict[tuple[str, str | None, str], list[str]] = {
    ("participation", "HAS_COMPONENT", "LPR"): [
        "What are the components of LPR?", "What are the main pieces of LPR?", "Which modules make up LPR?",
        "What are the parts of LPR?", "What is LPR made of?", "What is LPR composed of?", "What does LPR consist of?"],
    ("participation", "BLOCKS", "OPS-12"): [
        "What is OPS-12 blocked by?"],
    ("participation", "BLOCKS", "PAY-7"): ["What is PAY-7 blocked by?"],
    ("impact", "BLOCKS", "OPS-12"): ["What does OPS-12 block?"],
    ("participation", "LINKED_TO", "OPS-12"): ["Which issues are linked to OPS-12?",
                                              "What are the linked issues of OPS-12?"],
    ("dependency", "DEPENDS_ON", "OPS-12"): [
        "What does OPS-12 depend on?", "According to its metadata, what are the dependencies of OPS-12?",
        "Which tickets is OPS-12 dependent on according to its metadata?",
        "Per its ticket metadata, which issues does OPS-12, the retry budget ticket, depend on?",
        "What are OPS-12's dependencies?"],
    ("impact", "AFFECTS", "PR #77"): ["What did PR #77 do?", "What did PR #77 cause?", "What did PR #77 break?"],
    ("ownership", "OWNS", "relay-svc"): ["Who owns relay-svc?", "Who is the owning team of relay-svc?",
                                         "Who is the owner of relay-svc?", "Which team owns relay-svc?"],
    ("ownership", "OWNS", "follow-up"): ["Who is responsible for the follow-up to rotate the bucket keys?",
                                         "Who owns the follow-up to rotate the bucket keys?"],
}


@pytest.mark.parametrize(("expected", "question"), [(k, q) for k, qs in ROUTES.items() for q in qs])
def test_shapes_route_alike(nlp: Language, expected: tuple[str, str | None, str], question: str) -> None:
    analysis = analyse(question, nlp)
    assert analysis.subject is not None, question
    assert (analysis.route, analysis.rel_type, analysis.subject.names()[0]) == expected, question


@pytest.mark.parametrize("question", [
    "Which systems were affected by the search outage?", "Which services were affected by the replication lag?",
    "What was affected by the billing incident?"])
def test_what_an_incident_affected_is_read_from_passages_not_walked(nlp: Language, question: str) -> None:
    """An incident is no entity: its document's impact section says what it affected."""
    analysis = analyse(question, nlp)
    assert not analysis.entity_route, (question, analysis.route)


def test_a_past_event_before_another_is_no_prerequisite(nlp: Language) -> None:
    assert analyse("Which nodes got the release before the rollout was paused?", nlp).route == "list"
    needed = analyse("Which fix needs to land before the canary?", nlp)
    assert needed.route in ("dependency", "dependents"), needed.route


@pytest.mark.parametrize("question", [
    "How was the replication lag mitigated?", "What did the team do to mitigate the replication lag?",
    "What was done to mitigate the replication lag?"])
def test_how_a_thing_was_mitigated_asks_for_a_fix_however_phrased(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert [a.answer_type for a in analysis.asks] == ["fix"], (question, analysis.summary())


@pytest.mark.parametrize(("question", "rel_type"), [
    ("Which team runs the payments gateway?", "MAINTAINS"),  # running a system is operating it
    ("Who runs ledger-sync?", "MAINTAINS"),
    ("Who will run the restore drill for the archive move?", None),  # running an act is doing it: a doer ask
])
def test_running_is_operating_only_when_a_system_is_run(nlp: Language, question: str, rel_type: str | None) -> None:
    assert analyse(question, nlp).rel_type == rel_type


def test_an_identifier_parsed_as_a_predicate_adjective_is_still_the_object_of_a_dependency_verb(
        nlp: Language) -> None:
    analysis = analyse("Which services call search-gateway?", nlp)
    assert (analysis.route, analysis.rel_type) == ("dependents", "CALLS")
    assert analysis.subject is not None and analysis.subject.name == "search-gateway"


@pytest.mark.parametrize("question", [
    "Who should the on-call engineer escalate to when the cache layer is the root cause of upload failures?",
    "Who should we page when the queue is the cause of the delays?",
    "Which team do we contact if the scheduler is responsible for the timeouts?",
])
def test_a_relation_said_in_a_condition_clause_is_not_the_one_asked(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert analysis.rel_type not in ("CAUSED", "OWNS") and analysis.route not in ("why", "ownership")
    assert analysis.asks[0].answer_type == "agent"


def test_a_relation_in_the_main_clause_is_kept_beside_a_condition(nlp: Language) -> None:
    analysis = analyse("Who is the owner of the ingest service when it fails?", nlp)
    assert (analysis.route, analysis.rel_type) == ("ownership", "OWNS")


@pytest.mark.parametrize(("question", "route"), [
    ("Who was given the cache cleanup and the quota review, and at what priorities?", "attribute"),
    ("Who took over the billing migrations, and by which dates?", "attribute"),
    ("Who ran the drills, and which runbooks were used?", "list"),  # an ask with a verb of its own
])
def test_a_trailing_prepositional_wh_phrase_does_not_set_the_route(nlp: Language, question: str,
                                                                   route: str) -> None:
    assert analyse(question, nlp).route == route


def test_a_list_of_asked_things_before_a_passive_verb_is_the_subject_asked(nlp: Language) -> None:
    # What the regression hit is asked (the parse hangs the list on "GPU" as the verb's subject); none of the listed
    # nouns is a subject whose impact is walked.
    analysis = analyse("Which models, GPU and region were affected by the batching v2 slowdown regression?", nlp)
    assert analysis.route == "list" and analysis.subject is None
    assert [a.focus for a in analysis.asks] == ["models", "GPU", "region"]


@pytest.mark.parametrize("question", [
    "Who picked up the tenant migration checklist?", "Which team carries the tenant migration checklist?",
    "Who took on the tenant migration checklist?", "Who volunteered for the tenant migration checklist?"])
def test_a_taking_verb_asks_who_owns_the_task(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert (analysis.route, analysis.rel_type) == ("ownership", "OWNS"), question


def test_a_due_date_asked_of_the_same_task_keeps_the_ownership_route(nlp: Language) -> None:
    for question in ("Who owns the tenant migration checklist, and when is it due?",
                     "Who picked up the tenant migration checklist and the cutover notes, and when were those due?"):
        analysis = analyse(question, nlp)
        assert (analysis.route, analysis.rel_type) == ("ownership", "OWNS"), question
    # a date of its own act is another question
    assert analyse("Who owns the tenant migration checklist, and when did it ship?", nlp).route != "ownership"


def test_what_is_left_before_a_thing_can_close_asks_for_no_dependency(nlp: Language) -> None:
    assert analyse("Which change has to land before the ledger service can start?", nlp).route == "dependency"
    assert analyse("What is left to do before the ledger ticket can be closed?", nlp).route not in (
        "dependency", "dependents")


@pytest.mark.parametrize("question", ["Who is allowed to restart the billing worker?",
                                      "Who is permitted to approve a hotfix for the archive service?"])
def test_the_wh_word_as_passive_subject_is_never_the_subject_asked_about(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert analysis.subject is None or analysis.subject.text.casefold() != "who", analysis.summary()


@pytest.mark.parametrize("question", ["How badly were customers hit when the ledger limits regressed in May?",
                                      "How does the billing-worker call the ledger-api?"])
def test_a_bare_how_asks_the_manner_or_degree_not_a_relation_end(nlp: Language, question: str) -> None:
    assert analyse(question, nlp).route not in ("dependency", "dependents", "impact")


@pytest.mark.parametrize("question", [
    "What has to happen before the archive migration can start?",
    "What still needs to happen before the archive ticket can be closed?",
    "What must be done before the archive migration can start?",
    "What needs to be true before the archive cutover can proceed?",
    "What has to take place before the archive cutover can go ahead?",
    "What must occur before the archive cutover is allowed?",
])
def test_an_event_or_step_needed_before_a_thing_asks_the_passages_not_a_dependency(
        nlp: Language, question: str) -> None:
    assert analyse(question, nlp).route not in ("dependency", "dependents"), question


@pytest.mark.parametrize("question", [
    "Which change has to be merged before the archive migration can start?",
    "What must be deployed before the archive migration?",
    "Which fix needs to land before the archive migration can start?",
    "Which service needs to be upgraded before the archive cutover?",
])
def test_a_thing_needed_before_another_still_asks_for_its_dependency(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert (analysis.route, analysis.rel_type) == ("dependency", "DEPENDS_ON"), question


def test_an_embedded_clause_leaves_one_ask_and_a_real_dependency_question_keeps_its_route(nlp: Language) -> None:
    assert len(analyse("What is the billing team nervous about when the ledger queue backs up?", nlp).asks) == 1
    analysis = analyse("What does the archive service depend on?", nlp)
    assert (analysis.route, analysis.rel_type) == ("dependency", "DEPENDS_ON")


@pytest.mark.parametrize("question", [
    "What do the archive workers fall back to when the blob cache is cold?",
    "What do the archive workers fall back to if the blob cache is cold?",
    "What does the archive service call when its cache misses?",
])
def test_a_dependency_asked_under_a_condition_of_its_own_clause_asks_the_passages(
        nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert len(analysis.asks) == 1, question  # the when-clause is the condition, not a second question
    assert analysis.route not in ("dependency", "dependents"), question


@pytest.mark.parametrize("question", [
    "What does a failover do depending on where the primary went down?",
    "What does the restore job do depending on how far the migration got?",
])
def test_a_participle_read_as_a_preposition_states_a_condition_not_a_dependency(
        nlp: Language, question: str) -> None:
    assert analyse(question, nlp).route not in ("dependency", "dependents"), question


@pytest.mark.parametrize("question", [
    "What must a cache change to session TTL or session lifecycle go through before rollout now?",
    "What must an index change to shard size or shard layout pass before release?",
])
def test_a_wh_word_before_an_inverted_modal_and_its_subject_is_the_object_no_prerequisite(
        nlp: Language, question: str) -> None:
    assert analyse(question, nlp).route not in ("dependency", "dependents"), question
