"""Links named by how tools lay out their addresses (a wiki page, a tracker's record, a tool's own link scheme,
rules 41-42) and link fields whose values are the linked documents' slugs (rules 42). Our own hosts, slugs and keys
throughout."""

from __future__ import annotations

import pytest

from extraction.metadata import relations_from_metadata
from extraction.values import url_mention, url_mentions
from tests.extraction.test_metadata import make_document


@pytest.mark.parametrize("url", ["https://tracker.example.net/wiki/spaces/OPS/pages/Queue+Drain+Runbook",
                                 "https://code.example.org/acme/router/wiki/Failover-Notes",
                                 "https://alerts.example/incidents/AL-INC-2207",
                                 "https://support.example.org/tickets/48213",
                                 "https://issues/PLAT-904",
                                 # a tool's own link scheme, a build or incident tool's host (rules 41)
                                 "slack://ops-alerts/1700000000-cache-eviction-spike",
                                 "drive://shared_drives/platform/cutover-checklist",
                                 "notion://workspace/queue-migration-plan",
                                 "https://ci.example.net/runs/88213",
                                 "https://incident.corp.example/INC-2041"])
def test_a_wiki_page_a_tracker_record_or_a_tool_link_names_a_page_whatever_its_host(url: str) -> None:
    found = url_mention(url, 7)
    assert found is not None and found.type == "Page" and found.name == url


@pytest.mark.parametrize("url", ["https://meet.example/bridges/INC-77",   # a meeting bridge, not the record
                                 "https://alerts.example/incidents/new",  # a form, no record id
                                 "https://code.example.org/wiki",         # the wiki's front door, no page
                                 "https://api.example.com/v2/tickets"])   # an endpoint listing records
def test_an_address_without_a_record_id_or_a_wiki_page_names_no_page(url: str) -> None:
    assert url_mention(url, 0) is None


def test_a_record_url_on_a_chat_line_is_found_among_its_urls() -> None:
    text = "kai: filed it. Link: https://issues/PLAT-904 (incident: https://alerts.example/incidents/AL-INC-2207)"
    assert [m.name for m in url_mentions(text, 0, len(text))] == ["https://issues/PLAT-904",
                                                                 "https://alerts.example/incidents/AL-INC-2207"]


def test_a_link_field_value_written_as_a_slug_names_the_linked_document() -> None:
    doc = make_document("crm", "Harbor Freight Lines", {
        "linked_call_notes": ["2031-03-02-harbor-freight-onboarding-call", "p1"],
        "linked_mail_threads": ["20310305-harbor-renewal-terms"],
        "related_github_prs": ["pr-4410-retry-budget-for-export-jobs"],
    })  # fmt: skip
    _, rels = relations_from_metadata(doc)
    got = {(r.subject.name, r.rel_type, r.object.name, r.object.type) for r in rels}
    assert got == {
        ("Harbor Freight Lines", "LINKED_TO", "2031-03-02-harbor-freight-onboarding-call", "Page"),
        ("Harbor Freight Lines", "LINKED_TO", "20310305-harbor-renewal-terms", "Page"),
        ("Harbor Freight Lines", "LINKED_TO", "pr-4410-retry-budget-for-export-jobs", "Page"),
    }  # fmt: skip  ("p1" is a tag, not a slug)
    for r in rels:
        assert doc.text[r.object.start : r.object.end] == r.object.name


@pytest.mark.parametrize("value", ["2031-03-02", "p1-p2-p3", "release notes for export"])
def test_a_date_a_tag_run_or_free_text_in_a_link_field_names_nothing(value: str) -> None:
    doc = make_document("crm", "Harbor Freight Lines", {"linked_call_notes": [value]})
    assert relations_from_metadata(doc)[1] == []
