"""A question about an act that happened is not answered by a sentence that states the act as still to be done.
Every line here is our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.past_acts import PastAct, only_planned, past_act, unrealised


def _act(nlp: Language, question: str) -> PastAct | None:
    analysis = analyse(question, nlp)
    assert analysis.parse is not None
    return past_act(analysis.parse, analysis.asks[0])


def _verb(nlp: Language, text: str, lemma: str) -> bool:
    return unrealised(next(t for t in nlp(text) if t.lemma_.casefold() == lemma or t.lower_.startswith(lemma)))


def test_a_past_tense_or_did_question_asks_about_a_past_act(nlp: Language) -> None:
    assert _act(nlp, "Who approved the rollout?") == PastAct("approve", "rollout")
    assert _act(nlp, "Did Anna roll back the deploy?") == PastAct("roll", "deploy", "back")
    assert _act(nlp, "Who has approved the rollout?") == PastAct("approve", "rollout")
    assert _act(nlp, "Which team signed off the design review?") == PastAct("sign", "review")


def test_a_question_about_a_planned_or_present_act_asks_no_past_act(nlp: Language) -> None:
    assert _act(nlp, "Who will approve the rollout?") is None
    assert _act(nlp, "Who approves the rollout?") is None
    assert _act(nlp, "Who should approve the rollout?") is None
    assert _act(nlp, "Who was the incident commander?") is None  # a light verb


def test_the_act_is_the_asked_clauses_verb_not_a_verb_of_the_scene_set_before_it(nlp: Language) -> None:
    assert _act(nlp, "The canary failed at noon. Who approves the rollout?") is None
    assert _act(nlp, "During the outage where logins failed, who rolled back the deploy?") == \
        PastAct("roll", "deploy", "back")


def test_a_modal_an_infinitive_or_a_condition_states_the_act_as_unrealised(nlp: Language) -> None:
    assert _verb(nlp, "Bob will approve the change tomorrow.", "approve")
    assert _verb(nlp, "Bob needs to approve the change.", "approve")
    assert _verb(nlp, "The change is to be approved by Bob.", "approve")
    assert _verb(nlp, "Bob is going to approve it.", "approve")
    assert _verb(nlp, "Carol should merge the fix.", "merge")
    assert _verb(nlp, "We close the ticket if merged.", "merge")


def test_an_act_stated_as_done_is_realised(nlp: Language) -> None:
    assert not _verb(nlp, "Bob approved the change yesterday.", "approve")
    assert not _verb(nlp, "The change was approved by Bob.", "approve")
    assert not _verb(nlp, "After Carol merged the fix, the errors stopped.", "merge")


def test_a_document_that_states_the_act_only_as_owed_rules_it_out(nlp: Language) -> None:
    act = PastAct("merge", "fix")
    assert only_planned([nlp("Carol will merge the fix on Monday."), nlp("We close the ticket once merged.")], act)
    assert not only_planned([nlp("Carol will merge the fix on Monday."), nlp("Carol merged the fix at noon.")], act)
    assert not only_planned([nlp("The dashboard shows the error rate.")], act)  # the act is not stated at all


def test_what_the_act_was_done_to_stands_in_when_the_verb_is_never_stated(nlp: Language) -> None:
    act = PastAct("sign", "review")
    assert only_planned([nlp("Design review required before launch.")], act)
    assert not only_planned([nlp("The design team completed the review on Friday.")], act)


def test_a_bare_form_states_an_order_or_a_to_do_not_a_past_act(nlp: Language) -> None:
    assert _verb(nlp, "Merge the fix after the review.", "merge")
    assert not _verb(nlp, "Carol did merge the fix.", "merge")


def test_a_passive_under_a_modal_asks_no_past_act(nlp: Language) -> None:
    assert _act(nlp, "In which service will the retry limit be raised to match the new quota?") is None


def test_the_act_done_to_another_thing_does_not_count_as_the_asked_one(nlp: Language) -> None:
    act = PastAct("create", "ticket")
    # The plan is about another thing; the asked ticket is stated as done by a verb of its own.
    assert not only_planned([nlp("We will create a dashboard for the queue."), nlp("The ticket was filed by Dana.")],
                            act)
    assert not only_planned([nlp("Someone should create a runbook."), nlp("Dana opened the ticket on Monday.")], act)


def test_the_act_done_to_the_asked_thing_or_a_pronoun_still_counts(nlp: Language) -> None:
    act = PastAct("create", "ticket")
    assert only_planned([nlp("Dana will create the ticket tomorrow.")], act)
    assert only_planned([nlp("Dana will create it tomorrow."), nlp("The ticket tracks the outage.")], act)
    assert only_planned([nlp("A ticket needs to be created by the on-call engineer.")], act)
    assert not only_planned([nlp("Dana created the ticket."), nlp("We will create a dashboard.")], act)


def test_a_support_verb_without_a_particle_asks_no_past_act(nlp: Language) -> None:
    # The support verb lends its object the meaning: the act is stated with another verb ("expiry set to 60m").
    assert _act(nlp, "How long an expiry was put on the cache flush?") is None
    assert _act(nlp, "Who was given the schema migration?") is None
    assert _act(nlp, "Who took over the pager rotation?") is not None  # a phrasal act of its own


def test_an_act_of_saying_asks_no_past_act(nlp: Language) -> None:
    # A request or a warning is done by saying it, in a bare form or a modal ("Please pin the version"): its mood
    # says nothing of whether it was asked.
    assert _act(nlp, "Who asked for a pinned version in the review of the parser change?") is None
    assert _act(nlp, "Who warned against caching the session tokens?") is None
    assert _act(nlp, "Who merged the parser change?") is not None  # an act done, not said
    assert _act(nlp, "Why did the customer want the restore steps in writing?") is not None  # a wish, not said


def test_a_passive_past_read_as_a_simple_past_asks_about_a_past_act(nlp: Language) -> None:
    act = _act(nlp, "Why was the beta build rolled back to the stable one during the outage?")
    assert act is not None and act.verb == "roll" and act.particle == "back"


def test_an_act_named_only_by_its_noun_under_a_plan_or_condition_is_only_planned(nlp: Language) -> None:
    act = PastAct("roll", None, "back")
    planned = [nlp("Dev will coordinate a rollback of the beta build if errors return."),
               nlp("We should plan the rollback for tonight.")]
    assert only_planned(planned, act)
    done = [*planned, nlp("The rollback finished at noon and errors stopped.")]
    assert not only_planned(done, act)


def test_a_bare_noun_of_the_verb_says_nothing_of_whether_the_act_was_done(nlp: Language) -> None:
    assert not only_planned([nlp("We will review the drops tomorrow.")], PastAct("drop", None))


def test_a_verb_that_names_an_act_only_by_its_kind_asks_no_past_act(nlp: Language) -> None:
    # Documents state such acts with their own verbs ("limit set to 40", "scaled to 6 replicas").
    assert _act(nlp, "What was changed in the billing console for the blocked account?") is None
    assert _act(nlp, "What was modified in the ledger config after the outage?") is None
    assert _act(nlp, "Who merged the ledger config change?") is not None  # a specific act


def test_a_to_do_or_a_plan_states_the_act_only_as_owed(nlp: Language) -> None:
    from zehn.agent.past_acts import states_owed
    assert states_owed(nlp("- Reproduce the crash on staging with the new driver."), "reproduce")
    assert states_owed(nlp("We will reproduce the crash on staging next week."), "reproduce")
    assert not states_owed(nlp("Kai reproduced the crash on staging yesterday."), "reproduce")
    assert not states_owed(nlp("Reproduced the crash on staging with the new driver."), "reproduce")
    assert not states_owed(nlp("- Collect core dumps from two nodes."), "reproduce")  # another act
    assert not states_owed(nlp("- Take the pager for the weekend."), "take")  # a support verb says nothing
