"""URLs and names read out of a line's values."""

from __future__ import annotations

import pytest

from extraction.extraction_types import Mention
from extraction.people import People
from extraction.values import url_mention, url_mentions, value_mentions


def test_a_written_out_line_break_ends_a_url() -> None:
    text = r"Links:\n- Page: https://wiki.example.org/display/OPS/Upload+incident\n- Fix: https://git.example.org/a/b/pull/7\n"
    found = url_mentions(text, 0, len(text))
    assert [m.name for m in found] == ["https://wiki.example.org/display/OPS/Upload+incident",
                                       "https://git.example.org/a/b/pull/7"]
    assert all(text[m.start : m.end] == m.name for m in found)


NOBODY = People(full_names=frozenset(), handles=frozenset(), first_names=frozenset())


def test_a_name_beside_a_recognised_person_is_a_person_too() -> None:
    text = "Review: Dana Ruiz, Ola Nordmann, Kestrel Bank"
    found = [Mention("Dana Ruiz", "Person", 8, 17), Mention("Ola Nordmann", "Organization", 19, 31),
             Mention("Kestrel Bank", "Organization", 33, 42)]  # fmt: skip
    got = value_mentions(text, 8, len(text), found, None, NOBODY)
    assert [(m.name, m.type) for m in got] == [("Dana Ruiz", "Person"), ("Ola Nordmann", "Person"),
                                               ("Kestrel Bank", "Organization")]  # fmt: skip
    unrecognised = value_mentions(text, 8, len(text), found[:1], None, NOBODY)
    assert [(m.name, m.type) for m in unrecognised] == [("Dana Ruiz", "Person"), ("Ola Nordmann", "Person")]


def test_without_a_recognised_person_an_untyped_label_reads_no_names() -> None:
    text = "Review: Ola Nordmann, Pending Signoff"
    assert value_mentions(text, 8, len(text), [], None, NOBODY) == []


@pytest.mark.parametrize("url", ["https://grafana.example.com/d/exports/latency?var=env=prod",
                                 "https://example.pagerduty.com/incidents/PX81Q",
                                 "https://acme.slack.com/archives/C042/p1700000000"])
def test_a_dashboard_incident_record_or_chat_thread_url_names_a_page(url: str) -> None:
    found = url_mention(url, 10)
    assert found is not None and found.type == "Page" and found.name == url


def test_an_api_endpoint_url_names_no_page() -> None:
    assert url_mention("https://api.example.com/v3/export", 0) is None



@pytest.mark.parametrize(("url", "key"), [("jira://helpdesk/HELP-310-label-printer-drops-pages", "HELP-310"),
                                          ("linear://OPS-77-rotate-signing-key", "OPS-77")])
def test_a_tracker_link_scheme_names_its_ticket_by_key(url: str, key: str) -> None:
    found = url_mention(url, 0)
    assert found is not None and found.type == "Ticket" and found.name == key


def test_a_short_tool_name_inside_a_longer_host_label_names_no_page() -> None:
    assert url_mention("https://specific.example.com/v1/items", 0) is None


def test_a_tool_link_in_a_line_is_found_among_its_urls() -> None:
    text = "Incident thread: slack://ops/1700000001-queue-stall (earlier: slack://ops/1690000000-queue-stall)."
    assert [m.name for m in url_mentions(text, 0, len(text))] == ["slack://ops/1700000001-queue-stall",
                                                                 "slack://ops/1690000000-queue-stall"]


def test_a_tool_name_before_a_colon_is_no_link_scheme() -> None:
    assert url_mention("Confluence: see the design page", 0) is None
