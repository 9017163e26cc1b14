"""Documents linked by tracker keys: a page is linked to the ticket it names (that ticket's own ``key:`` line) when
the two share one more key; a key named in passing, or named everywhere, links nothing. Documents are our own,
held in memory; ``mentions`` stands in for the passage look-up by key."""

from __future__ import annotations

from collections.abc import Callable

from zehn.agent.links import HUB, keys_in, linked_ids, own_keys

KB = ("kb", "Workaround: export stalls on a stale lease.\nSeen on OPS-4410; the fix is tracked in PLAT-77.\n"
            "Background: see ARCH-3 for the lease design.")
TICKET = ("t", 'Export stalled at 40%\n  "key": "OPS-4410"\n  "project": "ops"\nEngineering follow-up: PLAT-77.')
DESIGN = ("d", "Lease design\nThis design is ARCH-3; the stall ticket OPS-4410 was discussed at review.")
OTHER_TICKET = ("o", 'Dashboard typo\n  "key": "ARCH-3"\nUnrelated.')


def _mentions(*docs: tuple[str, str]) -> Callable[[list[str]], dict[str, list[tuple[str, str]]]]:
    def look(keys: list[str]) -> dict[str, list[tuple[str, str]]]:
        return {key: [(doc_id, text) for doc_id, text in docs if key in text] for key in keys}
    return look


def test_keys_and_own_keys_are_read_from_text() -> None:
    assert keys_in(KB[1]) == ["OPS-4410", "PLAT-77", "ARCH-3"]
    assert own_keys(TICKET[1]) == {"OPS-4410"}
    assert own_keys(KB[1]) == set()


def test_the_ticket_a_page_names_and_shares_another_key_with_is_linked() -> None:
    assert linked_ids("kb", KB[1], _mentions(KB, TICKET, DESIGN)) == ["t"]


def test_a_document_that_is_no_ticket_of_the_page_is_not_linked_however_many_keys_it_shares() -> None:
    # The design page names two of the page's keys, but it is not a ticket the page names.
    assert "d" not in linked_ids("kb", KB[1], _mentions(KB, TICKET, DESIGN))


def test_a_ticket_sharing_only_its_own_key_is_not_linked() -> None:
    # ARCH-3 is that ticket's own key and the page names it, but they share nothing else: a key cited in passing.
    assert linked_ids("kb", KB[1], _mentions(KB, OTHER_TICKET)) == []


def test_a_key_named_by_many_documents_links_nothing() -> None:
    crowd = [(f"c{n}", f"Weekly digest {n}: OPS-4410 and PLAT-77 are open.") for n in range(HUB)]
    assert linked_ids("kb", KB[1], _mentions(KB, TICKET, *crowd)) == []


def test_a_key_inside_a_longer_key_links_nothing() -> None:
    page = ("kb", "Customers saw timeouts; see ENG-12 and SUP-2.")
    longer = ("t", 'Timeout work\n  "key": "ENG-12"\nSee SUP-22 for the escalation.')  # SUP-22 is not SUP-2
    assert linked_ids("kb", page[1], _mentions(page, longer)) == []


def test_every_key_of_the_page_is_looked_up_in_one_call() -> None:
    calls: list[list[str]] = []
    look = _mentions(KB, TICKET, DESIGN)

    def counted(keys: list[str]) -> dict[str, list[tuple[str, str]]]:
        calls.append(keys)
        return look(keys)
    assert linked_ids("kb", KB[1], counted) == ["t"]
    assert calls == [["OPS-4410", "PLAT-77", "ARCH-3"]]


def test_two_tickets_that_only_name_each_other_are_not_linked() -> None:
    # A related report of another customer: each ticket's "linked issues" names the other's own key, nothing more.
    mine = ("a", 'Reports page empty\n  "key": "HELP-20"\n  "linked_issues": ["HELP-31"]')
    related = ("b", 'Savings estimate off\n  "key": "HELP-31"\n  "linked_issues": ["HELP-20", "PLAT-9"]')
    assert linked_ids("a", mine[1], _mentions(mine, related)) == []


def test_a_ticket_that_also_shares_further_work_is_linked() -> None:
    mine = ("a", 'Reports page empty\n  "key": "HELP-20"\n  "linked_issues": ["HELP-31", "PLAT-9"]')
    escalation = ("b", 'Aggregation job skips partitions\n  "key": "HELP-31"\n  "linked_issues": ["HELP-20", "PLAT-9"]')
    assert linked_ids("a", mine[1], _mentions(mine, escalation)) == ["b"]
