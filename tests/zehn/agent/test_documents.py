"""What makes a document about the question: its own section headings, the day a question names, and which
hyphenated words are names at all."""

from __future__ import annotations

from verify.constraints import find_constraints
from zehn.agent.documents import _day_held, line_contradicts
from zehn.agent.passage_scores import passage_roles
from zehn.agent.rows import DocPassage
from zehn.agent.text_index import comparison

TITLE = "Cache stampede causes checkout timeouts"


def _passage(heading: str, kind: str = "section") -> DocPassage:
    return DocPassage("p", "doc", heading, kind, 0, 4, f"{heading}\nbody", ())


def test_a_section_heading_names_its_role_but_the_title_names_none() -> None:
    assert passage_roles(_passage(f"{TITLE} > Root cause"), TITLE).get("cause") == 1.0
    assert passage_roles(_passage(f"{TITLE} > Workaround"), TITLE).get("fix") == 1.0
    assert passage_roles(_passage(TITLE), TITLE) == {}  # "causes" in a title says what the document is about
    assert passage_roles(_passage(TITLE, "metadata"), TITLE) == {}


def test_a_day_is_held_only_by_that_day() -> None:
    day = find_constraints("During the April 7, 2026 outage, what failed?")[0]
    assert _day_held(day, "Incident on 2026-04-07 at noon.", ())
    assert _day_held(day, "Alarm fired at 2026-04-07T12:03Z.", ())
    assert _day_held(day, "It began on Apr 7 after the deploy.", ())
    assert not _day_held(day, "Rollout in 2026-04; fixed 2026-04-09.", ())
    assert _day_held(day, "No dates in the text.", ("2026-04-07",))


def test_a_day_named_only_as_a_deadline_does_not_hold_a_question_about_what_happened_that_day() -> None:
    day = find_constraints("During the April 7, 2026 outage, what change broke the login page?")[0]
    plan = "The vendor will patch the proxy; ETA 2026-04-07. Due: Apr 7, 2026 for the runbook."
    assert not _day_held(day, plan, (), past=True)
    assert _day_held(day, plan, (), past=False)  # "what ships on April 7": the deadline is the asked day
    assert _day_held(day, f"On 2026-04-07 the deploy broke logins. {plan}", (), past=True)


def test_a_month_or_year_needs_no_day() -> None:
    month = find_constraints("In the April 2026 outage, what failed?")[0]
    assert _day_held(month, "Fixed on 2026-04-09.", ())


def test_a_phrase_that_compares_values_is_not_a_name() -> None:
    assert comparison("256-vs-2048")
    assert comparison("vs-2048")
    assert comparison("3-to-5")
    assert not comparison("ledger-export")
    assert not comparison("2048-d")
    assert not comparison("X-Trace-Id")


def test_a_line_naming_only_another_environment_contradicts_the_asked_one() -> None:
    asked = find_constraints("When was the socket leak fix rolled out to eu-west-2?")
    assert line_contradicts(asked, "09:40 - Canary fix rolled to 5% of the relay fleet.") == asked[0]
    assert line_contradicts(asked, "The fix reached staging on 2026-02-03.") == asked[0]


def test_a_line_naming_the_asked_environment_or_none_does_not() -> None:
    asked = find_constraints("When was the socket leak fix rolled out to eu-west-2?")
    assert line_contradicts(asked, "The canary in eu-west reached 5% on 2026-02-03.") is None  # names it too
    assert line_contradicts(asked, "The fix was rolled out on 2026-02-04.") is None  # names none: the document may
    assert line_contradicts(find_constraints("When was the socket leak fix rolled out?"),
                            "Canary fix rolled to 5% of the relay fleet.") is None  # nothing asked of a place
