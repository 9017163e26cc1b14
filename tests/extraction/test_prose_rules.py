"""Ownership without the verb "own", a postmortem's systems hit, phrasal verbs of damage and "on top of": sentences
read through the whole extractor (one small document each, so the document's title and kind count)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from bench.extraction import run_corpus
from bench.extraction_written import document_text

POSTMORTEM = "Postmortem: login errors on 3 May"
NOTES = "Team notes"

Read = set[tuple[str, str, str, str]]  # subject, rel_type, object, flags ("n", "h", "p") + via initial


def read(nlp: Language, tmp_path: Path, title: str, body: str) -> Read:
    (tmp_path / "doc.md").write_text(document_text(title, "", body), encoding="utf-8")
    run = run_corpus(tmp_path, nlp)
    out: Read = set()
    for found in run.evidence.values():
        for row in found.evidence.values():
            for r in row.relations:
                flags = "".join(c for c, on in zip("nhp", (r["negated"], r["hedged"], r["planned"]), strict=True) if on)
                via = "d" if r["via"] == "document_subject" else ""
                out.add((r["subject"], r["rel_type"], r["object"], flags + via))
    return out


@pytest.mark.parametrize(
    ("body", "expected"),
    [("Ownership of the relay-hub moved to the Orbit team last week.", ("Orbit", "OWNS", "relay-hub", "")),
     ("Responsibility for the relay-hub now sits with the Orbit team.", ("Orbit", "OWNS", "relay-hub", "")),
     ("The Orbit team took over ownership of relay-hub.", ("Orbit", "OWNS", "relay-hub", "")),
     ("We will hand the relay-hub over to the Orbit team.", ("Orbit", "OWNS", "relay-hub", "p")),
     ("The relay-hub belongs to the Orbit team.", ("Orbit", "OWNS", "relay-hub", "")),
     ("Maria Garcia, a member of the Orbit team, rotated the keys.", ("Maria Garcia", "MEMBER_OF", "Orbit", ""))],
)
def test_ownership_stated_without_the_verb_own(nlp: Language, tmp_path: Path, body: str,
                                               expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


def test_moving_a_system_to_a_technology_is_no_handover(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "We moved the relay-hub to Postgres.")
    assert not any(rel == "OWNS" for _, rel, _, _ in found)


@pytest.mark.parametrize(
    ("body", "expected"),
    [("The relay-hub was unavailable for 20 minutes.", ("relay-hub", "")),
     ("The relay-hub was also affected.", ("relay-hub", "")),
     ("The relay-hub was swamped for an hour.", ("relay-hub", "")),  # any AFFECTS verb of the table, passive
     ("The relay-hub went down twice.", ("relay-hub", "")),
     ("Customers of relay-hub saw 502s during the incident.", ("relay-hub", "")),
     ("The outage did not affect the relay-hub.", ("relay-hub", "n")),
     ("The incident may have degraded the relay-hub as well.", ("relay-hub", "h"))],
)
def test_a_postmortem_states_the_systems_its_incident_hit(nlp: Language, tmp_path: Path, body: str,
                                                          expected: tuple[str, str]) -> None:
    name, flags = expected
    assert (POSTMORTEM, "AFFECTS", name, flags + "d") in read(nlp, tmp_path, POSTMORTEM, body)


@pytest.mark.parametrize(
    "body",
    ["The relay-hub failed over to the standby region.",  # a recovery, not a hit
     "The relay-hub was degraded by the token-cache.",  # the cause is named: no hit by the incident itself
     "The relay-hub returned 200s throughout."],
)
def test_recoveries_named_causes_and_good_news_are_no_hit_of_the_incident(nlp: Language, tmp_path: Path,
                                                                           body: str) -> None:
    assert not any(s == POSTMORTEM and rel == "AFFECTS" for s, rel, _, _ in read(nlp, tmp_path, POSTMORTEM, body))


@pytest.mark.parametrize("title", [NOTES, "Incident Console redesign", "Outage drills for the SDK", "incidents"])
def test_a_system_state_outside_an_incident_write_up_names_no_incident(nlp: Language, tmp_path: Path,
                                                                         title: str) -> None:
    found = read(nlp, tmp_path, title, "The relay-hub was unavailable for an hour.")
    assert not any(rel == "AFFECTS" for _, rel, _, _ in found)


@pytest.mark.parametrize("body", ["If the relay-hub is unavailable, requests fail fast.",
                                  "Did the relay-hub fail or just slow down?",
                                  "## Impact\n\n- relay-hub was not impacted."])
def test_conditions_questions_and_spared_systems_state_no_hit(nlp: Language, tmp_path: Path, body: str) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, body)
    assert not any(rel == "AFFECTS" and "n" not in flags for _, rel, _, flags in found)


def test_an_impact_item_that_opens_with_a_system_in_a_sentence_names_it(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, "## Impact\n\n- relay-hub returned errors for 12 minutes")
    assert (POSTMORTEM, "AFFECTS", "relay-hub", "d") in found


@pytest.mark.parametrize(
    ("body", "expected"),
    [("A full disk on ledger-db could take down the relay-hub.", ("ledger-db", "AFFECTS", "relay-hub", "h")),
     ("The report-job is built on top of the ledger-db.", ("report-job", "DEPENDS_ON", "ledger-db", "")),
     ("Both relay-hub and the report-job call ledger-db.", ("report-job", "CALLS", "ledger-db", "")),
     ("The ledger-db is relied on by the report-job.", ("report-job", "DEPENDS_ON", "ledger-db", "")),
     ("The relay-hub is looked after by the Orbit team.", ("Orbit", "MAINTAINS", "relay-hub", ""))],
)
def test_phrasal_verbs_prepositional_passives_and_joined_subjects(nlp: Language, tmp_path: Path, body: str,
                                                                 expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


def test_a_short_list_item_under_a_label_heading_is_the_evidence_of_its_relation(nlp: Language, tmp_path: Path) -> None:
    """ "- ledger-db" under "## Dependencies" is too short to cite as a passage on its own, but it is a labelled
    fact: the relation read from it keeps the item line as its exact evidence."""
    text = document_text("Runbook: relay-hub", "## Dependencies\n\n", "- ledger-db")
    (tmp_path / "doc.md").write_text(text, encoding="utf-8")
    found = run_corpus(tmp_path, nlp).evidence["doc.md"]
    rows = [row for row in found.evidence.values() if row.relations]
    assert [(row.text, [(r["subject"], r["rel_type"], r["object"]) for r in row.relations]) for row in rows] == [
        ("- ledger-db", [("relay-hub", "DEPENDS_ON", "ledger-db")])]
    assert text[rows[0].start : rows[0].end] == "- ledger-db"


@pytest.mark.parametrize(("body", "flags"), [
    ("The Orbit team took over ownership of relay-hub in May 2026.", ""),  # a month, not the modal
    ("The Orbit team may take over ownership of relay-hub.", "h"),
])
def test_a_month_named_may_does_not_hedge_a_relation(nlp: Language, tmp_path: Path, body: str, flags: str) -> None:
    assert ("Orbit", "OWNS", "relay-hub", flags) in read(nlp, tmp_path, NOTES, body)


HIT = (POSTMORTEM, "AFFECTS", "relay-hub", "d")


@pytest.mark.parametrize(
    ("title", "body", "expected"),
    [(NOTES, "The relay-hub, which the Orbit team owns, serves every search.", ("Orbit", "OWNS", "relay-hub", "")),
     (NOTES, "The alert-hub listens on the Kafka topic that relay-hub writes to.",
      ("relay-hub", "PRODUCES", "Kafka", "")),
     (NOTES, "Requests from the relay-hub are forwarded to ledger-db.", ("relay-hub", "CALLS", "ledger-db", "")),
     (NOTES, "All calls to ledger-db are routed via the relay-hub.", ("relay-hub", "CALLS", "ledger-db", "")),
     (NOTES, "Ownership of relay-hub was handed over from the Atlas team to the Orbit team.",
      ("Orbit", "OWNS", "relay-hub", "")),
     (POSTMORTEM, "A bad config in ledger-db caused relay-hub to time out.", ("ledger-db", "AFFECTS", "relay-hub", "")),
     (POSTMORTEM, "The root cause was a memory leak in relay-hub.", ("relay-hub", "CAUSED", POSTMORTEM, "d")),
     (POSTMORTEM, "The issue has been traced to the relay-hub.", ("relay-hub", "CAUSED", POSTMORTEM, "d")),
     (POSTMORTEM, "The relay-hub was down for 15 minutes.", HIT),
     (POSTMORTEM, "The relay-hub returned HTTP 503 responses for ten minutes.", HIT),
     (POSTMORTEM, "We are seeing elevated error rates on relay-hub.", HIT),
     (POSTMORTEM, "Messages through relay-hub were delayed by up to an hour.", HIT)],
)
def test_relative_clauses_traffic_subjects_causes_and_what_responders_saw(
        nlp: Language, tmp_path: Path, title: str, body: str, expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, title, body)


@pytest.mark.parametrize(
    "body",
    ["Requests to relay-hub are forwarded to ledger-db.",  # where requests end up, not who calls relay-hub
     "All ledger-db calls must go through the relay-hub.",  # "X calls" names the caller as often as the callee
     "Reads from ledger-db are routed via the relay-hub."],  # reads name their server, not their caller
)
def test_traffic_that_does_not_say_who_calls_whom_is_no_call(nlp: Language, tmp_path: Path, body: str) -> None:
    found = read(nlp, tmp_path, NOTES, body)
    assert not [f for f in found if f[1] == "CALLS"], found


@pytest.mark.parametrize(
    ("body", "hit"),
    [("The relay-hub served 500 requests per second during the drill.", False),  # a count, not a status
     ("We log all errors in relay-hub.", False),  # where errors go, not a system that had them
     ("When relay-hub went down at 14:02, we paged the on-call engineer.", True),  # what happened, not a condition
     ("When relay-hub is down, requests queue.", False)],  # a behaviour
)
def test_numbers_measures_and_when_clauses_state_a_hit_only_when_one_happened(
        nlp: Language, tmp_path: Path, body: str, hit: bool) -> None:
    assert (HIT in read(nlp, tmp_path, POSTMORTEM, body)) is hit


@pytest.mark.parametrize(
    "body",
    ["The ledger-db keeps running when relay-hub is down, thanks to its cache.",  # a condition; credit, not a hit
     "The relay-hub was not affected by the ledger-db slowdown.",  # the cause is named: no hit by the incident
     "The service that the Orbit team maintains, relay-hub, was rewritten."],  # one service, not the page's topic
)
def test_credit_conditions_and_relative_clauses_state_no_hit_of_the_document(nlp: Language, tmp_path: Path,
                                                                               body: str) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, body)
    assert not any(s == POSTMORTEM and "n" not in flags for s, _, _, flags in found), found
    assert not any(o == POSTMORTEM and rel != "CAUSED" for _, rel, o, _ in found), found
