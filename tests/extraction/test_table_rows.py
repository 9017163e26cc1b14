"""A task table's cell "X: implement **Y**" places the bold deliverable Y in the named X (Y PART_OF X, planned)."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read

RETRO = """---
title: "Retro: paging gaps in March"
---

# Retro: paging gaps in March

## Action items

| Priority | Action item | Owner | Target date |
|---|---|---|---|
| P0 | Pager Console v3: implement **Escalation timeline** view | Dana Ruiz | 2026-02-01 |
| P1 | Docs: update **handoff checklist** | Li Wei | 2026-02-03 |
| P1 | Add **retry budget** to ledger-sync | Li Wei | 2026-02-03 |
"""


def test_a_task_cell_opening_with_a_named_whole_places_its_deliverable_in_it(nlp: Language, tmp_path: Path) -> None:
    _, relations = read(nlp, tmp_path, RETRO)
    part_of = {(r["subject"], r["object"], r["planned"]) for r in relations if r["rel_type"] == "PART_OF"}
    assert part_of == {("Escalation timeline", "Pager Console v3", True)}  # "Docs:" names no entity; no prefix
    assert ("Dana Ruiz", "OWNS", "Escalation timeline") in {(r["subject"], r["rel_type"], r["object"])
                                                              for r in relations}
