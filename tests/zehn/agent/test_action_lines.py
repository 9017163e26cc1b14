"""Action-item lines in the shapes meeting notes and postmortems write them (pure: no parse, no graph)."""

from __future__ import annotations

import pytest

from zehn.agent.action_lines import action_heading, planned_in_section, read_line, table_items, to_do
from zehn.agent.bound import Finding
from zehn.agent.question import Ask
from zehn.agent.rows import Sentence


def _single_word_names(word: str) -> bool:
    return word in {"Ines"}


@pytest.mark.parametrize(("line", "heading", "what", "owners", "how"), [
    ("ACTION: Pavel Ortiz to add retries to the export fetch.", "Notes", "add retries to the export fetch",
     ("Pavel Ortiz",), "subject"),
    ("ACTION: Pavel Ortiz will write the cutover plan.", "Notes", "write the cutover plan", ("Pavel Ortiz",),
     "subject"),
    ("- [ ] Dana Kerr: move the nightly dumps to cold storage", "Notes", "move the nightly dumps to cold storage",
     ("Dana Kerr",), "subject"),
    ("Ines to check the alert thresholds by Friday.", "Action items", "check the alert thresholds", ("Ines",),
     "subject"),
    ("AI-7 (Network) Swap the core switch pair - owner: Lars Moe", "Carried over", "Swap the core switch pair",
     ("Lars Moe",), "label"),
    ("AI-8 (Data) Turn on compaction for the events topic; owner: Lars Moe", "Misc",
     "Turn on compaction for the events topic", ("Lars Moe",), "label"),
    ("- ACTION 2 (Edge): enforce signing on uploads (owner: Lars Moe, due: 2026-01-10)", "Notes",
     "enforce signing on uploads", ("Lars Moe",), "label"),
    ("- **Owner:** Dana Kerr - add alerts for the queue backlog", "Next steps", "add alerts for the queue backlog",
     ("Dana Kerr",), "label"),
    ("- [ ] Rotate the vault tokens - @dana.kerr", "Notes", "Rotate the vault tokens", ("dana.kerr",), "handle"),
    ("- [ ] Decide whether the old relay can be retired", "Notes", "Decide whether the old relay can be retired", (),
     "none"),
    ("Add a soak test gate for parser releases (Build Tooling; due 2026-05-02).", "follow_ups",
     "Add a soak test gate for parser releases", ("Build Tooling",), "due_paren"),
    ("Write the restore drill runbook (Dana Kerr, due Friday)", "Next steps", "Write the restore drill runbook",
     ("Dana Kerr",), "due_paren"),
    # A team name that joins two capitalised parts.
    ("Publish a shared backoff helper for the SDKs (DevOps; due 2026-06-01).", "Next steps",
     "Publish a shared backoff helper for the SDKs", ("DevOps",), "due_paren"),
    # The owner label opens a later sentence of the line, with another label after it.
    ("2. Add a lag alert: page when the backlog doubles within 5 minutes. Owner team: Data Ops. Priority: P1.",
     "Follow-up action items", "Add a lag alert: page when the backlog doubles within 5 minutes", ("Data Ops",),
     "label"),
    ("1) Split the nightly export into shards. Owners: Storage, Billing Infra.", "Notes",
     "Split the nightly export into shards", ("Storage", "Billing Infra"), "label"),
    # A team as the task's subject: an acronym, or a team word.
    ("QA to rerun the soak suite on the new build.", "next_steps", "rerun the soak suite on the new build", ("QA",),
     "subject"),
    ("Security to review the token scopes.", "Next steps", "review the token scopes", ("Security",), "subject"),
])
def test_an_action_line_gives_its_task_and_its_owner(line: str, heading: str, what: str,
                                                      owners: tuple[str, ...], how: str) -> None:
    item = read_line(line, heading, _single_word_names)
    assert item is not None
    assert (item.what, item.owners, item.how) == (what, owners, how)


