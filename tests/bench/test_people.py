"""bench/people.py's direct count on the people fixtures (the graph side is tested in tests/zehn/people)."""

from __future__ import annotations

from bench.people import direct_open_work
from extraction.loaders import Loaded, iter_documents
from tests.zehn.conftest import PEOPLE_FIXTURES


def test_the_direct_count_reads_assignee_and_status_lines() -> None:
    docs = [o.document for o in iter_documents([PEOPLE_FIXTURES]) if isinstance(o, Loaded)]
    direct = direct_open_work(docs)
    assert direct["Odile Brandt"] == {"QF-101", "QF-103"}  # QF-102 resolved, QF-105 done
    assert direct["Ines Moreau"] == {"QF-107"} and direct["Ines Moretti"] == set()  # Won't Fix
    assert direct["Tomasz Wierzbicki"] == set() and direct["Amara Okonkwo"] == set()
