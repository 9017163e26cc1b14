"""Question analysis: paraphrases of one question route the same way, name the same subject and ask for the same
type of answer. Every question here is our own; no rule exists for any one wording."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.focus import reads_sections, roles_for

PARAPHRASES: dict[tuple[str, str | None, str | None], list[str]] = {
    ("ownership", "OWNS", "ledger-sync"): [
        "Who owns ledger-sync?", "Which team owns ledger-sync?", "Who is responsible for ledger-sync?",
        "Who is the owner of ledger-sync?", "Which team is responsible for ledger-sync?"],
    ("participation", "ASSIGNED_TO", "OPS-12"): [
        "Who is the assignee on OPS-12?", "Who is OPS-12 assigned to?", "Who is the assignee of OPS-12?"],
    ("participation", "REPORTED", "OPS-12"): ["Who reported OPS-12?", "Who is the reporter of OPS-12?"],
    ("dependency", "DEPENDS_ON", "checkout-api"): [
        "What does checkout-api depend on?", "What does checkout-api rely on?",
        "Which services does checkout-api depend on?"],
    ("dependents", "DEPENDS_ON", "ledger-sync"): [
        "What depends on ledger-sync?", "Which services depend on ledger-sync?", "What relies on ledger-sync?"],
    ("impact", "AFFECTS", "geo-index"): [
        "What breaks if we change geo-index?", "What would be affected if geo-index goes down?",
        "What is impacted if we remove geo-index?", "What breaks when geo-index is changed?"],
    ("yes_no", "DEPENDS_ON", "checkout-api"): [
        "Does checkout-api depend on rate-engine?", "Does checkout-api rely on rate-engine?",
        "Is checkout-api dependent on rate-engine?"],
    # "where does X get Y from": the place something comes from is X's source
    ("dependency", "CONSUMES", "scoring engine"): [
        "Where does the scoring engine get its input events from?",
        "Where does the scoring engine pull its features from?",
        "Where does the scoring engine load its thresholds from?",
        "Which sources does the scoring engine read its features from?",
        "What does the scoring engine consume its events from?"],
    # "what has to happen before Y": Y waits for what is asked
    ("dependency", "DEPENDS_ON", "nightly rebuild"): [
        "Which change needs to be merged before the nightly rebuild can proceed?",
        "What must be deployed before the nightly rebuild?",
        "Which fix needs to land before the nightly rebuild can start?"],
    ("why", None, None): [
        "Why did the nightly export fail?", "What caused the nightly export to fail?",
        "What was the root cause of the nightly export failure?", "What triggered the nightly export failure?"],
}
ANSWER_TYPES = [
    ("How long are audit events retained?", "duration"),
    ("What retention period applies to audit events?", "duration"),
    ("When was the schema migration completed?", "date"),
    ("How many replicas run in production?", "quantity"),
    ("How large a refund was offered to the tenant for the outage?", "quantity"),
    ("How high a limit did the gateway set for uploads?", "quantity"),
    ("What RPO does the backup plan promise?", "duration"),
    ("Which downstream service was the edge proxy calling?", "system"),
    ("What fields does each audit record require?", "items"),
    ("What hotfix resolved the outage?", "fix"),
    ("Who signed off on the rollout?", "agent"),
    ("What is the proxy hotfix version?", "version"),
    ("How often does the reconciler run?", "frequency"),
    ("How frequently does the reconciler run?", "frequency"),
    ("What is the frequency of reconciler runs?", "frequency"),
]


@pytest.mark.parametrize(("expected", "question"),
                         [(key, q) for key, questions in PARAPHRASES.items() for q in questions])
def test_paraphrases_route_alike(nlp: Language, expected: tuple[str, str | None, str | None], question: str) -> None:
    analysis = analyse(question, nlp)
    route, rel_type, subject = expected
    assert analysis.route == route, analysis.summary()
    assert analysis.rel_type == rel_type
    assert (analysis.subject.name if analysis.subject else None) == subject


@pytest.mark.parametrize(("question", "answer_type"), ANSWER_TYPES)
def test_the_focus_sets_the_answer_type(nlp: Language, question: str, answer_type: str) -> None:
    assert [a.answer_type for a in analyse(question, nlp).asks] == [answer_type]


@pytest.mark.parametrize("question", [
    "What happened when the ledger cache was resized?", "What broke after the queue refactor was rolled out?",
    "What was the effect of raising the pool size?", "What occurred after the token service was migrated?",
    "What was the consequence of the ledger cache rollout?"])
def test_a_question_about_what_followed_a_change_reads_the_impact_section(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert "impact" in roles_for(ask.answer_type, ask.focus_head, ask.predicate)
    assert reads_sections(ask.answer_type, ask.focus_head, ask.predicate)  # an "Impact" section answers it


@pytest.mark.parametrize("question", ["What caused the ledger cache outage?", "What fixed the queue backlog?",
                                      "Who owns the token service?"])
def test_a_cause_fix_or_owner_question_does_not_read_the_impact_section(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert "impact" not in roles_for(ask.answer_type, ask.focus_head, ask.predicate)


@pytest.mark.parametrize("question", ["What does the ledger cache store?", "What is the ledger cache?"])
def test_a_plain_description_question_is_not_answered_by_a_section_heading_alone(nlp: Language, question: str
                                                                                 ) -> None:
    ask = analyse(question, nlp).asks[0]
    assert not reads_sections(ask.answer_type, ask.focus_head, ask.predicate)


def test_one_question_can_ask_several_things(nlp: Language) -> None:
    analysis = analyse("In the outage on 2026-03-02 where the queue backed up, what was the root cause and "
                       "what mitigation and long-term fix did we apply?", nlp)
    assert [(a.answer_type, a.focus) for a in analysis.asks] == [
        ("cause", "root cause"), ("fix", "mitigation"), ("fix", "long-term fix")]
    assert [(c.kind, c.value) for c in analysis.constraints] == [("date", "2026-03-02")]


def test_relative_and_subordinate_wh_words_are_not_asks(nlp: Language) -> None:
    analysis = analyse("What happened when the cache where sessions live was resized?", nlp)
    assert [a.wh for a in analysis.asks] == ["what"]


def test_identifiers_are_anchors_and_hyphenated_words_are_names(nlp: Language) -> None:
    analysis = analyse("Which header does the `edge_router` set for billing-api when quote_id is missing?", nlp)
    assert set(analysis.anchors) == {"edge_router", "quote_id"}
    assert "billing-api" in analysis.names


def test_an_asks_core_leaves_out_the_scene(nlp: Language) -> None:
    ask = analyse("What debug logs must be collected before starting a retry?", nlp).asks[0]
    assert "log" in ask.core and "collect" in ask.core
    assert "retry" not in ask.core and "retry" in ask.terms


def test_a_hyphenated_time_is_not_a_name(nlp: Language) -> None:
    analysis = analyse("What changed in the mid-May rollout of billing-api, and what slipped to end-of-Q3?", nlp)
    assert analysis.names == ("billing-api",)


# A tracker key or pull request in the subject phrase is what resolution tries first, whatever words surround it;
# a parenthesised aside does not change how the clause is read.
REFERENCES = [
    ("What did the batcher change PR #77 break?", "impact", ("PR #77",)),
    ("What did batch-queue PR #77 (hold time raised, warmup off) break?", "impact", ("PR #77",)),
    ("What was affected by PR #77?", "impact", ("PR #77",)),
    ("Which services were degraded by PR #77?", "impact", ("PR #77",)),
    ("Who approved ingest-lab PR #901 (nightly baselines from load runs)?", "participation", ("PR #901",)),
    ("Who approved ingest-lab PR #901?", "participation", ("PR #901",)),
    ("Who is the assignee on OPS-12, the ticket about slow exports?", "participation", ("OPS-12",)),
]


@pytest.mark.parametrize(("question", "route", "references"), REFERENCES)
def test_tracker_keys_in_the_subject_are_resolved_first(nlp: Language, question: str, route: str,
                                                        references: tuple[str, ...]) -> None:
    analysis = analyse(question, nlp)
    assert analysis.route == route, analysis.summary()
    assert analysis.subject is not None
    assert analysis.subject.names()[:len(references)] == references


def test_an_aside_keeps_its_anchors(nlp: Language) -> None:
    analysis = analyse("What did batch-queue PR #77 (HOLD_MS raised to 50) break?", nlp)
    assert analysis.route == "impact"
    assert "HOLD_MS" in analysis.anchors


def test_a_short_parenthesis_still_types_the_subject(nlp: Language) -> None:
    analysis = analyse("Who is the account owner for Bramble (the customer)?", nlp)
    assert analysis.subject is not None and analysis.subject.type_hint


@pytest.mark.parametrize(("question", "head"), [
    ("Which metric/trace labels must be excluded from paging?", "label"),
    ("Which request/response headers does the proxy drop?", "header"),
    ("What default vs emergency permission scopes does the bot use?", "scope"),
])
def test_a_slash_or_vs_joins_modifiers_of_one_asked_thing(nlp: Language, question: str, head: str) -> None:
    asks = analyse(question, nlp).asks
    assert [a.focus_head for a in asks] == [head], [a.focus for a in asks]


def test_and_still_joins_two_asked_things(nlp: Language) -> None:
    asks = analyse("What tracking issue and due date did the team set for the exporter fix?", nlp).asks
    assert [a.focus_head for a in asks] == ["issue", "date"]


@pytest.mark.parametrize("question", [
    "Which stopgap fix did on-call apply?", "Which workaround did on-call roll out first?",
    "What restore time did on-call quote to the customer?"])
def test_the_doer_of_a_do_support_question_is_no_name_a_source_must_hold(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert "on-call" not in ask.names


def test_a_name_the_asked_thing_is_built_from_stays_a_name(nlp: Language) -> None:
    ask = analyse("Which timeout did the team raise in ledger-sync?", nlp).asks[0]
    assert "ledger-sync" in ask.names


@pytest.mark.parametrize("question", [
    "What caused the stall (the queue is hosted by a vendor, not our in-cluster StatefulSet)?",
    "Why does the exporter use the kv_store driver rather than the pg_bouncer pool?",
    "What failed in the kv_store driver, without the pg_bouncer pool in front?"])
def test_a_name_the_question_rules_out_is_no_anchor(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert "StatefulSet" not in analysis.anchors and "pg_bouncer" not in analysis.anchors
    assert "in-cluster" not in analysis.names


def test_a_name_the_question_asks_about_is_still_an_anchor(nlp: Language) -> None:
    assert "kv_store" in analyse("Why does the exporter use the kv_store driver rather than the pool?", nlp).anchors
    assert "StatefulSet" in analyse("Which StatefulSet holds the ledger database?", nlp).anchors


@pytest.mark.parametrize("question", [q for qs in PARAPHRASES.values() for q in qs] + [
    "What caused the stall (the queue is hosted by a vendor, not our in-cluster StatefulSet)?",
    "In the outage on 2026-03-02 where the queue backed up, what was the root cause and what fixed it?",
    "Did Maria Lopez approve the rollback of billing-api in March?"])
def test_the_analysis_reads_the_same_without_the_entity_recognizer(nlp: Language, question: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The question is parsed without the components no step of the analysis reads (faster, same analysis)."""
    from zehn.agent import analyse as module
    assert "ner" in module.UNREAD
    lean = analyse(question, nlp)
    monkeypatch.setattr(module, "UNREAD", ())
    assert lean == analyse(question, nlp)


