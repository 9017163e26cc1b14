"""Rules 18: pronouns within a sentence, role nouns of systems, layers and hand-overs, brackets and complementisers,
calls named as nouns, copies of a system, and the incident readers' word lists (one list each). Sentences are read
through the whole extractor (one small document each), so the title and the document's kind count."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import NOTES, POSTMORTEM, read

RUNBOOK = "Runbook: relay-hub"
HIT = (POSTMORTEM, "AFFECTS", "relay-hub", "d")


@pytest.mark.parametrize(
    ("body", "expected"),
    [("The ledger-db no longer reads from cache-tier; it uses relay-hub instead.",
      ("ledger-db", "USES", "relay-hub", "")),  # a subject "it": the earlier clause's subject
     ("Dana Ruiz owns relay-hub on paper, but the Orbit team maintains it.", ("Orbit", "MAINTAINS", "relay-hub", "")),
     ("Assigning to Chen Wei since he owns relay-hub.", ("Chen Wei", "OWNS", "relay-hub", "")),
     ("Consumers of relay-hub include ledger-db and cache-tier.", ("cache-tier", "CONSUMES", "relay-hub", "")),
     ("The ledger-db sits on top of relay-hub.", ("ledger-db", "DEPENDS_ON", "relay-hub", "")),
     ("The Orbit team has taken over relay-hub.", ("Orbit", "OWNS", "relay-hub", "")),
     ("The edge-tier hands requests to relay-hub.", ("edge-tier", "CALLS", "relay-hub", "")),
     ("The ledger-db (owned by the Orbit team) is being rewritten.", ("Orbit", "OWNS", "ledger-db", "")),
     ("Dana mentioned that ledger-db talks to relay-hub on every request.", ("ledger-db", "CALLS", "relay-hub", "")),
     ("There is no direct call from ledger-db to relay-hub.", ("ledger-db", "CALLS", "relay-hub", "n")),
     ("The ledger-db reads from a replica of relay-hub.", ("ledger-db", "CONSUMES", "relay-hub", "")),
     ("The ledger-db switched its queue from RabbitMQ to Kafka.", ("ledger-db", "USES", "Kafka", "")),
     ("Oskar Nilsson, head of the Orbit team, wrote the proposal.", ("Oskar Nilsson", "LEADS", "Orbit", "")),
     ("Lucia Ferrer, from the Orbit team, found the drift.", ("Lucia Ferrer", "MEMBER_OF", "Orbit", "")),
     ("Dario Conti (Orbit team) will present the rollout.", ("Dario Conti", "MEMBER_OF", "Orbit", ""))],
)
def test_rules_18_read_the_relation(nlp: Language, tmp_path: Path, body: str,
                                    expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


@pytest.mark.parametrize(
    "body",
    ["Dana Ruiz (SRE team): restarted the pods.",  # a speaker tag, not a membership
     "The topic that relay-hub writes to is full."],  # a relative "that" opens no clause of its own
)
def test_speaker_tags_and_relative_that_state_no_relation(nlp: Language, tmp_path: Path, body: str) -> None:
    assert not {f for f in read(nlp, tmp_path, NOTES, body) if f[1] in ("MEMBER_OF", "PRODUCES")}


@pytest.mark.parametrize(
    ("body", "expected"),
    [("The errors were traced to relay-hub.", ("relay-hub", "CAUSED", POSTMORTEM, "d")),  # a problem word's lemma
     ("The problem is in relay-hub and a fix is being prepared.", ("relay-hub", "CAUSED", POSTMORTEM, "d")),
     ("Calls to the relay-hub timed out.", HIT),  # traffic to a system stands for it, as its users do
     ("Jobs on the relay-hub failed.", HIT),
     ("The outage hit the relay-hub and the ledger-db.", HIT),  # an incident hits, it calls nothing
     ("The cache-tier kept serving cached pages and was not affected.", (POSTMORTEM, "AFFECTS", "cache-tier", "nd")),
     ("The ledger-db returned 502/504 after the relay-hub deployment.", ("relay-hub", "AFFECTS", "ledger-db", "h"))],
)
def test_incident_readers_share_one_list_of_problem_words(nlp: Language, tmp_path: Path, body: str,
                                                          expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, POSTMORTEM, body)


@pytest.mark.parametrize(
    "body",
    ["We see normal latency on relay-hub.",  # a measure said to be fine
     "We are seeing healthy error rates on relay-hub."],
)
def test_a_measure_said_to_be_normal_is_no_hit(nlp: Language, tmp_path: Path, body: str) -> None:
    assert HIT not in read(nlp, tmp_path, POSTMORTEM, body)


def test_thanks_to_credits_a_system_and_states_no_hit(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The ledger-db kept serving reads, thanks to relay-hub.")
    assert not [f for f in found if f[1] == "AFFECTS"], found
    control = read(nlp, tmp_path, NOTES, "The ledger-db kept failing reads, due to relay-hub.")
    assert ("relay-hub", "AFFECTS", "ledger-db", "") in control  # the same shape with a cause is read


@pytest.mark.parametrize(
    ("body", "topic"),
    [("The service, which the Orbit team maintains, reads from ledger-db.", True),  # a comma clause only adds
     ("The service that the Orbit team maintains reads from ledger-db.", False)],  # one service picked out of many
)
def test_only_a_restrictive_relative_clause_keeps_the_service_from_being_the_pages_topic(
        nlp: Language, tmp_path: Path, body: str, topic: bool) -> None:
    found = read(nlp, tmp_path, RUNBOOK, body)
    assert (("relay-hub", "CONSUMES", "ledger-db", "d") in found) is topic, found


@pytest.mark.parametrize(
    ("body", "expected"),
    [("Grace Adeyemi left the Orbit team in May.", ("Grace Adeyemi", "MEMBER_OF", "Orbit", "n")),
     ("The Orbit team stopped maintaining relay-hub last year.", ("Orbit", "MAINTAINS", "relay-hub", "n")),
     ("The ledger-db dropped its dependency on relay-hub.", ("ledger-db", "DEPENDS_ON", "relay-hub", "n")),
     ("Because relay-hub was slow, the ledger-db timed out.", ("relay-hub", "AFFECTS", "ledger-db", "")),
     ("The Orbit team owns the following services: ledger-db, cache-tier and relay-hub.",
      ("Orbit", "OWNS", "relay-hub", "")),  # the list after a colon spells "the following services" out
     ("Kwame Boateng was moved onto the Orbit team after the reorg.", ("Kwame Boateng", "MEMBER_OF", "Orbit", "")),
     ("Day-to-day operation of relay-hub is handled by the Orbit team.", ("Orbit", "MAINTAINS", "relay-hub", "")),
     ("Support for relay-hub moved from Yuki Mori to Lars Holm.", ("Lars Holm", "MAINTAINS", "relay-hub", "")),
     ("Ownership of relay-hub is held by the Orbit team.", ("Orbit", "OWNS", "relay-hub", "")),
     ("The relay-hub is maintained by the Orbit team together with Yuki Mori.",
      ("Yuki Mori", "MAINTAINS", "relay-hub", "")),
     ("Questions about relay-hub go to the Orbit team.", ("Orbit", "OWNS", "relay-hub", "")),
     ("Please send relay-hub alerts to the Orbit team.", ("Orbit", "OWNS", "relay-hub", "")),
     ("A bad shard map in ledger-db caused relay-hub to reject valid titles.",
      ("ledger-db", "AFFECTS", "relay-hub", "")),  # the infinitive's subject is what was caused
     ("The ledger-db needs relay-hub to start.", ("ledger-db", "DEPENDS_ON", "relay-hub", "")),
     ("The edge-tier forwards authenticated requests to relay-hub and ledger-db.",
      ("edge-tier", "CALLS", "ledger-db", ""))],  # a verb form tagged as an adverb, a participle before its noun
)
def test_ending_verbs_because_clauses_lists_after_a_colon_and_care_nouns(nlp: Language, tmp_path: Path, body: str,
                                                             expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


def test_a_because_clause_relates_only_systems(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "We restarted ledger-db because relay-hub was slow.")
    assert not [f for f in found if f[1] == "AFFECTS"], found


def test_questions_about_a_non_system_name_no_owner(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Questions about the roadmap go to Dana Ruiz.")
    assert not [f for f in found if f[1] == "OWNS"], found
