"""The canonical spelling of an entity: a capitalised, then the most frequent, slice of its chunks with its name key."""

from __future__ import annotations

from extraction.canonical_names import canonical_spelling


def test_the_most_frequent_spelling_wins_whatever_the_stored_name_or_chunk_order() -> None:
    texts = ["The billing  team owns it. Ask the Billing team.", "The Billing team approved."]
    assert canonical_spelling("billing team", texts) == "Billing team"
    assert canonical_spelling("BILLING TEAM", texts[::-1]) == "Billing team"


def test_a_capitalised_spelling_wins_over_a_more_frequent_handle() -> None:
    assert canonical_spelling("kevin", ["mail kevin@example.com or @kevin", "Kevin agreed."]) == "Kevin"


def test_a_name_missing_from_its_chunks_has_no_spelling() -> None:
    assert canonical_spelling("Ledger", ["Nothing here.", ""]) is None
    assert canonical_spelling("   ", ["   "]) is None
