"""Typed fillers: what in a parsed sentence can fill the asked slot."""

from __future__ import annotations

from spacy.language import Language

from verify.fillers import fillers


def _texts(nlp: Language, text: str, answer_type: str) -> list[str]:
    doc = nlp(text)
    return [text[a:b] for a, b in fillers(doc, answer_type)]


def test_durations_need_a_unit_of_time(nlp: Language) -> None:
    assert _texts(nlp, "Events are kept for 400 days and 3 replicas.", "duration") == ["400 days"]
    assert _texts(nlp, "Restores take tens of minutes.", "duration") == ["tens of minutes"]


def test_identifiers_are_shaped_like_names_of_things(nlp: Language) -> None:
    found = _texts(nlp, "Set `retry_budget` and the X-Request-Id header; page #ops-alerts.", "identifier")
    assert "`retry_budget`" in found and "X-Request-Id" in found and "#ops-alerts" in found


def test_a_header_name_with_a_camel_case_part_is_an_identifier(nlp: Language) -> None:
    found = _texts(nlp, "Stop reading QuotaLeft-Remaining and WWW-Authenticate for backoff.", "identifier")
    assert "QuotaLeft-Remaining" in found and "WWW-Authenticate" in found


def test_systems_are_identifiers_or_system_nouns_with_a_name(nlp: Language) -> None:
    found = _texts(nlp, "The session store and billing-api both timed out.", "system")
    assert "billing-api" in found and "session store" in found


def test_versions_and_dates(nlp: Language) -> None:
    assert _texts(nlp, "Fixed in v2.2.2 on 2026-03-04.", "version") == ["v2.2.2"]
    assert "2026-03-04" in _texts(nlp, "Fixed in v2.2.2 on 2026-03-04.", "date")


def test_types_without_a_filler_of_their_own_find_none(nlp: Language) -> None:
    assert fillers(nlp("Anything at all."), "description") == ()


def test_a_consequence_connective_between_clauses_states_a_cause(nlp: Language) -> None:
    assert _texts(nlp, "The release lowered the pool size, so every request waited for a connection.", "cause") \
        == ["so"]
    assert _texts(nlp, "The cache was cold; therefore the first page load was slow.", "cause") == ["therefore"]
    assert _texts(nlp, "We batch the writes so that the disk is not saturated.", "cause") == []
    assert _texts(nlp, "So far, the queue has kept up.", "cause") == []


def test_the_time_that_opens_a_timeline_line_is_when_its_event_happened(nlp: Language) -> None:
    assert "14:05" in _texts(nlp, "- 14:05 The lag alert fired at 300 seconds of lag.", "date")
    assert "09:12" in _texts(nlp, "[09:12] Ana: the deploy finished", "date")
    assert _texts(nlp, "The ratio was 3:1 for reads.", "date") == []


def test_english_compounds_are_not_identifiers_but_hyphenated_names_are(nlp: Language) -> None:
    text = "The route chat-default showed instruction-ranking and rate-limited behaviour on the non-blocking pool."
    found = [text[a:b] for a, b in fillers(nlp(text), "identifier")]
    assert "chat-default" in found
    assert not {"instruction-ranking", "rate-limited", "non-blocking"} & set(found)


def test_a_frequency_is_an_interval_or_a_share_of_occurrences(nlp: Language) -> None:
    assert _texts(nlp, "The reconciler runs every 15 minutes.", "frequency") == ["every 15 minutes"]
    assert _texts(nlp, "Backups are taken nightly and audited twice a month.", "frequency") == [
        "nightly", "twice a month"]
    assert _texts(nlp, "Stale reads showed up in ~3% of checkouts.", "frequency") == ["~3% of"]
    assert _texts(nlp, "We saw the race in 7 of 900 replayed jobs.", "frequency") == ["7 of 900"]
    assert _texts(nlp, "The importer handles about 40k files/day.", "frequency") == ["40k files/day"]


def test_an_interval_written_with_a_unit_symbol_is_a_frequency(nlp: Language) -> None:
    assert _texts(nlp, "Keepalive comments are emitted every 12s.", "frequency") == ["every 12s"]
    assert _texts(nlp, "The probe runs every 250 ms and pages every 5m.", "frequency") == ["every 250 ms", "every 5m"]


def test_a_version_or_a_plain_count_is_no_frequency(nlp: Language) -> None:
    assert _texts(nlp, "Fixed in v4.2 of 2025 with 3 replicas.", "frequency") == []


def test_whoever_an_escalation_is_directed_at_is_an_agent_whatever_its_name_looks_like(nlp: Language) -> None:
    line = "- Checklist: save the logs, escalate to core-infra if the disk is full."
    assert "core-infra" in _texts(nlp, line, "agent")
    assert "dba-oncall" in _texts(nlp, "If replication lag passes a minute, we page dba-oncall.", "agent")


def test_a_common_noun_after_escalate_to_is_no_agent(nlp: Language) -> None:
    assert _texts(nlp, "The ticket was escalated to priority 2 after the retry failed.", "agent") == []
