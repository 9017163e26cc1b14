"""The canonical spelling of an entity: the first slice of its chunks, in order, with the entity's name key."""

from __future__ import annotations

from extraction.canonical_names import first_spelling


def test_the_first_chunk_in_order_gives_the_spelling_whatever_the_stored_name() -> None:
    texts = ["The billing  team owns it.", "The Billing team approved."]
    assert first_spelling("Billing team", texts) == "billing team"
    assert first_spelling("billing team", texts[::-1]) == "Billing team"


def test_a_name_missing_from_its_chunks_has_no_spelling() -> None:
    assert first_spelling("Ledger", ["Nothing here.", ""]) is None
    assert first_spelling("   ", ["   "]) is None
