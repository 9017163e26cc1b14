"""A plural of plain words is a kind of system, not one named system - also when its first word is capitalised
only because it opens the line, or when a modifier is an English adjective written with a hyphen."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import NOTES, read


@pytest.mark.parametrize("body", ["- Pause non-critical jobs that call Vault heavily.",
                                  "We restarted long-lived workers that call Vault."])
def test_a_kind_of_system_takes_no_relation(nlp: Language, tmp_path: Path, body: str) -> None:
    assert read(nlp, tmp_path, NOTES, body) == set()


@pytest.mark.parametrize(("body", "name"), [("Billing-sync workers call Vault.", "Billing-sync workers"),
                                            ("The shard-7 workers call Vault.", "shard-7 workers"),
                                            ("The Billing workers call Vault.", "Billing workers")])
def test_a_plural_marked_as_a_name_is_still_a_system(nlp: Language, tmp_path: Path, body: str, name: str) -> None:
    assert (name, "CALLS", "Vault", "") in read(nlp, tmp_path, NOTES, body)
