"""Values kept per reader under the graph version they were made at."""

from __future__ import annotations

from zehn.agent.reader_tables import ReaderTables

KEY = ("graph", ("everyone",), None)


def test_a_value_is_given_back_only_under_the_version_it_was_made_at() -> None:
    tables: ReaderTables[str] = ReaderTables()
    tables.put(KEY, (3, "2026-01-01T00:00:00", None), "index")
    assert tables.get(KEY, (3, "2026-01-01T00:00:00", None)) == "index"
    assert tables.get(KEY, (4, "2026-01-01T00:00:00", None)) is None
    assert tables.get(("graph", ("admin",), None), (3, "2026-01-01T00:00:00", None)) is None


def test_a_newer_value_replaces_the_old_one_and_the_oldest_reader_is_dropped_past_the_limit() -> None:
    tables: ReaderTables[int] = ReaderTables(readers_kept=2)
    version = (1, None, None)
    tables.put(("g", ("a",), None), version, 1)
    tables.put(("g", ("b",), None), version, 2)
    tables.put(("g", ("a",), None), version, 3)  # "a" stored again: now the most recent
    tables.put(("g", ("c",), None), version, 4)
    assert tables.get(("g", ("a",), None), version) == 3
    assert tables.get(("g", ("b",), None), version) is None
    assert tables.get(("g", ("c",), None), version) == 4
