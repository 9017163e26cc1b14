"""Which system did an act: a sentence that states the asked act with a system in the asked slot (its subject,
or the object of the question's preposition, or of a preposition of place for "where"). Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.parses import CachedParse, ParseCache, Parses
from zehn.agent.similarity import Similarity
from zehn.agent.system_acts import SUBJECT, WHERE, asked_slot, bind_system_act

TITLE = "Login failures behind a path-rewriting proxy"
DOC = """# Login failures behind a path-rewriting proxy

## Findings

Sso-bridge compares the callback host against the configured public URL and ignores forwarded headers.
A retry flag in the queue planner changed from opt-in to opt-out during the upgrade.
We did not compare the callback host in the token cache.
Ilse Varga rotates the signing keys every quarter.
Packer still does the placement of batch jobs, but we wrap it with a scheduler shim.
The hotfix added a lease check in the ledger writer so stale batches are rejected.
"""


def _bound(nlp: Language, question: str) -> str | None:
    view = markdown_view(DOC, TITLE)
    cache = ParseCache(nlp)
    analysis = analyse(question, nlp)
    found = bind_system_act(analysis.asks[0], question, view, Parses(cache), Similarity(None), CachedParse(cache),
                            set())
    return found.bound.text if found is not None else None


def test_the_wh_phrase_as_subject_or_as_a_prepositional_object_is_the_asked_slot(nlp: Language) -> None:
    assert asked_slot(nlp("Which service compares the callback host against the public URL?")) == SUBJECT
    assert asked_slot(nlp("In which component did the retry flag change?")) == "in"
    assert asked_slot(nlp("Who compared the callback host?")) is None


def test_a_system_that_does_the_asked_act_answers_which_service(nlp: Language) -> None:
    assert _bound(nlp, "Which service compares the callback host against the configured public URL?") == \
        DOC.split("\n")[4]


def test_a_system_in_the_asked_preposition_answers_in_which_component(nlp: Language) -> None:
    assert _bound(nlp, "In which component did a retry flag change from opt-in to opt-out?") == DOC.split("\n")[5]


def test_a_sentence_without_most_of_the_asked_words_answers_nothing(nlp: Language) -> None:
    assert _bound(nlp, "Which service encrypts the audit archive before the nightly export?") is None


def test_a_negated_act_answers_nothing(nlp: Language) -> None:
    assert _bound(nlp, "In which cache was the callback host compared?") is None


def test_a_product_named_by_one_proper_noun_answers_but_a_person_does_not(nlp: Language) -> None:
    assert _bound(nlp, "Which tool does the placement of batch jobs underneath the scheduler shim?") == \
        DOC.split("\n")[8]
    assert _bound(nlp, "Which service rotates the signing keys every quarter?") is None


def test_where_asks_for_the_system_a_preposition_of_place_names(nlp: Language) -> None:
    assert asked_slot(nlp("Where did the hotfix add the lease check?")) == WHERE
    assert _bound(nlp, "Where did the hotfix add a lease check so that stale batches are rejected?") == \
        DOC.split("\n")[9]


def test_where_an_act_no_sentence_states_happened_answers_nothing(nlp: Language) -> None:
    assert _bound(nlp, "Where did the hotfix add a quota limit for nightly exports?") is None
