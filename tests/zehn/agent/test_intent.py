"""The router: what an entity question is about, versus names and dates that only give context."""

from __future__ import annotations

from zehn.agent.intent import find_mentions, route


def test_dates_and_versions_are_not_entity_mentions() -> None:
    texts = [m.text for m in find_mentions("After the 2026-04-11 incident and the v2.3 release, who owns ledger-sync?")]
    assert texts == ["ledger-sync"]


def test_only_the_slot_of_an_ownership_question_is_its_subject() -> None:
    r = route("Under ADR-021, who owns ledger-sync?")
    assert r.intent == "ownership"
    by_text = {m.text: r.is_subject(m) for m in r.mentions}
    assert by_text == {"ADR-021": False, "ledger-sync": True}


def test_a_possessive_own_is_not_an_ownership_question() -> None:
    assert route("For a customer running it in their own cloud, what restore time is typical?").intent == "general"


def test_general_questions_have_no_subject_restriction() -> None:
    r = route("What retention did the customer require for audit events on OPS-412?")
    assert r.intent == "general" and all(r.is_subject(m) for m in r.mentions)


def test_role_questions_name_their_role_and_subject() -> None:
    r = route("Who is the assignee on OPS-412, the ticket about quote timeouts?")
    assert r.intent == "role" and r.slots["role"] == "assignee"
    assert [m.text for m in r.mentions if r.is_subject(m)] == ["OPS-412"]
    assert route("Who reported OPS-412?").slots["role"] == "reported"
    assert route("Which components are tagged on OPS-412?").intent == "role"