@pytest.mark.parametrize(("line", "heading"), [
    ("- Migrate to the new bucket next quarter.", "Discussion"),  # no action context: a plain note
    ("Dana Kerr mentioned that the contract renews in May.", "Discussion"),
    ("The owner of this is unclear.", "Summary"),
    ("The export was slow. Owner approval is still missing.", "Summary"),  # "Owner approval" has no colon
    ("Customer to rerun the job with rotation paused.", "next_steps"),  # not a name nor a team
])
def test_a_line_outside_an_action_context_is_no_item(line: str, heading: str) -> None:
    assert read_line(line, heading, _single_word_names) is None


@pytest.mark.parametrize(("heading", "expected"), [
    ("follow_ups", True), ("action_items", True), ("next_steps", True), ("Follow-up actions", True),
    ("root_cause", False), ("what_went_well", False),
])
def test_a_field_name_heading_reads_as_its_words(heading: str, expected: bool) -> None:
    assert action_heading(heading) is expected


def _finding(text: str, heading: str) -> Finding:
    line = Sentence("ev_0000000000000001", text, "doc_1", 0, len(text), "sentence")
    ask = Ask("was it done", "whether", "", "", "", "statement", ())
    return Finding(ask=ask, answer=(line,), grade="source_backed", reasons=(),
                   heading=heading, bound=line)


@pytest.mark.parametrize(("text", "heading", "expected"), [
    ("Roll out the proxy settings to the second region after validation (scheduled)", "Notes", True),
    ("Roll out the proxy settings to the second region", "Incident > follow_up_actions", True),
    ("The proxy settings were rolled out to the second region on Monday.", "Resolution", False),
])
def test_a_line_of_a_follow_up_list_or_marked_scheduled_is_still_to_do(text: str, heading: str,
                                                                        expected: bool) -> None:
    assert to_do(_finding(text, heading)) is expected


def test_a_verb_before_to_is_not_taken_for_a_name() -> None:
    item = read_line("- Move to the new bucket", "Action items", _single_word_names)
    assert item is not None and item.owners == ()


def test_a_table_row_takes_its_owner_from_the_owner_column_and_a_placeholder_owner_is_none() -> None:
    rows = ["| # | Action | Owner | Due |", "|---|---|---|---|",
            "| 1 | Split the metrics cluster | Dana Kerr / Lars Moe | 2026-02-01 |",
            "| 2 | Price the archive tier | TBD | TBD |"]
    found = table_items(rows)
    assert [(n, i.what, i.owners) for n, i in found] == [
        (2, "Split the metrics cluster", ("Dana Kerr", "Lars Moe")), (3, "Price the archive tier", ())]


def test_a_table_without_an_owner_column_lists_no_items() -> None:
    assert table_items(["| Service | Port |", "|---|---|", "| relay | 8080 |"]) == []


def test_a_role_column_the_question_names_is_the_owner_column() -> None:
    rows = ["| Activity | Responsible | Accountable | Consulted |", "|---|---|---|---|",
            "| Ledger export | Dana Kerr | Lars Moe | Audit |", "| Archive pricing | TBD | Lars Moe | Finance |"]
    assert [i.owners for _, i in table_items(rows)] == [("Lars Moe",), ("Lars Moe",)]  # the owner label's column
    assert [i.owners for _, i in table_items(rows, frozenset({"who", "is", "responsible", "for"}))] == [
        ("Dana Kerr",), ()]


def test_a_column_the_question_names_that_holds_no_role_is_not_the_owner_column() -> None:
    rows = ["| Action | Owner | Due |", "|---|---|---|", "| Split the metrics cluster | Dana Kerr | Friday |"]
    assert [i.owners for _, i in table_items(rows, frozenset({"who", "owns", "the", "item", "due", "friday"}))] == [
        ("Dana Kerr",)]


