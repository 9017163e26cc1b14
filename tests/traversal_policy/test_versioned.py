"""Values kept per key under the graph version they were made at."""

from __future__ import annotations

from traversal_policy.versioned import VersionedValues

KEY = ("graph", ("everyone",), None)


def test_a_value_is_given_back_only_under_the_version_it_was_made_at() -> None:
    values: VersionedValues[tuple[str, tuple[str, ...], None], str] = VersionedValues(8)
    values.put(KEY, (3, "2026-01-01T00:00:00", None), "index")
    assert values.get(KEY, (3, "2026-01-01T00:00:00", None)) == "index"
    assert values.get(KEY, (4, "2026-01-01T00:00:00", None)) is None
    assert values.get(("graph", ("admin",), None), (3, "2026-01-01T00:00:00", None)) is None


def test_a_newer_value_replaces_the_old_one_and_the_oldest_key_is_dropped_past_the_limit() -> None:
    values: VersionedValues[str, int] = VersionedValues(2)
    version = (1, None, None)
    values.put("a", version, 1)
    values.put("b", version, 2)
    values.put("a", (2, None, None), 3)  # "a" stored again, under a newer version: now the most recent
    values.put("c", version, 4)
    assert values.get("a", (2, None, None)) == 3 and values.get("a", version) is None
    assert values.get("b", version) is None
    assert values.get("c", version) == 4
