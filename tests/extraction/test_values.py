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