@pytest.mark.parametrize(("line", "lead", "what", "owner"), [
    ("- Storage/Backup team: rotate the archive keys every quarter.", "Ownership and duties by team:",
     "rotate the archive keys every quarter", "Storage/Backup team"),
    ("- Data-governance/legal: approve any retention exceptions.", "Roles:", "approve any retention exceptions",
     "Data-governance/legal"),
    ("- Ops-SRE: keep the restore dashboards green.", "Duties", "keep the restore dashboards green", "Ops-SRE"),
])
def test_a_list_of_duties_gives_each_line_its_party_as_owner(line: str, lead: str, what: str, owner: str) -> None:
    item = read_line(line, "Overview", _single_word_names, lead)
    assert item is not None
    assert (item.what, item.owners) == (what, (owner,))


def test_a_duty_list_under_a_responsibilities_heading_needs_no_lead_line() -> None:
    item = read_line("- Billing team: reconcile the ledger nightly.", "Overview > Responsibilities", _single_word_names)
    assert item is not None and item.owners == ("Billing team",)


@pytest.mark.parametrize(("line", "lead"), [
    ("- Storage/Backup team: rotate the archive keys every quarter.", "Background:"),  # not a list of duties
    ("- Note: see the appendix for the key schedule.", "Areas of ownership:"),  # a label, no party
    ("- Storage team: Archive keys are rotated quarterly.", "Responsibilities:"),  # a statement, not an act
])
def test_a_party_label_outside_a_duty_list_or_without_an_act_is_no_duty(line: str, lead: str) -> None:
    item = read_line(line, "Overview", _single_word_names, lead)
    assert item is None or not item.owners


HANDLES = frozenset({"nadia", "olek"})


@pytest.mark.parametrize("lead", ["pager-lead: assigning follow-ups:", "Action items & owners:"])
def test_a_listed_handle_labels_its_task_in_a_list_a_follow_up_lead_opens(lead: str) -> None:
    item = read_line("- nadia: raise the export worker pool to 80 (P1)", "thread", _single_word_names, lead, HANDLES)
    assert item is not None and item.owners == ("nadia",) and item.what.startswith("raise the export worker pool")


def test_a_list_under_a_lead_that_names_no_follow_ups_is_no_action_context() -> None:
    assert read_line("- nadia: raise the export worker pool to 80 (P1)", "thread", _single_word_names,
                     "olek: things we tried:", HANDLES) is None
    assert read_line("- nadia: raise the export worker pool to 80 (P1)", "thread", _single_word_names,
                     "next we checked:", HANDLES) is None


def test_a_lowercase_word_the_metadata_does_not_list_is_no_owner() -> None:
    item = read_line("- note: the pool size is capped by the database", "thread", _single_word_names,
                     "assigning follow-ups:", HANDLES)
    assert item is None or item.owners == ()


def test_a_planning_verb_is_stated_by_a_follow_up_heading() -> None:
    assert planned_in_section("plan", "Incident review > next_steps")
    assert planned_in_section("schedule", "Action items")
    assert not planned_in_section("plan", "Incident review > Timeline")
    assert not planned_in_section("deploy", "Next steps")


def test_a_part_of_a_follow_up_section_is_planned_too_but_not_under_a_title_alone() -> None:
    assert planned_in_section("propose", "Outage review > Corrective actions > In progress")
    assert not planned_in_section("propose", "Action plan for the queue > Background")  # the title names no section
    assert not planned_in_section("propose", "Outage review > Timeline > Morning")


def test_a_listed_handle_as_the_subject_of_its_task_owns_it_under_a_follow_up_lead() -> None:
    item = read_line("- olek to rotate the staging certificates", "thread", _single_word_names,
                     "pager-lead: closing actions:", HANDLES)
    assert item is not None and item.owners == ("olek",) and item.what == "rotate the staging certificates"


def test_a_lowercase_subject_the_metadata_does_not_list_owns_nothing() -> None:
    item = read_line("- someone to rotate the staging certificates", "thread", _single_word_names,
                     "pager-lead: closing actions:", HANDLES)
    assert item is None or item.owners == ()
