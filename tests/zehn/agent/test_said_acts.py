"""Asking, advising and approving are done by the words themselves: a review thread's "Please use X" says who asked
for X, "Approved." who signed off, without the verb that names the act. Every line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.bind_passages import bind_passages
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence
from zehn.agent.said_acts import may_say, said_act, says_act
from zehn.agent.similarity import Similarity

TITLE = "fix(ledger): cap settlement retries on gateway timeouts"
REVIEW = ("Omar Lindqvist (author): This caps settlement retries at three attempts per request.",
          "Lena Brandt (Payments SRE): Please use decorrelated backoff for the settlement retries, not a fixed delay.",
          "Omar Lindqvist (author): Switched the settlement retries to decorrelated backoff.",
          "Tomas Ekberg (Ledger): Approved.")


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def _view(lines: tuple[str, ...]) -> DocView:
    heading = f"{TITLE} > review_conversation"
    body = "\n".join(lines)
    passage = DocPassage("r#p0", "r", heading, "section", 0, len(body), f"{heading}\n{body}", (0.3, 0.3))
    sentences, at = [], 0
    for n, line in enumerate(lines):
        sentences.append(Sentence(f"ev_r{n}", line, "r", at, at + len(line), "sentence"))
        at += len(line) + 1
    return DocView(DocumentInfo("r", TITLE, "github", None, None), (passage,), 1.0, False, lambda: sentences)


def _cited(nlp: Language, similarity: Similarity, question: str) -> tuple[str, ...]:
    bound = bind_passages(analyse(question, nlp), Retrieved((), (_view(REVIEW),), ()), Parses(ParseCache(nlp)),
                          similarity)
    return tuple(s.text for f in bound.findings for s in f.answer)


def test_a_request_states_an_act_of_asking_and_a_proposal_one_of_advice(nlp: Language) -> None:
    assert says_act("ask", nlp("Please use decorrelated backoff for the retries."))
    assert says_act("request", nlp("Can we add a metric for the retry count?"))
    assert says_act("suggest", nlp("We should add a fallback query when no series come back."))
    assert says_act("suggest", nlp("Could you pin the version in the lockfile?"))


def test_an_approval_verdict_states_a_sign_off(nlp: Language) -> None:
    assert says_act("sign", nlp("Tomas Ekberg (Ledger): Approved."))
    assert says_act("approve", nlp("Approved after the redaction changes."))


def test_a_report_states_no_act_of_saying_and_other_acts_are_never_read_by_mood(nlp: Language) -> None:
    assert not says_act("ask", nlp("Switched the retries to decorrelated backoff."))
    assert not says_act("sign", nlp("Please review the rollout plan."))
    assert not says_act("deploy", nlp("Please deploy the patch to staging."))
    assert said_act("description", "ask", nlp("Please use decorrelated backoff.")) == ()
    assert said_act("agent", "ask", nlp("Please use decorrelated backoff.")) == ("ask",)


def test_the_cheap_look_reads_only_a_who_ask_of_saying_with_a_word_of_its_mood() -> None:
    assert may_say("agent", "ask", "Please use decorrelated backoff.")
    assert may_say("agent", "sign", "Tomas Ekberg (Ledger): Approved.")
    assert not may_say("agent", "deploy", "Please deploy the patch.")
    assert not may_say("agent", "ask", "Switched the retries to decorrelated backoff.")
    assert not may_say("date", "ask", "Please use decorrelated backoff.")


def test_who_asked_for_a_change_in_a_review_is_the_speaker_of_the_request(nlp: Language,
                                                                          similarity: Similarity) -> None:
    cited = _cited(nlp, similarity, "Who asked for decorrelated backoff in the review of the settlement retry fix?")
    assert cited and cited[0] == REVIEW[1]


def test_who_signed_off_on_a_change_is_the_reviewer_who_approved_it(nlp: Language, similarity: Similarity) -> None:
    cited = _cited(nlp, similarity, "Who signed off on the settlement retries fix?")
    assert REVIEW[3] in cited


def test_a_request_for_something_else_names_nobody_who_asked_for_the_asked_thing(nlp: Language,
                                                                                 similarity: Similarity) -> None:
    assert _cited(nlp, similarity, "Who asked for a circuit breaker on the ledger exporter?") == ()