def test_the_question_parse_leaves_the_shared_pipeline_whole(nlp: Language) -> None:
    before = list(nlp.pipe_names)
    analyse("Who owns ledger-sync?", nlp)
    assert nlp.pipe_names == before and nlp("Maria Lopez owns it.").ents  # other callers still get entities


@pytest.mark.parametrize("question", [
    "Why are users signed out when a web node restarts?",
    "Why is the cache wiped out when the proxy reloads?",
])
def test_a_when_clause_after_a_verb_particle_sets_the_scene_and_asks_nothing(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert [a.wh for a in analysis.asks] == ["why"]


def test_a_when_that_asks_is_still_an_ask(nlp: Language) -> None:
    analysis = analyse("What was the root cause, and when was it fixed?", nlp)
    assert [a.wh for a in analysis.asks] == ["what", "when"]


def test_a_dotted_version_is_a_constraint_not_a_core_term_but_a_v2_name_stays(nlp: Language) -> None:
    versioned = analyse("What was fixed for retry backoff in task-runner 2.4.1?", nlp)
    assert [c.text for c in versioned.constraints] == ["2.4.1"]
    assert all("2.4.1" not in a.core and "2.4.1" not in a.names for a in versioned.asks)
    named = analyse("Who owns the billing hub v2 spec?", nlp)
    assert "v2" in named.asks[0].core


def test_a_weekday_the_question_names_must_be_in_the_source(nlp: Language) -> None:
    assert "Friday" in analyse("What caused the duplicate invoices on Friday?", nlp).anchors
    assert "Fridays" not in analyse("Why do we not deploy on Fridays?", nlp).anchors


def test_capitals_running_on_into_a_lower_case_word_make_an_anchor_but_a_plural_or_verb_ending_does_not(
        nlp: Language) -> None:
    assert "OAuth" in analyse("Why was OAuth rejected for the webhooks?", nlp).anchors
    assert "APIs" not in analyse("How many APIs does the gateway expose?", nlp).anchors
    assert "OOMing" not in analyse("Why are the worker pods OOMing after the upgrade?", nlp).anchors


@pytest.mark.parametrize("question", ["What made the rollout service go into a rollback loop?",
                                      "What broke outbound connectivity in the egress incident?",
                                      "What drove the error rate up during the schema deploy?",
                                      "What pushed the queue depth of the mailer in eu-north up to a million after "
                                      "the upgrade went out?"])
def test_a_causative_or_a_damage_verb_with_an_object_asks_for_a_cause(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert analysis.asks[0].answer_type == "cause"
    assert analysis.route == "why"


def test_a_causative_that_moves_its_object_to_a_date_asks_no_cause(nlp: Language) -> None:
    assert analyse("What pushed the release to Friday?", nlp).asks[0].answer_type != "cause"


def test_a_damage_verb_without_an_object_still_asks_what_followed(nlp: Language) -> None:
    assert analyse("What broke after the change?", nlp).asks[0].answer_type != "cause"


def test_a_complement_clause_belongs_to_what_is_asked(nlp: Language) -> None:
    ask = analyse("For how long does the control plane keep upgrade audit events by default?", nlp).asks[0]
    assert {"audit", "event"} <= set(ask.core)


@pytest.mark.parametrize("question", [
    "How badly were customers hit while the billing export was stuck?",
    "What did customers suffer during the queue backlog?"])
def test_being_hit_or_suffering_asks_for_the_impact(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert "impact" in roles_for(ask.answer_type, ask.focus_head, ask.predicate)


def test_what_causes_a_failure_described_in_a_document_asks_for_its_cause(nlp: Language) -> None:
    ask = analyse("What causes the intermittent 504 errors on long exports described in the ledger runbook?",
                  nlp).asks[0]
    assert (ask.predicate, ask.answer_type) == ("cause", "cause")


def test_a_noun_followed_by_an_adjective_taking_a_verb_is_the_subject_not_the_focus(nlp: Language) -> None:
    ask = analyse("In the vendor review, what was Finance unwilling to share with the auditors?", nlp).asks[0]
    assert ask.focus == "" and ask.predicate == "share"


@pytest.mark.parametrize("question", ["What action items did the ledger outage postmortem assign?",
                                      "Which action items came out of the ledger outage review?"])
def test_action_items_ask_for_the_next_steps_section(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert "next" in roles_for(ask.answer_type, ask.focus_head, ask.predicate)
    assert reads_sections(ask.answer_type, ask.focus_head, ask.predicate)



@pytest.mark.parametrize("question", ["How large was the customer impact of the ledger cache outage?",
                                      "How severe was the impact of the queue refactor on billing?"])
def test_how_large_was_the_impact_reads_the_impact_section(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.focus_head == "impact" and reads_sections(ask.answer_type, ask.focus_head, ask.predicate)


def test_how_big_is_a_thing_does_not_make_the_thing_its_focus(nlp: Language) -> None:
    ask = analyse("How big is the ledger cache?", nlp).asks[0]
    assert ask.focus == "" and ask.answer_type != "system"


def test_a_which_whose_noun_modifier_the_tagger_reads_as_a_verb_is_still_an_ask(nlp: Language) -> None:
    analysis = analyse("When a clerk approves a refund, which audit events must be published and how long are they "
                       "stored?", nlp)
    assert [(a.wh, a.focus, a.answer_type, a.predicate) for a in analysis.asks] == [
        ("when", "", "date", "approve"), ("which", "audit events", "items", "publish"),
        ("how long", "", "duration", "store")]


@pytest.mark.parametrize(("question", "focus"), [
    ("Which services other than the ledger were slowed down?", "services"),
    ("Which follow-ups from the billing review are urgent?", "follow-ups"),
    ("Which checks besides the linter were skipped?", "checks"),
])
def test_a_plural_noun_after_which_the_tagger_reads_as_a_verb_is_the_focus(nlp: Language, question: str,
                                                                            focus: str) -> None:
    # No auxiliary follows the noun here (a phrase does), yet a later verb governs it: it is the asked noun.
    ask = analyse(question, nlp).asks[0]
    assert (ask.focus, ask.answer_type) == (focus, "items")


def test_a_verb_asked_of_which_stays_the_verb(nlp: Language) -> None:
    ask = analyse("Which fails first, the cache or the queue?", nlp).asks[0]
    assert (ask.focus, ask.predicate) == ("", "fail")


def test_either_side_of_a_contrast_is_no_name_every_passage_must_hold(nlp: Language) -> None:
    contrasted = analyse("Which standard vs break-glass scopes does the ledger bot use?", nlp).asks[0]
    assert "break-glass" not in contrasted.names and "break-glass" in contrasted.core
    plain = analyse("Which break-glass scopes does the ledger bot use?", nlp).asks[0]
    assert "break-glass" in plain.names


@pytest.mark.parametrize(("question", "verb"), [
    ("Which service retries the upload after the timeout, so the client sees a duplicate?", "retry"),
    ("Which job compacts the ledger tables at night, so the morning report reads stale rows?", "compact"),
    ("Which proxy strips the auth header before routing, so the backend rejects the call?", "strip")])
def test_the_verb_of_the_asked_noun_is_the_predicate_not_a_later_so_clause(nlp: Language, question: str,
                                                                            verb: str) -> None:
    assert analyse(question, nlp).asks[0].predicate == verb


@pytest.mark.parametrize(("question", "verb"), [
    ("Which Go client version fixed the retry bug?", "fix"),
    ("From which Go SDK version do apps get the new header?", "get"),
    ("Which Swift package version added the offline cache?", "add")])
def test_a_capitalised_name_the_tagger_reads_as_a_verb_opens_the_focus(nlp: Language, question: str,
                                                                       verb: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert (ask.focus_head, ask.answer_type, ask.predicate) == ("version", "version", verb)


@pytest.mark.parametrize(("question", "focus"), [
    ("What routing table TTL value was configured on the edge nodes?", "routing table TTL value"),
    ("What streaming buffer size did the relay use after the upgrade?", "streaming buffer size"),
])
def test_a_gerund_before_a_noun_stays_in_the_asked_thing(nlp: Language, question: str, focus: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.focus == focus and ask.answer_type == "quantity"


@pytest.mark.parametrize("question", ["Which build ships the fix for the login bug?",
                                      "Which agent release ships the new parser?",
                                      "Which Rust SDK release version ships the retry patch?"])
def test_a_verb_in_s_read_as_a_plural_noun_is_still_the_asked_verb(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.predicate == "ship"
    assert "ship" not in ask.focus


@pytest.mark.parametrize(("question", "predicate"), [("Which plugin runs the nightly export?", "run"),
                                                     ("Which builds include the fix?", "include"),
                                                     ("Which teams did the outage hit?", "hit")])
def test_a_clause_with_its_verb_tagged_right_keeps_it(nlp: Language, question: str, predicate: str) -> None:
    assert analyse(question, nlp).asks[0].predicate == predicate


@pytest.mark.parametrize("question", ["What errors did nodes matched by the broadened selector produce?",
                                      "Which alerts did pods restarted by the operator raise?"])
def test_a_participle_after_did_qualifies_the_subject_and_the_last_verb_is_asked(nlp: Language, question: str
                                                                                ) -> None:
    assert analyse(question, nlp).asks[0].predicate in ("produce", "raise")


def test_a_bare_verb_after_did_stays_the_asked_verb(nlp: Language) -> None:
    assert analyse("What fix did on-call apply?", nlp).asks[0].predicate == "apply"
    assert analyse("What did the team do to the service?", nlp).asks[0].predicate == "do"


@pytest.mark.parametrize(("question", "wh"), [
    ("After how many failures does the session breaker trip, and for how long?", "how long"),
    ("When did the ledger export stall, and why?", "why")])
def test_a_wh_phrase_with_no_words_of_its_own_asks_about_the_ask_before_it(nlp: Language, question: str,
                                                                             wh: str) -> None:
    first, second = analyse(question, nlp).asks
    assert second.wh == wh
    assert second.predicate == first.predicate
    assert set(second.core) == set(first.core) - {first.focus_head}
    assert second.core


def test_a_second_ask_with_words_of_its_own_keeps_them(nlp: Language) -> None:
    _, second = analyse("How many retries does the upload worker make, and who set that limit?", nlp).asks
    assert second.predicate == "set" and "limit" in second.core and "worker" not in second.core


@pytest.mark.parametrize(("opened", "plain"), [
    ("According to the cache eviction runbook, who owns the warmup flags?", "Who owns the warmup flags?"),
    ("For batch exports on shared pools, who approves retention exceptions?", "Who approves retention exceptions?"),
])
def test_a_phrase_opening_the_question_does_not_change_its_route(nlp: Language, opened: str, plain: str) -> None:
    a, b = analyse(opened, nlp), analyse(plain, nlp)
    assert (a.route, a.rel_type, a.asks[0].answer_type) == (b.route, b.rel_type, b.asks[0].answer_type)
    assert a.subject is not None and b.subject is not None and a.subject.name == b.subject.name


def test_how_long_a_noun_asks_a_duration_of_that_noun(nlp: Language) -> None:
    ask = analyse("How long a TTL was set on the route override?", nlp).asks[0]
    assert (ask.answer_type, ask.focus_head) == ("duration", "ttl")


@pytest.mark.parametrize("question", [
    "What workaround and gateway patch version resolved the stale badge roles?",
    "Which tracking ticket and due date were set for the badge cache fix?",
])
def test_each_of_two_coordinated_things_asked_leaves_the_others_words_out_of_its_core(
        nlp: Language, question: str) -> None:
    # "what X and Y": two things asked; a line stating Y need not name X, so X's words do not rank lines for Y.
    asks = analyse(question, nlp).asks
    assert len(asks) == 2
    for ask in asks:
        other = next(a for a in asks if a is not ask)
        assert not set(ask.core) & (set(other.focus.casefold().split()) - set(ask.focus.casefold().split())), \
            (ask.focus, ask.core)
        assert ask.answer_type == "fix" or ask.focus_head in ask.core  # (a fix's focus only names its kind)


def test_a_noun_made_of_a_verb_and_its_particle_is_no_name_a_passage_must_hold(nlp: Language) -> None:
    ask = analyse("Which teams own the remaining follow-ups of the ledger-replay ticket?", nlp).asks[0]
    assert "follow-up" not in ask.names  # a document lists them under "Next steps"
    assert "ledger-replay" in ask.names


@pytest.mark.parametrize(("plain", "idiom"), [
    ("Why did the disk alert never page the storage team?", "How come the disk alert never paged the storage team?"),
    ("Why was the nightly export skipped?", "How come the nightly export was skipped?"),
])
def test_how_come_asks_what_why_asks(nlp: Language, plain: str, idiom: str) -> None:
    want, got = analyse(plain, nlp).asks[0], analyse(idiom, nlp).asks[0]
    assert (got.wh, got.answer_type, got.predicate, got.core) == ("why", "cause", want.predicate, want.core)


def test_a_bare_wh_word_after_the_scene_asks_about_the_scene(nlp: Language) -> None:
    ask = analyse("After the billing worker was upgraded, the invoice totals went negative. Why?", nlp).asks[0]
    assert ask.answer_type == "cause"
    assert {"billing", "worker", "invoice", "total"} <= set(ask.core)


def test_a_bare_wh_word_alone_takes_no_words(nlp: Language) -> None:
    assert analyse("Why?", nlp).asks[0].core == ()


def test_wh_words_joined_by_or_ask_one_thing(nlp: Language) -> None:
    asks = analyse("Who or what noticed the stalled exports first, and what cleared them?", nlp).asks
    assert [a.wh for a in asks] == ["what", "what"]
    assert "notice" in asks[0].core


@pytest.mark.parametrize("question", ["What got the build agents running again after the disk filled up?",
                                      "How did they get the build agents running again after the disk filled up?"])
def test_getting_an_act_going_again_asks_for_the_fix(nlp: Language, question: str) -> None:
    assert analyse(question, nlp).asks[0].answer_type == "fix"


def test_how_something_got_stuck_again_is_no_fix(nlp: Language) -> None:
    assert analyse("How did they get the build agents stuck again?", nlp).asks[0].answer_type != "fix"


@pytest.mark.parametrize("question", ["What set off the retry storm on the mailer?",
                                      "What kicked off the alert flood in the ledger cluster?",
                                      "What brought about the drift in the cache hit rate?"])
def test_a_phrasal_causative_asks_for_a_cause(nlp: Language, question: str) -> None:
    analysis = analyse(question, nlp)
    assert analysis.asks[0].answer_type == "cause"
    assert analysis.route == "why"


def test_the_same_verb_without_its_particle_asks_no_cause(nlp: Language) -> None:
    assert analyse("What set the pool size to forty?", nlp).asks[0].answer_type != "cause"


@pytest.mark.parametrize("question", ["How did they contain the queue backlog?",
                                      "What contained the spread of the bad config?"])
def test_containing_a_problem_asks_for_the_fix(nlp: Language, question: str) -> None:
    assert analyse(question, nlp).asks[-1].answer_type == "fix"


def test_what_a_thing_contains_asks_what_it_holds(nlp: Language) -> None:
    assert analyse("What does the export bundle contain?", nlp).asks[0].answer_type != "fix"


@pytest.mark.parametrize("question", ["Which retry limit did the billing exporter settle on?",
                                      "Which default quota did the nightly archive job settle on?"])
def test_the_subject_of_a_verb_hung_under_did_stays_in_the_core(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.predicate == "settle"
    assert {"exporter", "archive"} & set(ask.core)


def test_an_act_the_asker_states_before_a_bare_wh_word_is_not_asked_as_done(nlp: Language) -> None:
    ask = analyse("The ledger outage hit some tenants. How many?", nlp).asks[0]
    assert ask.predicate == "hit" and ask.time.past  # still about what happened
    assert ask.time.verb is None  # no document must state "hit" done: the asker stated it


def test_an_asked_act_keeps_its_verb_for_the_check_that_it_was_done(nlp: Language) -> None:
    ask = analyse("How many tenants did the ledger outage hit?", nlp).asks[0]
    assert ask.time.past and ask.time.verb is not None
