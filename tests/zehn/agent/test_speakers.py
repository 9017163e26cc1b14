"""The handles a document's own metadata lists are its chat speakers; other lowercase words are not (metadata lines
written for this test)."""

from __future__ import annotations

from zehn.agent.speakers import Speaker, roster


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
