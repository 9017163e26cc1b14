"""Constraints of a question (dates, versions, ticket keys, environments), held, lacked or contradicted by a text."""

from __future__ import annotations

from verify.constraints import check, dates_in, find_constraints


def test_dates_in_every_written_form_normalise_alike() -> None:
    assert [v for v, _ in dates_in("on 2026-03-13, March 13, 2026 and 13 Mar 2026")] == ["2026-03-13"] * 3
    assert [v for v, _ in dates_in("late June 2026 and Mar 9")] == ["2026-06", "--03-09"]


def test_a_question_names_its_constraints() -> None:
    found = {(c.kind, c.value) for c in find_constraints(
        "After the v4.3.2 rollout on 2026-03-02, why did OPS-12 fail in prod us-east-1?")}
    assert found == {("date", "2026-03-02"), ("version", "4.3.2"), ("ticket", "OPS-12"), ("environment", "prod"),
                     ("environment", "us-east")}


def test_a_hyphenated_word_is_not_an_environment() -> None:
    assert not [c for c in find_constraints("Before we switch quota-bot alerts back on under prod-like load?")
                if c.kind == "environment"]


def test_dates_hold_by_day_or_month_and_are_contradicted_by_the_documents_own_dates() -> None:
    [march] = find_constraints("What happened in March 2026?")
    assert check(march, "Incident on 2026-03-18 at 14:00 UTC.") == "holds"
    assert check(march, "Incident on 2025-11-02.", own_dates=["2025-11-03"]) == "contradicted"
    assert check(march, "An undated note.") == "missing"


def test_versions_match_their_line_and_x_matches_any_patch() -> None:
    [exact] = find_constraints("after the v2.2.1 upgrade")
    [line] = find_constraints("after the 2.2.x upgrade")
    assert check(exact, "Fixed in v2.2.1.") == "holds"
    assert check(exact, "Fixed in v2.2.3.") == "contradicted"
    assert check(line, "Regression introduced in 2.2.0.") == "holds"
    assert check(exact, "No version named.") == "missing"


def test_a_version_without_a_patch_number_is_held_by_every_patch_of_its_line() -> None:
    [minor] = find_constraints("What must I do before upgrading from 4.1 to 4.2?")[1:]
    assert check(minor, "Upgrading to 4.2.0 requires a schema migration.") == "holds"
    assert check(minor, "Release 4.3.0 changes the defaults.") == "missing"
    assert check(minor, "Version 4.20.1 is out.") == "missing"


def test_an_iso_date_followed_by_its_time_is_a_date() -> None:
    assert [v for v, _ in dates_in("promoted at 2026-04-07T14:50Z, then 2026-04-08 09:00")] == ["2026-04-07",
                                                                                              "2026-04-08"]


def test_a_month_held_only_by_the_pages_edit_stamp_is_contradicted_by_a_dated_title() -> None:
    asked = find_constraints("Which flag was flipped in the queue stall of May 2025?")[0]
    page = 'Postmortem: queue stall (2025-04-11)\n"updated": "2025-05-03"\nThe flag was flipped at 10:02.'
    assert check(asked, page, ("2025-04-12", "2025-05-03")) == "contradicted"
    undated = 'Postmortem: queue stall\n"updated": "2025-05-03"\nThe flag was flipped at 10:02.'
    assert check(asked, undated, ("2025-05-03",)) == "holds"
    stated = 'Postmortem: queue stall (2025-04-11)\nA second stall on 2025-05-02 flipped the flag again.'
    assert check(asked, stated, ()) == "holds"


def test_cached_dates_are_a_fresh_list_each_call() -> None:
    text = "Deployed on 2026-03-13, rolled back 14 March 2026."
    first = dates_in(text)
    first.clear()  # a caller's change to its list never reaches the next caller
    again = dates_in(text)
    assert [v for v, _ in again] == ["2026-03-13", "2026-03-14"]


def test_a_sales_region_named_by_its_acronym_is_an_environment_the_source_must_mention() -> None:
    (region,) = find_constraints("What slowed the checkout pods in EMEA last week?")
    assert region.kind == "environment" and region.value == "emea"
    assert check(region, "Checkout pods in EMEA were throttled.") == "holds"
    assert check(region, "Checkout pods in us-east were throttled.") == "missing"
    assert find_constraints("Who owns the emea-router service?") == ()  # part of a name, not a region


def test_a_day_asked_without_its_year_is_held_by_that_day_of_any_year() -> None:
    [day] = find_constraints("Why did the sync job stall on Mar 9?")
    assert day.value == "--03-09"
    assert check(day, "Incident on 2026-03-09 at 14:00 UTC.") == "holds"
    assert check(day, "Incident on 2026-03-10 at 14:00 UTC.") != "holds"
