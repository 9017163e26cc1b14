"""The handles a document's own metadata lists are its chat speakers; other lowercase words are not (metadata lines
written for this test)."""

from __future__ import annotations

from zehn.agent.speakers import Speaker, roster, without_speaker


def test_a_listed_handle_names_itself_and_keeps_its_team_tag() -> None:
    found = roster(['participants: ["tove", "ops-core", "oskar (sre)"]'])
    assert found["tove"] == Speaker("tove")
    assert found["ops-core"] == Speaker("ops-core")
    assert found["oskar"] == Speaker("oskar", "sre")


def test_a_first_name_resolves_only_to_the_one_person_who_has_it() -> None:
    found = roster(["authors: Runa Falk, Olek Varga, Olek Stein"])
    assert found["runa"] == Speaker("Runa Falk")
    assert "olek" not in found  # two people called Olek: an ambiguity, not a guess


def test_fields_that_list_no_people_name_no_speakers() -> None:
    found = roster(['tags: ["note", "status"]', 'title: "release"', '  "participants": ["tove"]'])
    assert set(found) == {"tove"}


def test_a_turn_is_read_after_its_speaker_label_and_a_line_without_one_is_kept_whole() -> None:
    assert without_speaker("**Rhea M.:** Long-term: add a canary check") == "Long-term: add a canary check"
    assert without_speaker("ci-runner: Output: 3 passed") == "Output: 3 passed"
    assert without_speaker("Rolled back at noon") == "Rolled back at noon"
