from __future__ import annotations

import pytest

from extraction.line_shapes import list_openings, path_reference, stated_unhit, titled_reference


@pytest.mark.parametrize(("value", "spared"), [
    ("Hosted API was not impacted", True),
    ("Hosted API wasn't impacted", True),  # a contraction: no word boundary before "n't"
    ("Hosted API was unaffected", True),
    ("Hosted API returned 502s for ten minutes", False),
    ("No impact on Hosted API", True),
    ("Hosted API ran a no-op migration", False),  # a word joined by a hyphen is no denial
])
def test_an_impact_item_that_says_the_system_was_spared_is_no_hit(value: str, spared: bool) -> None:
    assert stated_unhit(value) is spared


@pytest.mark.parametrize(("item", "title"), [
    ("Shard rebalancing guide (internal wiki)", "Shard rebalancing guide"),
    ("Cold start checklist — linked from the on-call page", "Cold start checklist"),
    ("**Capacity review notes** - last quarter", "Capacity review notes"),
    ("see the notes below (internal)", None),  # no title: it opens in lower case
    ("Restart the worker pool.", None),  # a sentence, with no note after a title
])
def test_a_references_item_names_a_page_by_the_title_before_its_note(item: str, title: str | None) -> None:
    page = titled_reference(item, 0, len(item))
    assert (page.name if page else None) == title
    assert page is None or item[page.start : page.end] == page.name


@pytest.mark.parametrize(("item", "path"), [
    ("Draft runbook: drive/shared/ops/pool-drain-runbook-draft.json", "drive/shared/ops/pool-drain-runbook-draft.json"),
    ("`wiki/platform/queue-sizing`", "wiki/platform/queue-sizing"),
    ("Recording: calls/2031-04-02-weekly-sync", None),  # one slash: too often a pair, not a path
    ("Access: read/write for the ops group", None),  # words after it: a clause, not a path
    ("Dashboard: https://grafana.example.com/d/queue/overview", None),  # a URL is read as a URL
])
def test_a_references_item_names_a_document_by_its_path(item: str, path: str | None) -> None:
    page = path_reference(item, 0, len(item))
    assert (page.name if page else None) == path
    assert page is None or item[page.start : page.end] == page.name


@pytest.mark.parametrize(("label", "value", "parts"), [
    ("Models observed", "a-1 (primary, pinned), b-2 (fallback)", ["a-1", "b-2"]),  # a comma in brackets splits nothing
    ("SDKs", "py 1.2, **go 1.3**", ["py 1.2", "go 1.3**"]),
    ("Cache", "redis-3 (managed), key-prefix v2", ["redis-3 (managed), key-prefix v2"]),  # singular: one thing
    ("Status", "open, triaged", ["open, triaged"]),  # "-us" is no plural
])
def test_a_plural_environment_label_opens_a_thing_at_each_comma_separated_part(
        label: str, value: str, parts: list[str]) -> None:
    assert sorted(list_openings(label, value, 0, len(value))) == sorted(value.index(p) for p in parts)
